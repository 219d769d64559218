/**
 * The destroying verb of a program nobody described (docs/adr/0480): `helmfile -e prod destroy`, `pyenv uninstall
 * 3.11`, `k3d cluster delete dev`, `./infra.sh teardown`, `keydb-cli flushall`. Every CLI names its subcommands
 * with the same few verbs, and describing CLIs one by one never ends, so a program without knowledge whose
 * leading words say destroy is judged by them. A program rulegate knows keeps its knowledge (`kubectl delete pod`
 * is judged by kubectl's table, `docker compose down` by docker's).
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Verbs that take away what they name, whatever else the command says. */
const VERBS: ReadonlySet<string> = new Set([
  "destroy",
  "delete",
  "down",
  "teardown",
  "tear-down",
  "nuke",
  "purge",
  "drop",
  "dropdb",
  "wipe",
  "erase",
  "obliterate",
  "flushall",
  "flushdb",
  "uninstall",
  "terminate",
  "revoke",
  "decommission",
]);

/**
 * Verbs strong enough to say destroy inside a compound word (docs/adr/0633): `service-instance-delete`,
 * `DeleteInstance`, `TerminateInstances`, `vm-uninstall`, `destroy-model`, or glued to their object
 * (`deletetable`). `down` and `drop` are left out: `drop-down`, `scale-down` and `cool-down` name no loss.
 */
const COMPOUND_VERBS: ReadonlySet<string> = new Set([
  "destroy",
  "delete",
  "teardown",
  "nuke",
  "purge",
  "wipe",
  "erase",
  "obliterate",
  "uninstall",
  "terminate",
  "decommission",
]);
const GLUED = /^(?:delete|destroy|terminate|uninstall|purge)[a-z]{2,}$/;
const capitalized = (v: string): string => v[0]!.toUpperCase() + v.slice(1);
/**
 * A strong verb as a part of a compound word: between `-`, `_` or `.` (`service-instance-delete`, `vm_uninstall`),
 * or as a CamelCase part (`DeleteInstance`, `destroyModel`, `TerminateInstances`). The cloud CLIs' table reads their
 * subcommands with it too (knowledge/cloud.ts).
 */
export const COMPOUND_DESTROY = new RegExp(
  `(?:^|[-_.])(?:${[...COMPOUND_VERBS].join("|")})(?=$|[-_.A-Z])|(?:^|[a-z0-9])(?:${[...COMPOUND_VERBS].map(capitalized).join("|")})(?=$|[-_.A-Z])`,
);
/** `drop-table`, `dropDatabase`: drop in a compound only before what a data store holds. */
const DROPPED =
  /^(?:table|tables|database|databases|db|dbs|index|indexes|collection|collections|bucket|schema|keyspace|stream|topic|view)$/;

/**
 * Verbs that take away everything, or without asking, only with a flag: `conda remove -n base --all`,
 * `tool reset --hard`, `kamal remove -y`, `nats stream rm ORDERS -f`; a cluster node reset forced or not graceful
 * (`kubeadm reset -f`, `talosctl reset --graceful=false`, docs/adr/0633).
 */
const UNASKED = ["--all", "-y", "--yes", "-f", "--force", "--no-prompt", "--confirm"];
const WITH_FLAG: ReadonlyMap<string, readonly string[]> = new Map([
  ["remove", UNASKED],
  ["rm", UNASKED],
  ["del", UNASKED],
  ["reset", ["--hard", "-f", "--force", "-y", "--yes", "--graceful", "--destroy-storage", "--wipe"]],
]);

/** The parts of a compound word, lower-cased: `service-instance-delete`, `DeleteInstance`, `vm_uninstall`. */
function parts(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .split(/[-_.]+/)
    .filter((p) => p !== "");
}

function compoundVerb(word: string): boolean {
  if (COMPOUND_DESTROY.test(word)) return true;
  const ps = parts(word);
  if (ps.length === 1) return GLUED.test(ps[0]!);
  return ps.some((p, i) => p === "drop" && DROPPED.test(ps[i + 1] ?? ps[i - 1] ?? ""));
}

/**
 * How many leading words may be the subcommand: a verb, or an object then its verb (`k3d cluster delete`), or an
 * option's value before them that cannot be told from an operand without knowledge (`helmfile -e prod destroy`).
 */
const LEADING = 3;

/** The destroying verb among an unknown program's leading words (`destroy`, `app:destroy`), or null. */
export function destroyingVerb(cmd: SimpleCommand): string | null {
  const flags = cmd.args.filter((a) => a.startsWith("-")).map((a) => a.split("=")[0]!);
  const words = cmd.args.filter((a) => !a.startsWith("-")).slice(0, LEADING);
  for (const word of words) {
    // A task runner's joined form names the verb last (`app:destroy`, `cluster:delete`).
    const last = word.split(":").pop()!;
    const verb = last.toLowerCase();
    if (VERBS.has(verb) || compoundVerb(last)) return word;
    if (WITH_FLAG.get(verb)?.some((f) => flags.includes(f)) === true) return word;
  }
  return null;
}
