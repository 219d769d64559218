/**
 * invoke's and fabric's tasks (docs/adr/0783): the literal command lines given to `run`, `sudo` or `local`, and the
 * module itself as python. Read whole: a `run` of a line built at run time (`c.run("r" + "m -rf ~")`, an
 * f-string, a variable), a change to `sys.path` (its imports may then come from anywhere), and a command left
 * running (`disown=True`, `asynchronous=True`) inside a loop are named as unread. invoke.yaml's `run.shell` picks
 * the program every line goes to: one that is not a shell is unread too.
 */
import { parse } from "yaml";
import type { Companion, TaskCode } from "./task-files.ts";

/** A call that hands its first argument to the shell: `c.run(`, `ctx.sudo(`, fabric's `local(`. */
const RUN = /(?<!\bsubprocess\.|\basyncio\.|\bos\.)\b(?:run|sudo|local)\(\s*/g;
/** A literal first argument, ending the call or followed by options. */
const LITERAL = /^[rRuU]?(['"])((?:(?!\1)[^\\\n]|\\.)*)\1\s*[,)]/;
const SHELLS = /^(?:\/(?:usr\/(?:local\/)?)?bin\/)?(?:bash|sh|zsh|dash|ksh)$/;

export function pythonTasks(text: string): TaskCode[] {
  const lines: string[] = [];
  const unread: string[] = [];
  for (const m of text.matchAll(RUN)) {
    const literal = LITERAL.exec(text.slice(m.index + m[0].length));
    if (literal === null) unread.push(`passes \`${m[0].trim()}\` a command line built at run time`);
    else lines.push(literal[2]!.replace(/\\(['"\\])/g, "$1"));
  }
  if (/\bsys\.path\b/.test(text)) unread.push("changes `sys.path`, so its imports may come from anywhere");
  if (/^\s*(?:while|for)\b/m.test(text) && /\b(?:disown|asynchronous)\s*=\s*True\b/.test(text))
    unread.push("starts commands left running (`disown`/`asynchronous`) in a loop");
  const code = lines.filter((l) => l.trim() !== "").join("\n");
  return [
    ...(code === "" ? [] : [{ language: "shell" as const, code }]),
    { language: "python", code: text },
    ...unread.map((u) => ({ language: "unread" as const, code: u })),
  ];
}

/** invoke.yaml/.yml/.json beside the tasks: its `run.shell` is the program each command line goes to. */
export const INVOKE_CONFIG: Companion = {
  matches: (path) => /^invoke\.(?:ya?ml|json)$/.test(path),
  read: (text) => {
    let doc: unknown;
    try {
      doc = parse(text);
    } catch {
      return [{ language: "unread", code: "is a configuration that is not read here" }];
    }
    const run = doc !== null && typeof doc === "object" ? (doc as { run?: unknown }).run : undefined;
    const shell = run !== null && typeof run === "object" ? (run as { shell?: unknown }).shell : undefined;
    return shell === undefined || (typeof shell === "string" && SHELLS.test(shell))
      ? []
      : [{ language: "unread", code: `gives every command line to \`${String(shell)}\` (\`run.shell\`)` }];
  },
};
