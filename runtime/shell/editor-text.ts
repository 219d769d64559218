/**
 * The text editors other than sed and perl put into a file in place (docs/adr/0846): `awk -i inplace`'s printed
 * strings, ed's inserted lines and replacements, `dasel put`'s value at its selector, and a jq/yq/dasel program's
 * output soaked up by `sponge FILE`. Read like sed's text (planted-text.ts), so the same judgement of planted code
 * applies whichever editor wrote it.
 */
import { decodeAnsiC } from "./ansi-c.ts";
import { edReadFiles, outsideLiterals } from "./copied-in.ts";
import type { PlantedText } from "./planted-text.ts";

/** The string literals of awk code, skipping its regex literals (`/"scripts"/` is a pattern, not text). */
function awkStrings(code: string): string[] {
  const out: string[] = [];
  let prev = "";
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"') {
      let s = "";
      for (i++; i < code.length && code[i] !== '"'; i++) s += code[i] === "\\" ? code[i] + (code[++i] ?? "") : code[i];
      out.push(decodeAnsiC(s).replace(/\\"/g, '"'));
      prev = '"';
    } else if (c === "/" && (prev === "" || "({,!~&|;".includes(prev))) {
      for (i++; i < code.length && code[i] !== "/"; i++) if (code[i] === "\\") i++;
      prev = "/";
    } else if (!/\s/.test(c)) prev = c;
  }
  return out;
}

/** awk options that take a value as the next word. */
const AWK_VALUED = new Set(["-f", "-v", "-F", "-i", "--include", "--file", "--assign", "--field-separator"]);

/** `awk -i inplace 'PROGRAM' FILE…` (gawk): the strings the program prints go into each FILE, among its lines. */
function awkInPlace(args: readonly string[]): PlantedText | null {
  let inPlace = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if ((a === "-i" || a === "--include") && /^inplace(?:\.awk)?$/.test(args[i + 1] ?? "")) inPlace = true;
    if (/^-iinplace$|^--include=inplace/.test(a)) inPlace = true;
    if (AWK_VALUED.has(a)) i++;
    else if (!a.startsWith("-")) operands.push(a);
  }
  const program = operands.shift();
  if (!inPlace || program === undefined || operands.length === 0) return null;
  const files = operands.filter((f) => !/^\w+=/.test(f));
  // `system("cat /tmp/x")`, `getline < "/tmp/x"`: text from outside the project printed in (docs/adr/0860).
  const unread = outsideLiterals(program);
  return { text: awkStrings(program).join("\n"), files, fragment: true, ...(unread.length === 0 ? {} : { unread }) };
}

/** ed's script: the lines its `a`, `i` and `c` commands insert (up to `.`) and its `s` replacements. */
function edScriptText(script: string): string {
  const out: string[] = [];
  let inserting = false;
  for (const line of script.split("\n")) {
    if (inserting) {
      if (line === ".") inserting = false;
      else out.push(line);
    } else if (/^[\d.$,;'a-z+-]*?[aic]$/.test(line.trim())) inserting = true;
    else for (const m of line.matchAll(/s(.)(?:(?!\1)[^\\]|\\.)*\1((?:(?!\1)[^\\]|\\.)*)\1/g)) out.push(m[2]!);
  }
  return out.join("\n");
}

/** `ed FILE` / `ex FILE` given its script on stdin: what the script writes in. */
function edEdit(program: string, args: readonly string[], stdin: string | null): PlantedText | null {
  if (program !== "ed" && program !== "red" && program !== "ex") return null;
  const files = args.filter((a) => !a.startsWith("-") && !a.startsWith("+"));
  if (files.length === 0 || stdin === null) return null;
  const unread = edReadFiles(stdin);
  return { text: edScriptText(stdin), files, fragment: true, ...(unread.length === 0 ? {} : { unread }) };
}

/** dasel options that take a value as the next word. */
const DASEL_VALUED = new Set(["-f", "--file", "-t", "--type", "-v", "--value", "-r", "--read", "-w", "--write", "-s"]);

/** `dasel put -f FILE -v VALUE SELECTOR`: the value set at its selector, as `SELECTOR="VALUE"`. */
function daselPut(args: readonly string[]): PlantedText | null {
  if (args[0] !== "put" && args[0] !== "put-string") return null;
  const files: string[] = [];
  const values: string[] = [];
  const selectors: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-f" || a === "--file") files.push(args[++i] ?? "");
    else if (a === "-v" || a === "--value") values.push(args[++i] ?? "");
    else if (DASEL_VALUED.has(a)) i++;
    else if (!a.startsWith("-")) selectors.push(a);
  }
  if (files.length === 0) return null;
  const selector = (selectors[0] ?? "").replace(/^\.?/, ".");
  const value = values[0] ?? selectors[1] ?? "";
  return { text: `${selector}=${JSON.stringify(value)}`, files };
}

/** A call of a script language's file-writing API: python's `write_text`/`open(…, "w")`, node's `writeFileSync`. */
const WRITE_CALL =
  /\.write_(?:text|bytes)\s*\(|\bopen\s*\([^)]*,\s*["'][wax]|\b(?:writeFileSync|writeFile|appendFileSync|appendFile)\s*\(/;

/**
 * `python3 -c 'pathlib.Path("Makefile").write_text("…")'`, `node -e '…writeFileSync("package.json", …)'`: a
 * one-liner that writes files it names. Its other string literals are what it may put in them; a value it computes
 * is not known here, and the literals are all there is to read.
 */
function scriptWrite(program: string, args: readonly string[]): PlantedText | null {
  const flag = /^python[\d.]*$/.test(program) ? "-c" : /^(?:node|bun|deno)$/.test(program) ? "-e" : null;
  const at = flag === null ? -1 : args.findIndex((a) => a === flag || a === "--eval");
  const code = at < 0 ? undefined : args[at + 1];
  if (code === undefined || !WRITE_CALL.test(code)) return null;
  const literals = [...code.matchAll(/(["'`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) => decodeAnsiC(m[2]!));
  const files = literals.filter((l) => /^[\w./~-]+$/.test(l) && /[./]|^[A-Z]\w*file$/.test(l));
  if (files.length === 0) return null;
  const text = literals.filter((l) => !files.includes(l)).join("\n");
  return { text, files: [...new Set(files)], fragment: true };
}

/** What an in-place editor other than sed, perl and yq writes into its files, or null. */
export function otherEditorText(program: string, args: readonly string[], stdin: string | null): PlantedText | null {
  if (program === "awk" || program === "gawk") return awkInPlace(args);
  if (program === "dasel") return daselPut(args);
  return edEdit(program, args, stdin) ?? scriptWrite(program, args);
}

/**
 * The text an editor prints for `sponge FILE` to soak up (`jq '.x="…"' package.json | sponge package.json`): a jq or
 * yq program and its values, a dasel put as above. Null for anything else.
 */
export function spongedText(upstream: readonly string[]): string | null {
  const [program, ...args] = upstream;
  if (program === "jq" || program === "gojq" || program === "yq")
    return args.filter((a, i) => !a.startsWith("-") || args[i - 1] === "--arg").join("\n");
  if (program === "dasel") return daselPut(args)?.text ?? null;
  return null;
}
