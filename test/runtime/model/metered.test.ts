import { describe, expect, it } from "vitest";
import { metered } from "../../../runtime/model/stats.ts";
import { unavailableModel, type ModelClient } from "../../../runtime/model/types.ts";
import { EFFECT, TRIGGER, batchOf } from "./fixtures.ts";

describe("metered", () => {
  it("counts a client's asks, questions and failures by cause when the client does not count itself", async () => {
    const model = metered(unavailableModel);
    await model.ask(batchOf([TRIGGER, EFFECT]), {});
    await model.ask(batchOf([TRIGGER]), {});
    expect(model.stats()).toEqual({
      asks: 2,
      questions: 3,
      cacheHits: 0,
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      failures: 2,
      failuresByCause: { unavailable: 2 },
    });
  });

  it("adds the usage the inner client reported and counts verdicts it served as cached", async () => {
    const inner: ModelClient = {
      ask: async (batch) => ({
        ok: true,
        verdicts: batch.questions.map((q, i) => ({
          questionId: q.id,
          answer: { kind: "effect", holds: false },
          reason: "r",
          cached: i === 0,
        })),
        usage: { requests: 1, inputTokens: 40, outputTokens: 6 },
      }),
    };
    const model = metered(inner);
    await model.ask(batchOf([TRIGGER, EFFECT]), {});
    expect(model.stats()).toMatchObject({
      asks: 1,
      questions: 2,
      cacheHits: 1,
      requests: 1,
      inputTokens: 40,
      outputTokens: 6,
      failures: 0,
    });
  });
});
