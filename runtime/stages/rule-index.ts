import type { Expr, Pattern, Policy, Rule } from "../../compiler/index.ts";
import {
  afterHolds,
  fixedKeysOf,
  historyNodes,
  holds,
  initialMonitors,
  keyIndex,
  keysOf,
  kindsOf,
  mayHold,
  opKeys,
  patternKeys,
  type EvalContext,
  type HistoryNode,
  type KeyIndex,
  type Keys,
} from "../eval/index.ts";
import { memoByObject } from "../../core/index.ts";
import type { Operation } from "../operation/index.ts";

/**
 * What a decision needs to know about the policy's rules and patterns, built once per policy (docs/adr/0059):
 * rules, history monitors and deny/ask patterns indexed by necessary conditions, so that a call evaluates only
 * those that can hold for it instead of all of them.
 */
export interface RuleIndex {
  /** Rules whose `match` can hold for the operation, in policy order. */
  scoped(op: Operation): readonly Rule[];
  /** The seen/count nodes of `after` rules whose inner expression can hold for the operation, in rule and id order. */
  monitors(op: Operation): readonly MonitorNode[];
  /**
   * Whether a rule's `match` or a monitor's inner expression holds: evaluated once per operation for all the
   * rules that share the same expression (policies repeat conditions such as `op.type == read_external`).
   */
  holds(expr: Expr, ctx: EvalContext): boolean;
  /**
   * For an unknown tool: whether an expression that reads the classification could hold at all, judged on the
   * facts a classification cannot change (`op.tool == "bash" and op.level >= WRITE` cannot, for an MCP tool).
   */
  mayHoldClassified(expr: Expr, op: Operation): boolean;
  /** permissions.deny and permissions.ask patterns that can hit the operation, in policy order. */
  deny(op: Operation): readonly Pattern[];
  ask(op: Operation): readonly Pattern[];
  /** Every rule by id, with its position in the policy. */
  readonly byId: ReadonlyMap<string, { readonly rule: Rule; readonly at: number }>;
  /** `after` rules whose expression holds on initial monitor values (`not seen(…)`): activated by any execution. */
  readonly holdInitially: readonly string[];
  /** Model-triggered rules. */
  readonly modelRules: readonly Rule[];
}

export interface MonitorNode {
  readonly rule: Rule;
  readonly node: HistoryNode;
}

export const ruleIndex: (policy: Policy) => RuleIndex = memoByObject((policy) => build(policy));

function build(policy: Policy): RuleIndex {
  const scopes = keyIndex(policy.rules.map((r) => [r, r.scope === null ? null : keysOf(r.scope)] as const));
  const nodes: KeyIndex<MonitorNode> = keyIndex(
    policy.rules.flatMap((rule) =>
      rule.activation.kind === "history"
        ? historyNodes(rule.activation.expr).map((node) => [{ rule, node }, keysOf(node.expr)] as const)
        : [],
    ),
  );
  const patterns = (list: readonly Pattern[]) => keyIndex(list.map((p) => [p, patternKeys(p)] as const));
  const deny = patterns(policy.permissions.deny);
  const ask = patterns(policy.permissions.ask);
  // An operation's keys are computed for the kinds any index or fixed-key test reads, and only those.
  const exprs = [
    ...policy.rules.flatMap((r) => (r.scope === null ? [] : [r.scope])),
    ...nodes.all.map((m) => m.node.expr),
  ];
  const fixedKinds = exprs.flatMap((e) => kindsOf(fixedKeysOf(e) ?? []));
  const kinds = new Set([...[scopes, nodes, deny, ask].flatMap((i) => [...i.kinds]), ...fixedKinds]);
  const keysOfOp = memoByObject((op: Operation): Keys => opKeys(op, kinds));
  const byId = new Map(policy.rules.map((rule, at) => [rule.id, { rule, at }] as const));
  const shared = sharedVerdicts(exprs);
  return {
    scoped: (op) => scopes.candidates(keysOfOp(op)),
    monitors: (op) => nodes.candidates(keysOfOp(op)),
    deny: (op) => deny.candidates(keysOfOp(op)),
    ask: (op) => ask.candidates(keysOfOp(op)),
    holds: shared,
    mayHoldClassified: (expr, op) => mayHold(fixedKeysOf(expr), keysOfOp(op)),
    byId,
    holdInitially: policy.rules
      .filter(
        (rule) =>
          rule.activation.kind === "history" && afterHolds(rule.activation.expr, initialMonitors(rule.activation.expr)),
      )
      .map((rule) => rule.id),
    modelRules: policy.rules.filter((r) => r.activation.kind === "model"),
  };
}

/**
 * Expressions numbered by their shape (the IR without source locations), and a memo per operation of the
 * verdict of each shape. The mode is part of the memo: an expression may read `session.mode`.
 */
function sharedVerdicts(exprs: readonly Expr[]): (expr: Expr, ctx: EvalContext) => boolean {
  const ids = new Map<Expr, number>();
  const byShape = new Map<string, number>();
  for (const e of exprs) {
    const shape = JSON.stringify(e, (k, v: unknown) => (k === "span" ? undefined : v));
    let id = byShape.get(shape);
    if (id === undefined) {
      id = byShape.size;
      byShape.set(shape, id);
    }
    ids.set(e, id);
  }
  const memo = new WeakMap<
    EvalContext["op"],
    { readonly mode: string; readonly home: string; readonly v: Int8Array }
  >();
  return (expr, ctx) => {
    const id = ids.get(expr);
    if (id === undefined || ctx.history !== undefined) return holds(expr, ctx);
    let m = memo.get(ctx.op);
    if (m === undefined || m.mode !== ctx.mode || m.home !== ctx.home) {
      m = { mode: ctx.mode, home: ctx.home, v: new Int8Array(byShape.size) };
      memo.set(ctx.op, m);
    }
    const known = m.v[id];
    if (known !== 0) return known === 1;
    const verdict = holds(expr, ctx);
    m.v[id] = verdict ? 1 : 2;
    return verdict;
  };
}
