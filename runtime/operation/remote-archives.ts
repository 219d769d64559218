/**
 * tar's archive on another machine (docs/adr/0787): an archive name `[USER@]HOST:PATH` makes GNU tar open it
 * through rsh or ssh (`--rsh-command`), unless `--force-local` says the colon is part of a local name. Creating
 * such an archive sends everything archived to HOST; which members exactly is left to the checks on reads, so the
 * upload is reported as the working directory's content (the members are read below it or named elsewhere).
 */
import type { SimpleCommand } from "../shell/index.ts";
import type { BackupUpload } from "./backup-targets.ts";

/** tar's letters that take a value, in the order an old-style cluster consumes the words after it. */
const VALUE_LETTERS = "fCTXbHgKLNVI";
/** `[user@]host:path`: a colon before any slash, after a host name. */
const REMOTE_NAME = /^(?:[^@/:\s]+@)?([A-Za-z0-9][A-Za-z0-9.-]*):/;

export function tarRemoteArchive(cmd: SimpleCommand): BackupUpload | null {
  if (cmd.program !== "tar") return null;
  const args = cmd.args;
  if (args.includes("--force-local")) return null;
  const archive = archiveName(args);
  if (archive === null || !creates(args)) return null;
  const m = REMOTE_NAME.exec(archive);
  return m === null ? null : { sources: ["."], remote: m[1]! };
}

function archiveName(args: readonly string[]): string | null {
  const first = args[0] ?? "";
  if (/^[A-Za-z]+$/.test(first) && first.includes("f")) {
    const at = [...first].filter((c) => VALUE_LETTERS.includes(c)).indexOf("f");
    return args[1 + at] ?? null;
  }
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--file") return args[i + 1] ?? null;
    if (a.startsWith("--file=")) return a.slice("--file=".length);
    const m = /^-[A-Za-z]*?f(.*)$/.exec(a);
    if (m !== null && !a.startsWith("--")) return m[1] !== "" ? m[1]! : (args[i + 1] ?? null);
  }
  return null;
}

/** Creating or adding to the archive (`c`, `r`, `u`, `--create`, `--append`, `--update`): what it sends out. */
function creates(args: readonly string[]): boolean {
  const first = args[0] ?? "";
  if (/^[A-Za-z]+$/.test(first) && /[cru]/.test(first)) return true;
  return args.some((a) => /^--(?:create|append|update)$/.test(a) || /^-[A-Za-z]*[cru]/.test(a));
}
