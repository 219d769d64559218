/**
 * The shell commands an interpreter one-liner's calls amount to (docs/adr/0330): `shutil.rmtree('build')` is
 * `rm -rf -- build`, `os.chmod('/tmp/sh', 0o4755)` is `chmod 4755 -- /tmp/sh`, `os.kill(1, 9)` is
 * `kill -9 1`, `open(p, 'w')` is `cat > p`, php's `copy('https://…', 'x.php')` is `curl -o x.php https://…`.
 * The lines are analysed as bash (like the command strings of `os.system`), so every check that reads paths,
 * modes, signals, devices and downloads judges the call as it judges the command: one judgement per effect,
 * whatever the language. The table is data; code-values.ts reads the calls and folds their arguments.
 *
 * A call that changes files (delete, write, move, mode, owner) whose path the text does not fix is
 * `unreadable`: the caller gates it as unknown code. Inside a tree walk (`os.walk(X)`, `Dir.glob('X/**')`,
 * `File::Find`) such a call acts on the tree: it is read as the recursive command on X (`chmod -R`, `rm -rf`).
 */
import { type CodeCall, type CodeText, type Value, valueOf } from "./code-values.ts";
import type { Language } from "./interpreters.ts";

type Arg = Value | null | undefined;
type Act = "delete" | "change" | "read" | "signal" | "fetch" | "run";

interface Line {
  readonly words: readonly Arg[];
  /** `: > path` (`>`) or `: >> path` (`>>`): the call opens the path for writing. */
  readonly redirect?: readonly [">" | ">>", Arg];
  /** Argument indexes (into `words`) printed in octal: a file mode. */
  readonly octal?: number;
}

interface Rule {
  readonly languages: readonly Language[];
  readonly name: RegExp;
  readonly act: Act;
  /** The names of interpreters.ts's destructive scan that this call is read for. */
  readonly covers?: readonly string[];
  /** The command line, from the call's positional arguments (the receiver first when `receiver`), flags, keywords. */
  readonly line: (a: readonly Arg[], call: CallView) => Line | null;
  /** The path is the receiver's value: `Path('x').unlink()`, `Pathname.new('x').rmtree`. */
  readonly receiver?: true;
}

interface CallView {
  /** The masked text of every argument, keywords included (for flags: `{recursive: true}`, `mode='w'`). */
  readonly raw: string;
  readonly kw: (name: string) => Arg;
  /** A property of an options object (`{cwd: '/'}`), undefined when absent, null when not a literal. */
  readonly prop: (...names: string[]) => Arg;
}

const w = (s: string): Value => ({ kind: "str", v: s });
const rm = (p: Arg, recursive: boolean): Line => ({ words: [w("rm"), w(recursive ? "-rf" : "-f"), w("--"), p] });
const rmdir = (p: Arg): Line => ({ words: [w("rmdir"), w("--"), p] });
const mv = (a: Arg, b: Arg): Line => ({ words: [w("mv"), w("--"), a, b] });
const cp = (a: Arg, b: Arg, recursive: boolean): Line =>
  isUrl(a)
    ? { words: [w("curl"), w("-fsSL"), w("-o"), b, a] }
    : { words: recursive ? [w("cp"), w("-r"), w("--"), a, b] : [w("cp"), w("--"), a, b] };
const chmod = (mode: Arg, p: Arg, recursive = false): Line => ({
  words: recursive ? [w("chmod"), w("-R"), mode, w("--"), p] : [w("chmod"), mode, w("--"), p],
  octal: recursive ? 2 : 1,
});
const chown = (user: Arg, group: Arg, p: Arg, recursive = false): Line => {
  const owner = owners(user, group);
  return { words: recursive ? [w("chown"), w("-R"), owner, w("--"), p] : [w("chown"), owner, w("--"), p] };
};
/** What the code writes is not known here: `cat > P` (text from elsewhere), not `: > P` (nothing). */
const write = (p: Arg, append = false): Line => ({ words: [w("cat")], redirect: [append ? ">>" : ">", p] });
const read = (p: Arg): Line => ({ words: [w("cat"), w("--"), p] });
const ln = (target: Arg, link: Arg): Line => ({ words: [w("ln"), w("-s"), w("--"), target, link] });
const fetch = (url: Arg, file: Arg): Line => ({ words: [w("curl"), w("-fsSL"), w("-o"), file, url] });
/**
 * An archive unpacked below a directory (docs/adr/0414): `tar -xf ARCHIVE -C DEST`, judged as tar's extraction is
 * (outside the workspace it asks, into `/` or a system directory it is denied). An archive the text does not name
 * does not matter to where it writes; a destination it does not fix is unknown.
 */
