/**
 * Commands that execute data as code: a shell or interpreter reading its program from stdin (`curl x | sh`,
 * `bash -s`, `python -`), or from another command's output (`bash <(curl x)`, `. <(curl x)`).
 */
import { decodeAnsiC } from "./ansi-c.ts";
import { inlineCode, interpreterOf, type Language } from "./interpreters.ts";
import { normalizeProgram } from "./spelling.ts";
import { hasOption, parseOptions } from "./options.ts";
import type { RawCommand } from "./walk.ts";
import { SHELLS } from "./wrappers.ts";
import type { Word } from "./words.ts";

/** `foreign`: a shell of another language (pwsh, fish, …): what it reads is code nothing here analyses. */
export type CodeReader =
  | { readonly kind: "shell" }
  | { readonly kind: "foreign" }
  | { readonly kind: "interpreter"; readonly language: Language };

const STDIN_PATHS: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);
/** Shells of other languages: nothing here reads their code, but one that takes its program from stdin runs data. */
const OTHER_SHELLS: ReadonlySet<string> = new Set([
  "pwsh",
  "powershell",
  "fish",
  "csh",
  "tcsh",
  "nu",
  "elvish",
  "xonsh",
  // Tcl: `exec`, `spawn` and `open |…` run commands from code nothing here reads (`tclsh <<< 'exec rm …'`).
  "tclsh",
  "wish",
  "expect",
  "jimsh",
  // R and Julia run a program they read on stdin (`R --vanilla -q <<'EOF'`, `julia - <<'EOF'`): docs/adr/0722.
  "R",
  "Rscript",
  "julia",
]);

/** What this command's first operand (the script) is, after its options; null when it has none. */
function scriptOperand(
  program: string,
  args: readonly Word[],
): { operand: Word | undefined; readsStdin: boolean } | null {
  if (SHELLS.has(program)) {
    const o = parseOptions(args, { short: "oO", long: ["--rcfile", "--init-file"], plus: true });
    return { operand: args[o.rest], readsStdin: hasOption(o, "-s") };
  }
  if (program === "source" || program === ".") return { operand: args[0], readsStdin: false };
  if (OTHER_SHELLS.has(program)) {
    // `pwsh -Command -`, `pwsh -`: the program comes from stdin; `-c CODE`/`-Command CODE` is code of its own.
    const code = args.findIndex((a) => /^-(?:c|command)$/i.test(a.value));
    if (code !== -1) return { operand: args[code + 1], readsStdin: args[code + 1]?.value === "-" };
    return { operand: args.find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false };
  }
  // `cmake -P SCRIPT`: CMake's language runs commands (`execute_process`) and writes and removes files
  // (`file(REMOVE_RECURSE …)`, `file(APPEND …)`); nothing here reads it (docs/adr/0637).
  if (program === "cmake") {
    const p = args.findIndex((a) => a.value === "-P");
    return p === -1 ? null : { operand: args[p + 1], readsStdin: false };
  }
  const language = interpreterOf(program);
  // awk reads data, never its program, from stdin.
  if (language === null || language === "awk" || inlineCode(program, args) !== null) return null;
  if (language === "python" && args.some((a) => a.value === "-m")) return null;
  if (program === "deno" || program === "bun") {
    return args[0]?.value === "run"
      ? { operand: args.slice(1).find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false }
      : null;
  }
  return { operand: args.find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false };
}

function readerOf(program: string): CodeReader {
  // Another shell's language is not bash: what it reads is unknown code.
  if (OTHER_SHELLS.has(program) || program === "cmake") return { kind: "foreign" };
  const language = interpreterOf(program);
  return language === null ? { kind: "shell" } : { kind: "interpreter", language };
}

/** The command takes its code from stdin (no script operand, `-s`, `-`, `/dev/stdin`). */
export function stdinReader(program: string, args: readonly Word[]): CodeReader | null {
  if (startsShell(program, args)) return { kind: "shell" };
  const s = scriptOperand(program, args);
  if (s === null) return null;
  const fromStdin =
    s.readsStdin ||
    (s.operand === undefined ? program !== "source" && program !== "." : STDIN_PATHS.has(s.operand.value));
  return fromStdin ? readerOf(program) : null;
}

