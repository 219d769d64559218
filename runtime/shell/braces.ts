/**
 * Bash brace expansion (`{rm,-rf,/}` → `rm -rf /`, `/{etc,usr}`, `a{1..3}`), done on words whose braces
 * the grammar saw unquoted. Quoting inside such a word is not modelled: the caller fails closed instead.
 */

/** More alternatives than this are not a command anyone writes by hand: the word becomes dynamic. */
const MAX_WORDS = 64;

/** The words `text` expands to, or null past the cap. Text without an expansion yields itself. */
export function expandBraces(text: string): string[] | null {
  const out: string[] = [];
  const queue = [text];
  while (queue.length > 0) {
    const t = queue.shift()!;
    const found = firstExpansion(t);
    if (found === null) {
      out.push(t);
      if (out.length > MAX_WORDS) return null;
      continue;
    }
    const { start, end, alternatives } = found;
    for (const alt of alternatives) queue.push(t.slice(0, start) + alt + t.slice(end + 1));
    if (queue.length + out.length > MAX_WORDS) return null;
  }
  return out;
}

/**
 * How many words `text` expands to, without building them (`{1..1000}{1..1000}` → 1 000 000), capped at
 * Number.MAX_SAFE_INTEGER. Alternatives multiply with what follows them: exact for the words people write,
 * an estimate for braces that nest across a comma.
 */
export function braceCount(text: string, depth = 0): number {
  if (depth > 64) return 1;
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    const found = braceAt(text, start);
    if (found === null) continue;
    const rest = braceCount(text.slice(found.end + 1), depth + 1);
    const own =
      found.alternatives !== null
        ? found.alternatives.reduce((n, alt) => n + braceCount(alt, depth + 1), 0)
        : found.length;
    return Math.min(Number.MAX_SAFE_INTEGER, own * rest);
  }
  return 1;
}

/** The expansion whose `{` is at `start`: its alternatives, or for a sequence its length; null if none. */
function braceAt(t: string, start: number): { end: number; alternatives: string[] | null; length: number } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let i = start; i < t.length; i++) {
    const ch = t[i];
    if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      if (commas.length > 0) {
        const cuts = [start, ...commas, i];
        const alternatives = cuts.slice(1).map((c, k) => t.slice(cuts[k]! + 1, c));
        return { end: i, alternatives, length: alternatives.length };
      }
      const length = sequenceLength(t.slice(start + 1, i));
      return length === null ? null : { end: i, alternatives: null, length };
    } else if (ch === "," && depth === 1) commas.push(i);
  }
  return null;
}

/** The number of items of `1..5`, `a..e`, `1..100..3`; null when it is no sequence. */
function sequenceLength(body: string): number | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (m === null) return null;
  const numeric = /\d/.test(m[1]!);
  if (numeric !== /\d/.test(m[2]!)) return null;
  const from = numeric ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = numeric ? Number(m[2]) : m[2]!.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)));
  return Math.floor(Math.abs(to - from) / step) + 1;
}

function firstExpansion(t: string): { start: number; end: number; alternatives: string[] } | null {
  for (let start = t.indexOf("{"); start >= 0; start = t.indexOf("{", start + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < t.length; i++) {
      const ch = t[i];
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        const body = t.slice(start + 1, i);
        if (commas.length > 0) {
          const cuts = [start, ...commas, i];
          return { start, end: i, alternatives: cuts.slice(1).map((c, k) => t.slice(cuts[k]! + 1, c)) };
        }
        const seq = sequence(body);
        if (seq !== null) return { start, end: i, alternatives: seq };
        break;
      } else if (ch === "," && depth === 1) commas.push(i);
    }
  }
  return null;
}

/** `1..5`, `5..1`, `a..e`, with an optional step; null otherwise. */
function sequence(body: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (m === null) return null;
  const numeric = /\d/.test(m[1]!);
  if (numeric !== /\d/.test(m[2]!)) return null;
  const from = numeric ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = numeric ? Number(m[2]) : m[2]!.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)));
  const out: string[] = [];
  // One past the cap is enough for the caller to give up; never build a huge list.
  for (let v = from; (from <= to ? v <= to : v >= to) && out.length <= MAX_WORDS; v += from <= to ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
  }
  return out;
}
