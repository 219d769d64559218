/**
 * Files a program writes through an output option (docs/adr/0463): `git diff --output=F`, `gcc -o F`, `sar -o F`,
 * `curl --trace F`, `gs -sOutputFile=F`, `nmap -oN F`. A readers' table cannot list every program, so an option
 * whose NAME says output is taken as a write of its value, unless the program's table says that option means
 * something else (`ssh -o Opt=v`, `ps -o pid`, `grep -o`, `ls -o`). Per-program entries add the spellings the
 * generic names miss (`less -O`, `ctags -f`, `pdftk … output F`) and the operands that are outputs (`xxd IN OUT`).
 */
import { ownEntry } from "../../core/index.ts";

/** Option names that say "output file" in any program. */
const GENERIC = new Set([
  "-o",
  "--output",
  "--out",
  "-out",
  "--outfile",
  "--out-file",
  "--outFile",
  "--output-file",
  "--output-dir",
  "--output-directory",
  "--outdir",
  "--out-dir",
  "--outDir",
  "--log-file",
  "--logfile",
  "--trace",
  "--trace-ascii",
  "--trace-file",
  "--rdb",
  "-sOutputFile",
  // Test runners' and bundlers' outputs (round 12): `jest --json --outputFile=F`, `tsc --tsBuildInfoFile F`,
  // `webpack --output-filename F`, `--output-path D`.
  "--outputFile",
  "--tsBuildInfoFile",
  "--output-filename",
  "--output-path",
  "--declarationDir",
  "--reportFile",
  "--report-file",
]);

/** Programs whose generic output spellings mean something else: a flag, a format, a field list, mount options. */
const NOT_OUTPUT: Readonly<Record<string, readonly string[]>> = Object.fromEntries([
  ...[
    "ls",
    "od",
    "hexdump",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "ip",
    "pgrep",
    "pkill",
    "killall",
    "rsync",
    "tar",
    "bsdtar",
    "zip",
    "unzip",
    "cpio",
    "useradd",
    "usermod",
    "xargs",
    "ps",
    "ssh",
    "scp",
    "sftp",
    "sshfs",
    "autossh",
    "ssh-keygen",
    "ssh-copy-id",
    "mount",
    "umount",
    "apt",
    "apt-get",
    "mysql",
    "find",
    "test",
    "[",
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "set",
    "column",
    "pr",
    "top",
    "lsof",
    "install",
    "make",
    "netstat",
    "ss",
    "join",
    "mvn",
    "pytest",
    "ansible",
    "iptables",
    "ip6tables",
    "eza",
    "exa",
    "fd",
    "qemu-img",
    "tune2fs",
    "sendmail",
  ].map((p) => [p, ["-o"]] as const),
  // `--output`/`-o` is a format or a field list here.
  ...[
    "journalctl",
    "systemctl",
    "kubectl",
    "oc",
    "helm",
    "aws",
    "az",
    "yq",
    "iostat",
    "mpstat",
    "df",
    "lsblk",
    "findmnt",
    "blkid",
    "crictl",
    "doctl",
  ].map((p) => [p, ["-o", "--output"]] as const),
]);

/** Output spellings the generic names miss, per program (the value is the written file or directory). */
const EXTRA: Readonly<Record<string, readonly string[]>> = {
  less: ["-O", "--LOG-FILE"],
  ctags: ["-f"],
  etags: ["-f"],
  wget: ["-a", "--append-output"],
  nmap: ["-oN", "-oX", "-oG", "-oA", "-oS"],
  masscan: ["-oX", "-oG", "-oJ", "-oL", "-oB"],
  aria2c: ["-d", "--dir"],
  tcpdump: ["-w"],
  tshark: ["-w"],
  javac: ["-d"],
  // rollup's bundle file and chunk folder (round 12: `rollup x.js --file ~/.bashrc --banner CODE`).
  rollup: ["--file", "-d", "--dir"],
};

/** Operands that are outputs, by program: which operand (negative: from the end) once there are `min` of them. */
const OUTPUT_OPERAND: Readonly<Record<string, { readonly at: number; readonly min: number }>> = {
  xxd: { at: 1, min: 2 },
  objcopy: { at: 1, min: 2 },
  // `dos2unix F` converts F in place; `dos2unix -n IN OUT` writes OUT.
  dos2unix: { at: -1, min: 1 },
  unix2dos: { at: -1, min: 1 },
};

