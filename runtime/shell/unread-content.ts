/**
 * Where the content a command writes into a file comes from (docs/adr/0836). ADR 0822 denies a download written
 * straight into a file a tool runs by itself; round 13 routed the same content through a temp file, `cp`, `dd`,
 * `ln -s`, `tee <`, `wget`'s name from the URL, `scp host:Makefile .`. One reading covers them: every file a
 * command writes, with the origins of its bytes. Whether an origin is something nobody here read (the network, a
 * scratch folder, a tree unpacked or cloned earlier in the string) is decided by the caller, which knows the string.
 */
import type { SimpleCommand } from "./types.ts";
import { isStdin, writerFiles, writerPrinted } from "./unread-writers.ts";

/** Where written bytes come from: the network (`what` names it), or a file or folder by its path as written. */
export type Origin =
  | { readonly kind: "network"; readonly what: string }
  | { readonly kind: "path"; readonly path: string };

export interface ContentWrite {
  readonly file: string;
  readonly from: readonly Origin[];
}

/** Programs that print or save what they fetch from the network. */
export const FETCHERS: ReadonlySet<string> = new Set([
  "curl",
  "curlie",
  "wget",
  "http",
  "https",
  "xh",
  "xhs",
  "fetch",
  "aria2c",
  "axel",
]);

/** Short options taking a value, per fetcher family (the value may be glued on: `-sLo./Makefile`). */
const VALUED: Readonly<Record<string, string>> = {
  curl: "dHouXAebcFTwxrmEKCyYzQtUDP",
  wget: "OoaPitTwQUelARDIX",
  aria2c: "dosxjiktlUmMTN",
  axel: "onsHU",
};

/** Programs that print the files they are given, unchanged or cut: their output is those files' content. */
const PRINTERS: ReadonlySet<string> = new Set([
  "cat",
  "tac",
  "head",
  "tail",
  "sort",
  "uniq",
  "base64",
  "base32",
  "basenc",
  // Decompressors: with `-c` or as `*cat` their output is the archive's bytes (docs/adr/0855).
  "zcat",
  "gunzip",
  "gzip",
  "bzcat",
  "bunzip2",
  "bzip2",
  "xzcat",
  "unxz",
  "xz",
  "lzcat",
  "zstdcat",
  "unzstd",
  "zstd",
  "lz4cat",
]);

/** Copiers `SRC… DEST`, and their options that take a value (as a separate word). */
const COPIERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["cp", new Set(["-t", "--target-directory", "-S", "--suffix"])],
  ["mv", new Set(["-t", "--target-directory", "-S", "--suffix"])],
  [
    "install",
    new Set(["-m", "--mode", "-o", "--owner", "-g", "--group", "-t", "--target-directory", "-S", "--suffix"]),
  ],
  ["ln", new Set(["-t", "--target-directory", "-S", "--suffix"])],
  [
    "rsync",
    new Set(["-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--chmod", "--port", "--password-file"]),
  ],
  ["scp", new Set(["-P", "-i", "-o", "-F", "-J", "-l", "-c", "-S"])],
]);

type Family = "curl" | "wget" | "aria2c" | "axel" | "other";
const family = (program: string): Family =>
  program === "curl" || program === "curlie"
    ? "curl"
    : program === "wget" || program === "aria2c" || program === "axel"
      ? program
      : "other";

/** The option letters (or long name) and values of a fetcher's arguments, and its positional words. */
function fetcherArgs(program: string, args: readonly string[]): { opts: [string, string | null][]; urls: string[] } {
  const valued = VALUED[family(program)] ?? "o";
  const opts: [string, string | null][] = [];
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("--")) {
      const [name, value] = a.split(/=(.*)/s, 2) as [string, string | undefined];
      const takes = /^--(?:output|output-document|output-dir|directory-prefix|dir|out)$/.test(name);
      opts.push([name, value ?? (takes ? (args[++i] ?? null) : null)]);
    } else if (a.startsWith("-") && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const letter = a[j]!;
        if (!valued.includes(letter)) {
          opts.push([`-${letter}`, null]);
          continue;
        }
        opts.push([`-${letter}`, j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? null)]);
        break;
      }
    } else urls.push(a);
  }
  return { opts, urls };
}

