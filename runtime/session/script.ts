import { ownEntry } from "../../core/index.ts";
import { didYouMean, type Policy } from "../../compiler/index.ts";
import type { DecisionRecord, LabelReport } from "../events/index.ts";
import { parseSkillReport, type SkillReport } from "./labels.ts";
import type { Approver, TraceStep } from "../stages/index.ts";
import type { PlanStepInput } from "./plans.ts";
import { createSession, type Session, type SessionDeps } from "./session.ts";

/**
 * The input lines of `rules eval` (docs/reference/eval-jsonl.md), shared with `rules test`: calls, user messages and session
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
  /** A proposed plan (docs/adr/0250) and how the simulated human answers it. */
  | {
      readonly kind: "plan";
      readonly session: string;
      readonly steps: readonly PlanStepInput[];
      readonly reply?: PlanReply;
    }
  | { readonly kind: "command"; readonly session: string; readonly command: string }
  /** The agent reports safety labels it read (issue 16 §3): they may only raise levels. */
  | { readonly kind: "labels"; readonly session: string; readonly report: SkillReport };

/**
 * How the simulated human answers a gated call; `timeout`: never, so the approval times out; `always`: approve,
 * and store the offered pattern for calls like this (docs/adr/0263).
 */
export type Reply = "approve" | "always" | "deny" | "timeout";

const REPLIES: readonly Reply[] = ["approve", "always", "deny", "timeout"];

/** How the simulated human answers a plan: every step, none, or the steps listed (`approve:0,2`). */
export type PlanReply = "approve" | "deny" | { readonly approve: readonly number[] };

export type LineOutput =
  | (DecisionRecord & {
      readonly line: number;
      /** After `reply: "always"`: the pattern stored, or why it was not (`error`). */
      readonly always?: { readonly pattern: string; readonly error?: string };
    })
  | { readonly session: string; readonly line: number; readonly ok: true }
  | PlanOutput
  | { readonly session: string; readonly line: number; readonly ok: true; readonly labels: readonly LabelReport[] }
  | { readonly session?: string; readonly line: number; readonly ok: false; readonly error: string };

/** A plan line's output: each step's decision as a step of the plan, and the steps the reply approved. */
export interface PlanOutput {
  readonly session: string;
  readonly line: number;
  readonly plan: readonly DecisionRecord[];
  readonly approved: readonly number[];
}

/** The keys an input line may have: any other is a mistake (`tol` for `tool`), never silently ignored. */
const LINE_KEYS = [
  "session",
  "tool",
  "input",
  "cwd",
  "reply",
  "id",
  "user",
  "command",
  "plan",
  "skill_safety",
] as const;

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
  const kinds = ["tool", "user", "command", "plan", "skill_safety"].filter((k) => ownEntry(x, k) !== undefined);
  if (kinds.length !== 1)
    return { session, error: "a line needs exactly one of 'tool', 'user', 'command', 'plan' or 'skill_safety'" };
  if (x.plan !== undefined) return parsePlanLine(x, session);
  if (x.skill_safety !== undefined) {
    const report = parseSkillReport(x.skill_safety);
    return "error" in report
      ? { session, error: `skill_safety: ${report.error}` }
      : { kind: "labels", session, report };
  }
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

const STEP_KEYS = ["tool", "input", "cwd", "pattern"] as const;