/** An argument given, else the keyword: `extractall('/')` or `extractall(path='/')`; a null argument stays null. */
const given = (positional: Arg, keyword: Arg): Arg => (positional !== undefined ? positional : keyword);
const unpack = (archive: Arg, dest: Arg): Line => ({
  words: [w("tar"), w("-xf"), archive == null ? w("archive") : archive, w("-C"), dest === undefined ? w(".") : dest],
});

function owners(user: Arg, group: Arg): Arg {
  if (user === null || group === null) return null;
  const u = user === undefined || (user.kind === "num" && user.v === -1) ? "" : String(user.v);
  const g = group === undefined || (group.kind === "num" && group.v === -1) ? "" : String(group.v);
  return w(g === "" ? u || "-1" : `${u}:${g}`);
}

function isUrl(a: Arg): boolean {
  return a?.kind === "str" && /^(?:https?|ftp):\/\//i.test(a.v);
}

/** Python's open mode, fs's flags, perl's and ruby's mode strings: write, append, or read. */
function openLine(p: Arg, mode: Arg, raw: string): Line {
  const m = mode?.kind === "str" ? mode.v : mode === null ? "?" : "r";
  if (m === "?" && /O_(?:WRONLY|RDWR|TRUNC|CREAT|APPEND)/.test(raw)) return write(p, !/O_TRUNC/.test(raw));
  if (m === "?") return write(p, true); // a mode computed at run time may write
  if (/[wx]/.test(m) || /^\+?>(?!>)/.test(m)) return write(p);
  if (/[a+]/.test(m) || m.startsWith(">>") || m.startsWith("+<")) return write(p, true);
  return read(p);
}

/** Perl's two-argument open: the mode is the head of the path string (`'>out.txt'`). */
function perlOpen(a: readonly Arg[]): Line | null {
  if (a[1]?.kind === "str" && /^\s*(?:\|-|-\|)\s*$/.test(a[1].v)) return null; // a command: embedded-shell.ts
  if (a.length >= 3) return openLine(a[2], a[1], "");
  const spec = a[1];
  if (spec?.kind !== "str") return spec === null ? write(null, true) : null;
  const m = /^\s*(\+?[<>]{0,2})\s*(.*?)\s*$/.exec(spec.v)!;
  if (m[2]!.endsWith("|") || m[2]!.startsWith("|")) return null; // a pipe open runs a command: embedded-shell.ts
  return openLine(w(m[2]!), w(m[1] === "" ? "<" : m[1]!), "");
}

/** A signal, as kill's option: `-9`, `-KILL`; the default SIGTERM when absent. */
function signal(sig: Arg): Arg {
  if (sig === undefined) return w("-TERM");
  if (sig === null) return w("-KILL");
  if (sig.kind === "num") return w(`-${Math.abs(sig.v)}`);
  return w(`-${sig.v.replace(/^SIG/, "")}`);
}
const kill = (sig: Arg, pids: readonly Arg[], group = false): Line => ({
  words: [w("kill"), signal(sig), ...pids.map((p) => (group && p?.kind === "num" ? w(`-${Math.abs(p.v)}`) : p))],
});

const PY: Language[] = ["python"];
const JS: Language[] = ["javascript"];
const RB: Language[] = ["ruby"];
const PL: Language[] = ["perl"];
const PHP: Language[] = ["php"];
const recursiveOpt = (c: CallView): boolean => /\brecursive\s*:\s*true\b/.test(c.raw);

