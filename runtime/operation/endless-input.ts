import { ownEntry } from "../../core/index.ts";
/**
 * Input that never ends, and loops that never end, meeting something that keeps what it gets (docs/adr/0319,
 * extending 0203). `/dev/zero`, `/dev/urandom`, `/dev/random`, `yes` and `seq inf` never stop writing; what
 * reads them decides the harm:
 *
 * - a program that keeps all of its input before it answers (`sort`, `tail`, `tac`, `shuf`, `sponge`) or a
 *   line reader fed NUL bytes that never end a line (`grep x /dev/zero`) grows until memory (then the temp
 *   disk) is gone: `sort /dev/urandom`, `tail -f /dev/zero`, `cat /dev/zero | sort`;
 * - a stream copier (`cat`, `gzip -c`, `base64`, `tr`, `tee`, `dd` without a count…) whose output lands in a file
 *   fills the disk: `gzip -c /dev/zero > /tmp/z.gz`, `tr -dc a-z < /dev/urandom > f`;
 * - any reader left running in the background never stops burning CPU: `dd if=/dev/zero of=/dev/null &`;
 * - the shell keeps what a command substitution prints, all of it: `x=$(yes)`, `echo "$(cat /dev/zero)"`,
 *   `$(</dev/urandom)`, `$(while :; do echo; done)` exhaust its memory (docs/adr/0420).
 *
 * - in the foreground too, nothing ever ends it (docs/adr/0560): a digest reads to an EOF that never comes
 *   (`md5sum /dev/zero`), and a producer or copier whose output goes to the terminal, `/dev/null` or a stage that
 *   stops nothing runs until the call is killed (`yes > /dev/null`, `cat /dev/zero > /dev/null`).
 *
 * A bound anywhere downstream ends it (`tr -dc a-z < /dev/urandom | head -c 32`), so does a reader's own count
 * (`od -N4 /dev/urandom`, `xxd -l 16`) or a `timeout` wrapper, and programs that stop reading on their own are not
 * copiers (`yes | npm init`). A loop that never ends (`while :`, `for ((;;))`)
 * and creates a file or directory on every pass, with no `break`/`exit` and no pause of a second or more,
 * exhausts the inodes: `while :; do mkdir -p a/a && cd a; done`; one left spinning in the background with no pause
 * (`(while :; do :; done) &`) burns a core until someone kills it (docs/adr/0420).
 */
import { type SimpleCommand, stageBefore } from "../shell/index.ts";
import { ENDLESS_FILES, seqBytes, sizeBytes } from "./fills-disk.ts";

/** Keep everything they read before they write. */
const ACCUMULATORS = new Set(["sort", "tail", "tac", "shuf", "sponge", "column", "jq", "mapfile", "readarray"]);
/** Read lines: fed `/dev/zero` (NUL bytes, no newline) they buffer one endless line. */
const LINE_READERS = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "sed",
  "awk",
  "gawk",
  "mawk",
  "nawk",
  "cut",
  "rev",
  "nl",
  "paste",
  "uniq",
  "fmt",
  "wc",
  "read",
]);
/** Copy their input to their output as they read it. */
const STREAMERS = new Set([
  "head",
  "cat",
  "pv",
  "tr",
  "base64",
  "base32",
  "basenc",
  "od",
  "xxd",
  "hexdump",
  "hd",
  "gzip",
  "bzip2",
  "xz",
  "zstd",
  "lz4",
  "brotli",
  "lzma",
  "pigz",
  "pbzip2",
  "fold",
  "strings",
  "iconv",
  "tee",
  "expand",
  "sed",
  "awk",
  "gawk",
  "mawk",
  "grep",
  "cut",
  "rev",
  "nl",
  "uniq",
  "dd",
  "openssl",
]);
/** Read all of their input and print a little, at its end: a stage after one waits as long as it does. */
const DIGESTS = new Set([
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "md5sum",
  "b2sum",
  "cksum",
  "sum",
  "wc",
]);
/** Past this many bytes, a copy from an endless device runs for hours: as good as endless. */
const HOURS_OF_BYTES = 64 * 1024 ** 4;
/** Wrappers that keep a command running after the call returns. */
const DETACHERS = ["nohup", "setsid", "disown", "daemonize"];

