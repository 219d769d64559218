/**
 * What a command does to the shell state we track: variables it may set (`read`, `printf -v`), the
 * directory (`cd`, `pushd`, `popd`), and `eval`/`source`, after which nothing is known.
 */
import type { Scope } from "./scope.ts";
import type { Word } from "./words.ts";

/** The top of the cwd's repository as a whole word: `"$(git rev-parse --show-toplevel)"`, unquoted or in backticks. */
const REPOSITORY_TOP =
  /^(?:"(?:\$\(git rev-parse --show-toplevel\)|`git rev-parse --show-toplevel`)"|\$\(git rev-parse --show-toplevel\)|`git rev-parse --show-toplevel`)$/;

/**
 * `afterAnds`: the command runs only after the `&&`s before it in its list (`mkdir b && cd b && cmake ..`): a `cd` there
 * is where the rest of the chain runs, and the chain may have stopped before it, in the directory it started in.
 */
export function applyEffects(scope: Scope, words: readonly Word[], conditional: boolean, afterAnds = false): void {
  const program = words[0]?.value ?? "";
  const operands = words.slice(1).filter((w) => !w.value.startsWith("-") && /^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value));
  if (program === "eval" || program === "source" || program === ".") {
    scope.poison();
    // A virtualenv's activation script sets variables and never changes directory (docs/adr/0443).
    if (!venvActivation(program, words)) scope.changeDir(null, true);
  } else if (program === "cd" || program === "pushd") {
    // `cd -- dir`: the word after `--` is the directory, whatever it looks like.
    const args = words.slice(1);
    const end = args.findIndex((w) => w.value === "--");
    const target = end >= 0 ? args[end + 1] : args.find((w) => !/^-[LPe@]+$/.test(w.value));
    if (program === "cd" && target !== undefined && REPOSITORY_TOP.test(target.raw)) {
      scope.changeToRepositoryTop(!conditional);
      return;
    }
    // `cd "$d"` after `d=$(mktemp -d)` stays where it is if mktemp failed: unknown too (docs/adr/0794).
    const dir =
      target === undefined
        ? program === "cd"
          ? "~"
          : null
        : target.value === "-" || target.dynamic || target.fresh === true
          ? null
          : target.value;
    // A missing directory leaves the shell where it was (docs/adr/0833); into home, `/`, `..` or one made here it enters.
    const certain = !conditional || afterAnds;
    scope.changeDir(dir, certain, dir !== null && (afterAnds || !scope.surelyEnters(dir)));
  } else if (program === "popd") scope.changeDir(null, true);
  else if (program === "mkdir") {
    // `-m MODE` takes the next word: not a directory.
    const dirs = words.slice(1).filter((_w, i, a) => !/^(?:-m|--mode)$/.test(a[i - 1]?.value ?? ""));
    for (const w of dirs) if (!w.dynamic && !w.value.startsWith("-")) scope.madeDir(w.value, !conditional);
  } else if (program === "set" || program === "shopt") {
    // Turning errexit on counts only when it surely ran; turning it off, whenever it may have (docs/adr/0851).
    const errexit = program === "set" ? errexitSetting(words.slice(1)) : shoptErrexit(words.slice(1));
    if (errexit === false || (errexit === true && !conditional)) scope.setErrexit(errexit);
  } else if (["read", "mapfile", "readarray", "getopts"].includes(program)) {
    for (const w of operands) scope.assign(w.value, null, false);
  } else if (program === "let") {
    // `let x=1`, `let x++`, `let 'x += 2'`: each expression may assign the name it starts with; one built at run
    // time may assign any.
    for (const w of words.slice(1)) {
      const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(w.value)?.[1];
      if (w.dynamic) scope.poison();
      else if (name !== undefined) scope.assign(name, null, false);
    }
  } else if (program === "coproc" || (program === "wait" && words.some((w) => w.value === "-p"))) {
    // `coproc NAME { …; }` makes NAME the coprocess's descriptors; `wait -p NAME` the id of the job that ended.
    for (const w of operands) scope.assign(w.value, null, false);
  } else if (program === "printf") {
    const v = words.findIndex((w) => w.value === "-v");
    const name = v > 0 ? words[v + 1] : undefined;
    if (name !== undefined) scope.assign(name.value, null, false);
  }
}

/** `set -e`, `set -euo pipefail`, `set -o errexit`: true; `set +e`, `set +o errexit`: false; else null. */
function errexitSetting(args: readonly Word[]): boolean | null {
  let setting: boolean | null = null;
  args.forEach((a, i) => {
    const sign = a.value[0];
    if (sign !== "-" && sign !== "+") return;
    const on = sign === "-";
    if (/^[-+][a-zA-Z]*e[a-zA-Z]*$/.test(a.value)) setting = on;
    else if (/^[-+]o$/.test(a.value) && args[i + 1]?.value === "errexit") setting = on;
  });
  return setting;
}

/** `shopt -s -o errexit`: true; `shopt -u -o errexit`, `shopt -uo errexit`: false; else null (options only with -o). */
function shoptErrexit(args: readonly Word[]): boolean | null {
  const flags = args.filter((a) => a.value.startsWith("-")).map((a) => a.value.slice(1));
  const names = args.filter((a) => !a.value.startsWith("-")).map((a) => a.value);
  if (!flags.some((f) => f.includes("o")) || !names.includes("errexit")) return null;
  if (flags.some((f) => f.includes("u"))) return false;
  return flags.some((f) => f.includes("s")) ? true : null;
}

/** `bin/activate` of a virtualenv inside the project, named literally: `source .venv/bin/activate`. */
const ACTIVATE = /^(?:\.\/)?(?:[\w.-]+\/)*bin\/activate(?:\.(?:fish|csh))?$/;

function venvActivation(program: string, words: readonly Word[]): boolean {
  if (program === "eval") return false;
  const script = words[1];
  return (
    script !== undefined &&
    words.length === 2 &&
    !script.dynamic &&
    ACTIVATE.test(script.value) &&
    !script.value.split("/").includes("..")
  );
}