const RULES: readonly Rule[] = [
  // python
  {
    languages: PY,
    name: /^(?:shutil\.)?rmtree$/,
    act: "delete",
    covers: ["shutil.rmtree"],
    line: (a) => rm(a[0], true),
  },
  // distutils' (and setuptools' vendored) dir_util.remove_tree is rmtree by another name (docs/adr/0637).
  {
    languages: PY,
    name: /^(?:(?:distutils\.)?dir_util\.)?remove_tree$/,
    act: "delete",
    covers: ["remove_tree"],
    line: (a) => rm(a[0], true),
  },
  { languages: PY, name: /^os\.remove$/, act: "delete", covers: ["os.remove"], line: (a) => rm(a[0], false) },
  { languages: PY, name: /^os\.unlink$/, act: "delete", covers: ["os.unlink"], line: (a) => rm(a[0], false) },
  { languages: PY, name: /^os\.rmdir$/, act: "delete", covers: ["os.rmdir"], line: (a) => rmdir(a[0]) },
  { languages: PY, name: /^os\.removedirs$/, act: "delete", covers: ["os.removedirs"], line: (a) => rmdir(a[0]) },
  {
    languages: PY,
    name: /^unlink$/,
    act: "delete",
    covers: ["Path.unlink"],
    receiver: true,
    line: (a) => rm(a[0], false),
  },
  { languages: PY, name: /^rmdir$/, act: "delete", covers: ["Path.rmdir"], receiver: true, line: (a) => rmdir(a[0]) },
  { languages: PY, name: /^(?:os\.(?:rename|replace)|shutil\.move)$/, act: "change", line: (a) => mv(a[0], a[1]) },
  { languages: PY, name: /^(?:rename|replace)$/, act: "change", receiver: true, line: (a) => mv(a[0], a[1]) },
  { languages: PY, name: /^shutil\.(?:copy|copy2|copyfile)$/, act: "change", line: (a) => cp(a[0], a[1], false) },
  { languages: PY, name: /^shutil\.copytree$/, act: "change", line: (a) => cp(a[0], a[1], true) },
  { languages: PY, name: /^os\.l?chmod$/, act: "change", line: (a) => chmod(a[1], a[0]) },
  { languages: PY, name: /^chmod$/, act: "change", receiver: true, line: (a) => chmod(a[1], a[0]) },
  { languages: PY, name: /^os\.l?chown$/, act: "change", line: (a) => chown(a[1], a[2], a[0]) },
  {
    languages: PY,
    name: /^shutil\.chown$/,
    act: "change",
    line: (a, c) => chown(a[1] ?? c.kw("user"), a[2] ?? c.kw("group"), a[0]),
  },
  {
    languages: PY,
    name: /^(?:fileinput\.)?(?:input|FileInput)$/,
    act: "read",
    line: (a, c) => (/\binplace\s*=\s*(?:True|1)\b/.test(c.raw) ? write(a[0] ?? c.kw("files"), true) : null),
  },
  { languages: PY, name: /^(?:os\.)?truncate$/, act: "change", line: (a) => write(a[0]) },
  {
    languages: PY,
    name: /^(?:io\.|codecs\.)?open$/,
    act: "read",
    line: (a, c) => openLine(a[0], a[1] ?? c.kw("mode"), c.raw),
  },
  { languages: PY, name: /^os\.open$/, act: "read", line: (a, c) => openLine(a[0], null, c.raw) },
  {
    languages: PY,
    name: /^open$/,
    act: "read",
    receiver: true,
    line: (a, c) => openLine(a[0], a[1] ?? c.kw("mode"), c.raw),
  },
  { languages: PY, name: /^(?:write_text|write_bytes)$/, act: "change", receiver: true, line: (a) => write(a[0]) },
  { languages: PY, name: /^(?:read_text|read_bytes)$/, act: "read", receiver: true, line: (a) => read(a[0]) },
  { languages: PY, name: /^symlink_to$/, act: "change", receiver: true, line: (a) => ln(a[1], a[0]) },
  { languages: PY, name: /^os\.symlink$/, act: "change", line: (a) => ln(a[0], a[1]) },
  {
    languages: PY,
    name: /^os\.(?:kill|killpg)$|^kill$/,
    act: "signal",
    line: (a, c) => kill(a[1], [a[0]], /killpg/.test(c.raw)),
  },
  { languages: PY, name: /(?:^|\.)urlretrieve$/, act: "fetch", line: (a) => fetch(a[0], a[1]) },
  {
    languages: PY,
    name: /^(?:shutil\.)?unpack_archive$/,
    act: "change",
    line: (a, c) => unpack(given(a[0], c.kw("filename")), given(a[1], c.kw("extract_dir"))),
  },
  {
    languages: PY,
    name: /(?:^|\.)extractall$/,
    act: "change",
    line: (a, c) => unpack(null, given(a[0], c.kw("path"))),
  },
  {
    languages: PY,
    name: /^extract$/,
    act: "change",
    receiver: true,
    line: (a, c) => unpack(null, given(a[2], c.kw("path"))),
  },
  { languages: PY, name: /\.extract$/, act: "change", line: (a, c) => unpack(null, given(a[1], c.kw("path"))) },
  // javascript (node, deno, bun)
  {
    languages: JS,
    name: /(?:^|\.)rm(?:Sync)?$/,
    act: "delete",
    covers: ["fs.rmSync", "fs.rm"],
    line: (a, c) => rm(a[0], recursiveOpt(c)),
  },
  {
    languages: JS,
    name: /(?:^|\.)rmdir(?:Sync)?$/,
    act: "delete",
    covers: ["fs.rmdirSync", "fs.rmdir"],
    line: (a, c) => (recursiveOpt(c) ? rm(a[0], true) : rmdir(a[0])),
  },
  {
    languages: JS,
    name: /(?:^|\.)unlink(?:Sync)?$/,
    act: "delete",
    covers: ["fs.unlinkSync", "fs.unlink"],
    line: (a) => rm(a[0], false),
  },
  {
    languages: JS,
    name: /(?:^|\.)(?:rimraf(?:Sync)?|removeSync|emptyDirSync|emptyDir)$|^(?:rimraf|fse|fsExtra)\.(?:sync|remove)$/,
    act: "delete",
    line: (a) => rm(a[0], true),
  },
  {
    languages: JS,
    name: /^Deno\.remove(?:Sync)?$/,
    act: "delete",
    covers: ["Deno.remove"],
    line: (a, c) => rm(a[0], recursiveOpt(c)),
  },
  { languages: JS, name: /(?:^|\.)rename(?:Sync)?$/, act: "change", line: (a) => mv(a[0], a[1]) },
  { languages: JS, name: /(?:^|\.)copyFile(?:Sync)?$/, act: "change", line: (a) => cp(a[0], a[1], false) },
  { languages: JS, name: /(?:^|\.)cp(?:Sync)?$/, act: "change", line: (a, c) => cp(a[0], a[1], recursiveOpt(c)) },
  { languages: JS, name: /(?:^|\.)l?chmod(?:Sync)?$/, act: "change", line: (a) => chmod(a[1], a[0]) },
  { languages: JS, name: /(?:^|\.)l?chown(?:Sync)?$/, act: "change", line: (a) => chown(a[1], a[2], a[0]) },
  {
    languages: JS,
    name: /(?:^|\.)(?:writeFile|truncate)(?:Sync)?$|^Deno\.writeTextFile(?:Sync)?$|^Bun\.write$/,
    act: "change",
    line: (a) => write(a[0]),
  },
  { languages: JS, name: /(?:^|\.)appendFile(?:Sync)?$/, act: "change", line: (a) => write(a[0], true) },
  {
    languages: JS,
    name: /(?:^|\.)createWriteStream$/,
    act: "change",
    line: (a, c) => write(a[0], /flags\s*:\s*\u0001/.test(c.raw)),
  },
  { languages: JS, name: /(?:^|\.)open(?:Sync)?$/, act: "read", line: (a) => openLine(a[0], a[1] ?? w("r"), "") },
  {
    languages: JS,
    name: /(?:^|\.)readFile(?:Sync)?$|^Deno\.readTextFile(?:Sync)?$/,
    act: "read",
    line: (a) => read(a[0]),
  },
  { languages: JS, name: /(?:^|\.)symlink(?:Sync)?$/, act: "change", line: (a) => ln(a[0], a[1]) },
  { languages: JS, name: /^process\.kill$|^Deno\.kill$/, act: "signal", line: (a) => kill(a[1], [a[0]]) },
  // node-tar's x/extract({file, cwd}), adm-zip's extractAllTo(dest), extract-zip's (src, {dir}), decompress(src, dest).
  {
    languages: JS,
    name: /^(?:tar|node-tar)\.(?:x|extract)$/,
    act: "change",
    line: (_a, c) => unpack(c.prop("file", "f") ?? null, c.prop("cwd", "C")),
  },
  { languages: JS, name: /(?:^|\.)extractAllTo(?:Async)?$/, act: "change", line: (a) => unpack(null, a[0]) },
  {
    languages: JS,
    name: /^(?:extract-zip|extract|decompress|unzipper\.Extract)$/,
    act: "change",
    line: (a, c) =>
      c.prop("dir", "path") !== undefined
        ? unpack(a[0], c.prop("dir", "path"))
        : a[1] !== undefined
          ? unpack(a[0], a[1])
          : null,
  },
  // ruby
  {
    languages: RB,
    name: /^FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree)$/,
    act: "delete",
    covers: ["FileUtils.rm_rf", "FileUtils.rm_r", "FileUtils.rm"],
    line: (a) => rm(a[0], true),
  },
  {
    languages: RB,
    name: /^FileUtils\.(?:rm|rm_f|remove|safe_unlink)$/,
    act: "delete",
    covers: ["FileUtils.rm"],
    line: (a) => rm(a[0], false),
  },
  {
    languages: RB,
    name: /^File\.(?:delete|unlink)$/,
    act: "delete",
    covers: ["File.delete"],
    line: (a) => rm(a[0], false),
  },
  {
    languages: RB,
    name: /^Dir\.(?:rmdir|delete|unlink)$/,
    act: "delete",
    covers: ["Dir.rmdir"],
    line: (a) => rmdir(a[0]),
  },
  {
    languages: RB,
    name: /^rmtree$/,
    act: "delete",
    covers: ["FileUtils.rm_rf"],
    receiver: true,
    line: (a) => rm(a[0], true),
  },
  { languages: RB, name: /^(?:FileUtils\.(?:mv|move)|File\.rename)$/, act: "change", line: (a) => mv(a[0], a[1]) },
  {
    languages: RB,
    name: /^FileUtils\.(?:cp|copy|copy_file|install)$/,
    act: "change",
    line: (a) => cp(a[0], a[1], false),
  },
  { languages: RB, name: /^FileUtils\.(?:cp_r|copy_entry)$/, act: "change", line: (a) => cp(a[0], a[1], true) },
  { languages: RB, name: /^(?:FileUtils|File)\.l?chmod$/, act: "change", line: (a) => chmod(a[0], a[1]) },
  { languages: RB, name: /^FileUtils\.chmod_R$/, act: "change", line: (a) => chmod(a[0], a[1], true) },
  { languages: RB, name: /^(?:FileUtils|File)\.l?chown$/, act: "change", line: (a) => chown(a[0], a[1], a[2]) },
  { languages: RB, name: /^FileUtils\.chown_R$/, act: "change", line: (a) => chown(a[0], a[1], a[2], true) },
  {
    languages: RB,
    name: /^(?:File|IO)\.(?:write|binwrite)$|^File\.truncate$/,
    act: "change",
    line: (a) => write(a[0]),
  },
  { languages: RB, name: /^(?:File|IO)\.(?:read|binread|readlines|foreach)$/, act: "read", line: (a) => read(a[0]) },
  { languages: RB, name: /^File\.open$|^File\.new$/, act: "read", line: (a) => openLine(a[0], a[1] ?? w("r"), "") },
  { languages: RB, name: /^(?:FileUtils\.ln_sf?|File\.symlink)$/, act: "change", line: (a) => ln(a[0], a[1]) },
  { languages: RB, name: /^Process\.kill$/, act: "signal", line: (a) => kill(a[0], a.slice(1)) },
  { languages: RB, name: /^extract_files$/, act: "change", receiver: true, line: (a) => unpack(null, a[1]) },
  {
    languages: RB,
    name: /^(?:Minitar|Archive::Tar::Minitar)\.unpack$/,
    act: "change",
    line: (a) => unpack(a[0], a[1]),
  },
  // Rake's FileUtils#ruby (docs/adr/0530): one argument is a command line after `ruby `, more are its argv.
  {
    languages: RB,
    name: /^FileUtils\.ruby$/,
    act: "run",
    line: (a) =>
      a.length > 1
        ? { words: [w("ruby"), ...a] }
        : {
            words: [
              w("sh"),
              w("-c"),
              a[0]?.kind === "str" ? w(`ruby ${a[0].v}`) : a[0] === undefined ? w("ruby") : null,
            ],
          },
  },
  // perl
  {
    languages: PL,
    name: /^(?:File::Path::)?(?:rmtree|remove_tree)$/,
    act: "delete",
    covers: ["rmtree"],
    line: (a) => rm(a[0], true),
  },
  {
    languages: PL,
    name: /^unlink$/,
    act: "delete",
    covers: ["unlink"],
    line: (a) => ({ words: [w("rm"), w("-f"), w("--"), ...(a.length > 0 ? a : [null])] }),
  },
  { languages: PL, name: /^rmdir$/, act: "delete", covers: ["rmdir"], line: (a) => rmdir(a[0]) },
  { languages: PL, name: /^(?:rename|move|File::Copy::move)$/, act: "change", line: (a) => mv(a[0], a[1]) },
  { languages: PL, name: /^(?:copy|File::Copy::copy)$/, act: "change", line: (a) => cp(a[0], a[1], false) },
  {
    languages: PL,
    name: /^chmod$/,
    act: "change",
    line: (a) => ({ words: [w("chmod"), a[0], w("--"), ...a.slice(1)], octal: 1 }),
  },
  {
    languages: PL,
    name: /^chown$/,
    act: "change",
    line: (a) => ({ words: [w("chown"), owners(a[0], a[1]), w("--"), ...a.slice(2)] }),
  },
  { languages: PL, name: /^open$/, act: "read", line: (a) => perlOpen(a) },
  { languages: PL, name: /^symlink$/, act: "change", line: (a) => ln(a[0], a[1]) },
  {
    languages: PL,
    name: /^kill$/,
    act: "signal",
    line: (a) => kill(a[0], a.slice(1), a[0]?.kind === "num" && a[0].v < 0),
  },
  // php
  { languages: PHP, name: /^unlink$/, act: "delete", covers: ["unlink"], line: (a) => rm(a[0], false) },
  { languages: PHP, name: /^rmdir$/, act: "delete", covers: ["rmdir"], line: (a) => rmdir(a[0]) },
  { languages: PHP, name: /^rename$/, act: "change", line: (a) => mv(a[0], a[1]) },
  { languages: PHP, name: /^copy$/, act: "change", line: (a) => cp(a[0], a[1], false) },
  { languages: PHP, name: /^l?chmod$/, act: "change", line: (a) => chmod(a[1], a[0]) },
  { languages: PHP, name: /^l?chown$/, act: "change", line: (a) => chown(a[1], undefined, a[0]) },
  {
    languages: PHP,
    name: /^file_put_contents$/,
    act: "change",
    line: (a, c) => write(a[0], /FILE_APPEND/.test(c.raw)),
  },
  { languages: PHP, name: /^fopen$/, act: "read", line: (a) => openLine(a[0], a[1] ?? w("r"), "") },
  {
    languages: PHP,
    name: /^(?:file_get_contents|file|readfile)$/,
    act: "read",
    line: (a) => (isUrl(a[0]) ? { words: [w("curl"), w("-fsSL"), a[0]] } : read(a[0])),
  },
  { languages: PHP, name: /^symlink$/, act: "change", line: (a) => ln(a[0], a[1]) },
  { languages: PHP, name: /^posix_kill$/, act: "signal", line: (a) => kill(a[1], [a[0]]) },
  // lua
  { languages: ["lua"], name: /^os\.remove$/, act: "delete", covers: ["os.remove"], line: (a) => rm(a[0], false) },
  { languages: ["lua"], name: /^os\.rename$/, act: "change", line: (a) => mv(a[0], a[1]) },
  { languages: ["lua"], name: /^io\.open$/, act: "read", line: (a) => openLine(a[0], a[1] ?? w("r"), "") },
];