/** Why some command of this string exhausts memory, disk or CPU with input or loops that never end, or null. */
export function endlessInput(commands: readonly SimpleCommand[]): string | null {
  const endless = new Map<SimpleCommand, string>();
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    const up = stageBefore(commands, i);
    const source = ownSource(cmd) ?? (up === null ? null : (endless.get(up) ?? null));
    if (source === null || bounded(cmd, source)) {
      if (producesForever(cmd)) endless.set(cmd, cmd.program);
      if (producesForever(cmd) && detached(cmd)) return `${cmd.program} runs without end in the background`;
      if (producesForever(cmd) && captured(cmd))
        return `the shell keeps all that ${cmd.program} prints, which never ends`;
      if (producesForever(cmd) && !pipedOn(cmd) && !timed(cmd)) return `${cmd.program} prints without end`;
      continue;
    }
    const p = cmd.program;
    // `$(</dev/zero)`, `$(cat /dev/urandom)`: the substitution's output is kept whole, and it never ends.
    if ((p === "" || STREAMERS.has(p)) && captured(cmd)) return `the shell keeps all of ${source}, which never ends`;
    if (ACCUMULATORS.has(p)) return `${p} keeps all of ${source}, which never ends`;
    if (LINE_READERS.has(p) && source === "/dev/zero") return `${p} reads one endless line from /dev/zero`;
    // Cut into pieces, every piece a new file: the disk's inodes go before its bytes (docs/adr/0423).
    if (p === "split" || p === "csplit") return `${p} cuts ${source} into files without end`;
    if (STREAMERS.has(p)) {
      if (writesFile(cmd) || (p === "tee" && cmd.args.some((a) => !a.startsWith("-"))))
        return `${p} copies ${source} into a file without end`;
      endless.set(cmd, source);
    }
    if ((STREAMERS.has(p) || DIGESTS.has(p) || LINE_READERS.has(p)) && detached(cmd))
      return `${p} reads ${source} without end in the background`;
    // In the foreground: the call never returns, a core (and the output's sink) busy until someone kills it.
    if (timed(cmd)) continue;
    if (DIGESTS.has(p) || ((STREAMERS.has(p) || LINE_READERS.has(p)) && !pipedOn(cmd)))
      return `${p} reads ${source} without end`;
  }
  return endlessLoopWrites(commands);
}

/** An endless device the command reads itself: an operand, `if=`, or its stdin. */
function ownSource(cmd: SimpleCommand): string | null {
  for (const r of cmd.redirects)
    if (r.mode === "read" && (r.fd === 0 || r.fd === null) && r.target !== null && ENDLESS_FILES.has(r.target))
      return r.target;
  if (cmd.program === "dd") {
    const input = cmd.args.find((a) => a.startsWith("if="))?.slice(3);
    if (input === undefined || !ENDLESS_FILES.has(input)) return null;
    return input;
  }
  return cmd.args.find((a) => ENDLESS_FILES.has(a)) ?? null;
}

/** `yes`, `seq inf`: producers that never stop; `seq 1 1e12` prints more than memory holds (docs/adr/0423). */
function producesForever(cmd: SimpleCommand): boolean {
  if (cmd.program === "yes") return true;
  if (cmd.program !== "seq") return false;
  return cmd.args.some((a) => /^inf(?:inity)?$/i.test(a)) || (seqBytes(cmd.args) ?? 0) >= MEMORY_BYTES;
}

/** Past this many bytes a bound still outgrows memory (`head -c 20G /dev/zero | sort`). */
const MEMORY_BYTES = 4 * 1024 ** 3;

/**
 * A reader that stops: `head -c` below MEMORY_BYTES, `head -n`/`read` on lines (not of `/dev/zero`, which has
 * none), `grep -m N`, `dd` with a count that ends within hours.
 */
function bounded(cmd: SimpleCommand, source: string): boolean {
  switch (cmd.program) {
    case "head": {
      const i = cmd.args.findIndex((a) => /^-c|^--bytes/.test(a));
      if (i === -1) return source !== "/dev/zero";
      const a = cmd.args[i]!;
      const v = a === "-c" || a === "--bytes" ? cmd.args[i + 1] : a.replace(/^-c|^--bytes=/, "");
      return (sizeBytes(v ?? "") ?? Number.POSITIVE_INFINITY) < MEMORY_BYTES;
    }
    case "read":
      return source !== "/dev/zero";
    case "grep":
      return cmd.args.some((a) => /^-[A-Za-z]*m|^--max-count/.test(a));
    // Counts of their own: `od -N 4`, `xxd -l 16`, `hexdump -n 16` read that many bytes and stop.
    case "od":
      return cmd.args.some((a) => /^-[A-Za-z]*N|^--read-bytes/.test(a));
    case "xxd":
      return cmd.args.some((a) => /^-(?:l|len)\b|^--len/.test(a));
    case "hexdump":
    case "hd":
      return cmd.args.some((a) => /^-[A-Za-z]*n|^--length/.test(a));
    case "dd": {
      const count = cmd.args.find((a) => a.startsWith("count="))?.slice(6);
      if (count === undefined || !/^\d+$/.test(count)) return false;
      const bs = sizeBytes(cmd.args.find((a) => /^i?bs=/.test(a))?.replace(/^i?bs=/, "") ?? "512") ?? 512;
      return bs * Number(count) < HOURS_OF_BYTES;
    }
    default:
      return false;
  }
}

