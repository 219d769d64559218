/**
 * Where pi stores an "always" answer (docs/adr/0263, 0265): `.rulegate/rules.local.yaml` of the session's cwd,
 * the user's own file, which the agent can never write (hard deny rulegate-config-edit). The rules are then
 * compiled again with it, as `rules eval` does: the config sources of the cwd, or `RULEGATE_POLICY` with the
 * local file on top of it.
 */
import { join, resolve } from "node:path";
import { compileSources, discoverSources } from "../../compiler/index.ts";
import { localRulesLearner, type SessionDeps } from "../../runtime/session/index.ts";
import type { PolicySource } from "../common/index.ts";

export function piLearner(
  source: PolicySource,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): NonNullable<SessionDeps["learn"]> {
  const local = join(cwd, ".rulegate", "rules.local.yaml");
  return localRulesLearner(local, () =>
    source.kind === "file"
      ? compileSources({ user: resolve(cwd, source.path), local }, { cwd })
      : compileSources(discoverSources(source.cwd, source.home, env), { cwd: source.cwd }),
  );
}
