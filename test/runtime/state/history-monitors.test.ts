import fc from "fast-check";
import { combinationsOf } from "../eval/random-expressions.ts";
import { beforeAll, describe, expect, test } from "vitest";
import type { Expr, Policy, SessionMode } from "../../../compiler/ir.ts";
import {
  advance,
  afterHolds,
  afterHoldsByScan,
  afterOf,
  historyNodes,
  initialMonitors,
  nodeHits,
  type EvalContext,
  type MonitorValue,
} from "../../../runtime/eval/index.ts";
import type { Event } from "../../../runtime/events/index.ts";
import { patternHits } from "../../../runtime/match/index.ts";
import { deriveOperation, type ToolCall } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import {
  CALLS,
  COMMANDS,
  CWD,
  GUARD_POLICY,
  HOME,
  modelScriptArb,
  policyOf,
  runSession,
  stepArb,
  type Run,
} from "../session/random-sessions.ts";

/**
 * docs/reference/expressions.md / docs/reference/event-log.md differential test: `after` expressions are evaluated incrementally over monitor values
 * (one seen/count value per history node, advanced once per executed operation); `afterHoldsByScan` is the
 * naive reference that re-scans the whole history. Random expressions (seen/count with and/or/not and
 * comparisons, compiled by the real compiler) over random histories must agree at every point, both for the
 * monitor functions alone and inside live sessions, where a history rule must also be active exactly when its
 * expression held after some executed call since the last /reset.
 */
const ATOMS = [
  "op.type == read_external",
  "op.type in [write_local, write_external]",
  "op.type != read_local",
  "op.types contains execute",
  'op.categories contains "git"',
  'op.categories contains "network"',
  "op.level >= DESTRUCTIVE",
  "op.level == READ",
  'op.tool == "webfetch"',
  'op.tool == "read"',
  "bash(git push*)",
  "bash(npm *)",
  'op.path under "./src"',
  "session.mode == plan",
  'op.command matches "npm *"',
  "write(src/**)",
  'op.host == "docs.example.com"',
];
const CMPS = ["==", "!=", "<", "<=", ">", ">="];

/** An expression about one operation (the inside of seen/count). */
const innerArb: fc.Arbitrary<string> = combinationsOf(ATOMS);

const termArb: fc.Arbitrary<string> = fc.oneof(
  innerArb.map((e) => `seen(${e})`),
  fc.tuple(innerArb, fc.constantFrom(...CMPS), fc.nat(4)).map(([e, op, n]) => `count(${e}) ${op} ${n}`),
  fc.tuple(fc.nat(4), fc.constantFrom(...CMPS), innerArb).map(([n, op, e]) => `${n} ${op} count(${e})`),
  fc.tuple(innerArb, fc.constantFrom(...CMPS), innerArb).map(([a, op, b]) => `count(${a}) ${op} count(${b})`),
);

/** A history expression: seen/count terms combined with and/or/not. */
const afterArb: fc.Arbitrary<string> = fc.letrec<{ after: string }>((tie) => ({
  after: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    termArb,
    tie("after").map((e) => `not (${e})`),
    fc.tuple(tie("after"), tie("after")).map(([a, b]) => `(${a} and ${b})`),
    fc.tuple(tie("after"), tie("after")).map(([a, b]) => `(${a} or ${b})`),
  ),
})).after;

function compileAfter(after: string, extra = ""): { policy: Policy; expr: Expr } {
  const policy = policyOf(
    `${extra === "" ? "version: 1\nrules:\n" : extra}  - id: random-after\n    after: ${JSON.stringify(after)}\n    match: op.tool == "bash"\n    mode: log\n`,
  );
  const rule = policy.rules.find((r) => r.id === "random-after");
  const expr = rule === undefined ? null : afterOf(rule);
  if (expr === null) throw new Error(`no after expression compiled from ${after}`);
  return { policy, expr };
}

/** What each history node should hold after `history`, counted the slow way. */
function naiveValues(expr: Expr, history: readonly EvalContext[]): MonitorValue[] {
  const values = initialMonitors(expr);
  for (const n of historyNodes(expr)) {
    const hits = history.filter((ctx) => nodeHits(expr, ctx).includes(n.id)).length;
    values[n.id] = n.kind === "count" ? hits : hits > 0;
  }
  return values;
}

let analyzer: ShellAnalyzer;
const contexts = new Map<string, EvalContext>();
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