/** Tree walks: the root they walk. A change to a path the text does not fix, inside the walk, is a change to the tree. */
const WALKS: Readonly<Record<Language, RegExp | null>> = {
  python: /^(?:os\.walk|os\.fwalk|rglob|glob\.i?glob|walk)$/,
  javascript: /(?:^|\.)(?:readdir(?:Sync)?|walk(?:Sync)?|glob(?:Sync)?)$/,
  ruby: /^(?:Dir\.glob|Dir\.\[\]|Find\.find|Dir\.each_child|Dir\.children)$/,
  perl: /^(?:find|File::Find::find|finddepth)$/,
  php: /^(?:RecursiveDirectoryIterator|glob|scandir)$/,
  lua: null,
  awk: null,
};

export interface CodeCommands {
  /** Bash command lines the calls amount to. */
  readonly lines: readonly string[];
  /** Per destructive-scan name, how many calls were read precisely. */
  readonly read: ReadonlyMap<string, number>;
  /** Calls that change files at a path the text does not fix (`open(p, 'w')` with p computed). */
  readonly unreadable: readonly string[];
  /** The literal paths the calls delete (as written). */
  readonly deletes: readonly string[];
  /** Signals sent to processes whose id the text does not fix. */
  readonly computedSignals: readonly string[];
}

