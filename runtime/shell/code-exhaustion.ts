/**
 * Exhaustion written as interpreter code, by technique (docs/adr/0650), beside the power towers and loops of
 * code-effects.ts: forks that double (`os.fork()` in a loop of 64, thirty `fork;` in a row), a string or list
 * doubled on every pass (`s := s+s` over `range(64)`, lua `s=s..s` without end), an allocation of an n-d shape
 * or a buffer past memory (`np.ones((10**6, 10**6))`, `bytes(2**40)`, `Array(2**32-1).fill(0)`), a number no
 * machine computes (`math.factorial(10**9)`), an endless iterator made into a list (`list(itertools.count())`,
 * `list(iter(int, 1))`), and a regular expression that backtracks exponentially matched against a long literal
 * (`re.match('(a+)+$', 'a'*64 + 'b')`).
 *
 * Read over the masked text and the literal values (code-mask.ts); approximate by design, with bounded
 * quantifiers only (the text comes from the agent and must not stall the hook).
 */

/** What the loop reading of code-effects.ts found: passes of the literal loops, and whether one never ends. */
export interface Loops {
  readonly iterations: number;
  readonly endless: boolean;
  /** Each literal loop count, and where in the text it is written. */
  readonly counted?: readonly { readonly at: number; readonly passes: number }[];
}

/** Doublings past which the copies (processes, or bytes of a string) outgrow a machine: 2^12 processes, 2^32 bytes. */
const FORK_DOUBLINGS = 12;
const STRING_DOUBLINGS = 32;
/** Bytes past which an allocation is a memory bomb; an array element or a float is 8 of them. */
const MAX_BYTES = 2 ** 32;
const ELEMENT = 8;
/** Decimal digits past which a number takes hours to compute. */
const MAX_DIGITS = 1e8;
/** Characters of input past which a backtracking pattern runs for hours (2^25 steps and more, per start). */
const REDOS_LENGTH = 25;

