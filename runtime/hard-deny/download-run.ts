/**
 * Download, then run: `curl -o /tmp/i.sh URL && bash /tmp/i.sh`, `wget URL; chmod +x x; ./x`. The file a
 * fetcher saves earlier in the command string is code nobody has seen when a later command runs it, exactly
 * like `curl URL | sh` (the pipe-to-shell check reports both).
 */
import { posix } from "node:path";
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import type { Operation } from "../operation/types.ts";
import type { SimpleCommand } from "../shell/types.ts";
import { programKnowledge } from "../operation/knowledge/index.ts";
import { commandsOf, longValues, operands, shown } from "./commands.ts";
import { baseDir } from "./targets.ts";

const FETCHERS: ReadonlySet<string> = new Set(["curl", "wget", "aria2c", "http", "https", "xh", "fetch", "ftp", "scp", "rsync"]);
const RUNNERS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "busybox", "source", ".", "python", "python3",
  "node", "perl", "ruby", "php", "pwsh", "powershell", "deno", "bun"]);
const URL_WORD = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The first later command that runs a file an earlier fetcher saved, as a reason; null when none. */
export function downloadThenRun(op: Operation, home: string): string | null {
  const saved = new Map<string, SimpleCommand>();
  /** By file name too: the analysis keeps a program's basename only (`/tmp/x` runs as `x`). */
  const names = new Map<string, SimpleCommand>();
  for (const cmd of commandsOf(op)) {
    const dir = baseDir(cmd, op, home);
    const at = (word: string): string | null => (dir === null && !word.startsWith("/") && !word.startsWith("~") ? null : lexicalJoin(dir ?? "/", expandTilde(word, home).text));
    const ran = runsFile(cmd);
    if (ran !== null) {
      const path = at(ran);
      const from = path === null ? undefined : saved.get(path);
      if (from !== undefined) return `${shown(cmd)} runs ${ran}, which ${shown(from)} downloaded in the same command`;
    }
    // A program rulegate does not know, named like a file downloaded before it (`curl -o x URL; ./x`).
    const byName = programKnowledge(cmd.program) === undefined ? names.get(cmd.program) : undefined;
    if (byName !== undefined) return `${shown(cmd)} runs ${cmd.program}, which ${shown(byName)} downloaded in the same command`;
    if (!FETCHERS.has(cmd.program)) continue;
    for (const word of savedFiles(cmd)) {
      const path = at(word);
      if (path !== null) saved.set(path, cmd);
      names.set(posix.basename(word), cmd);
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

/** Where a fetcher saves: its output option, redirects of its stdout, and remote names (`curl -O`, plain wget). */
function savedFiles(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  const value = (flags: readonly string[]): void => {
    cmd.args.forEach((a, i) => {
      if (flags.includes(a) && cmd.args[i + 1] !== undefined) out.push(cmd.args[i + 1]!);
    });
  };
  if (cmd.program === "wget") {
    value(["-O", "--output-document"]);
    out.push(...longValues(cmd, "--output-document"));
    const dir = longValues(cmd, "--directory-prefix")[0] ?? valueAfter(cmd, "-P") ?? ".";
    if (!cmd.args.some((a) => a === "-O" || a.startsWith("--output-document"))) for (const u of cmd.args.filter((a) => URL_WORD.test(a))) out.push(posix.join(dir, remoteName(u)));
  } else {
    value(["-o", "--output"]);
    out.push(...longValues(cmd, "--output"));
    if (cmd.args.some((a) => a === "-O" || a === "--remote-name" || /^-[a-zA-Z]*O[a-zA-Z]*$/.test(a))) {
      const dir = longValues(cmd, "--output-dir")[0] ?? valueAfter(cmd, "--output-dir") ?? ".";
      for (const u of cmd.args.filter((a) => URL_WORD.test(a))) out.push(posix.join(dir, remoteName(u)));
    }
    if (cmd.program === "scp" || cmd.program === "rsync") out.push(...operands(cmd, ["-i", "-P", "-o", "-e", "-F"]).slice(-1));
  }
  for (const r of cmd.redirects) if (r.target !== null && (r.mode === "write" || r.mode === "append")) out.push(r.target);
  return out;
}

function valueAfter(cmd: SimpleCommand, flag: string): string | undefined {
  const i = cmd.args.indexOf(flag);
  return i === -1 ? undefined : cmd.args[i + 1];
}

function remoteName(url: string): string {
  try {
    return new URL(url).pathname.split("/").at(-1) || "index.html";
  } catch {
    return "index.html";
  }
}
