import { ownEntry } from "../../core/index.ts";
import { getSystemErrorMap } from "node:util";

/**
 * A failed file-system call in words, for a person: "cannot open /tmp/x/log.jsonl: no such file or directory",
 * never `ENOENT: …, open '…'`. The words are the operating system's own (libuv's table, through Node), so no
 * list of codes is kept here.
 */
export interface SystemError extends Error {
  readonly code: string;
  readonly errno: number;
  readonly syscall?: string;
  readonly path?: string;
}

export function isSystemError(err: unknown): err is SystemError {
  return (
    err instanceof Error &&
    typeof (err as { errno?: unknown }).errno === "number" &&
    typeof (err as { code?: unknown }).code === "string"
  );
}

/** The operating system's description of the error ("no such file or directory"). */
export function systemErrorWords(err: SystemError): string {
  return getSystemErrorMap().get(err.errno)?.[1] ?? err.code.toLowerCase();
}

const VERB: Readonly<Record<string, string>> = {
  open: "cannot open",
  read: "cannot read",
  write: "cannot write",
  mkdir: "cannot create the directory",
  scandir: "cannot list",
  stat: "cannot find",
  lstat: "cannot find",
  rename: "cannot rename",
  unlink: "cannot remove",
  rmdir: "cannot remove",
  realpath: "cannot find",
};

/** "cannot open PATH: no such file or directory"; `path` names the file when the error does not (a read has none). */
export function describeSystemError(err: SystemError, path?: string): string {
  const where = err.path ?? path;
  const verb = err.syscall === undefined ? "cannot use" : (ownEntry(VERB, err.syscall) ?? `cannot ${err.syscall}`);
  return `${verb}${where === undefined ? "" : ` ${where}`}: ${systemErrorWords(err)}`;
}
