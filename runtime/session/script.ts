import { didYouMean } from "../../compiler/did-you-mean.ts";
import type { Policy } from "../../compiler/ir.ts";
import type { DecisionRecord } from "../events/index.ts";
import type { Approver, TraceStep } from "../stages/index.ts";
import { createSession, type Session, type SessionDeps } from "./session.ts";

/**
 * The input lines of `rules eval` (SPEC §3.1), shared with `rules test`: calls, user messages and session
 * commands, for any number of independent sessions. A bad line is an error object, never an exception.
 */
export type ScriptLine =
  | {
      readonly kind: "call";
      readonly session: string;
      readonly tool: string;
      readonly input: Readonly<Record<string, unknown>>;
      readonly cwd?: string;
      readonly reply?: Reply;
      readonly id?: string;
    }
  | { readonly kind: "user"; readonly session: string; readonly text: string }
  | { readonly kind: "command"; readonly session: string; readonly command: string };

/**
 * How the simulated human answers a gated call; `timeout`: never, so the approval times out; `always`: approve,
 * and store the offered pattern for calls like this (docs/adr/0263).
 */
export type Reply = "approve" | "always" | "deny" | "timeout";

const REPLIES: readonly Reply[] = ["approve", "always", "deny", "timeout"];

export type LineOutput =
  | (DecisionRecord & {
      readonly line: number;
      /** After `reply: "always"`: the pattern stored, or why it was not (`error`). */
      readonly always?: { readonly pattern: string; readonly error?: string };
    })
  | { readonly session: string; readonly line: number; readonly ok: true }
  | { readonly session?: string; readonly line: number; readonly ok: false; readonly error: string };

/** The keys an input line may have: any other is a mistake (`tol` for `tool`), never silently ignored. */
const LINE_KEYS = ["session", "tool", "input", "cwd", "reply", "id", "user", "command"] as const;

const isRec = (x: unknown): x is Readonly<Record<string, unknown>> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export function parseScriptLine(x: unknown): ScriptLine | { readonly error: string; readonly session?: string } {
  if (!isRec(x)) return { error: "a line must be a JSON object" };
  const session = x.session === undefined ? "default" : x.session;
  if (typeof session !== "string" || session === "") return { error: "'session' must be a non-empty string" };
  const unknown = Object.keys(x).find((k) => !(LINE_KEYS as readonly string[]).includes(k));
  if (unknown !== undefined) {
    const hint = didYouMean(unknown, LINE_KEYS);
    return {
      session,
      error: `unknown key '${unknown}'${hint === undefined ? "" : `, ${hint}`} (a line's keys: ${LINE_KEYS.join(", ")})`,
    };
  }
  const kinds = ["tool", "user", "command"].filter((k) => x[k] !== undefined);
  if (kinds.length !== 1) return { session, error: "a line needs exactly one of 'tool', 'user' or 'command'" };
  if (typeof x.user === "string") return { kind: "user", session, text: x.user };
  if (typeof x.command === "string") return { kind: "command", session, command: x.command };
  if (typeof x.tool !== "string" || x.tool === "")
    return { session, error: `'${kinds[0]}' must be a non-empty string` };
  const input = x.input === undefined ? {} : x.input;
  if (!isRec(input)) return { session, error: "'input' must be an object" };
  if (x.cwd !== undefined && (typeof x.cwd !== "string" || !x.cwd.startsWith("/")))
    return { session, error: "'cwd' must be an absolute path" };
  if (x.reply !== undefined && !(REPLIES as readonly unknown[]).includes(x.reply))
    return { session, error: "'reply' must be approve, always, deny or timeout" };
  if (x.id !== undefined && typeof x.id !== "string") return { session, error: "'id' must be a string" };
  return {
    kind: "call",
    session,
    tool: x.tool,
    input,
    ...(typeof x.cwd === "string" ? { cwd: x.cwd } : {}),
    ...((REPLIES as readonly unknown[]).includes(x.reply) ? { reply: x.reply as Reply } : {}),
    ...(typeof x.id === "string" ? { id: x.id } : {}),
  };
}

/**
 * `reply` answers a gated call as a human would; no reply means nobody answers now (the call stays `ask`).
 * `timeout`: the human never answers and the approval timer runs out, which the script's clock (below) does
 * at once: a script simulates the wait, it does not sit through settings.approval_timeout.
 */
function replyApprover(reply: Reply | undefined): Approver {
  if (reply !== "timeout") return { ask: async () => reply ?? null };
  return {
    ask: (_, { signal }) =>
      new Promise((resolve) => signal?.addEventListener("abort", () => resolve(null), { once: true })),
  };
}

export interface ScriptRunner {
  readonly sessions: ReadonlyMap<string, Session>;
  /** Runs one line (an object already parsed from JSON, or the text that failed to parse). */
  run(
    x: unknown,
    line: number,
    options?: { readonly trace?: boolean },
  ): Promise<{ readonly output: LineOutput; readonly trace: readonly TraceStep[] }>;
}

/** The script's clock for approval timeouts: they elapse once pending answers had their turn. */
function elapseAtOnce(_ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setImmediate(resolve);
    signal?.addEventListener("abort", () => (clearImmediate(timer), reject(signal.reason)), { once: true });
  });
}

export function createScriptRunner(policy: Policy, deps: (session: string) => SessionDeps): ScriptRunner {
  const sessions = new Map<string, Session>();
  const sessionOf = (id: string): Session => {
    let s = sessions.get(id);
    if (s === undefined) {
      s = createSession(policy, { sleep: elapseAtOnce, ...deps(id), id });
      sessions.set(id, s);
    }
    return s;
  };
  return {
    sessions,
    async run(x, line, options = {}) {
      const parsed = parseScriptLine(x);
      if ("error" in parsed) {
        return {
          output: {
            ...(parsed.session !== undefined ? { session: parsed.session } : {}),
            line,
            ok: false,
            error: parsed.error,
          },
          trace: [],
        };
      }
      const session = sessionOf(parsed.session);
      switch (parsed.kind) {
        case "call": {
          const r = await session.decideDetailed(
            { tool: parsed.tool, input: parsed.input, ...(parsed.cwd !== undefined ? { cwd: parsed.cwd } : {}) },
            {
              line,
              approver: replyApprover(parsed.reply),
              ...(parsed.id !== undefined ? { callId: parsed.id } : {}),
              ...(options.trace === true ? { trace: true } : {}),
            },
          );
          return {
            output: { ...r.decision, line, ...(r.learned !== undefined ? { always: r.learned } : {}) },
            trace: r.trace,
          };
        }
        case "user":
          await session.userMessage(parsed.text);
          return { output: { session: parsed.session, line, ok: true }, trace: [] };
        case "command": {
          const outcome = await session.command(parsed.command);
          return {
            output: outcome.ok
              ? { session: parsed.session, line, ok: true }
              : { session: parsed.session, line, ok: false, error: outcome.error },
            trace: [],
          };
        }
      }
    },
  };
}

/** The SPEC §3.2 object with `line` placed after `session`, as printed. */
export function decisionJson(d: DecisionRecord & { readonly line: number }): Record<string, unknown> {
  const { session, line, ...rest } = d;
  return { session, line, ...rest };
}