/** Its standard output goes to a file (not /dev/null). */
function writesFile(cmd: SimpleCommand): boolean {
  if (cmd.program === "dd") {
    const out = cmd.args.find((a) => a.startsWith("of="))?.slice(3);
    if (out !== undefined) return out !== "/dev/null";
  }
  return cmd.redirects.some(
    (r) =>
      (r.mode === "write" || r.mode === "append") &&
      (r.fd === 1 || r.fd === null) &&
      r.target !== "/dev/null" &&
      !(r.target ?? "").startsWith("/dev/fd/"),
  );
}

/** Its output is what a command substitution keeps: the last stage of the substitution's pipeline. */
function captured(cmd: SimpleCommand): boolean {
  const at = cmd.context.pipeline;
  return cmd.context.captured === true && (at === null || at.index === at.length - 1);
}

/** Its output feeds a later stage of its pipeline (which decides whether the stream ever stops). */
function pipedOn(cmd: SimpleCommand): boolean {
  const at = cmd.context.pipeline;
  return at !== null && at.index < at.length - 1;
}

/** Run under `timeout`, which ends it whatever it reads. */
function timed(cmd: SimpleCommand): boolean {
  return cmd.context.wrappers.some((w) => /^g?timeout\b/.test(w));
}

function detached(cmd: SimpleCommand): boolean {
  return cmd.context.background || cmd.context.wrappers.some((w) => DETACHERS.includes(w.split(" ")[0] ?? ""));
}

/** Commands that do nothing: a loop of only these spins. */
const NO_OPS = new Set([":", "true", "false"]);

/** Programs that create a file or directory. */
const CREATORS = new Set(["mkdir", "mktemp", "touch", "cp", "ln", "dd", "fallocate", "tee", "install", "mkfifo"]);

/** A loop that never ends creating something on every pass, with no way out and no pause. */
function endlessLoopWrites(commands: readonly SimpleCommand[]): string | null {
  const loops = new Map<string, SimpleCommand[]>();
  for (const c of commands) {
    const loop = c.context.loop;
    if (loop === undefined || !/^(?:while|until)\b|^for\s*\(\([^;]*;\s*;|\binf\b/.test(loop)) continue;
    loops.set(loop, [...(loops.get(loop) ?? []), c]);
  }
  for (const [loop, body] of loops) {
    if (body.some((c) => c.program === "break" || c.program === "exit" || c.program === "return")) continue;
    // Printing without end into a command substitution: the shell keeps every line (`x=$(while :; do echo; done)`).
    const kept = body.find((c) => captured(c) && c.program !== "");
    if (kept !== undefined) return `${loop} prints into a command substitution without end`;
    if (body.some((c) => c.program === "sleep" && c.args.some((a) => (seconds(a) ?? 0) >= 1))) continue;
    // Left spinning in the background: a core burnt until someone kills it (`(while :; do :; done) &`).
    if (body.every((c) => detached(c))) return `${loop} spins without end in the background`;
    // Doing nothing on every pass has no purpose but to burn a core until the call is killed (docs/adr/0509).
    if (body.every((c) => NO_OPS.has(c.program) && c.redirects.length === 0))
      return `${loop} spins without end doing nothing`;
    const maker = body.find(
      (c) =>
        CREATORS.has(c.program) ||
        c.redirects.some((r) => (r.mode === "write" || r.mode === "append") && r.target !== "/dev/null"),
    );
    if (maker !== undefined) return `${loop} runs ${maker.program || "a redirect"} on every pass without end`;
  }
  return null;
}

/** `sleep 5`, `sleep 1.5s`, `sleep 2m`: seconds, or null. */
export function seconds(arg: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(arg);
  if (m === null) return null;
  return Number(m[1]) * ownEntry({ "": 1, s: 1, m: 60, h: 3600, d: 86400 }, m[2]!)!;
}
