/**
 * Hard-deny checks (docs/explanation/decision-order.md step 2): named, deterministic checks that no allow pattern, approval or mode
 * can override. Each looks at the derived operation (paths with their modes, the parsed shell commands and
 * findings) and returns a short reason; the first enabled one that hits decides. Decisions: ADR 0095-0099.
 */
import type { Operation, HardDenyHit } from "../operation/index.ts";
import { CATALOGUE } from "./catalogue.ts";
import type { HardDenyContext } from "./types.ts";

export type { HardDenyContext } from "./types.ts";
export { workspaceOf, type Workspace } from "./workspace.ts";

/** Every implemented check name, in the order they are tried. */
export const HARD_DENY_CHECKS: readonly string[] = CATALOGUE.map((c) => c.name);

/** The set of each `enabled` list, built once per list (a policy's list lives as long as the policy). */
const enabledSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The first enabled check that hits, in catalogue order (not the order of `enabled`); null when none. */
export function hardDenyCheck(op: Operation, enabled: readonly string[], ctx: HardDenyContext): HardDenyHit | null {
  let on = enabledSets.get(enabled);
  if (on === undefined) {
    on = new Set(enabled);
    enabledSets.set(enabled, on);
  }
  for (const { name, check } of CATALOGUE) {
    if (!on.has(name)) continue;
    const reason = check(op, ctx);
    if (reason !== null) return { check: name, reason };
  }
  return null;
}
