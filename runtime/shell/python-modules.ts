import { ownEntry } from "../../core/index.ts";
/**
 * `python -m MODULE ARGS…` where MODULE is a command-line tool's own package (`python3 -m pip install x`,
 * `python -m pipx run …`, `py -m poetry add x`): the same program as its console script, so it is peeled and
 * judged as that program (docs/adr/0370). Other modules (`-m http.server`, `-m pytest`, `-m venv`) stay the
 * interpreter's, judged by its own knowledge.
 */
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

/**
 * Modules that are a package manager's, publisher's or keyring's command line, or a shell's, by the program name they
 * stand for.
 */
const MODULE_PROGRAMS: Readonly<Record<string, string>> = {
  pip: "pip",
  pip3: "pip",
  pipx: "pipx",
  uv: "uv",
  poetry: "poetry",
  pdm: "pdm",
  pipenv: "pipenv",
  conda: "conda",
  twine: "twine",
  // A history rewriter installed as a module (docs/adr/0483).
  git_filter_repo: "git-filter-repo",
  // A keyring's command line reads the user's keyring as `keyring get` does (docs/adr/0490).
  keyring: "keyring",
  // IPython's shell runs its `-c` code and `!` lines as `ipython -c` does (round 14, docs/adr/0870).
  IPython: "ipython",
};

/** Interpreter options that take the next word as their value. */
const VALUED = new Set(["-W", "-X", "--check-hash-based-pycs"]);

/** The program a `python [opts] -m MODULE` runs, peeled, or none. */
export function pythonModule(args: readonly Word[]): Peel {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return { kind: "none" };
    const v = w.value;
    if (VALUED.has(v)) {
      i++;
      continue;
    }
    // `-m pip`, `-mpip`, a bundle ending in m (`-Im pip`, `-Bm pip`); `-c` or a script operand ends the options.
    const m = /^-([bBdEhiIOPqRsSuvx]*)m(.*)$/.exec(v);
    if (m !== null) {
      const glued = m[2] !== "";
      const module = glued ? { ...w, value: m[2]! } : args[i + 1];
      if (module === undefined || module.dynamic || !Object.hasOwn(MODULE_PROGRAMS, module.value))
        return { kind: "none" };
      const program: Word = { value: ownEntry(MODULE_PROGRAMS, module.value)!, raw: module.raw, dynamic: false };
      const rest = args.slice(glued ? i + 1 : i + 2);
      return {
        kind: "peel",
        label: "python -m",
        words: [program, ...rest],
        assignments: [],
        workdir: null,
        dynamicArgs: false,
      };
    }
    if (!/^-[bBdEhiIOPqRsSuvx]+$/.test(v)) return { kind: "none" };
  }
  return { kind: "none" };
}
