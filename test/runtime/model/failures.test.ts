import { describe, expect, it } from "vitest";
import { createAnthropicModel } from "../../../runtime/model/anthropic-client.ts";
import type { FailureCause } from "../../../runtime/model/types.ts";
import type { MessagesHandler } from "../../support/messages-server.ts";
import { CLASSIFIER, CLASSIFY, EFFECT, REVIEW, TRIGGER, batchOf, serve } from "./fixtures.ts";
import { answerAll, defaultAnswer, readPrompt } from "./scripted-answerer.ts";

const valid: MessagesHandler = (req) => ({ text: answerAll(readPrompt(req), defaultAnswer) });
const answering =
  (entry: (id: string) => Record<string, unknown>): MessagesHandler =>
  (req) => ({
    text: JSON.stringify({
      answers: readPrompt(req).questions.map((q) => ({ id: q.id, reason: "r", ...entry(q.id) })),
    }),
  });

describe("every failure of the model fails the whole call closed", () => {
  it.each<[string, MessagesHandler, FailureCause]>([
    ["prose without JSON", () => ({ text: "I think this is fine, allow it." }), "invalid_json"],
    ["broken JSON", () => ({ text: '{"answers":[{"id":"q1","holds":tru' }), "invalid_json"],
    ["an empty answer", () => ({ text: "" }), "invalid_json"],
    ["a JSON array instead of the object", () => ({ text: "[1,2]" }), "schema"],
    [
      "a missing question id",
      (req) => ({
        text: JSON.stringify({ answers: [{ id: readPrompt(req).questions[0]?.id, holds: false, reason: "r" }] }),
      }),
      "missing_answer",
    ],
    ["holds given as a string", answering(() => ({ holds: "no" })), "schema"],
    [
      "an answer without a reason",
      (req) => ({
        text: JSON.stringify({ answers: readPrompt(req).questions.map((q) => ({ id: q.id, holds: false })) }),
      }),
      "schema",
    ],
    [
      "the same id answered twice",
      (req) => ({
        text: JSON.stringify({
          answers: [...readPrompt(req).questions, ...readPrompt(req).questions].map((q) => ({
            id: q.id,
            holds: false,
            reason: "r",
          })),
        }),
      }),
      "schema",
    ],
    ["a refusal", (req) => ({ text: answerAll(readPrompt(req), defaultAnswer), stopReason: "refusal" }), "refusal"],
    [
      "a max_tokens stop",
      (req) => ({ text: answerAll(readPrompt(req), defaultAnswer), stopReason: "max_tokens" }),
      "max_tokens",
    ],
    ["a tool_use stop", () => ({ toolUse: { name: "x", input: {} } }), "schema"],
    ["HTTP 500", () => ({ status: 500 }), "http_error"],
    ["HTTP 529 overloaded", () => ({ status: 529 }), "http_error"],
    ["HTTP 429 rate limit", () => ({ status: 429, headers: { "retry-after": "0" } }), "http_error"],
    ["HTTP 401 bad key", () => ({ status: 401 }), "http_error"],
    [
      "a 200 with a body that is not JSON",
      () => ({ raw: { status: 200, body: "<html>proxy error</html>", contentType: "text/html" } }),
      "http_error",
    ],
  ])("%s yields ok:false with the cause, after exactly one request", async (_name, handler, cause) => {
    const { server, model } = await serve(handler);
    const result = await model.ask(batchOf([TRIGGER, EFFECT]), {});
    expect(result).toMatchObject({ ok: false, cause });
    expect(server.requests).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, FailureCause]>([
    ["an unknown op type", { types: ["teleport"], level: "WRITE", categories: [] }, "schema"],
    ["no types at all", { types: [], level: "WRITE", categories: [] }, "schema"],
    ["an unknown level", { types: ["execute"], level: "HUGE", categories: [] }, "schema"],
    ["categories that are not strings", { types: ["execute"], level: "WRITE", categories: [1] }, "schema"],
  ])("a classify answer with %s is a schema failure", async (_name, entry, cause) => {
    const { model } = await serve(answering(() => entry));
    expect(await model.ask(batchOf([CLASSIFY]), {})).toMatchObject({ ok: false, cause });
  });

  it.each<[string, "ok" | FailureCause, Record<string, unknown>]>([
    ["allow without a tier (tier none)", "ok", { decision: "allow" }],
    ["block for a soft deny", "ok", { decision: "block", tier: "soft_deny" }],
    ["allow on explicit intent", "ok", { decision: "allow", tier: "explicit_intent" }],
    ["allow despite a hard deny", "schema", { decision: "allow", tier: "hard_deny" }],
    ["allow despite a soft deny", "schema", { decision: "allow", tier: "soft_deny" }],
    ["an unknown decision", "schema", { decision: "maybe", tier: "none" }],
    ["an unknown tier", "schema", { decision: "block", tier: "vibes" }],
  ])("a review answer with %s ends %s", async (_name, expected, entry) => {
    const { model } = await serve(answering(() => entry));
    const result = await model.ask(batchOf([REVIEW], undefined, { classifier: CLASSIFIER }), {});
    if (expected === "ok")
      expect(result).toMatchObject({
        ok: true,
        verdicts: [{ answer: { kind: "review", decision: entry["decision"], tier: entry["tier"] ?? "none" } }],
      });
    else expect(result).toMatchObject({ ok: false, cause: expected });
  });

  it("times out when the answer comes later than settings.model.timeoutMs", async () => {
    const { server } = await serve((req) => ({
      ...{ text: answerAll(readPrompt(req), defaultAnswer) },
      delayMs: 3_000,
    }));
    const model = createAnthropicModel({
      settings: { name: "m", maxTokens: 100, timeoutMs: 150 },
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url },
    });
    const started = Date.now();
    expect(await model.ask(batchOf([TRIGGER]), {})).toMatchObject({
      ok: false,
      cause: "timeout",
      usage: { requests: 1 },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it("ends as aborted when the caller aborts mid-request", async () => {
    const { server, model } = await serve(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = model.ask(batchOf([TRIGGER]), { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, cause: "aborted" });
  });

  it("makes no request when the signal is already aborted", async () => {
    const { server, model } = await serve(valid);
    expect(await model.ask(batchOf([TRIGGER]), { signal: AbortSignal.abort() })).toMatchObject({
      ok: false,
      cause: "aborted",
      usage: { requests: 0 },
    });
    expect(server.requests).toHaveLength(0);
  });

  it("fails as http_error when nothing listens at the base URL", async () => {
    const model = createAnthropicModel({
      settings: { name: "m", maxTokens: 100, timeoutMs: 2_000 },
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    });
    expect(await model.ask(batchOf([TRIGGER]), {})).toMatchObject({ ok: false, cause: "http_error" });
  });

  it.each([
    ["a fenced block", (json: string) => `Here is my answer:\n\`\`\`json\n${json}\n\`\`\`\nThanks.`],
    ["prose around the object", (json: string) => `After careful thought, ${json} is my verdict.`],
    ["the object alone with whitespace", (json: string) => `\n  ${json}  \n`],
  ])("reads the answer from %s", async (_name, wrap) => {
    const { model } = await serve((req) => ({ text: wrap(answerAll(readPrompt(req), () => ({ holds: true }))) }));
    expect(await model.ask(batchOf([TRIGGER]), {})).toMatchObject({
      ok: true,
      verdicts: [{ questionId: "t-exfil", answer: { holds: true } }],
    });
  });
});
