import { compileText, type Policy } from "../../compiler/index.ts";
import type { Event, OperationSummary } from "../../runtime/events/index.ts";
import { sessionStarted } from "../../runtime/session/index.ts";
import { sessionFolder, type Folder } from "../../runtime/snapshot/index.ts";
import type { SessionState } from "../../runtime/state/index.ts";

/**
 * The events and the fold the log bench runs: the real session fold (immer) over the events one decided and
 * executed call produces (call_received, operation_derived, decision, executed), under a policy with
 * history rules so the fold advances monitors.
 */
const RULES = `version: 1
rules:
  - id: no-write-after-web
    after: seen(op.type == read_external)
    match: op.type in [write_local, write_external]
    mode: approve
  - id: many-pushes
    after: count(op.categories contains "git") > 5
    match: op.type == write_external
    mode: approve
`;

/**
 * `n` events of one session. With `started` (the default) the first is its `session_started`, holding the
 * compiled rules as every real log does (ADR 0133): stored once, it must not slow the rest down.
 */
export async function benchEvents(n: number, options: { readonly started?: boolean } = {}): Promise<Event[]> {
  const commands = [
    "git status --short",
    "npm test -- --grep parser",
    "ls -la src",
    "cat README.md",
    "git diff HEAD~1",
  ];
  const events: Event[] =
    options.started === false
      ? []
      : [
          sessionStarted(benchPolicy(), new Date(Date.UTC(2026, 0, 1)).toISOString(), "bench", {
            home: "/home/bench",
            withIr: true,
          }),
        ];
  for (let i = 0; events.length < n; i++) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const base = { at, session: "bench" };
    const callId = `c${i}`;
    const command = commands[i % commands.length] ?? "ls";
    const operation: OperationSummary = {
      tool: "bash",
      type: "execute",
      types: ["execute", "read_local"],
      level: "WRITE",
      categories: ["git"],
      signature: `sha256:${(i % 997).toString(16).padStart(64, "0")}`,
    };
    const execution = { hits: { "many-pushes": [0] }, triggered: [], action: null, subject: command };
    events.push(
      { type: "call_received", ...base, callId, tool: "Bash", input: { command, description: "run it" }, cwd: "/repo" },
      { type: "operation_derived", ...base, callId, operation },
      {
        type: "decision",
        ...base,
        callId,
        tool: "bash",
        decision: "allow",
        stage: "permissions.allow",
        rules: [],
        check: null,
        reason: "allowed by bash(git *)",
        operation,
        gates: [],
        approval: null,
        llm_calls: 0,
        execution,
      },
      { type: "executed", ...base, callId, operation, ...execution },
    );
  }
  return events.slice(0, n);
}

export async function benchFolder(): Promise<Folder<SessionState> & { readonly name: string }> {
  return { ...sessionFolder(benchPolicy()), name: "session fold" };
}

function benchPolicy(): Policy {
  const { policy } = compileText(RULES, "bench-rules.yaml");
  if (policy === null) throw new Error("bench policy does not compile");
  return policy;
}
