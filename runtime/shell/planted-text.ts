/**
 * The text a command puts into a file, when it is known here (docs/adr/0450): echo's and printf's words, a heredoc,
 * here-string or literal pipe into `cat >`/`tee`, the lines `sed -i` inserts, appends or substitutes, and the
 * expression of `jq`/`yq` whose output replaces the file (`jq '.x="…"' f > t && mv t f`, `yq -i`). Each comes with
 * the files it lands in, as written.
 */
import { decodeAnsiC } from "./ansi-c.ts";
import { jqCopiedFiles, outsideLiterals } from "./copied-in.ts";
import { otherEditorText } from "./editor-text.ts";
import type { SimpleCommand } from "./types.ts";

export interface PlantedText {
  readonly text: string;
  readonly files: readonly string[];
  /** What an in-place edit puts into the file among lines it keeps (sed's, perl's): no whole file. */
  readonly fragment?: true;
  /**
   * Files whose text the command copies in and nobody here read (sed's `r FILE`, `R FILE`, a script given by `-f
   * FILE`): docs/adr/0823.
   */
  readonly unread?: readonly string[];
}

/** The files a command's stdout is written or appended to, as written. */
function stdoutFiles(cmd: SimpleCommand): string[] {
  return cmd.redirects
    .filter((r) => (r.mode === "write" || r.mode === "append") && (r.fd === null || r.fd === 1) && r.target !== null)
    .map((r) => r.target as string);
}

/** What echo/printf print, or cat/tee/sponge copy from a known stdin. */
function printedText(cmd: SimpleCommand): string | null {
  if (cmd.program === "echo") return decodeAnsiC(cmd.args.filter((a) => !/^-[neE]+$/.test(a)).join(" "));
  // A format alone prints its `%%` as `%` (docs/adr/0783: `printf '%%x(…)' > Rakefile` writes ruby's `%x(…)`).
  if (cmd.program === "printf") {
    // `printf -- '-load …'`: the `--` ends options, the format follows it (docs/adr/0859).
    const args = cmd.args[0] === "--" ? cmd.args.slice(1) : cmd.args;
    return decodeAnsiC(args.length === 1 ? args[0]!.replace(/%%/g, "%") : args.join(" "));
  }
  if (cmd.program === "cat" || cmd.program === "tee" || cmd.program === "sponge") return cmd.stdin?.text ?? null;
  return null;
}

/** sed options that take a value as the next word. */
const SED_VALUED = new Set(["-e", "-f", "-l", "--expression", "--file", "--line-length"]);

