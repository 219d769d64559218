import fc from "fast-check";
import { compileText } from "../../../compiler/index.ts";
import type { Policy, SessionMode } from "../../../compiler/ir.ts";
import type { DecisionRecord, Event } from "../../../runtime/events/index.ts";
import type { ToolCall } from "../../../runtime/operation/index.ts";
import type { CommandOutcome } from "../../../runtime/session/index.ts";
import { counterIds, createSession, type CallInput, type Session } from "../../../runtime/session/index.ts";
import { scriptedModel, type ModelScript } from "../../../runtime/rulestest/index.ts";
import type { ShellAnalyzer } from "../../../runtime/shell/index.ts";
import type { Approver } from "../../../runtime/stages/index.ts";

/**
 * Random sessions for the property tests of runtime/state and runtime/session: realistic tool calls, user
 * messages and slash commands with random replies, run through the real session with an injected clock, id
 * source, scripted model and instant approval timeouts, every event captured by the sink in commit order.
 */
export const HOME = "/home/tester";
export const CWD = "/work/project";

export function policyOf(yaml: string): Policy {
  const { policy, diagnostics } = compileText(yaml, "/tmp/rules.yaml");
  if (policy === null)
    throw new Error(`test policy does not compile: ${diagnostics.map((d) => `${d.code} ${d.message}`).join("; ")}`);
  return policy;
}

/** Every kind of rule (history with seen/count/not, model trigger and effect, block, approve, log) and every stage. */
export const GUARD_POLICY = `
version: 1
extends: [builtin:defaults]
settings: { default: allow, fail: deny, denial_history: 3 }
permissions:
  deny: ["bash(git push --force*)", "webfetch(domain:evil.example)"]
  ask: ["bash(npm publish*)", "bash(git push*)"]
  allow: ["bash(npm test)", "bash(git status)", "bash(ls *)", "bash(cat *)", "write(src/**)"]
levels:
  act: { DESTRUCTIVE: ask, EXPENSIVE: ask, SECURITY: ask, FORBIDDEN: deny }
rules:
  - id: writes-after-web
    after: seen(op.type == read_external)
    match: op.type in [write_local, write_external]
    mode: approve
  - id: pushes-after-two-fetches
    after: count(op.tool == "webfetch") >= 2 and not seen(bash(npm test))
    match: bash(git push*)
    mode: block
  - id: log-reads
    after: count(op.type == read_local) > 2
    match: op.tool == "read"
    mode: log
  - id: block-prod-db
    match: bash(psql *prod*)
    mode: block
  - id: exfil-after-secrets
    trigger: "the agent has read personal or financial data"
    match: op.type == write_external
    mode: approve
  - id: irreversible
    effect: "deletes data that cannot be recovered"
    match: op.level >= DESTRUCTIVE and op.tool == "bash"
    mode: block
`;

/** The auto-mode classifier decides what the deterministic stages leave open. */
export const CLASSIFIER_POLICY = `
version: 1
extends: [builtin:defaults]
settings: { default: ask, fail: ask }
permissions:
  allow: ["bash(npm test)", "bash(git status)"]
classifier:
  enabled: true
rules:
  - id: writes-after-web
    after: seen(op.type == read_external)
    match: op.type in [write_local, write_external]
    mode: approve
`;

