/**
 * Object storage, sync and backup tools (docs/adr/0300). Deleting objects, buckets or backup snapshots is
 * DESTRUCTIVE; so is a sync that deletes what the source lacks (`rclone sync`, `s5cmd sync --delete`,
 * `mc mirror --remove`, `azcopy sync --delete-destination=true`): an empty or wrong source empties the
 * destination. Listing and reading are READs, copies are WRITEs. A local operand is a path (the credential
 * checks see `rclone copy ~/.ssh remote:x`); `remote:path` and URLs are not.
 */
import { EXPOSE } from "./publication.ts";
import { fx, subs, type Program } from "./types.ts";

const READ = fx("READ", ["read_external"], "cloud", "storage");
const WRITE = fx("WRITE", ["write_external"], "cloud", "storage");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud", "storage");
const SECRET = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");
/** A list of commands nobody reads here (`s5cmd run cmds.txt`, or on stdin): any of them may delete. */
const UNREAD = fx("DESTRUCTIVE", ["write_external", "execute"], "cloud", "storage");

/** Local operands are paths (read; the last one written), remote ones (`remote:path`, `s3://…`) are not. */
const TRANSFER = { positional: "read", last: "write", pathLike: true } as const;

export const STORAGE: readonly Program[] = [
  {
    names: ["rclone"],
    values: [
      "--config",
      "--transfers",
      "--checkers",
      "--include",
      "--exclude",
      "--filter",
      "--include-from",
      "--exclude-from",
      "--filter-from",
      "--files-from",
      "--max-age",
      "--min-age",
      "--log-file",
      "--bwlimit",
      "--backup-dir",
      "--suffix",
      "--addr",
    ],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      // `rclone copyurl URL DEST`: a download, saved where DEST says (a local file, or a remote's path).
      {
        sub: ["copyurl"],
        then: fx("WRITE", ["read_external", "write_local"], "network", "storage"),
        paths: { positional: "write", skip: 1, pathLike: true, remoteCopy: true },
      },
      ...subs(["purge", "delete", "deletefile", "rmdir", "rmdirs", "cleanup", "dedupe", "sync", "bisync"], DESTROY),
      { sub: ["config"], word: ["show", "dump"], then: SECRET },
      // `rclone serve http|webdav|ftp|s3 REMOTE`: whatever the remote holds, served to whoever reaches the port.
      { sub: ["serve"], then: EXPOSE },
      ...subs(
        [
          "ls",
          "lsd",
          "lsl",
          "lsf",
          "lsjson",
          "cat",
          "size",
          "check",
          "cryptcheck",
          "about",
          "tree",
          "listremotes",
          "version",
          "md5sum",
          "sha1sum",
          "hashsum",
          "ncdu",
          "help",
        ],
        READ,
      ),
    ],
  },
  {
    names: ["s5cmd"],
    values: ["--endpoint-url", "--profile", "--credentials-file", "--numworkers", "--retry-count", "--log"],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      ...subs(["rm", "rb"], DESTROY),
      { sub: ["sync"], flag: ["--delete"], then: DESTROY },
      { sub: ["run"], then: UNREAD },
      ...subs(["ls", "cat", "du", "head", "version"], READ),
    ],
  },
  {
    // MinIO's client (not Midnight Commander, which takes no such subcommands).
    names: ["mc", "mcli"],
    values: ["--config-dir", "--older-than", "--newer-than", "--versions", "--rewind"],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      ...subs(["rm", "rb"], DESTROY),
      { sub: ["mirror"], flag: ["--remove", "--overwrite"], then: DESTROY },
      { sub: ["admin"], word: ["remove", "rm", "delete", "reset", "purge"], then: DESTROY },
      { sub: ["alias"], word: ["list", "ls", "export"], then: SECRET },
      // A bucket opened to anonymous users (`mc anonymous set public ALIAS/b`, the older `mc policy set download`).
      { sub: ["anonymous", "set"], word: ["public", "download", "upload"], then: EXPOSE },
      { sub: ["policy", "set"], word: ["public", "download", "upload"], then: EXPOSE },
      ...subs(["ls", "cat", "du", "stat", "tree", "find", "diff", "head", "version", "ping", "ready"], READ),
    ],
  },
  {
    names: ["azcopy"],
    values: ["--include-pattern", "--exclude-pattern", "--log-level", "--from-to"],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      ...subs(["remove", "rm"], DESTROY),
      { sub: ["sync"], optionText: { "--delete-destination": /^(?:true|prompt)$/i }, then: DESTROY },
      ...subs(["list", "ls", "jobs", "env", "benchmark"], READ),
    ],
  },
  {
    names: ["s3cmd"],
    values: ["-c", "--config", "--exclude", "--include", "--access_key", "--secret_key"],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      ...subs(["del", "rm", "rb", "delpolicy", "dellifecycle"], DESTROY),
      { sub: ["sync"], flag: ["--delete-removed", "--delete-after"], then: DESTROY },
      { flag: ["-P", "--acl-public"], then: EXPOSE },
      ...subs(["ls", "la", "info", "du"], READ),
    ],
  },
  {
    names: ["b2"],
    base: WRITE,
    paths: TRANSFER,
    rules: [
      { word: ["rm", "delete", "delete-bucket", "delete-file-version", "hide-file"], then: DESTROY },
      { sub: ["sync"], flag: ["--delete", "--replace-newer"], then: DESTROY },
      { word: ["ls", "list-buckets", "get-file-info", "get-bucket", "version"], then: READ },
    ],
  },
  // Backup repositories: forgetting or pruning snapshots destroys the copies a restore would need.
  {
    names: ["restic"],
    values: ["-r", "--repo", "--password-file", "--target", "--tag", "--host", "--keep-last", "--keep-within"],
    base: WRITE,
    rules: [
      ...subs(["forget", "prune"], DESTROY),
      { sub: ["key", "remove"], then: DESTROY },
      { sub: ["unlock"], flag: ["--remove-all"], then: DESTROY },
      ...subs(["snapshots", "ls", "check", "stats", "find", "diff", "cat", "dump", "version"], READ),
    ],
  },
  {
    names: ["borg", "borgbackup"],
    base: WRITE,
    rules: [
      ...subs(["delete", "prune", "recreate"], DESTROY),
      { sub: ["key", "export"], then: SECRET },
      ...subs(["list", "info", "check", "diff", "version"], READ),
    ],
  },
  {
    names: ["duplicity"],
    base: WRITE,
    rules: [
      { word: ["remove-older-than", "remove-all-but-n-full", "remove-all-inc-of-but-n-full"], then: DESTROY },
      { sub: ["cleanup"], flag: ["--force"], then: DESTROY },
      ...subs(["collection-status", "list-current-files", "verify"], READ),
    ],
  },
];