const NUM = String.raw`[\d_.eE*+\-\s()n]+?`;
const FORK = /\b(?:fork|pcntl_fork)\b/g;
/** Characters between a fork and a loop count for the fork to be taken as inside that loop. */
const NEAR = 60;
/** A child that leaves (`os._exit(0)`, `exit`, `exec…`) does not fork again: a worker pool, not a doubling. */
const CHILD_LEAVES = /\b(?:_exit|exit|exec\w*|break|return|last|die)\b/;
/** `s = s + s`, `s := s+s`, `s=s..s`, `$s .= $s`, `s += s`, `l = l * 2`. */
const DOUBLES =
  /\b([A-Za-z_]\w*)\s*:?=\s*\$?\1\s*(?:\+|\.\.|\.)\s*\$?\1\b(?!\s*[.([])|\b([A-Za-z_]\w*)\s*(?:\+|\.\.?)=\s*\$?\2\b(?!\s*[.([])|\b([A-Za-z_]\w*)\s*:?=\s*\$?\3\s*\*\s*2\b/;
const SHAPE = new RegExp(
  String.raw`\b(?:np|numpy|torch|jnp|cp)\s*\.\s*(?:zeros|ones|empty|full|rand|randn|random\s*\.\s*(?:rand|random))\s*\(\s*\(?((?:${NUM},\s*)*${NUM})\)?\s*[,)]`,
  "g",
);
const BUFFER = new RegExp(
  String.raw`\b(?:bytes|bytearray|urandom|token_bytes|randbytes)\s*\(\s*(${NUM})\s*\)|\bArray\s*\(\s*(${NUM})\s*\)\s*\.\s*(?:fill|map|keys|join)\b`,
  "g",
);
const FACTORIAL = new RegExp(String.raw`\bfactorial\s*\(\s*(${NUM})\s*\)|\bpow\s*\(\s*(${NUM}),\s*(${NUM})\s*\)`, "g");
/** An endless iterator consumed whole: `list(itertools.count())`, `sum(cycle(x))`, `list(iter(int, 1))`, `(1..).to_a`. */
const ENDLESS_WHOLE =
  /\b(?:list|tuple|set|frozenset|sorted|sum|max|min|dict|len|bytes|\u0001\s*\.\s*join)\s*\(\s*\*?\s*(?:(?:itertools\s*\.\s*)?(?:count\s*\([^()]*\)|cycle\s*\(|repeat\s*\([^(),]*\))|iter\s*\(\s*(?:int|float|str|list|lambda\s*:\s*\d+)\s*,\s*[1-9\u0001])|\[\s*\*\s*itertools\s*\.\s*(?:count|cycle)\s*\(|\(\s*\d+\s*\.\.\.?\s*(?:Float::INFINITY\s*)?\)\s*\.\s*(?:to_a|map|sum|select|each_slice|reduce)\b/;
/** A group holding a quantified atom, itself quantified: `(a+)+`, `(\w+\s?)*`, `(.*)*`, `(a+){2,}`. */
const NESTED_QUANTIFIER = /\((?:\?:)?[^()]{0,40}[+*](?:\\[A-Za-z]|[^()\\])?\??\)\s*(?:[+*]|\{\d+,\d*\})/;
/** A regex literal in the code: `/(a+)+$/`, `=~ /…/`. */
const REGEX_LITERAL = /\/((?:[^/\n\\]|\\.){1,200})\/[a-z]*/g;
/** A long input built by repetition: `'a'*64`, `'a'.repeat(64)`, `"a" x 64`, `str_repeat('a', 64)`. */
const REPEATED = new RegExp(
  String.raw`\u0001\s*(?:\*|\bx)\s*(\d+)|\u0001\s*\.\s*repeat\s*\(\s*(\d+)|\bstr_repeat\s*\(\s*\u0001\s*,\s*(\d+)`,
  "g",
);

/** Why this code exhausts the process table, memory or CPU by one of the techniques above, or null. */
export function exhaustion(text: string, values: readonly string[], loops: Loops): string | null {
  const forkAt = [...text.matchAll(FORK)].map((m) => m.index);
  const forks = forkAt.length;
  if (forks > 0 && !CHILD_LEAVES.test(text)) {
    // Each fork doubles the processes, once more on every pass of a loop written next to it (`for _ in range(20):
    // os.fork()`, `20.times { fork }`): a loop elsewhere in the code is not taken for its loop.
    const passes = (at: number): number =>
      (loops.counted ?? []).filter((c) => Math.abs(c.at - at) <= NEAR).reduce((a, c) => a * Math.max(c.passes, 1), 1);
    const doublings = loops.endless ? Number.POSITIVE_INFINITY : forkAt.reduce((a, at) => a + passes(at), 0);
    if (doublings >= FORK_DOUBLINGS)
      return `forks ${forks > 1 ? `${forks} times` : "in a loop"}, every copy forking again (fork bomb)`;
  }
  const doubled = DOUBLES.exec(text);
  const name = doubled?.[1] ?? doubled?.[2] ?? doubled?.[3];
  // A number doubled is cheap (`x = x + x` over 64 passes is 2^64); a string or a list is what fills memory.
  if (name !== undefined && holdsSequence(text, name) && (loops.endless || loops.iterations >= STRING_DOUBLINGS))
    return `doubles ${name} on every pass of a loop (resource bomb)`;
  for (const m of text.matchAll(SHAPE)) {
    const items = m[1]!.split(",").reduce((a, d) => a * amount(d), 1);
    if (items * ELEMENT >= MAX_BYTES)
      return `allocates an array of shape (${m[1]!.replace(/\s+/g, "")}) (resource bomb)`;
  }
  for (const m of text.matchAll(BUFFER)) {
    const bytes = m[1] !== undefined ? amount(m[1]) : amount(m[2]!) * ELEMENT;
    if (bytes >= MAX_BYTES) return `allocates ${bytes.toExponential(0)} bytes at once (resource bomb)`;
  }
  for (const m of text.matchAll(FACTORIAL)) {
    const digits =
      m[1] !== undefined
        ? amount(m[1]) * Math.log10(Math.max(amount(m[1]), 1))
        : amount(m[3]!) * Math.log10(Math.max(amount(m[2]!), 1));
    if (digits > MAX_DIGITS)
      return `computes ${m[0].replace(/\s+/g, "")}, a number too large to compute (resource bomb)`;
  }
  if (ENDLESS_WHOLE.test(text)) return "collects an iterator that never ends (resource bomb)";
  return backtracking(text, values);
}

/** The variable is given a string or a list literal somewhere: `s='a'`, `$s = "x"`, `l = [1]`. */
function holdsSequence(text: string, name: string): boolean {
  return new RegExp(String.raw`(?:^|[^\w.])\$?${name}\s*:?=\s*(?:[\u0001\u0002[]|b\u0001)`).test(text);
}

/** A pattern that backtracks exponentially, and an input long enough for that to take hours. */
function backtracking(text: string, values: readonly string[]): string | null {
  const patterns = [...values, ...[...text.matchAll(REGEX_LITERAL)].map((m) => m[1]!)];
  const pattern = patterns.find((p) => NESTED_QUANTIFIER.test(p));
  if (pattern === undefined) return null;
  const built = [...text.matchAll(REPEATED)].map((m) => Number(m[1] ?? m[2] ?? m[3]));
  const long = built.some((n) => n >= REDOS_LENGTH) || values.some((v) => /(.)\1{24}/s.test(v));
  return long ? `matches ${pattern} against a long input: exponential backtracking (resource bomb)` : null;
}

/**
 * A literal amount as written: `10**6`, `2**32-1`, `1e12`, `1_000_000`, `(10**6)`; products, powers (right
 * associative), sums and differences. NaN parts count as 0.
 */
export function amount(text: string): number {
  const t = text.replace(/[_\s()]/g, "").replace(/(\d)n\b/g, "$1");
  return t.split(/(?<![eE*])(?=[+-])/).reduce((sum, term) => {
    const sign = term.startsWith("-") ? -1 : 1;
    const product = term
      .replace(/^[+-]/, "")
      .split(/(?<!\*)\*(?!\*)/)
      .map((f) =>
        f
          .split("**")
          .map(Number)
          .reduceRight((e, b) => b ** e),
      )
      .reduce((a, b) => a * b, 1);
    return sum + sign * (Number.isFinite(product) || product === Number.POSITIVE_INFINITY ? product : 0);
  }, 0);
}