/** `{"plan": [{"tool", "input", "cwd"} | {"pattern", "cwd"}, …], "reply": "approve" | "deny" | "approve:0,2"}`. */
function parsePlanLine(
  x: Readonly<Record<string, unknown>>,
  session: string,
): ScriptLine | { readonly error: string; readonly session?: string } {
  const bad = (error: string) => ({ session, error });
  if (!Array.isArray(x.plan) || x.plan.length === 0) return bad("'plan' must be a non-empty list of steps");
  for (const k of ["input", "id"])
    if (ownEntry(x, k) !== undefined) return bad(`a plan line has no '${k}' (each step has its own)`);
  const steps: PlanStepInput[] = [];
  for (const [i, s] of (x.plan as unknown[]).entries()) {
    if (!isRec(s)) return bad(`plan step ${i} must be an object with 'tool' and 'input', or 'pattern'`);
    const unknown = Object.keys(s).find((k) => !(STEP_KEYS as readonly string[]).includes(k));
    if (unknown !== undefined) {
      const hint = didYouMean(unknown, STEP_KEYS);
      return bad(`plan step ${i}: unknown key '${unknown}'${hint === undefined ? "" : `, ${hint}`}`);
    }
    if (s.cwd !== undefined && (typeof s.cwd !== "string" || !s.cwd.startsWith("/")))
      return bad(`plan step ${i}: 'cwd' must be an absolute path`);
    const cwd = typeof s.cwd === "string" ? { cwd: s.cwd } : {};
    if (typeof s.pattern === "string" && s.tool === undefined && s.input === undefined) {
      steps.push({ pattern: s.pattern, ...cwd });
      continue;
    }
    if (typeof s.tool !== "string" || s.tool === "" || s.pattern !== undefined)
      return bad(`plan step ${i} needs either 'tool' (with 'input') or 'pattern'`);
    const input = s.input === undefined ? {} : s.input;
    if (!isRec(input)) return bad(`plan step ${i}: 'input' must be an object`);
    steps.push({ tool: s.tool, input, ...cwd });
  }
  const reply = planReply(x.reply, steps.length);
  if (typeof reply === "string" && reply.startsWith("error:")) return bad(reply.slice("error:".length));
  return { kind: "plan", session, steps, ...(reply !== undefined ? { reply: reply as PlanReply } : {}) };
}

function planReply(reply: unknown, steps: number): PlanReply | `error:${string}` | undefined {
  if (reply === undefined || reply === "approve" || reply === "deny") return reply;
  const m = typeof reply === "string" ? /^approve:(\d+(?:,\d+)*)$/.exec(reply) : null;
  if (m === null) return "error:a plan's 'reply' must be approve, deny or approve:I,J (the steps to approve, from 0)";
  const approve = (m[1] as string).split(",").map(Number);
  const out = approve.find((i) => i >= steps);
  if (out !== undefined) return `error:'reply' approves step ${out}, but the plan has steps 0 to ${steps - 1}`;
  return { approve };
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
        case "plan":
          return { output: await planLine(session, parsed, line), trace: [] };
        case "labels": {
          const labels = await session.reportLabels(parsed.report);
          return { output: { session: parsed.session, line, ok: true, labels }, trace: [] };
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

/** Proposes the plan and answers it as the line's `reply` says; no reply leaves it proposed, nothing approved. */
async function planLine(
  session: Session,
  parsed: Extract<ScriptLine, { kind: "plan" }>,
  line: number,
): Promise<LineOutput> {
  const proposal = await session.proposePlan(parsed.steps, { line });
  if (!proposal.ok) {
    const error = proposal.errors
      .map((e) => `${e.step === null ? "plan" : `plan step ${e.step}`}: ${e.code} ${e.message}`)
      .join("; ");
    return { session: parsed.session, line, ok: false, error };
  }
  const { reply } = parsed;
  let approved: readonly number[] = [];
  if (reply !== undefined) {
    const answer = await session.approvePlan(
      proposal.planId,
      reply === "approve" ? undefined : reply === "deny" ? [] : reply.approve,
    );
    if (!answer.ok) return { session: parsed.session, line, ok: false, error: answer.error };
    approved = answer.approved;
  }
  return { session: parsed.session, line, plan: proposal.steps.map((s) => s.decision), approved };
}

/** The docs/reference/eval-jsonl.md object with `line` placed after `session`, as printed. */
export function decisionJson(d: DecisionRecord & { readonly line: number }): Record<string, unknown> {
  const { session, line, ...rest } = d;
  return { session, line, ...rest };
}
