import { LEVELS, OP_TYPES, type Level, type OpType } from "../../compiler/index.ts";
import { assertNever } from "../../core/index.ts";
import type { Answer, Question, Verdict } from "./types.ts";

export type Validated =
  | { readonly ok: true; readonly verdicts: readonly Verdict[] }
  | { readonly ok: false; readonly cause: "schema" | "missing_answer"; readonly detail: string };

const REASON_MAX = 500;
const REVIEW_TIERS = ["hard_deny", "soft_deny", "allow", "explicit_intent", "none"] as const;
type Tier = (typeof REVIEW_TIERS)[number];
/** A tier that contradicts the decision is an invalid answer, never resolved in favour of allow. */
const TIERS_FOR: Readonly<Record<"allow" | "block", readonly Tier[]>> = {
  allow: ["allow", "explicit_intent", "none"],
  block: ["hard_deny", "soft_deny", "none"],
};

/**
 * Checks the parsed answer `{"answers":[{id, reason, …}]}` against the questions asked: exactly one valid
 * entry per question id (entries for ids not asked are ignored). Any deviation fails the whole batch.
 */
export function validateAnswers(questions: readonly Question[], value: unknown): Validated {
  if (!isRecord(value) || !Array.isArray(value["answers"])) return schema('expected an object {"answers": [...]}');
  const byId = new Map<string, Record<string, unknown>>();
  for (const entry of value["answers"] as unknown[]) {
    if (!isRecord(entry) || typeof entry["id"] !== "string") return schema("every answer needs a string id");
    if (byId.has(entry["id"])) return schema(`answer ${entry["id"]} given twice`);
    byId.set(entry["id"], entry);
  }
  const verdicts: Verdict[] = [];
  for (const question of questions) {
    const entry = byId.get(question.id);
    if (entry === undefined) return { ok: false, cause: "missing_answer", detail: `no answer for ${question.id}` };
    const reason = entry["reason"];
    if (typeof reason !== "string") return schema(`${question.id}: reason must be a string`);
    const answer = answerOf(question, entry);
    if (typeof answer === "string") return schema(`${question.id}: ${answer}`);
    verdicts.push({ questionId: question.id, answer, reason: reason.trim().slice(0, REASON_MAX), cached: false });
  }
  return { ok: true, verdicts };
}

/** The typed answer, or a message saying what is wrong with the entry. */
function answerOf(question: Question, entry: Record<string, unknown>): Answer | string {
  switch (question.kind) {
    case "trigger":
    case "effect": {
      const holds = entry["holds"];
      return typeof holds === "boolean" ? { kind: question.kind, holds } : "holds must be true or false";
    }
    case "classify": {
      const { types, level, categories } = entry;
      if (!Array.isArray(types) || types.length === 0 || !types.every(isOpType))
        return `types must be a non-empty list of ${OP_TYPES.join(", ")}`;
      if (!isLevel(level)) return `level must be one of ${LEVELS.join(", ")}`;
      if (!Array.isArray(categories) || !categories.every((c): c is string => typeof c === "string"))
        return "categories must be a list of strings";
      const cleaned = [...new Set(categories.map((c) => c.trim().toLowerCase()).filter((c) => c.length > 0))].slice(
        0,
        12,
      );
      return { kind: "classify", types: [...new Set(types)], level, categories: cleaned };
    }
    case "review": {
      const decision = entry["decision"];
      if (decision !== "allow" && decision !== "block") return "decision must be allow or block";
      const tier = entry["tier"] ?? "none";
      if (!REVIEW_TIERS.includes(tier as Tier)) return `tier must be one of ${REVIEW_TIERS.join(", ")}`;
      if (!TIERS_FOR[decision].includes(tier as Tier)) return `tier ${String(tier)} contradicts decision ${decision}`;
      return { kind: "review", decision, tier: tier as Tier };
    }
    default:
      return assertNever(question, "question");
  }
}

function schema(detail: string): Validated {
  return { ok: false, cause: "schema", detail };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOpType(value: unknown): value is OpType {
  return typeof value === "string" && (OP_TYPES as readonly string[]).includes(value);
}

function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}
