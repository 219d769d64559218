import { type Expr, type Rule, LEVEL_RANK, type Level } from "../../compiler/index.ts";
import { holds, type EvalContext } from "./evaluate.ts";

/**
 * History monitors (docs/reference/expressions.md): each seen(…)/count(…) node of an `after` expression is one incremental
 * monitor, a boolean or a counter updated once per executed operation. The `after` expression itself is
 * then evaluated over the monitor values only, never over the log.
 */
export type HistoryNode = Extract<Expr, { kind: "seen" | "count" }>;
export type MonitorValue = boolean | number;

const nodeCache = new WeakMap<Expr, readonly HistoryNode[]>();

/** The seen/count nodes of an `after` expression, in id order. */
export function historyNodes(expr: Expr): readonly HistoryNode[] {
  let found = nodeCache.get(expr);
  if (found === undefined) {
    const out: HistoryNode[] = [];
    walk(expr, (e) => {
      if (e.kind === "seen" || e.kind === "count") out.push(e);
    });
    found = out.sort((a, b) => a.id - b.id);
    nodeCache.set(expr, found);
  }
  return found;
}

function walk(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.kind) {
    case "and":
    case "or":
    case "list":
      for (const i of e.items) walk(i, visit);
      return;
    case "not":
      walk(e.expr, visit);
      return;
    case "cmp":
    case "in":
    case "contains":
      walk(e.left, visit);
      walk(e.right, visit);
      return;
    case "matches":
    case "under":
      walk(e.left, visit);
      return;
    // The inner expression of a history call is about one operation; it has no nested monitors.
    default:
      return;
  }
}

/** Initial monitor values, indexed by node id (ids not used by the rule stay `false`). */
export function initialMonitors(expr: Expr): MonitorValue[] {
  const nodes = historyNodes(expr);
  const size = nodes.reduce((m, n) => Math.max(m, n.id + 1), 0);
  const values: MonitorValue[] = new Array<MonitorValue>(size).fill(false);
  for (const n of nodes) values[n.id] = n.kind === "count" ? 0 : false;
  return values;
}

/** Ids of the nodes whose inner expression holds for this operation. */
export function nodeHits(expr: Expr, ctx: EvalContext): number[] {
  const out: number[] = [];
  for (const n of historyNodes(expr)) if (holds(n.expr, ctx)) out.push(n.id);
  return out;
}

/** Monitor values after one more executed operation (a new array; the input is not changed). */
export function advance(values: readonly MonitorValue[], hits: readonly number[]): MonitorValue[] {
  const next = [...values];
  for (const id of hits) {
    const v = next[id];
    next[id] = typeof v === "number" ? v + 1 : true;
  }
  return next;
}

/** Evaluates an `after` expression over monitor values (fields appear only inside history calls: RG4007). */
export function afterHolds(expr: Expr, values: readonly MonitorValue[]): boolean {
  return hv(expr, values) === true;
}

type HV = string | number | boolean | readonly HV[] | null;

function hv(e: Expr, m: readonly MonitorValue[]): HV {
  switch (e.kind) {
    case "and":
      return e.items.every((i) => hv(i, m) === true);
    case "or":
      return e.items.some((i) => hv(i, m) === true);
    case "not":
      return hv(e.expr, m) !== true;
    case "seen":
    case "count":
      return m[e.id] ?? (e.kind === "count" ? 0 : false);
    case "lit":
      return e.value as HV;
    case "list":
      return e.items.map((i) => hv(i, m));
    case "in": {
      const l = hv(e.left, m);
      const r = hv(e.right, m);
      return Array.isArray(r) && r.includes(l) !== e.negated;
    }
    case "cmp": {
      const l = num(hv(e.left, m));
      const r = num(hv(e.right, m));
      if (l === null || r === null) return false;
      switch (e.op) {
        case "==":
          return l === r;
        case "!=":
          return l !== r;
        case "<":
          return l < r;
        case "<=":
          return l <= r;
        case ">":
          return l > r;
        case ">=":
          return l >= r;
      }
      return false;
    }
    default:
      return null;
  }
}

function num(v: HV): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" && v in LEVEL_RANK) return LEVEL_RANK[v as Level];
  return null;
}

/** The `after` expression of a history-activated rule, or null. */
export function afterOf(rule: Rule): Expr | null {
  return rule.activation.kind === "history" ? rule.activation.expr : null;
}

/**
 * Naive reference: the `after` expression evaluated by re-scanning a whole history of operations. Only
 * for the differential test and explanations; the runtime uses the monitors.
 */
export function afterHoldsByScan(expr: Expr, history: readonly EvalContext[]): boolean {
  const values = initialMonitors(expr);
  for (const n of historyNodes(expr)) {
    const count = history.filter((ctx) => holds(n.expr, ctx)).length;
    values[n.id] = n.kind === "count" ? count : count > 0;
  }
  return afterHolds(expr, values);
}
