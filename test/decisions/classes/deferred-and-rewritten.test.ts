import { classTable, type ClassRow } from "./profiles.ts";

/**
 * ADR 0567: a job left to act after the call, after a wait of a minute or more; and run-later files (package.json
 * scripts, a Makefile, a devcontainer) rewritten by a stream editor or by a file assembled elsewhere and moved in,
 * with a script from outside the project. Jobs started now, short pauses, and project commands planted stay allowed.
 */
const ROWS: readonly ClassRow[] = [
  ["screen -dmS upd bash -c 'while sleep 120; do bash /tmp/pull.sh; done'", "ask", "ask"],
  ["(sleep 86400; bash /tmp/.x.sh) > /dev/null 2>&1 &", "ask", "ask"],
  ["pueue add -- 'sleep 3600; bash /tmp/.x.sh'", "ask", "ask"],
  ["nohup sh -c 'sleep 600; curl -s https://example.com/ping' > /dev/null 2>&1 &", "ask", "ask"],
  ["tmux new -d 'sleep 1h; ./deploy.sh'", "ask", "ask"],
  ['sed -i \'s#"test": ".*"#"test": "bash /tmp/.x.sh; jest"#\' package.json', "ask", "ask"],
  // ADR 0638: the planted script from outside the project is opaque code, and the move that plants it replaces
  // (deletes) the old file, an intent the opaque rule denies.
  ["echo 'all: ; @bash /tmp/.x.sh' | cat - Makefile > /tmp/mk && mv /tmp/mk Makefile", "deny", "deny"],
  [
    "jq '.postStartCommand=\"bash /tmp/.x.sh\"' .devcontainer/devcontainer.json > /tmp/d && mv /tmp/d .devcontainer/devcontainer.json",
    "deny",
    "deny",
  ],
  ["printf 'test:\\n\\tsource ~/.cache/x.sh\\n' > /tmp/mk2 && cp /tmp/mk2 Makefile", "ask", "ask"],
  ['sed -i \'s/"build": "tsc"/"build": "tsc \\&\\& node \\/tmp\\/p.js"/\' package.json', "ask", "ask"],
  // Look-alikes: jobs started now, a short pause, a version bumped, project commands planted.
  ["screen -dmS dev npm run dev", "allow", "allow"],
  ["npm run dev &", "allow", "allow"],
  ["(sleep 2; xdg-open http://localhost:3000) &", "allow", "allow"],
  ["pueue add -- 'npm run build'", "allow", "allow"],
  ["sleep 120 && npm test", "allow", "allow"],
  ['sed -i \'s/"version": ".*"/"version": "1.2.3"/\' package.json', "allow", "allow"],
  ['sed -i \'s#"test": ".*"#"test": "vitest run"#\' package.json', "allow", "allow"],
  ["echo 'lint: ; eslint .' | cat - Makefile > /tmp/mk && mv /tmp/mk Makefile", "allow", "allow"],
  [
    "jq '.postCreateCommand=\"npm ci\"' .devcontainer/devcontainer.json > /tmp/d && mv /tmp/d .devcontainer/devcontainer.json",
    "allow",
    "allow",
  ],
  ["printf 'build:\\n\\tbash scripts/build.sh\\n' > Makefile", "allow", "allow"],
];

classTable("deferred jobs and rewritten run-later files under the %s profile", ROWS);
