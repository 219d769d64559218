/**
 * Exhaustion written in the little languages of the shell's tools (docs/adr/0652), which the interpreter reading
 * of ADR 0650 does not see: a number no machine computes (`bc <<< '2^2^32'`, `dc -e '2 2 32 ^ ^ p'`), a printf
 * field wider than memory (`printf '%*s' 99999999999 x`), a sed loop that doubles the pattern space
 * (`sed ':a;s/.*\/&&/;ba'`), and jq generating without end or past memory (`[range(1e12)]`, `[repeat(1)]`,
 * `def f: [f, f]; f`). Each is one program text read whole; a text not known here (a file, a variable) is not
 * judged.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Decimal digits past which a number takes hours to compute (as for interpreter code, ADR 0097). */
const MAX_DIGITS = 1e8;
/** Bytes past which one printed field outgrows memory (the MEMORY_BYTES of endless-input.ts). */
const MAX_BYTES = 4 * 1024 ** 3;
/** Values a jq `range` makes past which its output or array takes hours or all of memory. */
const MAX_VALUES = 1e9;

/** Why this command's program text exhausts CPU or memory, or null. */
export function littleLanguageBomb(cmd: SimpleCommand): string | null {
  switch (cmd.program) {
    case "bc": {
      const text = cmd.stdin?.text ?? null;
      return text === null ? null : powerTower(text);
    }
    case "dc": {
      const i = cmd.args.findIndex((a) => a === "-e" || a === "--expression");
      const text = i === -1 ? (cmd.stdin?.text ?? null) : (cmd.args[i + 1] ?? null);
      return text === null ? null : reversePower(text);
    }
    case "printf":
      return printfWidth(cmd.args);
    case "sed":
    case "gsed":
      return sedDoubling(cmd.args);
    case "jq":
    case "gojq":
    case "jaq":
      return jqEndless(cmd.args);
    default:
      return null;
  }
}

/** `2^2^32` (bc's `^` is right-associative), `10^10^10`: the digits of the tower, when past MAX_DIGITS. */
function powerTower(text: string): string | null {
  for (const m of text.matchAll(/\d+(?:\s*\^\s*\(?\s*\d+\s*\)?)+/g)) {
    const nums = m[0].split("^").map((s) => Number(s.replace(/[()\s]/g, "")));
    let exponent = nums.at(-1)!;
    for (let i = nums.length - 2; i >= 1; i--) exponent = nums[i]! ** exponent;
    if (exponent * Math.log10(Math.max(nums[0]!, 1)) > MAX_DIGITS)
      return `bc computes ${m[0].replace(/\s+/g, "")}, a number too large to compute`;
  }
  return null;
}

/** dc's reverse notation, `2 2 32 ^ ^ p`: numbers and powers followed on a stack of decimal logarithms. */
function reversePower(text: string): string | null {
  const stack: number[] = [];
  for (const [token] of text.matchAll(/\d+(?:\.\d+)?|\S/g)) {
    if (/^\d+(?:\.\d+)?$/.test(token)) stack.push(Math.log10(Math.max(Number(token), 1)));
    else if (token === "^" || token === "*") {
      const b = stack.pop();
      const a = stack.pop();
      if (a === undefined || b === undefined) return null;
      const digits = token === "^" ? a * 10 ** b : a + b;
      if (digits > MAX_DIGITS) return "dc computes a number too large to compute";
      stack.push(digits);
    }
  }
  return null;
}

/** `printf '%*s' 99999999999 x`, `printf '%99999999999d' 1`: one field wider than memory. */
function printfWidth(args: readonly string[]): string | null {
  const format = args[0] === "-v" ? args[2] : args[0];
  if (format === undefined) return null;
  const literal = /%[-+ #0]*(\d+)/.exec(format);
  if (literal !== null && Number(literal[1]) >= MAX_BYTES) return `printf pads a field to ${literal[1]} characters`;
  const star = /%[-+ #0]*\*/.test(format) ? args[args.indexOf(format) + 1] : undefined;
  if (star !== undefined && /^\d+$/.test(star) && Number(star) >= MAX_BYTES)
    return `printf pads a field to ${star} characters`;
  return null;
}

/**
 * A sed script that jumps back to a label after a substitution whose replacement holds the match twice
 * (`:a;s/.*\/&&/;ba`, `:x s/x*\/&&/ t x`): the pattern space doubles on every pass until memory is gone.
 */
function sedDoubling(args: readonly string[]): string | null {
  const given = args.flatMap((a, i) =>
    a === "-e" || a === "--expression" ? [args[i + 1] ?? ""] : a.startsWith("--expression=") ? [a.slice(13)] : [],
  );
  const script = given.length > 0 ? given.join("\n") : (args.find((a) => !a.startsWith("-")) ?? "");
  for (const label of script.matchAll(/(?:^|[;\n])\s*:\s*(\w+)/g)) {
    const back = new RegExp(String.raw`(?:^|[;\n}])\s*[bt]\s*${label[1]}\b`);
    const doubles = /\bs(.)(?:(?!\1).){0,100}\1(?:(?!\1).){0,100}&(?:(?!\1).){0,100}&/.test(script);
    if (back.test(script) && doubles) return `sed doubles its pattern space on every pass of the loop :${label[1]}`;
  }
  return null;
}

/** Options of jq that take one value, and two. */
const JQ_ONE = new Set(["--indent", "-L", "--seq-sep", "--tab-width"]);
const JQ_TWO = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);
/** What ends a jq generator early: a limit, a first value, a test. */
const JQ_BOUND = /\b(?:limit|first|until|label|halt|halt_error|if|select|empty|error|while)\b|\/\//;

/** jq's filter (its first operand) when it generates without end or past memory. */
function jqEndless(args: readonly string[]): string | null {
  let filter: string | undefined;
  for (let i = 0; i < args.length && filter === undefined; i++) {
    const a = args[i]!;
    if (a === "-f" || a === "--from-file") return null;
    if (JQ_TWO.has(a)) i += 2;
    else if (JQ_ONE.has(a)) i += 1;
    else if (!a.startsWith("-") || a === "-") filter = a;
  }
  if (filter === undefined) return null;
  for (const m of filter.matchAll(/\brange\s*\(\s*(?:[^;()]*;\s*)?([\d.eE]+|infinite)\s*[;)]/g)) {
    const n = m[1] === "infinite" ? Number.POSITIVE_INFINITY : Number(m[1]);
    if (n >= MAX_VALUES) return `jq generates ${m[1]} values`;
  }
  if (/\brepeat\s*\(/.test(filter) && !JQ_BOUND.test(filter)) return "jq repeats without end";
  // `def f: [f, f]; f`: a definition that calls itself with nothing to stop it.
  for (const m of filter.matchAll(/\bdef\s+(\w+)\s*(?:\([^)]*\))?\s*:([^;]*);/g)) {
    const calls = new RegExp(String.raw`\b${m[1]}\b`).test(m[2]!);
    if (calls && !JQ_BOUND.test(m[2]!)) return `jq's ${m[1]} calls itself without end`;
  }
  return null;
}