export function codeCommands(code: CodeText): CodeCommands {
  const lines: string[] = [];
  const read = new Map<string, number>();
  const unreadable: string[] = [];
  const deletes: string[] = [];
  const computedSignals: string[] = [];
  const walkRoot = walkRootOf(code);
  for (let call of code.calls) {
    // `require('rimraf').sync(p)`: a method of a module loaded in place is that module's (`rimraf.sync`).
    const loaded = /^require\(\u0001(\d+)\u0004\)$/.exec(call.receiver ?? "");
    const module = loaded === null ? undefined : code.masked.values.get(Number(loaded[1]));
    if (module !== undefined) call = { ...call, name: `${module}.${call.name}`, receiver: null };
    let rule = ruleFor(code.language, call);
    // `p.unlink()` on a loop variable: the delete of an object held in a name, as `Path(x).unlink()` is of the
    // expression (its path is then unknown, and a walk of a literal root reads it as that root, recursively).
    const held = rule === undefined && call.receiver === null ? /^([A-Za-z_]\w*)\.(\w+)$/.exec(call.name) : null;
    if (held !== null) {
      call = { ...call, name: held[2]!, receiver: held[1]! };
      rule = ruleFor(code.language, call);
      // Only deletes: a module's own function (`tarfile.open`) has the same shape, and opening is no delete.
      if (rule?.receiver !== true || rule.act !== "delete") continue;
    }
    if (rule === undefined) continue;
    const positional = call.args.filter((a) => !/^\w+\s*=(?!=)/.test(a) && !/^\w+\s*:(?!:)/.test(a));
    const texts = rule.receiver === true ? [call.receiver!, ...positional] : positional;
    const args = texts.map((t) => valueOf(code, t));
    const raw = call.args.join(",");
    const view: CallView = {
      raw,
      kw: (name) => keyword(code, call, name),
      prop: (...names) => property(code, raw, names),
    };
    let line = rule.line(args, view);
    if (line === null) continue;
    if (rule.act === "signal") {
      const pids = code.language === "perl" || code.language === "ruby" ? texts.slice(1) : [texts[0] ?? ""];
      const computed = line.words.some((x) => x == null);
      if (computed && !pids.every((p) => /\.pid\b|\bpid\s*$|getpid\(\)|process\.pid|\$\$/.test(p))) {
        computedSignals.push(call.name);
      }
      if (computed) continue;
    }
    if (unknownPath(line)) {
      const writes =
        line.redirect !== undefined || rule.act === "delete" || rule.act === "change" || rule.act === "run";
      if (!writes) continue;
      if (walkRoot === null || !/^(?:rm|chmod|chown)$/.test(String(line.words[0]?.v ?? ""))) {
        unreadable.push(call.name);
        continue;
      }
      line = recursive(line, walkRoot);
      if (line === null) {
        unreadable.push(call.name);
        continue;
      }
    }
    lines.push(render(line));
    for (const name of rule.covers ?? []) read.set(name, (read.get(name) ?? 0) + 1);
    if (rule.act === "delete") for (const x of line.words.slice(3)) if (x?.kind === "str") deletes.push(x.v);
  }
  return { lines, read, unreadable, deletes, computedSignals };
}

