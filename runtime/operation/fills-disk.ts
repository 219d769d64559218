/**
 * Writes that fill a disk (docs/adr/0203): a file allocated or written past any scratch size (`fallocate -l 500G`,
 * `dd bs=1G count=1000`, `head -c 100G /dev/zero > f`), or a source that never ends written to a file (`yes > f`,
 * `cat /dev/zero > f`, `dd if=/dev/zero of=f` with no count). A full disk stops the machine, the agent's host with
 * it, wherever the file lands, scratch directories included.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Past this many bytes a file is no scratch file: 10 GiB. */
export const DISK_FILL_BYTES = 10 * 1024 ** 3;

export const ENDLESS_FILES: ReadonlySet<string> = new Set(["/dev/zero", "/dev/urandom", "/dev/random"]);
const UNITS = "kmgtpe";

/** `500G`, `1GiB`, `10gb`, `4096`, dd's `1M`: bytes, binary units; null when not a size. */
export function sizeBytes(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([kmgtpe]?)(?:i?b)?$/i.exec(text.trim());
  if (m === null) return null;
  const power = m[2] === "" ? 0 : UNITS.indexOf(m[2]!.toLowerCase()) + 1;
  return Number(m[1]) * 1024 ** power;
}

/** Why this command fills a disk, or null. */
export function fillsDisk(cmd: SimpleCommand): string | null {
  const args = cmd.args;
  const toFile = cmd.redirects.some(
    (r) => (r.mode === "write" || r.mode === "append") && (r.fd === 1 || r.fd === null) && r.target !== "/dev/null",
  );
  const big = (v: string | undefined): boolean => v !== undefined && (sizeBytes(v) ?? 0) >= DISK_FILL_BYTES;
  switch (cmd.program) {
    case "fallocate": {
      const size = valueOf(args, ["-l", "--length"]);
      return big(size) ? `fallocate allocates ${size}` : null;
    }
    case "dd": {
      const kv = new Map(
        args.flatMap((a) => (a.includes("=") ? [[a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]] : [])),
      );
      const bs = sizeBytes(kv.get("bs") ?? kv.get("obs") ?? "512") ?? 512;
      const count = kv.get("count");
      const writes = (kv.has("of") && kv.get("of") !== "/dev/null") || (!kv.has("of") && toFile);
      if (!writes) return null;
      if (count !== undefined && /^\d+$/.test(count) && bs * Number(count) >= DISK_FILL_BYTES)
        return `dd writes ${count} blocks of ${kv.get("bs") ?? kv.get("obs")}`;
      return count === undefined && ENDLESS_FILES.has(kv.get("if") ?? "")
        ? `dd copies ${kv.get("if")} without end`
        : null;
    }
    case "head": {
      const size = valueOf(args, ["-c", "--bytes"]);
      return toFile && big(size) ? `head writes ${size}` : null;
    }
    case "yes":
      return toFile ? "yes writes without end into a file" : null;
    // `seq 1 1000000000 > f`: about one line of the last number's width per number (docs/adr/0319).
    case "seq": {
      if (toFile && args.some((a) => /^inf(?:inity)?$/i.test(a))) return "seq writes without end into a file";
      const bytes = toFile ? seqBytes(args) : null;
      return bytes !== null && bytes >= DISK_FILL_BYTES ? `seq writes ${args.at(-1)} numbers into a file` : null;
    }
    // `openssl rand -out f 100000000000`, `openssl rand 20000000000 > f`.
    case "openssl": {
      if (args[0] !== "rand") return null;
      const n = args.slice(1).find((a) => /^\d+$/.test(a));
      const out = toFile || args.includes("-out");
      return out && big(n) ? `openssl rand writes ${n} bytes` : null;
    }
    case "mkfile":
    case "xfs_mkfile": {
      const size = args.find((a) => !a.startsWith("-"));
      return big(size) ? `${cmd.program} allocates ${size}` : null;
    }
    // `cp /dev/zero f`: a copy of a device that never ends.
    case "cp":
    case "install":
      return args.some((a) => ENDLESS_FILES.has(a)) && args.filter((a) => !a.startsWith("-")).length >= 2
        ? `${cmd.program} copies a device that never ends into a file`
        : null;
    case "cat":
    case "pv":
      return toFile && args.length > 0 && args.every((a) => ENDLESS_FILES.has(a))
        ? `${cmd.program} ${args.join(" ")} writes without end into a file`
        : null;
    default:
      return null;
  }
}

