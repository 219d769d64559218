/**
 * A scripted model for end-to-end runs of real agents (Claude Code, pi) on top of the messages server:
 * each model request that offers tools answers with the next scripted turn (one or more tool calls) until
 * every scripted call has its tool_result, then ends the turn with a text. Requests without tools (titles,
 * summaries, side questions of the client) get a plain text answer and do not advance the script.
 *
 * The next turn is derived from the conversation the client sends (which scripted ids it already holds),
 * not from a counter, so client retries of the same request get the same answer.
 */
import { randomBytes } from "node:crypto";
import {
  startMessagesServer,
  type ContentBlock,
  type MessagesServer,
  type RecordedRequest,
  type Reply,
} from "./messages-server.ts";

export interface ScriptedCall {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** One assistant turn: a single call, or several calls sent in one message (the client may run them in parallel). */
export type ScriptedTurn = ScriptedCall | readonly ScriptedCall[];

export interface ToolResult {
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The tool_result content flattened to text. */
  readonly text: string;
  readonly isError: boolean;
}

export interface ScriptedAgent {
  /** Base URL for ANTHROPIC_BASE_URL / models.json (no /v1). */
  readonly url: string;
  readonly server: MessagesServer;
  /** Every tool_result the client sent back, in the order first seen, one per scripted call. */
  readonly results: readonly ToolResult[];
  /** The result for the scripted call at position `turn` (and `index` within a parallel turn). */
  resultOf(turn: number, index?: number): ToolResult | undefined;
  /** Scripted calls that never got a tool_result. */
  readonly missing: readonly string[];
  close(): Promise<void>;
}

export interface ScriptedAgentOptions {
  /**
   * Answers requests that are not the agent's own (rulegate's model checks share ANTHROPIC_BASE_URL with the
   * client that runs the hook): a Reply takes the request, undefined leaves it to the script.
   */
  readonly side?: (request: RecordedRequest) => Reply | undefined;
}

export async function startScriptedAgent(
  turns: readonly ScriptedTurn[],
  finalText = "done",
  options: ScriptedAgentOptions = {},
): Promise<ScriptedAgent> {
  const run = randomBytes(4).toString("hex");
  const plan = turns.map((turn, t) =>
    (isCallList(turn) ? turn : [turn]).map((call, i) => ({ ...call, id: `toolu_${run}_${t}_${i}` })),
  );
  const byId = new Map(plan.flat().map((c) => [c.id, c] as const));
  const results = new Map<string, ToolResult>();

  const handler = (request: RecordedRequest): Reply => {
    const side = options.side?.(request);
    if (side !== undefined) return side;
    const body = request.body as { tools?: unknown; messages?: unknown };
    if (!Array.isArray(body.tools) || body.tools.length === 0) return { text: "ok" };
    const seen = new Set<string>();
    for (const block of blocksOf(body.messages)) {
      if (block.type === "tool_use" && typeof block.id === "string") seen.add(block.id);
      if (block.type === "tool_result" && typeof block.tool_use_id === "string") {
        const call = byId.get(block.tool_use_id);
        if (call && !results.has(call.id)) {
          results.set(call.id, {
            id: call.id,
            name: call.name,
            input: call.input,
            text: textOf(block.content),
            isError: block.is_error === true,
          });
        }
      }
    }
    const next = plan.find((turn) => turn.some((c) => !seen.has(c.id)));
    if (!next) return { text: finalText };
    const content: ContentBlock[] = next.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.input }));
    return { content, stopReason: "tool_use" };
  };

  const server = await startMessagesServer({ handler });
  return {
    url: server.url,
    server,
    get results() {
      return [...results.values()];
    },
    resultOf(turn, index = 0) {
      const call = plan[turn]?.[index];
      return call ? results.get(call.id) : undefined;
    },
    get missing() {
      return plan
        .flat()
        .filter((c) => !results.has(c.id))
        .map((c) => `${c.name} ${JSON.stringify(c.input)}`);
    },
    close: () => server.close(),
  };
}

function isCallList(turn: ScriptedTurn): turn is readonly ScriptedCall[] {
  return Array.isArray(turn);
}

interface RawBlock {
  readonly type?: unknown;
  readonly id?: unknown;
  readonly tool_use_id?: unknown;
  readonly content?: unknown;
  readonly is_error?: unknown;
  readonly text?: unknown;
}

function blocksOf(messages: unknown): RawBlock[] {
  if (!Array.isArray(messages)) return [];
  const out: RawBlock[] = [];
  for (const m of messages as { content?: unknown }[]) {
    if (Array.isArray(m?.content))
      for (const b of m.content as unknown[]) if (typeof b === "object" && b !== null) out.push(b as RawBlock);
  }
  return out;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as RawBlock[]).map((b) => (typeof b.text === "string" ? b.text : "")).join("\n");
}