/** A method on an expression (`Path('x').unlink()`) takes a receiver rule first; a plain call never does. */
function ruleFor(language: Language, call: CodeCall): Rule | undefined {
  const candidates = RULES.filter((r) => r.languages.includes(language) && r.name.test(call.name));
  const onReceiver = call.receiver !== null && !call.name.includes(".");
  return (
    (onReceiver ? candidates.find((r) => r.receiver === true) : undefined) ??
    candidates.find((r) => r.receiver !== true)
  );
}

function keyword(code: CodeText, call: CodeCall, name: string): Arg {
  const kw = call.args.find((a) => new RegExp(`^${name}\\s*=(?!=)`).test(a));
  return kw === undefined ? undefined : valueOf(code, kw.slice(kw.indexOf("=") + 1));
}

/** `name: VALUE` in an options object: the literal's value, null for anything else, undefined when absent. */
function property(code: CodeText, raw: string, names: readonly string[]): Arg {
  for (const name of names) {
    const m = new RegExp(`(?:^|[{,\\s])['"]?${name}['"]?\\s*:\\s*([^,}]*)`).exec(raw);
    if (m !== null) return valueOf(code, m[1]!.trim());
  }
  return undefined;
}

function unknownPath(line: Line): boolean {
  return line.words.some((x) => x == null) || (line.redirect !== undefined && line.redirect[1] == null);
}

