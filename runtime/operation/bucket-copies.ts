import { ownEntry } from "../../core/index.ts";
/**
 * Copies to object storage and model hubs (docs/adr/0306): the local sources of an upload (`aws s3 cp . s3://x
 * --recursive`, `gsutil -m cp -r . gs://b`, `rclone copy . remote:x`, `huggingface-cli upload user/repo .`) are
 * sent out like a remote copy's, so the checks on what is sent (the project itself, files from outside it) see
 * them; and a copy from one bucket straight into another (`aws s3 sync s3://prod s3://other`) moves data out of
 * the account without passing through here.
 */
import type { SimpleCommand } from "../shell/index.ts";

export interface BucketCopy {
  /** Local source words (`.`, `dist/`): what the upload sends. */
  readonly local: readonly string[];
  /** Source and destination are both buckets, and different ones. */
  readonly bucketToBucket: boolean;
  /** The destination bucket, hub repository or rclone remote. */
  readonly dest: string;
}

/** Subcommand words that copy, by program (after `aws s3`, `gcloud storage`). */
const COPIES: Readonly<Record<string, readonly string[]>> = {
  aws: ["cp", "sync", "mv"],
  gsutil: ["cp", "rsync", "mv"],
  gcloud: ["cp", "rsync", "mv"],
  rclone: ["copy", "sync", "move", "copyto", "moveto", "bisync"],
  azcopy: ["copy", "cp", "sync"],
  s3cmd: ["put", "sync", "cp", "mv"],
};
/** Options of these CLIs that take the next word. */
const VALUES = new Set([
  "--exclude",
  "--include",
  "--acl",
  "--profile",
  "--region",
  "--endpoint-url",
  "--storage-class",
  "--content-type",
  "--cache-control",
  "--metadata",
  "--sse",
  "--sse-kms-key-id",
  "--grants",
  "--project",
  "--config",
  "--filter",
  "--filter-from",
  "--transfers",
  "--checkers",
  "--bwlimit",
  "--include-pattern",
  "--exclude-pattern",
  "--repo-type",
  "--revision",
  "--commit-message",
  "--commit-description",
  "--token",
  "-x",
  "-z",
  "-j",
  "-h",
]);
const BUCKET = /^(?:s3|s3a|s3n|gs|az|r2|b2|wasbs?|abfss?|oss|cos|hf):\/\/([^/]*)/i;
/** rclone's `remote:path` (a configured remote), not a Windows drive letter. */
const RCLONE_REMOTE = /^([A-Za-z0-9_. -]{2,}):/;

function operands(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("-") && a !== "-") {
      if (VALUES.has(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

function bucketOf(program: string, word: string): string | null {
  const m = BUCKET.exec(word) ?? (program === "rclone" ? RCLONE_REMOTE.exec(word) : null);
  if (m !== null) return m[1]!;
  return /^https:\/\/[^/]*\.(?:blob\.core\.windows\.net|s3[.-][^/]*amazonaws\.com|storage\.googleapis\.com)\//i.test(
    word,
  )
    ? word.split("/")[2]!
    : null;
}

/** The upload or bucket copy a command makes, or null. */
export function bucketCopy(cmd: SimpleCommand): BucketCopy | null {
  const p = cmd.program;
  const words = operands(cmd.args);
  if (p === "huggingface-cli" || p === "hf") {
    // `huggingface-cli upload REPO [LOCAL] [PATH_IN_REPO]`: LOCAL is the cwd when left out.
    if (words[0] !== "upload" && words[0] !== "upload-large-folder") return null;
    return { local: [words[2] ?? "."], bucketToBucket: false, dest: words[1] ?? "a model hub" };
  }
  const copy = copyOperands(p, words);
  if (copy === null) return null;
  const { sources, dest } = copy;
  const destBucket = bucketOf(p, dest);
  if (destBucket === null) return null;
  const local = sources.filter((s) => s !== "-" && bucketOf(p, s) === null);
  const bucketToBucket =
    local.length === 0 &&
    sources.some((s) => {
      const b = bucketOf(p, s);
      return b !== null && b !== destBucket;
    });
  return local.length === 0 && !bucketToBucket ? null : { local, bucketToBucket, dest: destBucket };
}

/** The sources and the destination of a bucket CLI's copying verb (`aws s3 cp SRC… DST`), or null. */
function copyOperands(p: string, words: readonly string[]): { sources: readonly string[]; dest: string } | null {
  const verbs = ownEntry(COPIES, p);
  if (verbs === undefined) return null;
  const lead = p === "aws" ? ["s3"] : p === "gcloud" ? ["storage"] : [];
  if (lead.some((w, i) => words[i] !== w)) return null;
  const rest = words.slice(lead.length);
  if (!verbs.includes(rest[0] ?? "")) return null;
  const paths = rest.slice(1);
  if (paths.length < 2) return null;
  return { sources: paths.slice(0, -1), dest: paths.at(-1)! };
}

/** az's download verbs and the options naming where they write (`az storage blob download -f F`). */
const AZ_DOWNLOADS: Readonly<Record<string, readonly string[]>> = {
  download: ["-f", "--file"],
  "download-batch": ["-d", "--destination"],
};

/**
 * The local files or folders a download from a bucket writes (docs/adr/0473): the destination of a copy whose
 * source is a bucket (`aws s3 cp s3://x/rc ~/.profile`, `gsutil rsync gs://b ~/.config`, `rclone copy r:x ~/x`),
 * and az's `storage blob download -f FILE` / `download-batch -d DIR`.
 */
export function bucketDownload(cmd: SimpleCommand): readonly string[] {
  const p = cmd.program;
  const args = cmd.args;
  if (p === "az") {
    const words = operands(args);
    const options = words[0] === "storage" ? ownEntry(AZ_DOWNLOADS, words[2] ?? "") : undefined;
    if (options === undefined) return [];
    const at = args.findIndex((a) => options.includes(a));
    const eq = args.find((a) => options.some((o) => a.startsWith(`${o}=`)));
    const value = at >= 0 ? args[at + 1] : eq?.slice(eq.indexOf("=") + 1);
    return value === undefined ? [] : [value];
  }
  const copy = copyOperands(p, operands(args));
  if (copy === null || copy.dest === "-" || bucketOf(p, copy.dest) !== null) return [];
  return copy.sources.some((s) => bucketOf(p, s) !== null) ? [copy.dest] : [];
}