/** The last path segment of a URL (`https://h/p/Makefile?x` → `Makefile`), as wget and `curl -O` name the file. */
export function urlName(url: string): string | null {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/[?#].*$/, "");
  const slash = path.indexOf("/");
  const name = slash < 0 ? "" : path.slice(path.lastIndexOf("/") + 1);
  return name === "" ? null : name;
}

const joined = (dir: string | null | undefined, name: string): string =>
  dir === null || dir === undefined || dir === "" ? name : `${dir.replace(/\/+$/, "")}/${name}`;

/** The files a fetcher saves what it downloads in: `-o F`, `-O` (the URL's name), wget's default name and `-P`. */
function fetcherFiles(program: string, args: readonly string[]): string[] {
  const { opts, urls } = fetcherArgs(program, args);
  const value = (...names: string[]): (string | null)[] => opts.filter(([n]) => names.includes(n)).map(([, v]) => v);
  const fam = family(program);
  if (fam === "curl") {
    const dir = value("--output-dir")[0];
    const named = value("-o", "--output").flatMap((v) => (v === null ? [] : [joined(dir, v)]));
    const remote = opts.some(([n]) => n === "-O" || n === "--remote-name" || n === "--remote-name-all");
    return [...named, ...(remote ? urls.flatMap((u) => (urlName(u) === null ? [] : [joined(dir, urlName(u)!)])) : [])];
  }
  if (fam === "wget") {
    const named = value("-O", "--output-document");
    if (named.length > 0) return named.filter((v): v is string => v !== null && v !== "-");
    const dir = value("-P", "--directory-prefix")[0];
    return urls.flatMap((u) => (urlName(u) === null ? [] : [joined(dir, urlName(u)!)]));
  }
  const dir = value("-d", "--dir")[0];
  const named = value("-o", "--output", "--out").flatMap((v) => (v === null ? [] : [joined(dir, v)]));
  // aria2c and axel name the file from the URL, as wget does, when no `-o` names it (docs/adr/0855).
  if (named.length > 0 || (fam !== "aria2c" && fam !== "axel")) return named;
  return urls.flatMap((u) => (urlName(u) === null ? [] : [joined(dir, urlName(u)!)]));
}

/** A remote copier's source on another host: `host:path`, `host::module/path`, `rsync://…`, `user@host:path`. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|[^/:]+::?)/i;

/** The files a copier writes, each from its source: `cp S D`, `cp S… DIR/`, `ln -s S D`, `scp host:S .`. */
function copierWrites(program: string, args: readonly string[], input: readonly Origin[]): ContentWrite[] {
  const valued = COPIERS.get(program) ?? new Set<string>();
  const operands: string[] = [];
  let target: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-t" || a === "--target-directory") target = args[++i] ?? null;
    else if (a.startsWith("--target-directory=")) target = a.slice("--target-directory=".length);
    else if (valued.has(a)) i++;
    else if (!a.startsWith("-") || a === "-") operands.push(a);
  }
  const dest = target ?? (operands.length >= 2 ? operands.pop()! : null);
  if (dest === null) return [];
  return operands.flatMap((src) => {
    const from: readonly Origin[] = isStdin(src)
      ? input
      : [
          (program === "scp" || program === "rsync" || program === "rclone") && REMOTE.test(src)
            ? { kind: "network", what: `${program} from ${src}` }
            : { kind: "path", path: src },
        ];
    const name = src.replace(/\/+$/, "").replace(/^.*[/:]/, "");
    // The destination is a file, or a folder the source lands in under its own name: both are written as far as
    // anyone here can tell (`cp /tmp/x/Makefile build` may make build/Makefile).
    return [
      { file: dest, from },
      ...(name === "" || (target === null && operands.length > 1) ? [] : [{ file: joined(dest, name), from }]),
    ];
  });
}

/** Subcommands of hosting CLIs that print content fetched from a repository or a gist. */
const PRINTS_FETCHED = /^(?:gh|glab) (?:api|gist view|release view|repo view|snippet view)\b/;

/** The origins of what a command prints on stdout, when that is something read elsewhere. */
function printedOrigins(program: string, args: readonly string[]): Origin[] {
  const decoded = writerPrinted(program, args);
  if (decoded !== null) return decoded;
  if (FETCHERS.has(program) && fetcherFiles(program, args).length === 0) return [{ kind: "network", what: program }];
  if (PRINTS_FETCHED.test([program, ...args.filter((a) => !a.startsWith("-"))].join(" ")))
    return [{ kind: "network", what: `${program} ${args[0] ?? ""}`.trim() }];
  if (PRINTERS.has(program)) return args.filter((a) => !a.startsWith("-")).map((path) => ({ kind: "path", path }));
  if (program === "dd") return ddOperand(args, "if").map((path) => ({ kind: "path", path }));
  return [];
}

