/**
 * How a program or flag is spelled, brought to one form for every command (not runtime/normalize/, which
 * normalizes whole tool calls). Program-specific aliasing (`rm -R` = `-r` = `--recursive`) is NOT done here:
 * classification does it from data (ADR 0032).
 */
import type { Word } from "./words.ts";

/**
 * `/bin/rm` → `rm`; quotes and escapes are already gone from the word's value. A Windows executable reached
 * through WSL's interop is the program it names (`wsl.exe`, `cmd.exe`, `powershell.exe`, `shutdown.exe`: ADR 0518).
 */
export function normalizeProgram(value: string): string {
  const base = !value.includes("/") || value.endsWith("/") ? value : value.slice(value.lastIndexOf("/") + 1);
  return /^[^.].*\.exe$/i.test(base) ? base.slice(0, -4) : base;
}

/** Programs whose single-dash options are whole words (`find -delete`, `java -jar`), never letter clusters. */
const WORD_OPTIONS: ReadonlySet<string> = new Set([
  "find",
  "java",
  "javac",
  "gcc",
  "g++",
  "clang",
  "cc",
  "go",
  "xmllint",
  "ffmpeg",
  "ffprobe",
]);

const FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/**
 * `-rf` → `-r`,`-f`; `--force=yes` → `--force`; `-n10` → `-n` (letters up to the first non-letter, whose
 * rest is a glued value); `-10` stays whole. Stops at `--`. Dynamic words are not flags. Deduplicated.
 */
export function normalizeFlags(program: string, args: readonly Word[]): string[] {
  const flags: string[] = [];
  const add = (f: string): void => {
    if (!flags.includes(f)) flags.push(f);
  };
  let inExec = false; // `find -exec rm -f {} ;`: the exec'd command's flags are its own
  for (const a of args) {
    const v = a.value;
    if (inExec) {
      inExec = v !== ";" && v !== "+";
      continue;
    }
    if (a.dynamic) continue;
    if (v === "--") break;
    if (v.length < 2 || !v.startsWith("-")) continue;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      add(eq < 0 ? v : v.slice(0, eq));
    } else if (WORD_OPTIONS.has(program) || /^-\d/.test(v)) {
      add(v.split("=")[0]!);
      inExec = program === "find" && FIND_EXEC.has(v);
    } else {
      for (const ch of v.slice(1)) {
        if (!/[A-Za-z]/.test(ch)) break; // the rest is a value glued to the previous letter
        add("-" + ch);
      }
    }
  }
  return flags;
}

/** Global options git accepts before its subcommand; removed so `git -c x=y push --force` reads `git push --force`. */
const GIT_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--super-prefix",
  "--list-cmds",
  "--attr-source",
]);
const GIT_FLAG_OPTIONS: ReadonlySet<string> = new Set([
  "-p",
  "--paginate",
  "-P",
  "--no-pager",
  "--bare",
  "--no-replace-objects",
  "--literal-pathspecs",
  "--glob-pathspecs",
  "--noglob-pathspecs",
  "--icase-pathspecs",
  "--no-optional-locks",
  "--no-lazy-fetch",
  "--no-advice",
]);

export interface GitNormalized {
  readonly args: readonly Word[];
  readonly workdir: Word | null;
  readonly dropped: readonly string[];
  /** `-c key=value` settings, the value as a word (some keys name a command git runs). */
  readonly config: readonly { readonly key: string; readonly value: Word }[];
}

export function normalizeGit(args: readonly Word[]): GitNormalized {
  let workdir: Word | null = null;
  const dropped: string[] = [];
  const config: { key: string; value: Word }[] = [];
  let i = 0;
  while (i < args.length) {
    const w = args[i]!;
    if (w.dynamic) break;
    const eq = w.value.indexOf("=");
    const name = w.value.startsWith("--") && eq > 0 ? w.value.slice(0, eq) : w.value;
    if (GIT_FLAG_OPTIONS.has(name)) {
      dropped.push(w.value);
      i++;
    } else if (GIT_VALUE_OPTIONS.has(name)) {
      const value = name !== w.value ? { ...w, value: w.value.slice(eq + 1) } : args[i + 1];
      if (value === undefined) break;
      if (name === "-C") workdir = workdir === null ? value : { ...value, value: joinDir(workdir.value, value.value) };
      else dropped.push(name === w.value ? `${name} ${value.value}` : w.value);
      const kv = name === "-c" ? /^([^=]+)=(.*)$/s.exec(value.value) : null;
      if (kv !== null) config.push({ key: kv[1]!.toLowerCase(), value: { ...value, value: kv[2]! } });
      i += name === w.value ? 2 : 1;
    } else break;
  }
  return { args: args.slice(i), workdir, dropped, config };
}

/** `git -C a -C b` runs in a/b; an absolute second path wins. */
function joinDir(a: string, b: string): string {
  return b.startsWith("/") || b.startsWith("~") ? b : `${a.replace(/\/$/, "")}/${b}`;
}