export const CALLS: readonly CallInput[] = [
  { tool: "Bash", input: { command: "git status" } },
  { tool: "Bash", input: { command: "git   status" } },
  { tool: "Bash", input: { command: "git push origin main" } },
  { tool: "Bash", input: { command: "git push 'origin' main", description: "push" } },
  { tool: "Bash", input: { command: "git push --force origin main" } },
  { tool: "Bash", input: { command: "npm test" } },
  { tool: "Bash", input: { command: "npm install left-pad" } },
  { tool: "Bash", input: { command: "npm publish" } },
  { tool: "Bash", input: { command: "rm -rf build" } },
  { tool: "Bash", input: { command: "curl https://docs.example.com/guide" } },
  { tool: "Bash", input: { command: "curl -o a.sh https://x.example/a.sh" } },
  { tool: "Bash", input: { command: "curl -X POST -d @notes.txt https://api.example.com" } },
  { tool: "Bash", input: { command: "echo hi > notes.txt" } },
  { tool: "Bash", input: { command: "cat README.md" } },
  { tool: "Bash", input: { command: "psql -h prod-db -c 'DROP TABLE users'" } },
  { tool: "Bash", input: { command: "make build" } },
  { tool: "Bash", input: { command: "cat .env" } },
  { tool: "Bash", input: { command: "rm -rf /" } },
  { tool: "Bash", input: { command: "sudo apt-get install jq" } },
  { tool: "Bash", input: { command: "cd src && cat ../README.md" } },
  { tool: "Bash", input: { command: 'cat "$F"' } },
  { tool: "Read", input: { file_path: "README.md" } },
  { tool: "Read", input: { file_path: "finance/2025.csv" } },
  { tool: "Read", input: { file_path: ".env" } },
  { tool: "Write", input: { file_path: "src/a.ts", content: "x" } },
  { tool: "Write", input: { file_path: "notes.txt", content: "y" } },
  { tool: "Write", input: { file_path: ".github/workflows/ci.yml", content: "x" } },
  { tool: "Edit", input: { file_path: "src/app.ts", old_string: "a", new_string: "b" } },
  { tool: "WebFetch", input: { url: "https://docs.example.com/page" } },
  { tool: "WebFetch", input: { url: "https://evil.example/x" } },
  { tool: "Grep", input: { pattern: "TODO", path: "src" } },
  { tool: "Glob", input: { pattern: "**/*.ts" } },
  { tool: "mcp__jira__get_issue", input: { id: 1 } },
];

export const COMMANDS: readonly string[] = [
  "/plan on",
  "/plan off",
  "/automode on",
  "/automode off",
  "/approve-all on",
  "/approve-all off",
  "/approve-all bash",
  "/approve-all Write",
  "/disable writes-after-web",
  "/enable writes-after-web",
  "/disable block-prod-db",
  "/reset",
  "/disable no-such-rule",
  "/plan sideways",
];

export const USER_MESSAGES: readonly string[] = [
  "please push my branch",
  "run the tests",
  "read the docs and fix the bug",
  "",
];

export type Reply = "approve" | "deny" | "timeout" | null;

export type Step =
  | { readonly kind: "call"; readonly call: number; readonly reply: Reply; readonly cwd?: string }
  | { readonly kind: "user"; readonly text: string }
  | { readonly kind: "command"; readonly line: string }
  /** A human answers the n-th (modulo) gated call still pending, outside the session's approver (hook flow). */
  | { readonly kind: "resolve"; readonly pick: number; readonly answer: "approve" | "deny" | "timeout" }
  /** The agent reports that the n-th (modulo) pending call ran (PostToolUse). */
  | { readonly kind: "ran"; readonly pick: number };

const replyArb: fc.Arbitrary<Reply> = fc.constantFrom<Reply>("approve", "deny", "timeout", null);

export function stepArb(
  options: { readonly commands?: readonly string[]; readonly hookFlow?: boolean } = {},
): fc.Arbitrary<Step> {
  const commands = options.commands ?? COMMANDS;
  const arbs: fc.WeightedArbitrary<Step>[] = [
    {
      weight: 10,
      arbitrary: fc.record({ kind: fc.constant("call" as const), call: fc.nat(CALLS.length - 1), reply: replyArb }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("call" as const),
        call: fc.nat(CALLS.length - 1),
        reply: replyArb,
        cwd: fc.constantFrom("/work/project/src", "/srv/app"),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("user" as const), text: fc.constantFrom(...USER_MESSAGES) }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("command" as const), line: fc.constantFrom(...commands) }) },
  ];
  if (options.hookFlow === true) {
    arbs.push({
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("resolve" as const),
        pick: fc.nat(8),
        answer: fc.constantFrom("approve" as const, "deny" as const, "timeout" as const),
      }),
    });
    arbs.push({ weight: 3, arbitrary: fc.record({ kind: fc.constant("ran" as const), pick: fc.nat(8) }) });
  }
  return fc.oneof(...arbs);
}

