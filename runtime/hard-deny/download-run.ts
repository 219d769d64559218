/**
 * Download, then run: `curl -o /tmp/i.sh URL && bash /tmp/i.sh`, `wget URL; chmod +x x; ./x`. The file a
 * network command saves earlier in the command string is code nobody has seen when a later command runs it,
 * exactly like `curl URL | sh` (the pipe-to-shell check reports both). What a command saves is read off the
 * program knowledge (output options, remote names, redirects), the same as every other write.
 */
import { posix } from "node:path";
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import { classifyCommand, programKnowledge, type Operation } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, operands, shown } from "./commands.ts";
import { baseDir } from "./targets.ts";

const RUNNERS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "busybox",
  "source",
  ".",
  "python",
  "python3",
  "node",
  "perl",
  "ruby",
  "php",
  "pwsh",
  "powershell",
  "deno",
  "bun",
]);

/** The first later command that runs a file an earlier network command saved, as a reason; null when none. */
export function downloadThenRun(op: Operation, home: string): string | null {
  const commands = commandsOf(op);
  // Nothing to do unless the string both fetches and has a command after that (most strings do neither).
  if (commands.length < 2 || !(op.types.includes("read_external") || op.categories.includes("network"))) return null;
  const saved = new Map<string, SimpleCommand>();
  /** By file name too: the analysis keeps a program's basename only (`/tmp/x` runs as `x`). */
  const names = new Map<string, SimpleCommand>();
  for (const cmd of commands) {
    const dir = baseDir(cmd, op, home);
    const at = (word: string): string | null =>
      dir === null && !word.startsWith("/") && !word.startsWith("~")
        ? null
        : lexicalJoin(dir ?? "/", expandTilde(word, home).text);
    const ran = runsFile(cmd);
    const from = ran === null ? undefined : saved.get(at(ran) ?? "");
    if (ran !== null && from !== undefined)
      return `${shown(cmd)} runs ${ran}, which ${shown(from)} downloaded in the same command`;
    // A program rulegate does not know, named like a file downloaded before it (`curl -o x URL; ./x`).
    const byName = programKnowledge(cmd.program) === undefined ? names.get(cmd.program) : undefined;
    if (byName !== undefined)
      return `${shown(cmd)} runs ${cmd.program}, which ${shown(byName)} downloaded in the same command`;
    const effect = classifyCommand(cmd, []);
    if (!effect.types.includes("read_external") && !effect.categories.includes("network")) continue;
    for (const a of effect.accesses) {
      if (a.mode !== "write" || a.dynamic) continue;
      const path = at(a.word);
      if (path !== null) saved.set(path, cmd);
      names.set(posix.basename(a.word), cmd);
    }
  }
  return null;
}

/** The file a command runs: the program itself when it is a path, or a runner's script operand. */
function runsFile(cmd: SimpleCommand): string | null {
  if (cmd.program.includes("/")) return cmd.program;
  if (!RUNNERS.has(cmd.program)) return null;
  const script = operands(cmd, ["-c", "-e", "-m", "-O", "-o", "--rcfile", "--init-file"])[0];
  return script === undefined || cmd.args.includes("-c") ? null : script;
}