/** A sed line that adds text: `a`, `i` or `c`, after an address or a range. */
const SED_TEXT =
  /^\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/)?(?:\s*,\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*([aic])\\?\s?(.*)$/;

/** The text a sed script puts in: `a`/`i`/`c` text and `s` replacements. */
export function sedInsertedText(script: string): string {
  const out: string[] = [];
  for (const line of script.split("\n")) {
    const m = SED_TEXT.exec(line);
    if (m !== null) {
      out.push(m[2]!);
      continue;
    }
    out.push(...replacements(line));
  }
  return decodeAnsiC(out.join("\n").replace(/\\n/g, "\n"));
}

/**
 * The files a sed script's `r FILE` and `R FILE` copy into the output (docs/adr/0823). The name is the rest of the
 * line, so a command may come first (`s/a/b/;$r /tmp/x`).
 */
function sedReadFiles(script: string): string[] {
  const addr = String.raw`(?:\d+|\$|\/(?:[^/\\]|\\.)*\/)`;
  const read = new RegExp(String.raw`(?:^|[;{}])\s*(?:${addr}(?:\s*,\s*${addr})?)?\s*!?\s*[rR]\s*(\S[^\n]*)$`, "gm");
  const commands = script
    .split("\n")
    .filter((line) => !SED_TEXT.test(line))
    .join("\n");
  return [...commands.matchAll(read)].map((m) => m[1]!.trim());
}

/**
 * The replacements of the `s` commands in sed or perl code, as they are written into the file: `\/` (the delimiter)
 * and `\&` stand for themselves (docs/adr/0567); perl's bracketed `s{…}{…}` too.
 */
function replacements(code: string): string[] {
  const out: string[] = [];
  for (const s of code.matchAll(/(?:^|[;{\s(~])s(.)((?:(?!\1)[^\\]|\\.)*)\1((?:(?!\1)[^\\]|\\.)*)\1/g))
    out.push(s[3]!.replace(/\\(.)/g, (escaped, c: string) => (c === s[1] || c === "&" ? c : escaped)));
  for (const s of code.matchAll(/(?:^|[;{\s(~])s\s*([{([<])(?:[^\\]|\\.)*?[})\]>]\s*([{([<])((?:[^\\]|\\.)*?)[})\]>]/g))
    out.push(s[3]!);
  return out;
}

/**
 * `sed -i SUFFIX`: BSD and macOS sed take the next word as the backup suffix (`sed -i '' 's/…/…/' f`), GNU sed as
 * the script. Both readings are taken together, so neither hides the edit (docs/adr/0823).
 */
function sedPlanted(args: readonly string[]): PlantedText | null {
  const gnu = sedReading(args);
  const at = args.findIndex((a) => /^-[a-zA-Z]*i$/.test(a));
  const next = args[at + 1];
  if (at < 0 || next === undefined || next.startsWith("-")) return gnu;
  const bsd = sedReading(args.filter((_, i) => i !== at + 1));
  if (gnu === null || bsd === null) return gnu ?? bsd;
  const unread = [...(gnu.unread ?? []), ...(bsd.unread ?? [])];
  return {
    text: [gnu.text, bsd.text].filter((t) => t !== "").join("\n"),
    files: [...new Set([...gnu.files, ...bsd.files])],
    fragment: true,
    ...(unread.length === 0 ? {} : { unread }),
  };
}

function sedReading(args: readonly string[]): PlantedText | null {
  const cmd = { args };
  const inPlace = cmd.args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"));
  if (!inPlace) return null;
  const scripts: string[] = [];
  const operands: string[] = [];
  const unread: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    if (a === "-e" || a === "--expression") scripts.push(cmd.args[++i] ?? "");
    else if (a.startsWith("--expression=")) scripts.push(a.slice("--expression=".length));
    else if (a === "-f" || a === "--file") unread.push(cmd.args[++i] ?? "");
    else if (a.startsWith("--file=")) unread.push(a.slice("--file=".length));
    else if (SED_VALUED.has(a)) i++;
    else if (a === "--") operands.push(...cmd.args.slice(i + 1)), (i = cmd.args.length);
    else if (!a.startsWith("-")) operands.push(a);
  }
  if (scripts.length === 0 && unread.length === 0 && operands.length > 0) scripts.push(operands.shift()!);
  if (operands.length === 0) return null;
  unread.push(...sedReadFiles(scripts.join("\n")));
  return {
    text: sedInsertedText(scripts.join("\n")),
    files: operands,
    fragment: true,
    ...(unread.length === 0 ? {} : { unread }),
  };
}

/** jq/yq options that take one or two values. */
const JQ_ONE = new Set(["--indent", "-f", "--from-file", "--slurpfile", "--rawfile", "-L", "--output-format", "-o"]);
const JQ_TWO = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);

function jqPlanted(cmd: SimpleCommand): PlantedText | null {
  if (cmd.program !== "jq" && cmd.program !== "yq" && cmd.program !== "gojq") return null;
  const values: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    if (JQ_TWO.has(a)) {
      values.push(cmd.args[i + 2] ?? "");
      i += 2;
    } else if (JQ_ONE.has(a)) i++;
    else if (!a.startsWith("-")) operands.push(a);
  }
  const filter = operands.shift();
  if (filter === undefined) return null;
  const inPlace = cmd.program === "yq" && cmd.args.some((a) => a === "-i" || a === "--inplace");
  // The output replaces the input file: in place, or written elsewhere to be moved back (`> t && mv t f`).
  const out = stdoutFiles(cmd);
  if (!inPlace && out.length === 0) return null;
  return jqReading(cmd.args, filter, values, [...operands, ...out]);
}

/** A jq/yq program's text and the files it copies in whole from outside the project (docs/adr/0860). */
function jqReading(args: readonly string[], filter: string, values: readonly string[], files: string[]): PlantedText {
  const unread = jqCopiedFiles(args, filter);
  return { text: [filter, ...values].join("\n"), files, ...(unread.length === 0 ? {} : { unread }) };
}

/**
 * The edit a program makes when its output is soaked up or moved over a file (`jq … f | sponge f`, `sed '1r /tmp/x'
 * f > f.new && mv f.new f`): read as that program's in-place edit of `files` (docs/adr/0860). Null for others.
 */
export function outputEdit(program: string, args: readonly string[], files: string[]): PlantedText | null {
  if (program === "sed" || program === "gsed") {
    const read = sedPlanted(["-i", ...args]);
    return read === null ? null : { ...read, files };
  }
  if (program !== "jq" && program !== "gojq" && program !== "yq") return null;
  const filter = args.find(
    (a, i) => !a.startsWith("-") && !JQ_ONE.has(args[i - 1] ?? "") && !JQ_TWO.has(args[i - 2] ?? ""),
  );
  return filter === undefined ? null : jqReading(args, filter, [], files);
}

/** perl switches whose value is the rest of their word (`-Mmod`, `-l0`, `-F,`): nothing after them is a switch. */
const PERL_ATTACHED = "MmIxFCdD";

/**
 * `perl -i -pe 's/X/Y/' FILE`: the replacements of the code's `s` commands are written into each FILE in place
 * (docs/adr/0805). `-i` takes the rest of its word as the backup suffix, so `-pie` is `-p -i` with suffix `e`.
 */
function perlPlanted(program: string, args: readonly string[]): PlantedText | null {
  const cmd = { program, args };
  if (!/^perl[\d.]*$/.test(cmd.program)) return null;
  let inPlace = false;
  const code: string[] = [];
  let i = 0;
  for (; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (!a.startsWith("-") || a === "-") break;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      // `-0777`, `-0x1ff`, `-l0`: a record separator's digits, then more switches may follow (`-0pi`, `-lne`).
      if (c === "0" || c === "l") {
        while (j + 1 < a.length && /[0-9a-fA-Fx]/.test(a[j + 1]!)) j++;
        continue;
      }
      if (c === "i") inPlace = true;
      if (c === "e" || c === "E") code.push(j + 1 < a.length ? a.slice(j + 1) : (cmd.args[++i] ?? ""));
      if (c === "i" || c === "e" || c === "E" || PERL_ATTACHED.includes(c)) break;
    }
  }
  const files = cmd.args.slice(i);
  if (!inPlace || code.length === 0 || files.length === 0) return null;
  // What the code opens outside the project and prints into each file (`BEGIN{open F,"/tmp/x"}`): docs/adr/0860.
  const unread = outsideLiterals(code.join("\n"));
  return {
    text: decodeAnsiC(replacements(code.join("\n")).join("\n")),
    files,
    fragment: true,
    ...(unread.length === 0 ? {} : { unread }),
  };
}

/** What an in-place edit (`sed -i`, `perl -i`) puts into the files it edits, as fragments, or null. */
export function inPlaceEdit(program: string, args: readonly string[]): PlantedText | null {
  if (program === "sed" || program === "gsed") return sedPlanted(args);
  return perlPlanted(program, args);
}

/** The known text a command writes and the files it lands in, or null. */
export function plantedText(cmd: SimpleCommand): PlantedText | null {
  if (cmd.program === "sed" || cmd.program === "gsed") {
    const out = stdoutFiles(cmd);
    const edit = sedPlanted(cmd.args);
    return edit !== null || out.length === 0 ? edit : outputEdit(cmd.program, cmd.args, out);
  }
  const perl = perlPlanted(cmd.program, cmd.args);
  if (perl !== null) return perl;
  const jq = jqPlanted(cmd);
  if (jq !== null) return jq;
  const edited = otherEditorText(cmd.program, cmd.args, cmd.stdin?.text ?? null);
  if (edited !== null) return edited;
  const text = printedText(cmd);
  if (text === null) return null;
  const files = stdoutFiles(cmd);
  // tee and sponge write their stdin into the files they name (`| sponge -a Makefile`, round 14).
  if (cmd.program === "tee" || cmd.program === "sponge") files.push(...cmd.args.filter((a) => !a.startsWith("-")));
  return files.length === 0 ? null : { text, files };
}
