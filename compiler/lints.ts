import { isDeepStrictEqual } from "node:util";
import { diagnostic, type Diagnostic } from "../core/index.ts";
import {
  LEVEL_RANK,
  LEVELS,
  type Expr,
  type Level,
  type Pattern,
  type Policy,
  type Rule,
  type SessionMode,
} from "./ir.ts";
import { matchesEverything } from "./lower-pattern.ts";

/** Warnings on permission lists: a pattern that matches every call of its tool is almost always a slip. */
export function lintPatterns(permissions: Policy["permissions"]): Diagnostic[] {
  const all = [...permissions.deny, ...permissions.ask, ...permissions.allow, ...(permissions.approve ?? [])];
  return all.filter(matchesEverything).map((p) =>
    diagnostic("RG5008", p.span, {
      text: p.text,
      what: p.tool.includes("*") ? `call of ${p.tool}` : `${p.tool} call`,
    }),
  );
}

/**
 * Rules that can certainly never decide anything, because an earlier deny stage (docs/explanation/decision-order.md) catches
 * every operation their `match` admits. Sound, not complete: only conjuncts of the match are used.
 */
export function unreachableRules(rules: readonly Rule[], policy: Pick<Policy, "permissions" | "levels">): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of rules) {
    if (rule.scope === null) continue;
    const parts = conjuncts(rule.scope);
    const denied = parts.flatMap((e) =>
      e.kind === "pattern" ? policy.permissions.deny.filter((d) => covers(d, e.pattern)) : [],
    )[0];
    if (denied) {
      out.push(
        diagnostic(
          "RG5006",
          rule.source,
          { id: rule.id, reason: `its match requires '${denied.text}', which permissions.deny denies first` },
          { related: [denied.span] },
        ),
      );
      continue;
    }
    const modes = modesOf(parts);
    const levels = levelsOf(parts);
    if (
      levels !== null &&
      levels.length > 0 &&
      levels.every((l) => modes.every((m) => policy.levels[m][l] === "deny"))
    ) {
      out.push(
        diagnostic("RG5006", rule.source, {
          id: rule.id,
          reason: `'levels' denies ${levels.join(", ")} first in ${modes.join(" and ")} mode`,
        }),
      );
    }
  }
  return out;
}

function conjuncts(e: Expr): readonly Expr[] {
  return e.kind === "and" ? e.items.flatMap(conjuncts) : [e];
}

/** Whether deny pattern `d` matches every call that pattern `p` matches. */
function covers(d: Pattern, p: Pattern): boolean {
  if (d.tool !== p.tool || /[*?[]/.test(d.tool)) return false;
  return d.spec === null || isDeepStrictEqual(d.spec, p.spec);
}

function isField(e: Expr, name: string): boolean {
  return e.kind === "field" && e.path.join(".") === name;
}

function modesOf(parts: readonly Expr[]): SessionMode[] {
  for (const e of parts) {
    if (e.kind === "cmp" && e.op === "==" && isField(e.left, "session.mode") && e.right.kind === "lit")
      return [e.right.value as SessionMode];
  }
  return ["plan", "act"];
}

/** The levels an operation can have under these conjuncts, or null when they do not pin it down. */
function levelsOf(parts: readonly Expr[]): Level[] | null {
  for (const e of parts) {
    if (e.kind !== "cmp" || !isField(e.left, "op.level") || e.right.kind !== "lit") continue;
    const lit = e.right.value as Level;
    if (!LEVELS.includes(lit)) continue;
    const r = LEVEL_RANK[lit];
    const pick = (f: (x: number) => boolean) => LEVELS.filter((l) => f(LEVEL_RANK[l]));
    switch (e.op) {
      // `==` may compare by rank (EXPENSIVE == DESTRUCTIVE); the whole rank keeps this sound either way.
      case "==":
        return pick((x) => x === r);
      case ">=":
        return pick((x) => x >= r);
      case ">":
        return pick((x) => x > r);
      default:
        continue;
    }
  }
  return null;
}
