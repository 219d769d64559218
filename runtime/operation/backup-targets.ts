/**
 * Backups into a repository on another machine (docs/adr/0402): `restic -r sftp:host:/r backup ~`, `borg create
 * ssh://host/r::a ~`, `duplicity ~ sftp://host/x`, `kopia snapshot create ~`, `tarsnap -c -f a ~`. What they back
 * up is sent there, like a remote copy's sources, so the checks on what is sent (the project, the home, a
 * credential) see it. A repository that is a local path keeps everything here.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { tarRemoteArchive } from "./remote-archives.ts";

export interface BackupUpload {
  /** The local paths backed up. */
  readonly sources: readonly string[];
  /** Where they go: a host, or a description of a repository named outside the command. */
  readonly remote: string;
}

/** restic/rustic repository schemes that are another machine or a cloud store (`local:` and plain paths are not). */
const RESTIC_REMOTE = /^(?:sftp|s3|b2|azure|gs|swift|rest|rclone|opendal):(?:\/\/)?(?:[^@/]*@)?([^:/]*)/i;
/** A borg repository on another machine: `ssh://[u@]host[:port]/path` or scp-style `[u@]host:path`. */
const BORG_REMOTE = /^(?:ssh:\/\/(?:[^@/]*@)?([^:/]+)|(?:[^@/:]+@)?([A-Za-z0-9.-]+):(?!:))/;
/** duplicity's backends: any URL but `file://`. */
const DUPLICITY_URL = /^(?!file:\/\/)[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^:/]*)/i;

const RESTIC_VALUES = new Set([
  "-r",
  "--repo",
  "--repository-file",
  "--password-file",
  "-p",
  "--password-command",
  "--tag",
  "--host",
  "--exclude",
  "-e",
  "--exclude-file",
  "--iexclude",
  "--files-from",
  "--files-from-raw",
  "--files-from-verbatim",
  "--parent",
  "--cache-dir",
  "-o",
  "--option",
  "--limit-upload",
  "--limit-download",
  "--pack-size",
  "--read-concurrency",
  "--compression",
  "--stdin-filename",
  "--time",
]);
const BORG_VALUES = new Set([
  "--exclude",
  "-e",
  "--exclude-from",
  "--pattern",
  "--patterns-from",
  "--compression",
  "-C",
  "--comment",
  "--timestamp",
  "--chunker-params",
  "--rsh",
  "--remote-path",
  "--lock-wait",
  "--upload-ratelimit",
  "--files-cache",
]);

function operands(args: readonly string[], values: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      out.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("-") && a !== "-") {
      if (values.has(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (names.includes(a)) return args[i + 1];
    const eq = a.indexOf("=");
    if (eq > 0 && names.includes(a.slice(0, eq))) return a.slice(eq + 1);
  }
  return undefined;
}

function assigned(cmd: SimpleCommand, name: string): string | undefined {
  return cmd.assignments.find((a) => a.name === name)?.value;
}

/** Where a repository named here lives: a host, the repository itself when it is no local path, or null (local). */
function resticRemote(repo: string | undefined): string | null {
  if (repo === undefined) return "a repository set outside this command";
  if (/[$`]/.test(repo)) return `${repo}, a repository known only at run time`;
  const m = RESTIC_REMOTE.exec(repo);
  return m === null ? null : m[1] || repo;
}

/** The backup a command makes into a repository on another machine, or null. */
export function backupUpload(cmd: SimpleCommand): BackupUpload | null {
  const p = cmd.program;
  if (p === "tar") return tarRemoteArchive(cmd);
  if (p === "restic" || p === "rustic") {
    const words = operands(cmd.args, RESTIC_VALUES);
    if (words[0] !== "backup") return null;
    const repo = optionValue(cmd.args, ["-r", "--repo"]) ?? assigned(cmd, "RESTIC_REPOSITORY");
    const remote =
      optionValue(cmd.args, ["--repository-file"]) === undefined ? resticRemote(repo) : "a repository file";
    return remote === null ? null : { sources: words.slice(1), remote };
  }
  if (p === "borg" || p === "borgbackup") {
    const words = operands(cmd.args, BORG_VALUES);
    if (words[0] !== "create") return null;
    const spec = words[1] ?? "";
    const repo = spec.startsWith("::") ? (assigned(cmd, "BORG_REPO") ?? null) : spec.replace(/::.*$/, "");
    if (repo === null) return { sources: words.slice(2), remote: "a repository set outside this command" };
    const m = BORG_REMOTE.exec(repo);
    if (m === null && !/[$`]/.test(repo)) return null;
    return { sources: words.slice(2), remote: m?.[1] ?? m?.[2] ?? repo };
  }
  if (p === "duplicity") {
    const words = operands(cmd.args, new Set(["--exclude", "--include", "--name", "--archive-dir", "--encrypt-key"]));
    const [first, ...rest] = ["full", "incr", "incremental", "backup"].includes(words[0] ?? "")
      ? words.slice(1)
      : words;
    const target = rest.at(-1);
    if (first === undefined || target === undefined || DUPLICITY_URL.test(first)) return null;
    const m = DUPLICITY_URL.exec(target);
    return m === null ? null : { sources: [first], remote: m[1] || target };
  }
  if (p === "kopia") {
    const words = operands(cmd.args, new Set(["--description", "--tags", "--config-file", "--parallel"]));
    if (words[0] !== "snapshot" || (words[1] !== "create" && words[1] !== "new")) return null;
    return { sources: words.slice(2), remote: "kopia's connected repository" };
  }
  if (p === "tarsnap") {
    if (!cmd.args.some((a) => a === "-c" || /^-[A-Za-z]*c/.test(a))) return null;
    const words = operands(cmd.args, new Set(["-f", "-C", "--keyfile", "--cachedir", "-X", "--exclude"]));
    return { sources: words, remote: "tarsnap's servers" };
  }
  return null;
}
