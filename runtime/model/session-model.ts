import { createAnthropicModel, type AnthropicModelOptions } from "./anthropic-client.ts";
import { withMemo, type MemoModelClient } from "./memo.ts";
import type { VerdictRecord } from "./types.ts";

export interface SessionModelOptions extends AnthropicModelOptions {
  /** Most verdicts kept; default 10,000 (a few MB at most). */
  readonly memoMax?: number;
  /** The session's recorded verdicts (its `model_verdict` events, oldest first), so a rebuilt session starts warm. */
  readonly records?: Iterable<VerdictRecord>;
}

/**
 * The client a live session uses: the Anthropic adapter behind a memo warmed from the session's log. Replay
 * and audit use `recordedModel` instead, which never calls a model.
 */
export function createSessionModel(options: SessionModelOptions): MemoModelClient {
  const memo = withMemo(createAnthropicModel(options), { max: options.memoMax ?? 10_000 });
  if (options.records !== undefined) memo.seed(options.records);
  return memo;
}