const ddOperand = (args: readonly string[], key: "if" | "of"): string[] =>
  args.flatMap((a) => (a.startsWith(`${key}=`) ? [a.slice(key.length + 1)] : []));

/**
 * Every file the command writes with content from somewhere else, and where from. `upstream` are the words of the
 * commands piped into it, nearest last: a filter (`sed`, `tee`) passes their content on.
 */
export function contentWrites(cmd: SimpleCommand, upstream: readonly (readonly string[])[]): ContentWrite[] {
  const { program, args } = cmd;
  const piped = upstream.flatMap(([p = "", ...rest]) => printedOrigins(p, rest));
  const stdinFile = cmd.redirects.flatMap((r) =>
    r.mode === "read" && (r.fd ?? 0) === 0 && r.target !== null ? [r.target] : [],
  );
  const input: Origin[] = [...piped, ...stdinFile.map((path): Origin => ({ kind: "path", path }))];
  const own = printedOrigins(program, args);
  // A command with no origin of its own (`sed 's/a/b/'`, `tee`) passes on what it reads.
  const printed = own.length > 0 ? own : input;
  const out: ContentWrite[] = cmd.redirects
    .filter((r) => (r.mode === "write" || r.mode === "append") && (r.fd ?? 1) === 1 && r.target !== null)
    .map((r) => ({ file: r.target!, from: printed }));
  if (program === "tee") out.push(...args.filter((a) => !a.startsWith("-")).map((file) => ({ file, from: input })));
  if (FETCHERS.has(program))
    out.push(
      ...fetcherFiles(program, args).map((file) => ({ file, from: [{ kind: "network", what: program } as const] })),
    );
  if (program === "dd") {
    const from = ddOperand(args, "if").map((path): Origin => ({ kind: "path", path }));
    out.push(...ddOperand(args, "of").map((file) => ({ file, from: from.length > 0 ? from : input })));
  }
  if (COPIERS.has(program)) out.push(...copierWrites(program, args, input));
  // rclone's transfers are copiers after their subcommand: `rclone copy remote:x/Makefile .` (docs/adr/0855).
  if (program === "rclone" && /^(?:copy|copyto|move|moveto|sync)$/.test(args[0] ?? ""))
    out.push(...copierWrites(program, args.slice(1), input));
  out.push(...writerFiles(program, args, input));
  return out.filter((w) => w.from.length > 0);
}

/**
 * A folder this command fills with files nobody here read: an archive unpacked with `-C`/`-d`, a repository
 * cloned. Its files are as unread as a download.
 */
export function unreadTree(cmd: SimpleCommand): string | null {
  const { program, args } = cmd;
  const after = (...names: string[]): string | null => {
    const i = args.findIndex((a) => names.includes(a));
    return i < 0 ? null : (args[i + 1] ?? null);
  };
  if (program === "tar" || program === "bsdtar") return after("-C", "--directory");
  if (program === "unzip") return after("-d");
  const words = args.filter((a) => !a.startsWith("-"));
  if (
    (program === "git" && words[0] === "clone") ||
    (program === "gh" && words[0] === "repo" && words[1] === "clone")
  ) {
    const rest = words.slice(program === "git" ? 1 : 2);
    return rest[1] ?? (rest[0] === undefined ? null : (urlName(rest[0])?.replace(/\.git$/, "") ?? null));
  }
  return null;
}

/** Scratch folders anyone on the machine may write: a file there is not known to be what the agent put there. */
const SCRATCH = /^(?:\/private)?\/(?:tmp|var\/tmp|dev\/shm)(?:\/|$)/;

const clean = (path: string): string => path.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");

/** Whether an origin is content nobody here read: fetched, in a scratch folder, or under a place in `unread`. */
export function unreadOrigin(origin: Origin, unread: ReadonlySet<string>): string | null {
  if (origin.kind === "network") return `fetched by ${origin.what}`;
  const path = clean(origin.path);
  if (SCRATCH.test(path)) return `${origin.path}, a scratch file anyone may have written`;
  for (const place of unread)
    if (path === place || path.startsWith(`${place}/`)) return `${origin.path}, which nobody here read`;
  return null;
}

export { clean as placeOf };
