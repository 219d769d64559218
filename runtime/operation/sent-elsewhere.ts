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

/** git push options that take the next word. */
const PUSH_VALUES = new Set(["-o", "--push-option", "--repo", "--receive-pack", "--exec", "--signed"]);

/**
 * `git push` to a remote known only at run time (`git push "$(echo aHR0…| base64 -d)" main`, `git push $R`,
 * `--repo=$(…)`, docs/adr/0402): nobody can tell it from a URL of anyone's. The word as written, or null.
 */
export function pushToComputed(cmd: SimpleCommand): string | null {
  if (cmd.program !== "git" || !cmd.dynamicArgs) return null;
  const at = cmd.args.indexOf("push");
  if (at < 0 || cmd.args.slice(0, at).some((a) => !a.startsWith("-"))) return null;
  const rest = cmd.args.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith("--repo=")) return /[$`]/.test(a) ? a : null;
    if (a === "--repo") return /[$`]/.test(rest[i + 1] ?? "") ? rest[i + 1]! : null;
    if (a === "--") continue;
    if (a.startsWith("-")) {
      if (PUSH_VALUES.has(a)) i++;
      continue;
    }
    return /[$`]/.test(a) ? a : null;
  }
  return null;
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

/**
 * A command that points an existing remote somewhere else (docs/adr/0306): `git remote set-url [--push|--add] NAME
 * URL`, or a `git config` write of `remote.NAME.url|pushurl` or `url.BASE.insteadOf|pushInsteadOf`. Every later
 * push or fetch of that remote, in this call or another, goes where the command says. The key, or null.
 */
export function repointsRemote(cmd: SimpleCommand): string | null {
  if (cmd.program !== "git") return null;
  const words = cmd.args.filter((a) => !a.startsWith("-"));
  if (words[0] === "remote" && words[1] === "set-url" && words.length >= 4) return `remote ${words[2]}`;
  if (words[0] !== "config") return null;
  if (cmd.args.some((a) => /^--(?:get|unset|list|remove-section|rename-section|show|edit)|^-l$|^-e$/.test(a)))
    return null;
  const rest = words.slice(1).filter((w) => w !== "set");
  const key = rest[0] ?? "";
  const remote = /^remote\.[^\s]+\.(?:url|pushurl)$/i.test(key) || /^url\..+\.(?:insteadof|pushinsteadof)$/i.test(key);
  return remote && rest.length >= 2 ? key : null;
}

/** Whether `path` is the project (the call's directory) or a directory that holds it. */
export function holdsProject(path: string, cwd: string): boolean {
  const dir = path.endsWith("/") ? path : `${path}/`;
  return `${cwd.replace(/\/$/, "")}/`.startsWith(dir);
}

/** The project itself sent (`rsync -az . host:`, `scp -r ~/project host:`, `aws s3 cp . s3://x --recursive`): its path, or null. */
export function sentProject(accesses: readonly PathAccess[], cwd: string): string | null {
  const hit = accesses.find(
    (a) => a.sent === true && a.mode === "read" && a.dynamic !== true && holdsProject(a.path, cwd),
  );
  return hit === undefined ? null : hit.path;
}

/** Programs whose output is a database's or a repository's whole content. */
const DUMPERS: ReadonlySet<string> = new Set([
  "pg_dump",
  "pg_dumpall",
  "mysqldump",
  "mariadb-dump",
  "mongodump",
  "mongoexport",
  "redis-dump",
  "sqlite3",
]);

/**
 * What a command packs the project or a database into (`tar czf /tmp/p.tgz .`, `zip -r /tmp/p.zip .`, `git bundle
 * create /tmp/r.bundle --all`, `pg_dump prod > /tmp/d.sql`): the paths it writes, to be recognised when a later
 * command in the string sends them (docs/adr/0306).
 */
export function packedFiles(cmd: SimpleCommand, accesses: readonly PathAccess[], cwd: string): string[] {
  const whole = packsWhole(cmd, accesses, cwd);
  // Every other file it names may be the pack: old-style `tar czf /tmp/p.tgz .` is read by its knowledge as naming
  // `/tmp/p.tgz`, not writing it.
  return whole
    ? accesses.filter((a) => a.dynamic !== true && !(a.mode === "read" && holdsProject(a.path, cwd))).map((a) => a.path)
    : [];
}

/**
 * The file words git packs a repository into that its knowledge does not name as writes: `git bundle create FILE`,
 * `git archive -o FILE` / `--output=FILE`.
 */
export function gitPackWords(cmd: SimpleCommand): string[] {
  if (cmd.program !== "git") return [];
  const a = cmd.args;
  if (a[0] === "bundle" && a[1] === "create") {
    const file = a.slice(2).find((w) => !w.startsWith("-"));
    return file === undefined || file === "-" ? [] : [file];
  }
  if (a[0] !== "archive") return [];
  const out: string[] = [];
  a.forEach((w, i) => {
    if ((w === "-o" || w === "--output") && a[i + 1] !== undefined) out.push(a[i + 1]!);
    else if (w.startsWith("--output=")) out.push(w.slice("--output=".length));
    else if (/^-o./.test(w)) out.push(w.slice(2));
  });
  return out;
}

/** Whether a command's output is the whole project, a repository's history or a database. */
export function packsWhole(cmd: SimpleCommand, accesses: readonly PathAccess[], cwd: string): boolean {
  return (
    DUMPERS.has(cmd.program) ||
    (cmd.program === "git" && (cmd.args[0] === "bundle" || cmd.args[0] === "archive")) ||
    accesses.some(
      (a) =>
        a.mode === "read" &&
        ((a.recursive === true && holdsProject(a.path, cwd)) || (a.dynamic !== true && DATABASE_FILE.test(a.path))),
    )
  );
}

/** A file packed earlier in the string from the project or a database, sent now: its path, or null. */
export function sentPacked(accesses: readonly PathAccess[], packed: ReadonlySet<string>): string | null {
  return accesses.find((a) => a.sent === true && a.mode === "read" && packed.has(a.path))?.path ?? null;
}

/** A database file or dump: an application's data, whoever's it is (`db.sqlite3`, `dump.sql`, `prod.db.gz`). */
const DATABASE_FILE =
  /\.(?:sql|sqlite|sqlite3|db|db3|dump|pgdump|bak|mdb|accdb|frm|ibd|bson|rdb|aof)(?:\.(?:gz|bz2|xz|zst|zip|tgz))?$/i;

/** A database file or dump sent out (`curl -T ./db.sqlite URL`, `scp dump.sql host:`): its path, or null. */
export function sentDatabase(accesses: readonly PathAccess[]): string | null {
  return accesses.find((a) => a.sent === true && a.mode === "read" && DATABASE_FILE.test(a.path))?.path ?? null;
}
