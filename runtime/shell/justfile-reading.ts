/**
 * A justfile read whole (docs/adr/0781). Its recipe lines are bash; the rest is just's own language, and parts of
 * it run or load things too: backticks and `shell(…)` in any expression run a command line when the file is
 * evaluated, `set shell` picks the program every recipe line goes to, `import` and `mod` bring in other files,
 * `set dotenv-path` loads an environment. What is understood is judged as what it does (a backtick is its command
 * line); a line or setting this reader does not understand is named in `unread`, never passed over.
 */
import type { TaskReading } from "./task-files.ts";

/** Shells a recipe line may be given to: they run it as the bash it is read as here. */
const SHELLS: ReadonlySet<string> = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "fish", "pwsh", "powershell"]);
/** A shell named as a system program: a bare name looked up on PATH, or one in a system bin directory. */
const SYSTEM_SHELL = /^(?:\/(?:usr\/(?:local\/)?)?bin\/)?([\w.+-]+)$/;
/** Settings whose value is a yes/no or a word that changes only how just prints or parses. */
const FLAG = /^set\s+[\w-]+(?:\s*:=\s*(?:true|false))?$/;
/** Attributes that change when or how quietly a recipe runs, not what it runs. */
const ATTRIBUTES: ReadonlySet<string> = new Set([
  "private",
  "no-cd",
  "no-exit-message",
  "exit-message",
  "no-quiet",
  "linux",
  "macos",
  "windows",
  "unix",
  "openbsd",
  "freebsd",
  "netbsd",
  "dragonfly",
  "android",
  "confirm",
  "doc",
  "group",
  "positional-arguments",
  "parallel",
  "default",
  "metadata",
  "extension",
]);

/** A path the project holds: relative, never climbing out. */
const inProject = (path: string): boolean => !/^[/~]/.test(path) && !path.split("/").includes("..");

/** The command lines an expression runs (backticks, `shell('…')`), or the reason it cannot be read. */
function expressionCode(expr: string, out: string[], unread: string[]): void {
  for (const m of expr.matchAll(/```([\s\S]*?)```|`([^`]*)`/g)) out.push((m[1] ?? m[2])!);
  for (const m of expr.matchAll(/\bshell\(\s*(?:'([^'\\]*)'|"((?:[^"\\]|\\.)*)")?/g)) {
    const line = m[1] ?? m[2];
    if (line === undefined) unread.push("calls `shell(…)` with a command line built from other values");
    else out.push(line);
  }
}

/** The string a setting, import or module names, unquoted, or undefined. */
const quoted = (text: string): string | undefined => /^(?:'([^']*)'|"([^"]*)")/.exec(text.trim())?.slice(1).join("");

function setting(line: string, out: string[], unread: string[]): void {
  const m = /^set\s+([\w-]+)\s*:=\s*(.*)$/.exec(line);
  if (m === null) return void (FLAG.test(line) || unread.push(`has \`${line}\`, a setting not read here`));
  const [, name, value] = m as unknown as [string, string, string];
  if (name === "shell" || name === "windows-shell" || name === "script-interpreter") {
    const program = /^\[\s*(?:'([^']*)'|"([^"]*)")/.exec(value);
    const shell = SYSTEM_SHELL.exec(program?.slice(1).join("") ?? "")?.[1];
    if (shell === undefined || !SHELLS.has(shell))
      unread.push(`gives its recipes to \`${value}\` (\`set ${name}\`), a program not read here`);
    return;
  }
  if (/^(?:true|false)$/.test(value)) return;
  const path = quoted(value);
  if (path !== undefined && /^(?:dotenv-path|dotenv-filename|working-directory|tempdir)$/.test(name) && inProject(path))
    return;
  expressionCode(value, out, unread);
  unread.push(`has \`set ${name} := ${value}\`, a setting that reaches outside the project or is not read here`);
}

/** One line of a justfile that is not a recipe line. */
function topLevel(line: string, out: string[], unread: string[]): void {
  if (line.startsWith("set ")) return setting(line, out, unread);
  const load = /^(import|mod)\??\s+(?:[\w-]+\s*)?(.*)$/.exec(line);
  if (load !== null) {
    const path = quoted(load[2]!);
    if (load[2]!.trim() === "" || (path !== undefined && inProject(path))) return;
    return void unread.push(`has \`${line}\`, which loads a file from outside the project`);
  }
  const attributes = /^\[(.*)\]$/.exec(line);
  if (attributes !== null) {
    for (const a of attributes[1]!.split(/,(?![^(]*\))/)) {
      const [name, arg] = [/^\s*([\w-]+)/.exec(a)?.[1] ?? "", /\((.*)\)|:(.*)/.exec(a)?.slice(1).join("") ?? ""];
      if (ATTRIBUTES.has(name)) continue;
      if (name === "working-directory" && inProject(quoted(arg) ?? "/")) continue;
      unread.push(`has the attribute \`[${a.trim()}]\`, which changes what a recipe runs`);
    }
    return;
  }
  // An alias, an assignment (exported or not) or a recipe header: its expressions may run command lines.
  if (/^(?:alias\s+[\w-]+\s*:=\s*[\w:-]+|unexport\s+\w+)$/.test(line)) return;
  if (/^(?:export\s+)?[\w-]+\s*:=/.test(line) || /^@?[\w-]+(?:\s+[^:]*)?:(?!=)/.test(line))
    return expressionCode(line, out, unread);
  unread.push(`has \`${line}\`, which is not read here`);
}

/** The justfile's recipe lines and the command lines its expressions run, with what could not be read. */
export function justfileCode(text: string): TaskReading {
  const out: string[] = [];
  const unread: string[] = [];
  let bodyStart = false;
  for (const line of text.replace(/\\\n\s*/g, " ").split("\n")) {
    const t = line.trim();
    if (/^[ \t]+\S/.test(line)) {
      if (
        bodyStart &&
        t.startsWith("#!") &&
        !SHELLS.has(/([\w.+-]+)(?:\s|$)/.exec(t.slice(2).replace(/^.*env\s+/, ""))?.[1] ?? "")
      )
        unread.push(`has a recipe run by \`${t}\`, code in another language`);
      bodyStart = false;
      for (const m of t.matchAll(/\{\{(.*?)\}\}/g)) expressionCode(m[1]!, out, unread);
      out.push(t.replace(/^[@-]+/, ""));
      continue;
    }
    bodyStart = t !== "" && !t.startsWith("#") && !t.startsWith("[");
    if (t === "" || t.startsWith("#")) continue;
    topLevel(t, out, unread);
  }
  return { code: out, unread };
}