/** The root of the first tree walk whose root the text fixes, or null. */
function walkRootOf(code: CodeText): Value | null {
  const walk = WALKS[code.language];
  if (walk === null) return null;
  for (const call of code.calls) {
    if (!walk.test(call.name) && !(call.receiver !== null && /^r?glob$|^iterdir$|^walk$/.test(call.name))) continue;
    const texts = call.receiver !== null && !/\./.test(call.name) ? [call.receiver] : call.args;
    const perl = code.language === "perl" ? texts.slice(1) : texts;
    for (const t of perl) {
      const v = valueOf(code, t);
      if (v?.kind === "str") return { kind: "str", v: v.v.replace(/\/?[*?[].*$/, "") || "." };
    }
  }
  return null;
}

/** A change to an unknown path inside a walk of `root`: the same change, recursive, on root. */
function recursive(line: Line, root: Value): Line | null {
  const program = line.words[0]?.v;
  if (program === "rm") return rm(root, true);
  if (program === "chmod") return line.words[1] == null ? null : chmod(line.words[1], root, true);
  if (program === "chown")
    return line.words[1] == null ? null : { words: [w("chown"), w("-R"), line.words[1], w("--"), root] };
  return null;
}

function render(line: Line): string {
  const words = line.words.map((x, i) => word(x!, i === line.octal));
  if (line.redirect !== undefined) words.push(line.redirect[0], word(line.redirect[1]!, false));
  return words.join(" ");
}

/** A shell word for a value: single-quoted, a leading `~` left bare so the analysis expands it; modes in octal. */
function word(x: Value, octal: boolean): string {
  if (x.kind === "num") return octal ? x.v.toString(8) : String(x.v);
  if (octal && /^[0-7]+$/.test(x.v)) return x.v;
  const m = /^~(?=\/|$)/.exec(x.v);
  const rest = m === null ? x.v : x.v.slice(1);
  const q = rest === "" ? "" : `'${rest.replace(/'/g, `'\\''`)}'`;
  return m === null ? q : `~${q}`;
}

/** Calls of a database handle that run the SQL they are given. */
const SQL_CALL =
  /(?:^|\.|->)(?:execute|executescript|executemany|execute_batch|query|exec|run|prepare|do|raw|sql|unsafe|command|none|any|oneOrNone|many)$/;
const SQL_TEXT =
  /^\s*(?:DROP|TRUNCATE|DELETE|ALTER|UPDATE|INSERT|CREATE|GRANT|REVOKE|SELECT|WITH|REPLACE|VACUUM|ATTACH|DETACH|PRAGMA|COPY|MERGE|RENAME|SET|BEGIN|COMMIT)\b/i;
const REDIS_CALL = /(?:^|\.|->)(?:flushall|flushdb|flushAll|flushDb|FLUSHALL|FLUSHDB)$/;

/**
 * SQL a driver is given as a literal (`sqlite3.connect('app.db').execute('DROP TABLE users')`, `c.query('DROP …')`),
 * as the command line of that database's client, so the SQL analysis judges it; redis' flushes as `redis-cli`.
 */
export function sqlCommands(code: CodeText): string[] {
  const out: string[] = [];
  const names = `${code.masked.text} ${[...code.masked.values.values()].join(" ").slice(0, 10_000)}`;
  const sqlite = /\bsqlite3?\b|better-sqlite3|bun:sqlite|SQLite3/i.test(names);
  const mysql = /\bmysql|MySQLdb|pymysql|mysqli|Mysql2/i.test(names);
  const db = sqlite ? databaseFile(code) : null;
  for (const call of code.calls) {
    if (REDIS_CALL.test(call.name)) {
      out.push(`redis-cli ${call.name.replace(/^.*(?:\.|->)/, "").toUpperCase()}`);
      continue;
    }
    if (!SQL_CALL.test(call.name) || call.args.length === 0) continue;
    const sql = valueOf(code, call.args[0]!);
    if (sql?.kind !== "str" || !SQL_TEXT.test(sql.v)) continue;
    const q = `'${sql.v.replace(/'/g, `'\\''`)}'`;
    if (sqlite) out.push(`sqlite3 ${db === null ? "db.sqlite3" : word(db, false)} ${q}`);
    else if (mysql) out.push(`mysql -e ${q}`);
    else out.push(`psql -c ${q}`);
  }
  return out;
}

/** The file a sqlite connection opens, when the text fixes it. */
function databaseFile(code: CodeText): Value | null {
  for (const call of code.calls) {
    if (!/(?:^|\.)(?:connect|Database|open|new)$/.test(call.name) || call.args.length === 0) continue;
    const v = valueOf(code, call.args[0]!);
    if (v?.kind === "str") return v;
  }
  return null;
}
