import { createHash } from "node:crypto";
import { assertNever } from "../../core/index.ts";
import type { ModelBatch, Question, QuestionKind, TranscriptEntry, Verdict, VerdictRecord } from "./types.ts";

/**
 * Memo keys. A verdict depends on the question and on the action, so:
 *   trigger/effect → (kind, rule id, hash of the rule text, operation signature; a lazy trigger's own action)
 *   classify       → (kind, signature)
 *   review         → (kind, signature, context hash), where the context hash covers the classifier config and
 *                    the latest user message: explicit intent ("please push") turns a soft deny into an allow,
 *                    so a new user message must re-ask. Older transcript lines and the project instructions are
 *                    context only and do not split the key (docs/adr/0071).
 */
export function sha256(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

export function latestUserMessage(transcript: readonly TranscriptEntry[] | undefined): string | null {
  if (transcript === undefined) return null;
  for (let i = transcript.length - 1; i >= 0; i--) {
    const entry = transcript[i];
    if (entry?.kind === "user") return entry.text;
  }
  return null;
}

/** The part of a batch a review verdict depends on besides the action. */
export function contextHashOf(batch: ModelBatch): string {
  return sha256(JSON.stringify({ classifier: batch.classifier ?? null, intent: latestUserMessage(batch.transcript) }));
}

interface KeyParts {
  readonly kind: QuestionKind;
  readonly ruleId: string | null;
  readonly textHash: string | null;
  readonly signature: string;
  readonly contextHash: string | null;
}

function keyOf(parts: KeyParts): string {
  return JSON.stringify([parts.kind, parts.ruleId, parts.textHash, parts.signature, parts.contextHash]);
}

function partsOf(batch: ModelBatch, question: Question, contextHash: () => string): KeyParts {
  const signature = batch.action.signature;
  switch (question.kind) {
    case "trigger":
      return {
        kind: "trigger",
        ruleId: question.ruleId,
        textHash: question.textHash,
        signature: question.action?.signature ?? signature,
        contextHash: null,
      };
    case "effect":
      return { kind: "effect", ruleId: question.ruleId, textHash: question.textHash, signature, contextHash: null };
    case "classify":
      return { kind: "classify", ruleId: null, textHash: null, signature, contextHash: null };
    case "review":
      return { kind: "review", ruleId: null, textHash: null, signature, contextHash: contextHash() };
    default:
      return assertNever(question, "question");
  }
}

/** Keys for every question of a batch, in order (the context hash is computed at most once). */
export function memoKeysOf(batch: ModelBatch): string[] {
  let context: string | undefined;
  const contextHash = (): string => (context ??= contextHashOf(batch));
  return batch.questions.map((q) => keyOf(partsOf(batch, q, contextHash)));
}

/** The key of a recorded verdict, or null when it cannot be keyed (a review record without its context hash, an answer of another kind). */
export function recordKey(record: VerdictRecord): string | null {
  if (record.answer.kind !== record.kind) return null;
  const needsContext = record.kind === "review";
  const contextHash = record.contextHash ?? null;
  if (needsContext && contextHash === null) return null;
  if ((record.kind === "trigger" || record.kind === "effect") && (record.ruleId === null || record.textHash === null))
    return null;
  return keyOf({
    kind: record.kind,
    ruleId: record.ruleId,
    textHash: record.textHash,
    signature: record.signature,
    contextHash: needsContext ? contextHash : null,
  });
}

/** What the runtime should record for one verdict (the `model_verdict` event payload). */
export function verdictRecordOf(batch: ModelBatch, question: Question, verdict: Verdict): VerdictRecord {
  const parts = partsOf(batch, question, () => contextHashOf(batch));
  return {
    kind: parts.kind,
    ruleId: parts.ruleId,
    textHash: parts.textHash,
    signature: parts.signature,
    ...(parts.contextHash !== null ? { contextHash: parts.contextHash } : {}),
    answer: verdict.answer,
    reason: verdict.reason,
    cached: verdict.cached,
  };
}
