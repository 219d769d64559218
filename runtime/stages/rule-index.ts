import type { Policy, Rule } from "../../compiler/ir.ts";
import { afterHolds, historyNodes, initialMonitors, keyIndex, opKeys, type HistoryNode, type KeyIndex, type Keys } from "../eval/index.ts";
import type { Operation } from "../operation/types.ts";

/**
 * What a decision needs to know about the policy's rules, built once per policy (docs/adr/0059): the rules
 * and history monitors indexed by the necessary conditions of their expressions, so that a call evaluates
 * only those that can hold for it instead of all of them.
 */
export interface RuleIndex {
  /** Rules whose `match` can hold for the operation, in policy order. */
  scoped(op: Operation): readonly Rule[];
  /** The seen/count nodes of `after` rules whose inner expression can hold for the operation, in rule and id order. */
  monitors(op: Operation): readonly MonitorNode[];
  /** `after` rules whose expression holds on initial monitor values (`not seen(…)`): activated by any execution. */
  readonly holdInitially: ReadonlySet<string>;
  /** Model-triggered rules. */
  readonly modelRules: readonly Rule[];
}

export interface MonitorNode {
  readonly rule: Rule;
  readonly node: HistoryNode;
}

const indexes = new WeakMap<Policy, RuleIndex>();

export function ruleIndex(policy: Policy): RuleIndex {
  let index = indexes.get(policy);
  if (index === undefined) {
    index = build(policy);
    indexes.set(policy, index);
  }
  return index;
}

function build(policy: Policy): RuleIndex {
  const scopes = keyIndex(policy.rules.map((r) => [r, r.scope] as const));
  const nodes: KeyIndex<MonitorNode> = keyIndex(policy.rules.flatMap((rule) =>
    rule.activation.kind === "history" ? historyNodes(rule.activation.expr).map((node) => [{ rule, node }, node.expr] as const) : []));
  const holdInitially = new Set(policy.rules.flatMap((r) =>
    r.activation.kind === "history" && afterHolds(r.activation.expr, initialMonitors(r.activation.expr)) ? [r.id] : []));
  return {
    scoped: (op) => scopes.candidates(keysOfOp(op)),
    monitors: (op) => nodes.candidates(keysOfOp(op)),
    holdInitially,
    modelRules: policy.rules.filter((r) => r.activation.kind === "model"),
  };
}

const opKeyCache = new WeakMap<Operation, Keys>();

function keysOfOp(op: Operation): Keys {
  let keys = opKeyCache.get(op);
  if (keys === undefined) {
    keys = opKeys(op);
    opKeyCache.set(op, keys);
  }
  return keys;
}
