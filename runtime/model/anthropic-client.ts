import type Anthropic from "@anthropic-ai/sdk";
import type { Settings } from "../../compiler/index.ts";
import { extractJson } from "./answer-parse.ts";
import { validateAnswers } from "./answer-validate.ts";
import { randomNonce } from "./prompt-data.ts";
import { systemPrompt } from "./prompt-system.ts";
import { userPrompt } from "./prompt-user.ts";
import { addResult, emptyStats, type MeteredModelClient, type ModelStats } from "./stats.ts";
import type { FailureCause, ModelBatch, ModelResult, ModelUsage, Question } from "./types.ts";

export interface AnthropicModelOptions {
  /** `settings.model` of the policy: name, max tokens of the answer, timeout of the whole request. */
  readonly settings: Settings["model"];
  /** Read for ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN), ANTHROPIC_BASE_URL and RULEGATE_MODEL (overrides the name). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly fetch?: typeof globalThis.fetch;
  /** The data-section nonce; random per request unless a test pins it. */
  readonly nonce?: () => string;
}

type Sdk = typeof import("@anthropic-ai/sdk");

/**
 * The Anthropic adapter: one request per `ask` (no temperature: API version 2026-10-21, which this SDK sends,
 * rejects sampling parameters; the prompt and the strict answer schema carry the determinism), no retries (a retry would double the time an
 * agent waits on a call that then fails closed anyway; docs/adr/0070), the policy's timeout over the whole
 * request, the caller's abort signal. The SDK is imported on the first request only.
 */
export function createAnthropicModel(options: AnthropicModelOptions): MeteredModelClient {
  const env = options.env ?? process.env;
  const model = nonEmpty(env["RULEGATE_MODEL"]) ?? options.settings.name;
  const nonce = options.nonce ?? randomNonce;
  let stats: ModelStats = emptyStats();
  let sdk: Promise<{ sdk: Sdk; client: Anthropic }> | undefined;

  const connect = (): Promise<{ sdk: Sdk; client: Anthropic }> =>
    (sdk ??= import("@anthropic-ai/sdk").then((module) => {
      const apiKey = nonEmpty(env["ANTHROPIC_API_KEY"]);
      const credential =
        apiKey !== undefined ? { apiKey } : { authToken: nonEmpty(env["ANTHROPIC_AUTH_TOKEN"]) ?? null };
      const client = new module.default({
        ...credential,
        baseURL: nonEmpty(env["ANTHROPIC_BASE_URL"]) ?? null,
        maxRetries: 0,
        timeout: options.settings.timeoutMs,
        ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      });
      return { sdk: module, client };
    }));

  async function request(batch: ModelBatch, signal: AbortSignal | undefined): Promise<ModelResult> {
    if (batch.questions.length === 0) return { ok: true, verdicts: [], usage: NO_USAGE };
    if (nonEmpty(env["ANTHROPIC_API_KEY"]) === undefined && nonEmpty(env["ANTHROPIC_AUTH_TOKEN"]) === undefined) {
      return failure("unavailable", "ANTHROPIC_API_KEY is not set", NO_USAGE);
    }
    if (batch.questions.some((q) => q.kind === "review") && batch.classifier === undefined) {
      return failure("unavailable", "a review question needs the classifier configuration", NO_USAGE);
    }
    if (signal?.aborted === true) return failure("aborted", "aborted before the request", NO_USAGE);

    // The model sees q1..qn whatever ids the caller chose; answers map back by position.
    const asked: Question[] = batch.questions.map((q, i) => ({ ...q, id: `q${i + 1}` }));
    const kinds = new Set(asked.map((q) => q.kind));
    const timeout = AbortSignal.timeout(options.settings.timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    const sent: ModelUsage = { requests: 1, inputTokens: 0, outputTokens: 0 };
    let message: Anthropic.Message;
    try {
      const { client } = await connect();
      message = await client.messages.create(
        {
          model,
          max_tokens: options.settings.maxTokens,
          system: systemPrompt(kinds, batch.classifier),
          messages: [{ role: "user", content: userPrompt({ ...batch, questions: asked }, nonce()) }],
        },
        { signal: combined, timeout: options.settings.timeoutMs, maxRetries: 0 },
      );
    } catch (error) {
      const loaded = await sdk?.catch(() => undefined);
      return classifyError(error, loaded?.sdk, { signal, timeout }, sent);
    }

    // A proxy can answer 200 with anything; the SDK then hands back whatever it got.
    if (!isMessage(message)) return failure("http_error", "the response is not a Messages API message", sent);
    const u = message.usage;
    const usage: ModelUsage = {
      requests: 1,
      inputTokens: u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
      outputTokens: u.output_tokens,
    };
    if (message.stop_reason === "refusal") return failure("refusal", "the model refused to answer", usage);
    if (message.stop_reason === "max_tokens")
      return failure("max_tokens", `the answer exceeded ${options.settings.maxTokens} tokens`, usage);
    if (message.stop_reason !== "end_turn" && message.stop_reason !== "stop_sequence") {
      return failure("schema", `unexpected stop_reason ${String(message.stop_reason)}`, usage);
    }
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    const parsed = extractJson(text);
    if (parsed === undefined)
      return failure("invalid_json", `no JSON object in the answer: ${text.slice(0, 200)}`, usage);
    const validated = validateAnswers(asked, parsed);
    if (!validated.ok) return failure(validated.cause, validated.detail, usage);
    const verdicts = validated.verdicts.map((v, i) => ({ ...v, questionId: batch.questions[i]?.id ?? v.questionId }));
    return { ok: true, verdicts, usage };
  }

  return {
    async ask(batch, { signal }) {
      const result = await request(batch, signal);
      stats = addResult(stats, batch.questions.length, 0, result);
      return result;
    },
    stats: () => stats,
  };
}

const NO_USAGE: ModelUsage = { requests: 0, inputTokens: 0, outputTokens: 0 };

function failure(cause: FailureCause, detail: string, usage: ModelUsage): ModelResult {
  return { ok: false, cause, detail, usage };
}

/** Every thrown thing becomes a cause; which signal fired tells a timeout from the caller's abort. */
function classifyError(
  error: unknown,
  sdk: Sdk | undefined,
  signals: { readonly signal: AbortSignal | undefined; readonly timeout: AbortSignal },
  usage: ModelUsage,
): ModelResult {
  const { signal, timeout } = signals;
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted === true) return failure("aborted", "aborted by the caller", usage);
  if (timeout.aborted) return failure("timeout", "no answer within the timeout", usage);
  if (sdk === undefined) return failure("unavailable", `the Anthropic SDK could not be loaded: ${message}`, NO_USAGE);
  if (error instanceof sdk.APIConnectionTimeoutError) return failure("timeout", message, usage);
  if (error instanceof sdk.APIUserAbortError) return failure("aborted", message, usage);
  if (error instanceof sdk.APIError) {
    const status = error.status === undefined ? "connection error" : `HTTP ${error.status}`;
    return failure("http_error", `${status}: ${message}`, usage);
  }
  return failure("http_error", message, usage);
}

function isMessage(value: unknown): value is Anthropic.Message {
  if (typeof value !== "object" || value === null) return false;
  const { content, usage } = value as { content?: unknown; usage?: unknown };
  return (
    Array.isArray(content) &&
    typeof usage === "object" &&
    usage !== null &&
    typeof (usage as { input_tokens?: unknown }).input_tokens === "number"
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
