/**
 * `perl -MExtUtils::Command -e rm_rf PATH…`: ExtUtils::Command's functions are the shell commands they are named
 * for and take their operands from @ARGV, the command line (docs/adr/0507). The code names no path, so it is
 * peeled and judged as that command (`rm -rf -- PATH…`); any other code stays the interpreter's.
 */
import { ownEntry } from "../../core/index.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

/** ExtUtils::Command's functions, as the command line each one is. */
const FUNCTIONS: Readonly<Record<string, readonly string[]>> = {
  rm_rf: ["rm", "-rf", "--"],
  rm_f: ["rm", "-f", "--"],
  mv: ["mv", "--"],
  cp: ["cp", "--"],
  chmod: ["chmod"],
  touch: ["touch", "--"],
  mkpath: ["mkdir", "-p", "--"],
  cat: ["cat", "--"],
  eqtime: ["touch", "-r"],
  dos2unix: ["dos2unix", "--"],
  test_f: ["test", "-f"],
  test_d: ["test", "-d"],
};

const MODULE = /^-M\s*ExtUtils::Command(?:=.*)?$/s;
const CODE = /^\s*(?:use\s+ExtUtils::Command\b[^;]*;\s*)?(\w+)\s*(?:\(\s*\))?\s*;?\s*$/;

const word = (value: string): Word => ({ value, raw: value, dynamic: false });

/** The command a `perl [-MExtUtils::Command] -e FUNCTION ARGS…` runs, peeled, or none. */
export function perlCommandModule(args: readonly Word[]): Peel {
  let loaded = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return { kind: "none" };
    if (w.value === "-M" && args[i + 1] !== undefined) {
      loaded ||= MODULE.test(`-M${args[++i]!.value}`);
      continue;
    }
    if (w.value.startsWith("-M")) {
      loaded ||= MODULE.test(w.value);
      continue;
    }
    if (w.value !== "-e" && w.value !== "-E") {
      if (/^-[a-zA-Z]+$/.test(w.value)) continue;
      return { kind: "none" };
    }
    const code = args[i + 1];
    const m = code === undefined || code.dynamic ? null : CODE.exec(code.value);
    const line = m === null ? undefined : ownEntry(FUNCTIONS, m[1]!);
    if (line === undefined || !(loaded || /\bExtUtils::Command\b/.test(code!.value))) return { kind: "none" };
    const rest = args.slice(i + 2);
    const operands = rest[0]?.value === "--" ? rest.slice(1) : rest;
    return {
      kind: "peel",
      label: "perl -MExtUtils::Command",
      words: [...line.map(word), ...operands],
      assignments: [],
      workdir: null,
      dynamicArgs: false,
    };
  }
  return { kind: "none" };
}