/** The script operand is another command's output: `bash <(curl x)`, `source <(curl x)`. */
export function runsSubstitutedCode(program: string, args: readonly Word[]): boolean {
  const operand = scriptOperand(program, args)?.operand;
  return operand !== undefined && (operand.raw.startsWith("<(") || operand.value.startsWith("/dev/fd/"));
}

/** Names a decoder among the upstream commands, for the finding's reason (`base64 -d | sh`). */
export function decoderIn(upstream: readonly RawCommand[]): string | null {
  for (const raw of upstream) {
    const found = decoderName(
      normalizeProgram(raw.words[0]?.value ?? ""),
      raw.words.slice(1).map((w) => w.value),
    );
    if (found !== null) return found;
  }
  return null;
}

/** Programs that decode or decompress whatever they are given (`zcat`, `rev`): their output is text nobody wrote out. */
const ALWAYS_DECODE: ReadonlySet<string> = new Set([
  "uudecode",
  "gunzip",
  "zcat",
  "gzcat",
  "bzcat",
  "bunzip2",
  "xzcat",
  "unxz",
  "lzcat",
  "unlzma",
  "zstdcat",
  "unzstd",
  "lz4cat",
  "rev",
]);

/**
 * A command that decodes its input (`base64 -d`, `xxd -r`, `zcat`, `rev`, `openssl enc -d`, `echo -e '\x72…'`),
 * named for a reason; null when it is none. Its output is text that appears nowhere in the command as written.
 */
export function decoderName(program: string, values: readonly string[]): string | null {
  const has = (...f: string[]): boolean =>
    values.some((v) => f.includes(v) || (/^-[a-zA-Z]+$/.test(v) && f.some((x) => x.length === 2 && v.includes(x[1]!))));
  if (["base64", "base32", "basenc", "gbase64"].includes(program) && has("-d", "--decode", "-D"))
    return `${program} -d`;
  if (program === "xxd" && has("-r")) return "xxd -r";
  if (program === "openssl" && (has("-d") || values.includes("base64"))) return "openssl";
  if (ALWAYS_DECODE.has(program)) return program;
  if (["gzip", "bzip2", "xz", "lzma", "zstd", "lz4", "brotli", "pigz"].includes(program) && has("-d", "--decompress"))
    return `${program} -d`;
  if (
    (program === "printf" || (program === "echo" && has("-e"))) &&
    values.some((v) => /\\(x[0-9a-fA-F]|[0-7]{1,3}|u[0-9a-fA-F])/.test(v))
  )
    return `${program} escapes`;
  return null;
}

/** The exact text piped into a shell when it is a literal `echo`/`printf` (`echo "rm -rf /" | sh`). */
export function literalUpstreamText(upstream: readonly RawCommand[]): string | null {
  if (upstream.length !== 1) return null;
  const words = upstream[0]!.words;
  if (words.length === 0 || words.some((w) => w.dynamic)) return null;
  const program = normalizeProgram(words[0]!.value);
  const args = words.slice(1).map((w) => w.value);
  if (program === "echo") {
    let escapes = false;
    while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) escapes = args.shift()!.includes("e") || escapes;
    const text = args.join(" ");
    return escapes ? decodeAnsiC(text) : text;
  }
  if (program === "printf" && args.length > 0) {
    const [format, ...rest] = args as [string, ...string[]];
    if (/%[^s%]/.test(format)) return null;
    let i = 0;
    const filled = format.replace(/%([s%])/g, (_m, c: string) => (c === "%" ? "%" : (rest[i++] ?? "")));
    return decodeAnsiC(filled);
  }
  return null;
}

/**
 * A privilege wrapper left without a command starts a shell that reads stdin: `sudo -s`, `sudo -i`,
 * `doas -s`, `su`/`su -` without `-c` (`echo 'rm -rf /' | sudo -s`). With a command it was peeled already.
 */
function startsShell(program: string, args: readonly Word[]): boolean {
  const values = args.map((a) => a.value);
  const has = (...f: string[]): boolean =>
    values.some((v) => f.includes(v) || (/^-[A-Za-z]+$/.test(v) && f.some((x) => x.length === 2 && v.includes(x[1]!))));
  if (program === "sudo") return has("-s", "-i", "--shell", "--login") && !has("-l", "-v", "-e", "-K", "-V");
  if (program === "doas") return has("-s");
  if (program === "su") return !has("-c", "--command") && !values.some((v) => v.startsWith("--command="));
  return false;
}
