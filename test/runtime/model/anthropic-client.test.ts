import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createAnthropicModel } from "../../../runtime/model/anthropic-client.ts";
import { CLASSIFIER, CLASSIFY, EFFECT, REVIEW, SETTINGS, TRIGGER, batchOf, serve } from "./fixtures.ts";
import { answerAll, defaultAnswer, readPrompt } from "./scripted-answerer.ts";

describe("the Anthropic adapter", () => {
  it("asks every question of a call in one request and maps the answers back to the caller's ids", async () => {
    const { server, model } = await serve((req) => ({
      text: answerAll(readPrompt(req), (q) =>
        q.kind === "trigger"
          ? { holds: true }
          : q.kind === "review"
            ? { decision: "block", tier: "soft_deny" }
            : defaultAnswer(q),
      ),
    }));
    const result = await model.ask(
      batchOf([TRIGGER, EFFECT, CLASSIFY, REVIEW], undefined, { classifier: CLASSIFIER, transcript: [] }),
      {},
    );
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({
      ok: true,
      verdicts: [
        { questionId: "t-exfil", answer: { kind: "trigger", holds: true }, reason: "scripted trigger", cached: false },
        { questionId: "e-exfil", answer: { kind: "effect", holds: false }, cached: false },
        {
          questionId: "c",
          answer: { kind: "classify", types: ["write_local"], level: "WRITE", categories: ["filesystem"] },
        },
        { questionId: "r", answer: { kind: "review", decision: "block", tier: "soft_deny" } },
      ],
      usage: { requests: 1 },
    });
    if (result.ok) expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it("sends the policy's model and token limit, and no sampling parameters", async () => {
    const { server, model } = await serve((req) => ({ text: answerAll(readPrompt(req), defaultAnswer) }));
    await model.ask(batchOf([TRIGGER]), {});
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: "claude-haiku-4-5", max_tokens: 700 });
    expect(body).not.toHaveProperty("temperature");
    expect(body).not.toHaveProperty("stream");
  });

  it("lets RULEGATE_MODEL override the policy's model name", async () => {
    const { server } = await serve((req) => ({ text: answerAll(readPrompt(req), defaultAnswer) }));
    const other = createAnthropicModel({
      settings: SETTINGS,
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url, RULEGATE_MODEL: "claude-other" },
    });
    await other.ask(batchOf([TRIGGER]), {});
    expect(server.requests[0]?.body).toMatchObject({ model: "claude-other" });
  });

  it("sends the key from ANTHROPIC_AUTH_TOKEN when no API key is set", async () => {
    const { server } = await serve((req) => ({ text: answerAll(readPrompt(req), defaultAnswer) }));
    const model = createAnthropicModel({
      settings: SETTINGS,
      env: { ANTHROPIC_AUTH_TOKEN: "token-1", ANTHROPIC_BASE_URL: server.url },
    });
    expect((await model.ask(batchOf([TRIGGER]), {})).ok).toBe(true);
    expect(server.requests[0]?.headers["authorization"]).toBe("Bearer token-1");
  });

  it("answers unavailable without a request when no key is configured", async () => {
    const { server } = await serve(() => ({ text: "unused" }));
    const model = createAnthropicModel({ settings: SETTINGS, env: { ANTHROPIC_BASE_URL: server.url } });
    expect(await model.ask(batchOf([TRIGGER]), {})).toMatchObject({
      ok: false,
      cause: "unavailable",
      usage: { requests: 0 },
    });
    expect(server.requests).toHaveLength(0);
  });

  it("answers an empty batch without a request", async () => {
    const { server, model } = await serve(() => ({ text: "unused" }));
    expect(await model.ask(batchOf([]), {})).toEqual({
      ok: true,
      verdicts: [],
      usage: { requests: 0, inputTokens: 0, outputTokens: 0 },
    });
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a review question without the classifier configuration, without a request", async () => {
    const { server, model } = await serve(() => ({ text: "unused" }));
    expect(await model.ask(batchOf([REVIEW]), {})).toMatchObject({ ok: false, cause: "unavailable" });
    expect(server.requests).toHaveLength(0);
  });

  it("counts requests, tokens and failures in stats()", async () => {
    const { model } = await serve((req, index) =>
      index === 0
        ? { text: answerAll(readPrompt(req), defaultAnswer), usage: { input_tokens: 120, output_tokens: 30 } }
        : { status: 500 },
    );
    await model.ask(batchOf([TRIGGER, EFFECT]), {});
    await model.ask(batchOf([TRIGGER]), {});
    expect(model.stats()).toEqual({
      asks: 2,
      questions: 3,
      cacheHits: 0,
      requests: 2,
      inputTokens: 120,
      outputTokens: 30,
      failures: 1,
      failuresByCause: { http_error: 1 },
    });
  });

  it("imports the SDK only dynamically, so a process that never asks a model never loads it", () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), "../../../runtime/model");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/^\s*(import|export)\s+(?!type\b)[^;]*from\s+["']@anthropic-ai\/sdk/m);
    }
    expect(readFileSync(join(dir, "anthropic-client.ts"), "utf8")).toContain('import("@anthropic-ai/sdk")');
  });
});
