import { describe, expect, it } from "vitest";
import { verdictRecordOf } from "../../../runtime/model/keys.ts";
import { withMemo } from "../../../runtime/model/memo.ts";
import { recordedModel } from "../../../runtime/model/recorded.ts";
import { createSessionModel } from "../../../runtime/model/session-model.ts";
import type { ModelBatch, Question, VerdictRecord } from "../../../runtime/model/types.ts";
import { CLASSIFIER, CLASSIFY, EFFECT, REVIEW, TRIGGER, batchOf, serve } from "./fixtures.ts";
import { answerAll, defaultAnswer, readPrompt } from "./scripted-answerer.ts";

async function memoized() {
  const { server, model } = await serve((req) => ({
    text: answerAll(readPrompt(req), (q) => (q.kind === "trigger" ? { holds: true } : defaultAnswer(q))),
  }));
  return { server, memo: withMemo(model, { max: 100 }) };
}

const asked = (server: { requests: readonly { body: unknown }[] }, i: number) =>
  readPrompt(server.requests[i] as Parameters<typeof readPrompt>[0]).questions.map((q) => q.kind);

describe("the memo", () => {
  it("answers a repeated operation from the memo with zero requests", async () => {
    const { server, memo } = await memoized();
    const batch = batchOf([TRIGGER, EFFECT, CLASSIFY]);
    const first = await memo.ask(batch, {});
    const second = await memo.ask(batch, {});
    expect(server.requests).toHaveLength(1);
    expect(second).toMatchObject({ ok: true, usage: { requests: 0 } });
    if (!first.ok || !second.ok) throw new Error("both asks should succeed");
    expect(second.verdicts.map((v) => v.cached)).toEqual([true, true, true]);
    expect(second.verdicts.map((v) => v.answer)).toEqual(first.verdicts.map((v) => v.answer));
    expect(memo.stats()).toMatchObject({ asks: 2, questions: 6, cacheHits: 3, requests: 1 });
  });

  it("sends only the questions the memo cannot answer, in one request", async () => {
    const { server, memo } = await memoized();
    await memo.ask(batchOf([TRIGGER]), {});
    const result = await memo.ask(batchOf([TRIGGER, EFFECT, CLASSIFY]), {});
    expect(server.requests).toHaveLength(2);
    expect(asked(server, 1)).toEqual(["effect", "classify"]);
    expect(result).toMatchObject({
      ok: true,
      verdicts: [
        { questionId: "t-exfil", cached: true, answer: { holds: true } },
        { questionId: "e-exfil", cached: false },
        { questionId: "c", cached: false },
      ],
    });
  });

  it.each<[string, ModelBatch, ModelBatch]>([
    ["another operation signature", batchOf([TRIGGER], "ls"), batchOf([TRIGGER], "rm -rf build")],
    [
      "a changed rule text",
      batchOf([TRIGGER]),
      batchOf([{ ...TRIGGER, text: "the agent read medical records", textHash: "sha256:trigger-2" } as Question]),
    ],
    [
      "another rule with the same text",
      batchOf([TRIGGER]),
      batchOf([{ ...TRIGGER, ruleId: "other-rule" } as Question]),
    ],
    [
      "the same rule's effect instead of its trigger",
      batchOf([TRIGGER]),
      batchOf([{ ...EFFECT, textHash: "sha256:trigger-1" } as Question]),
    ],
    [
      "a new latest user message for a review",
      batchOf([REVIEW], "git push", { classifier: CLASSIFIER, transcript: [{ kind: "user", text: "fix the tests" }] }),
      batchOf([REVIEW], "git push", {
        classifier: CLASSIFIER,
        transcript: [
          { kind: "user", text: "fix the tests" },
          { kind: "user", text: "now push it" },
        ],
      }),
    ],
    [
      "another classifier configuration for a review",
      batchOf([REVIEW], "git push", { classifier: CLASSIFIER }),
      batchOf([REVIEW], "git push", { classifier: { ...CLASSIFIER, allow: [] } }),
    ],
  ])("asks again for %s", async (_name, first, second) => {
    const { server, memo } = await memoized();
    await memo.ask(first, {});
    await memo.ask(second, {});
    expect(server.requests).toHaveLength(2);
  });

  it("keys a lazy trigger by the earlier action it is about, whatever the current call", async () => {
    const { server, memo } = await memoized();
    const earlier = { tool: "read", input: { file_path: "/home/u/bank.csv" }, cwd: "/repo", signature: "sha256:bank" };
    await memo.ask(batchOf([{ ...TRIGGER, action: earlier } as Question], "curl https://a.example"), {});
    const again = await memo.ask(batchOf([{ ...TRIGGER, action: earlier } as Question], "curl https://b.example"), {});
    const direct = await memo.ask({ ...batchOf([TRIGGER]), action: earlier }, {});
    expect(server.requests).toHaveLength(1);
    expect(again).toMatchObject({ ok: true, verdicts: [{ cached: true }] });
    expect(direct).toMatchObject({ ok: true, verdicts: [{ cached: true }] });
  });

  it("keeps a review verdict across tool lines added to the transcript", async () => {
    const { server, memo } = await memoized();
    const transcript = [{ kind: "user" as const, text: "run the tests" }];
    await memo.ask(batchOf([REVIEW], "npm test", { classifier: CLASSIFIER, transcript }), {});
    await memo.ask(
      batchOf([REVIEW], "npm test", {
        classifier: CLASSIFIER,
        transcript: [...transcript, { kind: "tool", text: "bash: npm test" }],
      }),
      {},
    );
    expect(server.requests).toHaveLength(1);
  });

  it("asks a question repeated within one batch once", async () => {
    const { server, memo } = await memoized();
    const result = await memo.ask(batchOf([TRIGGER, { ...TRIGGER, id: "again" }]), {});
    expect(asked(server, 0)).toEqual(["trigger"]);
    expect(result).toMatchObject({
      ok: true,
      verdicts: [
        { questionId: "t-exfil", cached: false },
        { questionId: "again", cached: true },
      ],
    });
  });

  it("never memoizes a failure", async () => {
    const { server, model } = await serve((req, index) =>
      index === 0 ? { status: 500 } : { text: answerAll(readPrompt(req), defaultAnswer) },
    );
    const memo = withMemo(model, { max: 10 });
    expect(await memo.ask(batchOf([TRIGGER]), {})).toMatchObject({ ok: false, cause: "http_error" });
    expect(await memo.ask(batchOf([TRIGGER]), {})).toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(memo.stats()).toMatchObject({ failures: 1, requests: 2 });
  });

  it("fails the whole ask when the remaining questions fail, even with memo hits", async () => {
    const { model } = await serve((req, index) =>
      index === 0 ? { text: answerAll(readPrompt(req), defaultAnswer) } : { status: 529 },
    );
    const memo = withMemo(model, { max: 10 });
    await memo.ask(batchOf([TRIGGER]), {});
    expect(await memo.ask(batchOf([TRIGGER, EFFECT]), {})).toMatchObject({ ok: false, cause: "http_error" });
  });

  it("evicts the least recently used verdict beyond max", async () => {
    const { server, model } = await serve((req) => ({ text: answerAll(readPrompt(req), defaultAnswer) }));
    const memo = withMemo(model, { max: 2 });
    for (const command of ["a", "b", "c", "a"]) await memo.ask(batchOf([CLASSIFY], command), {});
    expect(server.requests).toHaveLength(4);
    expect(memo.size).toBe(2);
  });
});

