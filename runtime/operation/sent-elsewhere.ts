/**
 * Sending to a place the project never named (docs/adr/0158). Two ways a command string sends data out that
 * program knowledge alone reads as ordinary work:
 * - a push to a remote added or re-pointed earlier in the same string (`git remote add x URL && git push x`):
 *   the repository goes where no configured remote points, like `git push URL`;
 * - a file from outside the project sent by a network client (`wget --post-file=/etc/passwd`, `curl -T
 *   ~/notes.txt`, `scp ~/x host:`): an upload of something the task does not own. The temp directories are
 *   scratch space the project's own builds use; an expansion is judged by the credential paths.
 */
import type { SimpleCommand } from "../shell/index.ts";
import type { PathAccess } from "./types.ts";

const TEMP_ROOTS = ["/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"];

/** The remote name `git remote add NAME URL` or `git remote set-url [--push] NAME URL` points somewhere new, or null. */
export function freshRemote(cmd: SimpleCommand): string | null {
  if (cmd.program !== "git" || cmd.args[0] !== "remote") return null;
  const words = cmd.args.slice(1).filter((a) => !a.startsWith("-"));
  return (words[0] === "add" || words[0] === "set-url") && words.length >= 3 ? words[1]! : null;
}

/** `git push` to one of the remotes made fresh earlier in the string: its name, or null. */
export function pushToFresh(cmd: SimpleCommand, fresh: ReadonlySet<string>): string | null {
  if (fresh.size === 0 || cmd.program !== "git" || cmd.args[0] !== "push") return null;
  return cmd.args.slice(1).find((a) => fresh.has(a)) ?? null;
}

/** The first file sent out that lies outside the project and the temp directories, or null. */
export function sentFromOutside(accesses: readonly PathAccess[], cwd: string): PathAccess | null {
  const project = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return (
    accesses.find(
      (a) =>
        a.sent === true &&
        a.mode === "read" &&
        a.dynamic !== true &&
        a.marks === undefined &&
        !`${a.path}/`.startsWith(project) &&
        !TEMP_ROOTS.some((t) => `${a.path}/`.startsWith(t)) &&
        !a.path.startsWith("/dev/"),
    ) ?? null
  );
}