/**
 * A sparse file written out dense (docs/adr/0562): `truncate -s 800G f` takes no space until a copy writes its holes
 * as zeros (`cp --sparse=never f g`, `cat f > g`, `dd if=f of=g`). A sparse image alone is everyday work (a VM or
 * test disk: `truncate -s 1G disk.img && mkfs.ext4 -F disk.img`), and so is `cp`, which keeps the holes by default.
 */
export function densifiedSparse(commands: readonly SimpleCommand[]): string | null {
  const sparse = new Map<string, string>();
  for (const cmd of commands) {
    if (cmd.program === "truncate") {
      const size = valueOf(cmd.args, ["-s", "--size"]);
      if (size !== undefined && (sizeBytes(size.replace(/^[+<>/%]/, "")) ?? 0) >= DISK_FILL_BYTES)
        for (const file of operandsOf(cmd.args, ["-s", "--size", "-r", "--reference"])) sparse.set(file, size);
      continue;
    }
    const hit = denseReads(cmd).find((file) => sparse.has(file));
    if (hit !== undefined) return `${cmd.program} writes the ${sparse.get(hit)} of the sparse ${hit} out in full`;
  }
  return null;
}

/** The files a command reads to write them out in full, holes as zeros. */
function denseReads(cmd: SimpleCommand): string[] {
  const toFile = cmd.redirects.some(
    (r) => (r.mode === "write" || r.mode === "append") && (r.fd === 1 || r.fd === null) && r.target !== "/dev/null",
  );
  switch (cmd.program) {
    case "cp":
      return cmd.args.includes("--sparse=never") ? operandsOf(cmd.args, []).slice(0, -1) : [];
    case "cat":
    case "pv":
      return toFile ? operandsOf(cmd.args, []) : [];
    case "dd": {
      const of = cmd.args.find((a) => a.startsWith("of="))?.slice(3);
      const input = cmd.args.find((a) => a.startsWith("if="))?.slice(3);
      const writes = of === undefined ? toFile : of !== "/dev/null";
      return writes && input !== undefined && !cmd.args.includes("conv=sparse") ? [input] : [];
    }
    default:
      return [];
  }
}

/** Operands: words that are no option and no value of the options named. */
function operandsOf(args: readonly string[], valued: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valued.includes(a)) i++;
    else if (!a.startsWith("-")) out.push(a);
  }
  return out;
}

/** The value of the first of these options: `-l 5G`, `-l5G`, `--length=5G`, `--length 5G`. */
function valueOf(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    for (const n of names) {
      if (a === n) return args[i + 1];
      if (n.startsWith("--") && a.startsWith(`${n}=`)) return a.slice(n.length + 1);
      if (!n.startsWith("--") && a.startsWith(n) && a.length > n.length) return a.slice(n.length);
    }
  }
  return undefined;
}

/** About how many bytes `seq ARGS` prints: one line of the last number's width per number; null when unknown. */
export function seqBytes(args: readonly string[]): number | null {
  const nums = args.filter((a) => !a.startsWith("-") || /^-\d/.test(a)).map(Number);
  if (nums.length === 0 || nums.some((n) => Number.isNaN(n))) return null;
  const last = Math.abs(nums.at(-1)!);
  const first = nums.length >= 2 ? nums[0]! : 1;
  const step = nums.length === 3 ? Math.abs(nums[1]!) || 1 : 1;
  return ((last - first) / step + 1) * (String(Math.trunc(last)).length + 1);
}
