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
]);

/** Verbs that take away everything only with a flag: `conda remove -n base --all`, `tool reset --hard`. */
const WITH_FLAG: ReadonlyMap<string, readonly string[]> = new Map([
  ["remove", ["--all"]],
  ["rm", ["--all"]],
  ["reset", ["--hard"]],
]);

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
    const verb = word.toLowerCase().split(":").pop()!;
    if (VERBS.has(verb)) return word;
    if (WITH_FLAG.get(verb)?.some((f) => flags.includes(f)) === true) return word;
  }
  return null;
}
