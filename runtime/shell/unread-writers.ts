/**
 * Writers and printers of content from elsewhere that are not a fetcher, a printer or a copier (docs/adr/0855):
 * `sponge FILE` (tee without stdout), decoders whose output is their input's bytes (`xxd -r`, `uudecode -o`,
 * `tar -O`, `unzip -p`), lftp's and rclone's transfers, and git content from a ref fetched just now (FETCH_HEAD).
 * unread-content.ts asks these for the origins of what a command prints and the files it writes.
 */
import type { ContentWrite, Origin } from "./unread-content.ts";

const path = (p: string): Origin => ({ kind: "path", path: p });
const words = (args: readonly string[]): string[] => args.filter((a) => !a.startsWith("-"));

/** xxd's options that take a value: `-c 16`, `-s 0x10` (or glued on: `-c16`). */
const XXD_VALUED = new Set(["-c", "-g", "-l", "-o", "-s", "-n", "-cols", "-groupsize", "-len", "-seek", "-name"]);

/** xxd's operands: `xxd [-r] [opts] [INFILE [OUTFILE]]`. */
function xxdOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (XXD_VALUED.has(a)) i++;
    else if (!a.startsWith("-") || a === "-") out.push(a);
  }
  return out;
}

/** A fetched ref's content: `git show FETCH_HEAD:Makefile`, `git cat-file -p FETCH_HEAD:x`. */
const FETCHED_REF = /^FETCH_HEAD(?:[~^][^:]*)?:/;

/** The origins of what a decoder or a transfer prints on stdout, or null when the program is none of these. */
export function writerPrinted(program: string, args: readonly string[]): Origin[] | null {
  const ws = words(args);
  switch (program) {
    case "xxd": {
      const ops = xxdOperands(args);
      return ops.length === 1 ? [path(ops[0]!)] : [];
    }
    case "tar":
    case "bsdtar":
      // `tar xzf a.tgz -O Makefile`: the archive's member on stdout. Every word may be the archive.
      return args.some((a) => a === "-O" || a === "--to-stdout" || /^-?[a-zA-Z]*O[a-zA-Z]*$/.test(a))
        ? ws.map(path)
        : [];
    case "unzip":
      return args.includes("-p") ? ws.map(path) : [];
    case "rclone":
      return ws[0] === "cat" ? [{ kind: "network", what: `rclone cat ${ws[1] ?? ""}`.trim() }] : [];
    case "git":
      return (ws[0] === "show" || ws[0] === "cat-file") && ws.slice(1).some((w) => FETCHED_REF.test(w))
        ? [{ kind: "network", what: "git fetch (FETCH_HEAD)" }]
        : [];
    default:
      return null;
  }
}

const STDIN = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/** Whether a copier's source operand is its standard input (`install /dev/stdin conftest.py`). */
export const isStdin = (operand: string): boolean => STDIN.has(operand);

/** The files these programs write with content from elsewhere; `input` is what they read on stdin. */
export function writerFiles(program: string, args: readonly string[], input: readonly Origin[]): ContentWrite[] {
  const ws = words(args);
  switch (program) {
    case "sponge":
      return ws.map((file) => ({ file, from: input }));
    case "xxd": {
      const ops = xxdOperands(args);
      return ops.length >= 2 ? [{ file: ops[1]!, from: ops[0] === "-" ? input : [path(ops[0]!)] }] : [];
    }
    case "uudecode": {
      const i = args.indexOf("-o");
      const file = i < 0 ? args.find((a) => a.startsWith("--output-file="))?.slice(14) : args[i + 1];
      if (file === undefined || file === "/dev/stdout") return [];
      const sources = args.filter((a, j) => !a.startsWith("-") && (i < 0 || j !== i + 1));
      return [{ file, from: sources.length > 0 ? sources.map(path) : input }];
    }
    case "lftp":
      return lftpWrites(args);
    default:
      return [];
  }
}

/** `lftp -c 'get URL [-o F]; pget URL'`: the files its commands save, named by `-o` or the URL's last segment. */
function lftpWrites(args: readonly string[]): ContentWrite[] {
  const script = args.flatMap((a, i) => (a === "-c" || a === "-e" ? [args[i + 1] ?? ""] : [])).join(";");
  const out: ContentWrite[] = [];
  for (const line of script.split(/;|&&|\|\||\n/)) {
    const [cmd, ...rest] = line.trim().split(/\s+/);
    if (cmd === undefined || !/^(?:get|get1|pget|mget)$/.test(cmd)) continue;
    const o = rest.indexOf("-o");
    const named = o < 0 ? null : (rest[o + 1] ?? null);
    const sources = rest.filter((w, j) => !w.startsWith("-") && (o < 0 || j !== o + 1));
    const from: Origin[] = [{ kind: "network", what: `lftp ${cmd}` }];
    if (named !== null) out.push({ file: named, from });
    else for (const s of sources) out.push({ file: s.replace(/[?#].*$/, "").replace(/^.*\//, ""), from });
  }
  return out.filter((w) => w.file !== "");
}