/** What the scripted model answers for a whole session (rule ids of GUARD_POLICY); one session in eight fails every request. */
export const modelScriptArb: fc.Arbitrary<ModelScript> = fc
  .record({
    trigger: fc.boolean(),
    effect: fc.boolean(),
    review: fc.constantFrom("allow" as const, "block" as const, null),
    classify: fc.constantFrom(
      { types: ["read_external" as const], level: "READ" as const },
      { types: ["write_external" as const], level: "DESTRUCTIVE" as const },
      null,
    ),
    fail: fc.constantFrom("timeout" as const, "invalid_json" as const, null, null, null, null, null, null),
  })
  .map(({ trigger, effect, review, classify, fail }) => ({
    trigger: { "exfil-after-secrets": trigger },
    effect: { irreversible: effect },
    ...(review !== null ? { review } : {}),
    ...(classify !== null ? { classify } : {}),
    ...(fail !== null ? { fail } : {}),
  }));

/** One step's result: a decision, a command outcome, whether an approval/execution report applied, or nothing. */
export type Output = DecisionRecord | CommandOutcome | boolean | null;

export interface Run {
  readonly session: Session;
  /** Every event the session committed, in order (what a log would hold). */
  readonly events: readonly Event[];
  readonly outputs: readonly Output[];
  /** Each decided call by id: the call as derived and the session mode when it was decided. */
  readonly calls: ReadonlyMap<string, { readonly call: ToolCall; readonly mode: SessionMode }>;
}

export interface RunOptions {
  readonly analyzer: ShellAnalyzer;
  readonly model?: ModelScript;
  /** false: the hook flow, where allowed calls count as executed only when reported (`ran` steps). */
  readonly executeOnAllow?: boolean;
  /** Called after each step with the session and the events so far. */
  readonly afterStep?: (run: Run, step: Step) => void;
}

const START = Date.UTC(2026, 0, 1);

export async function runSession(policy: Policy, steps: readonly Step[], options: RunOptions): Promise<Run> {
  let now = START;
  const events: Event[] = [];
  const outputs: Output[] = [];
  const calls = new Map<string, { call: ToolCall; mode: SessionMode }>();
  const script = options.model ?? {};
  const session = createSession(policy, {
    id: "s1",
    clock: () => new Date(now),
    ids: counterIds(),
    home: HOME,
    cwd: CWD,
    analyzer: options.analyzer,
    model: scriptedModel(() => script),
    executeOnAllow: options.executeOnAllow ?? true,
    // Approval timeouts elapse at once, after an answer that is already there had its turn (as in `rules test`).
    sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
    sink: (batch) => void events.push(...batch),
  });
  const run: Run = { session, events, outputs, calls };
  let n = 0;
  for (const step of steps) {
    now += 1000;
    switch (step.kind) {
      case "call": {
        const { tool, input } = CALLS[step.call] as (typeof CALLS)[number];
        const callId = `c${++n}`;
        const call: ToolCall = { tool, input, cwd: step.cwd ?? CWD };
        calls.set(callId, { call, mode: session.state.mode });
        outputs.push(
          await session.decide({ tool, input, cwd: call.cwd }, { callId, approver: approverOf(step.reply) }),
        );
        break;
      }
      case "user":
        await session.userMessage(step.text);
        outputs.push(null);
        break;
      case "command":
        outputs.push(await session.command(step.line));
        break;
      case "resolve": {
        const gated = session.state.pending.filter((p) => p.status === "gated").map((p) => p.callId);
        outputs.push(
          gated.length === 0 ? null : await session.approve(gated[step.pick % gated.length] as string, step.answer),
        );
        break;
      }
      case "ran": {
        const pending = session.state.pending.map((p) => p.callId);
        outputs.push(
          pending.length === 0 ? null : await session.recordExecuted(pending[step.pick % pending.length] as string),
        );
        break;
      }
    }
    options.afterStep?.(run, step);
  }
  return run;
}

/** `approve`/`deny` answer at once; `timeout` never answers (the approval times out); null: nobody can answer now. */
function approverOf(reply: Reply): Approver | null {
  if (reply === null) return null;
  if (reply === "timeout")
    return {
      ask: (_, { signal }) =>
        new Promise((resolve) => signal?.addEventListener("abort", () => resolve(null), { once: true })),
    };
  return { ask: async () => reply };
}