function contextOf(call: ToolCall, mode: SessionMode, policy: Policy): EvalContext {
  const key = JSON.stringify([call, mode, policy.skills.length]);
  let ctx = contexts.get(key);
  if (ctx === undefined) {
    // The session's root is CWD, and its workspace is where deletes are the agent's own work (ADRs 0210, 0335).
    const op = deriveOperation(call, { home: HOME, skills: policy.skills, analyzer, workspace: [CWD] });
    ctx = { op, mode, home: HOME, patternHits: (p, o) => patternHits(p, o, HOME) };
    contexts.set(key, ctx);
  }
  return ctx;
}

/** The context with the operation as the decision last derived it (after a model classification, if any). */
function asDerived(
  ctx: EvalContext,
  summary: Extract<Event, { type: "operation_derived" }>["operation"] | undefined,
): EvalContext {
  if (summary === undefined || !ctx.op.unknown || summary.type === "unknown") return ctx;
  return {
    ...ctx,
    op: {
      ...ctx.op,
      type: summary.type,
      types: summary.types,
      level: summary.level,
      categories: summary.categories,
      unknown: false,
    },
  };
}

describe("incremental history monitors equal a naive re-scan", () => {
  test("the monitor functions agree with afterHoldsByScan after every operation of a random history", () => {
    const historyArb = fc.array(
      fc.record({ call: fc.nat(CALLS.length - 1), mode: fc.constantFrom<SessionMode>("act", "plan") }),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(afterArb, historyArb, (after, picks) => {
        const { policy, expr } = compileAfter(after);
        const history = picks.map(({ call, mode }) => {
          const c = CALLS[call] as (typeof CALLS)[number];
          return contextOf({ tool: c.tool, input: c.input, cwd: CWD }, mode, policy);
        });
        let values = initialMonitors(expr);
        for (let k = 0; k <= history.length; k++) {
          const seen = history.slice(0, k);
          expect(values, `${after} after ${k} operations`).toEqual(naiveValues(expr, seen));
          expect(afterHolds(expr, values), `${after} after ${k} operations`).toBe(afterHoldsByScan(expr, seen));
          if (k < history.length) values = advance(values, nodeHits(expr, history[k] as EvalContext));
        }
      }),
      { numRuns: 300 },
    );
  });

  test("in live sessions, monitor values and activations follow the executed history since the last /reset", async () => {
    // `/automode off` included: calls allowed at stage `off` ran, so they are history like any other.
    const commands = COMMANDS;
    const guardRules = GUARD_POLICY.slice(GUARD_POLICY.indexOf("rules:\n"));
    const guardHead = GUARD_POLICY.slice(0, GUARD_POLICY.indexOf("rules:\n"));
    await fc.assert(
      fc.asyncProperty(
        afterArb,
        modelScriptArb,
        fc.array(stepArb({ commands }), { minLength: 1, maxLength: 30 }),
        async (after, model, steps) => {
          const { policy } = compileAfter(after, `${guardHead}${guardRules}`);
          const rules = policy.rules.flatMap((r) => {
            const e = afterOf(r);
            return e === null ? [] : [{ id: r.id, expr: e }];
          });
          const check = (run: Run): void => {
            let history: EvalContext[] = [];
            let everHeld = new Set<string>();
            // An unknown tool the model classified is history as classified: the last operation_derived of a call.
            const derived = new Map<string, Extract<Event, { type: "operation_derived" }>["operation"]>();
            for (const e of run.events) {
              if (e.type === "operation_derived") derived.set(e.callId, e.operation);
              if (e.type === "reset") {
                history = [];
                everHeld = new Set();
              }
              if (e.type !== "executed") continue;
              const c = run.calls.get(e.callId);
              if (c === undefined) throw new Error(`executed an unknown call ${e.callId}`);
              history.push(asDerived(contextOf(c.call, c.mode, policy), derived.get(e.callId)));
              for (const r of rules) if (afterHoldsByScan(r.expr, history)) everHeld.add(r.id);
            }
            const state = run.session.state;
            for (const r of rules) {
              const where = `${r.id} (${after}) after ${history.length} executed operations`;
              expect(afterHolds(r.expr, state.monitors[r.id] ?? []), where).toBe(afterHoldsByScan(r.expr, history));
              expect(state.monitors[r.id], where).toEqual(naiveValues(r.expr, history));
              expect(state.activated.includes(r.id), where).toBe(everHeld.has(r.id));
            }
          };
          await runSession(policy, steps, { analyzer, model, afterStep: check });
        },
      ),
      { numRuns: 150 },
    );
  });
});