/** ffmpeg's options that take no value: every other option takes the next word (ADR 0471). */
const FFMPEG_FLAGS: ReadonlySet<string> = new Set([
  "-y",
  "-n",
  "-nostdin",
  "-stdin",
  "-hide_banner",
  "-re",
  "-shortest",
  "-an",
  "-vn",
  "-sn",
  "-dn",
  "-stats",
  "-nostats",
  "-report",
  "-benchmark",
  "-benchmark_all",
  "-copyts",
  "-xerror",
  "-ignore_unknown",
  "-dump",
  "-hex",
  "-accurate_seek",
  "-noaccurate_seek",
  "-autorotate",
  "-noautorotate",
]);

/** ffmpeg writes every word that is no option, no option's value and no `-i` input: `ffmpeg -i a.mp4 -t 1 out.mp3`. */
function ffmpegOutputs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("-") && a !== "-") {
      if (!FFMPEG_FLAGS.has(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** A file operand rather than an effect's word (`trim`, `0.5`, `44k`): a path or a name with an extension. */
const FILE_WORD = /[/~]|\.[A-Za-z][A-Za-z0-9]{1,7}$/;

/** ImageMagick's output given with a format prefix (`PNG:~/x.png`, `jpg:/etc/x`): the file after the prefix. */
function magickOutput(_args: readonly string[], positionals: readonly string[]): string[] {
  const prefixed = positionals.length >= 2 ? /^[A-Za-z0-9]{2,}:(.+)$/.exec(positionals.at(-1)!) : null;
  return prefixed === null ? [] : [prefixed[1]!];
}

/** Programs whose outputs only a reading of all their words finds (ADR 0471). */
const OUTPUTS_OF: Readonly<Record<string, (args: readonly string[], positionals: readonly string[]) => string[]>> = {
  convert: magickOutput,
  magick: magickOutput,
  montage: magickOutput,
  composite: magickOutput,
  gm: magickOutput,
  ffmpeg: ffmpegOutputs,
  avconv: ffmpegOutputs,
  // `sox IN… OUT [effects…]`, `rec OUT`: the last file operand, before the effects' words.
  sox: (_args, positionals) =>
    positionals
      .filter((p) => FILE_WORD.test(p))
      .slice(1)
      .slice(-1),
  rec: (_args, positionals) => positionals.filter((p) => FILE_WORD.test(p)).slice(-1),
};

/**
 * Script and task runners hand the words after `--` to the tools their scripts run (`npm test -- --outputFile=F`,
 * `turbo run lint -- --outDir=D`): those words are the tools' own options, read like any other (round 13).
 */
const PASSES_ON: ReadonlySet<string> = new Set(["npm", "pnpm", "yarn", "bun", "turbo", "nx", "lerna", "rush", "lage"]);

/** A word that opens an output file as a keyword rather than an option: `pdftk a.pdf output OUT`. */
const KEYWORD: Readonly<Record<string, readonly string[]>> = { pdftk: ["output"] };

/**
 * The words of `args` a program writes through an output option, operand or keyword. `positionals` are the
 * operands as the program's knowledge parsed them.
 */
export function outputWrites(program: string, args: readonly string[], positionals: readonly string[]): string[] {
  const not = ownEntry(NOT_OUTPUT, program) ?? [];
  const names = new Set([...[...GENERIC].filter((n) => !not.includes(n)), ...(ownEntry(EXTRA, program) ?? [])]);
  const keywords = ownEntry(KEYWORD, program) ?? [];
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      if (PASSES_ON.has(program)) continue;
      break;
    }
    const next = args[i + 1];
    if ((names.has(a) || keywords.includes(a)) && next !== undefined && !next.startsWith("-")) {
      out.push(next);
      continue;
    }
    const eq = a.indexOf("=");
    if (a.startsWith("-") && eq > 0 && names.has(a.slice(0, eq)) && eq + 1 < a.length) {
      out.push(a.slice(eq + 1));
      continue;
    }
    // nmap's `-oNfile`: a two-letter output option with its value attached.
    const attached = [...names].find((n) => /^-o[A-Z]$/.test(n) && a.startsWith(n) && a.length > n.length);
    if (attached !== undefined) out.push(a.slice(attached.length));
  }
  out.push(...(ownEntry(OUTPUTS_OF, program)?.(args, positionals) ?? []));
  const operand = ownEntry(OUTPUT_OPERAND, program);
  if (operand !== undefined && positionals.length >= operand.min) {
    const word = positionals.at(operand.at);
    if (word !== undefined) out.push(word);
  }
  return out;
}