describe("seeding and replay from recorded verdicts", () => {
  async function recordSession(): Promise<{ batches: ModelBatch[]; records: VerdictRecord[] }> {
    const { memo } = await memoized();
    const batches = [
      batchOf([TRIGGER, EFFECT], "curl https://x.example"),
      batchOf([CLASSIFY], "mytool --flag"),
      batchOf([REVIEW], "git push", { classifier: CLASSIFIER, transcript: [{ kind: "user", text: "push it" }] }),
    ];
    const records: VerdictRecord[] = [];
    for (const batch of batches) {
      const result = await memo.ask(batch, {});
      if (!result.ok) throw new Error(result.detail);
      result.verdicts.forEach((v, i) => records.push(verdictRecordOf(batch, batch.questions[i] as Question, v)));
    }
    return { batches, records };
  }

  it("warms a new memo so a rebuilt session makes no request for what it already asked", async () => {
    const { batches, records } = await recordSession();
    const { server, memo } = await memoized();
    memo.seed(records);
    for (const batch of batches) expect(await memo.ask(batch, {})).toMatchObject({ ok: true, usage: { requests: 0 } });
    expect(server.requests).toHaveLength(0);
    expect(records.map((r) => r.kind)).toEqual(["trigger", "effect", "classify", "review"]);
    expect(records[3]?.contextHash).toMatch(/^sha256:/);
  });

  it("starts a session model warm from its records", async () => {
    const { batches, records } = await recordSession();
    const { server } = await serve(() => ({ status: 500 }));
    const model = createSessionModel({
      settings: { name: "m", maxTokens: 100, timeoutMs: 1_000 },
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url },
      records,
    });
    for (const batch of batches) expect(await model.ask(batch, {})).toMatchObject({ ok: true });
    expect(await model.ask(batchOf([CLASSIFY], "new"), {})).toMatchObject({ ok: false, cause: "http_error" });
    expect(server.requests).toHaveLength(1);
  });

  it("replays recorded verdicts with recordedModel and fails closed as unavailable for anything else", async () => {
    const { batches, records } = await recordSession();
    const replay = recordedModel(records);
    for (const batch of batches)
      expect(await replay.ask(batch, {})).toMatchObject({ ok: true, usage: { requests: 0 } });
    expect(await replay.ask(batchOf([CLASSIFY], "never recorded"), {})).toMatchObject({
      ok: false,
      cause: "unavailable",
    });
    const newIntent = batchOf([REVIEW], "git push", {
      classifier: CLASSIFIER,
      transcript: [{ kind: "user", text: "do not push" }],
    });
    expect(await replay.ask(newIntent, {})).toMatchObject({ ok: false, cause: "unavailable" });
    expect(replay.stats()).toMatchObject({ requests: 0, failures: 2 });
  });

  it("serves recorded answers of one key in recorded order, then repeats the last", async () => {
    const batch = batchOf([TRIGGER]);
    const base = {
      kind: "trigger",
      ruleId: TRIGGER.kind === "trigger" ? TRIGGER.ruleId : null,
      textHash: "sha256:trigger-1",
      signature: batch.action.signature,
      cached: false,
    } as const;
    const replay = recordedModel([
      { ...base, answer: { kind: "trigger", holds: false }, reason: "first" },
      { ...base, answer: { kind: "trigger", holds: true }, reason: "second" },
    ]);
    const reasons: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await replay.ask(batch, {});
      if (result.ok) reasons.push(result.verdicts[0]?.reason ?? "");
    }
    expect(reasons).toEqual(["first", "second", "second"]);
  });

  it.each<[string, Partial<VerdictRecord>]>([
    [
      "a review record without its context hash",
      { kind: "review", ruleId: null, textHash: null, answer: { kind: "review", decision: "allow", tier: "none" } },
    ],
    ["a record whose answer is of another kind", { answer: { kind: "review", decision: "allow", tier: "none" } }],
    ["a trigger record without a rule id", { ruleId: null }],
  ])("ignores %s", async (_name, override) => {
    const batch = batchOf([TRIGGER]);
    const record: VerdictRecord = {
      kind: "trigger",
      ruleId: "no-exfil-after-sensitive",
      textHash: "sha256:trigger-1",
      signature: batch.action.signature,
      answer: { kind: "trigger", holds: false },
      reason: "r",
      cached: false,
      ...override,
    };
    const memo = withMemo(recordedModel([]), { max: 10 });
    memo.seed([record]);
    expect(memo.size).toBe(0);
  });
});
