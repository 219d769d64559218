import { builtinLayer } from "./sources.ts";

/** The hard-deny checks rulegate implements: exactly the names in rules/builtin/defaults.yaml `hard_deny`. */
export function builtinHardDenyNames(): readonly string[] {
  return (builtinLayer().layer?.config.hard_deny?.items ?? [])
    .map((l) => l.value)
    .filter((n) => !n.startsWith("-") && !n.startsWith("$"));
}
