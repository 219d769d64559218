/**
 * Whether two path globs can name the same path (docs/adr/0212): a word bash has not expanded (`cat .en[v]`,
 * `cat ~/.ss[h]/id_*`, the files `find ~ -name '*.pem'` selects) against a credential glob. Nobody can list what
 * such a word will name when it runs, so it counts when some path matches both. Both sides are absolute globs
 * split at `/`; a `**` segment matches any number of segments; inside a segment `*`, `?`, `[…]` (`!`/`^`
 * negation, ranges) and `\` escapes are read, anything richer (braces, extglobs) counts as `*` (wider: fails
 * closed). On the word's side a wildcard never matches a leading `.`, as in bash without `dotglob`, and a name
 * of wildcards only (`dist/*`) meets only a credential's own wildcards, not a credential's name.
 */

type CharSet =
  | { readonly kind: "any" }
  | { readonly kind: "in"; readonly chars: ReadonlySet<string> }
  | { readonly kind: "out"; readonly chars: ReadonlySet<string> };
type Tok = { readonly star: true } | { readonly star: false; readonly set: CharSet; readonly wild: boolean };

const ANY: CharSet = { kind: "any" };
const STAR: Tok = { star: true };
const RICH = /[{}()]/;

/**
 * Segments read as tokens, shared between calls: a credential glob's segments meet every unexpanded word of
 * every call, and tokens are immutable (docs/adr/0495). Bounded, since words come from the agent.
 */
const TOKEN_CACHE = new Map<string, readonly Tok[]>();
const TOKEN_CACHE_LIMIT = 4096;

function tokens(seg: string, nocase: boolean): readonly Tok[] {
  const key = (nocase ? "i" : "c") + seg;
  const known = TOKEN_CACHE.get(key);
  if (known !== undefined) return known;
  const toks = readTokens(seg, nocase);
  if (TOKEN_CACHE.size >= TOKEN_CACHE_LIMIT) TOKEN_CACHE.clear();
  TOKEN_CACHE.set(key, toks);
  return toks;
}

/** A segment as tokens (`wild`: a `?`, which like `*` does not match a leading dot on the word's side). */
function readTokens(seg: string, nocase: boolean): readonly Tok[] {
  if (RICH.test(seg)) return [STAR];
  const s = nocase ? seg.toLowerCase() : seg;
  const out: Tok[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "*") {
      if (out.at(-1)?.star !== true) out.push(STAR);
      continue;
    }
    if (c === "?") {
      out.push({ star: false, set: ANY, wild: true });
      continue;
    }
    if (c === "\\" && i + 1 < s.length) {
      out.push(literal(s[++i]!));
      continue;
    }
    if (c === "[") {
      const end = s.indexOf("]", i + 2);
      if (end > 0) {
        // A bracket may name a leading dot (`[.]env`): wider than bash, which fails closed.
        out.push({ star: false, set: charClass(s.slice(i + 1, end)), wild: false });
        i = end;
        continue;
      }
    }
    out.push(literal(c));
  }
  return out;
}

function literal(c: string): Tok {
  return { star: false, set: { kind: "in", chars: new Set([c]) }, wild: false };
}

function charClass(body: string): CharSet {
  const negated = body.startsWith("!") || body.startsWith("^");
  const text = negated ? body.slice(1) : body;
  const chars = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const a = text.charCodeAt(i);
    if (text[i + 1] === "-" && i + 2 < text.length) {
      const b = text.charCodeAt(i + 2);
      // A wide range (beyond 256 characters) is any character: wider fails closed.
      if (b - a > 256) return negated ? { kind: "out", chars: new Set() } : ANY;
      for (let x = a; x <= b; x++) chars.add(String.fromCharCode(x));
      i += 2;
    } else chars.add(text[i]!);
  }
  return negated ? { kind: "out", chars } : { kind: "in", chars };
}

function meet(a: CharSet, b: CharSet, noDot: boolean): boolean {
  const allowed = (c: string): boolean => !(noDot && c === ".");
  if (a.kind === "in" || b.kind === "in") {
    const [inSet, other] = a.kind === "in" ? [a, b] : [b as Extract<CharSet, { kind: "in" }>, a];
    for (const c of inSet.chars) {
      if (!allowed(c)) continue;
      if (other.kind === "any" || (other.kind === "in" ? other.chars.has(c) : !other.chars.has(c))) return true;
    }
    return false;
  }
  return true; // any/out against any/out: the alphabet is not finite
}

/** Whether some segment name matches both: `w` the word's segment (bash), `g` the credential's (picomatch). */
export function segmentsOverlap(w: string, g: string, nocase = true): boolean {
  const a = tokens(w, nocase);
  const b = tokens(g, nocase);
  const seen = new Set<number>();
  // State: i tokens of a and j of b consumed, `start`: no character produced yet.
  const go = (i: number, j: number, start: boolean): boolean => {
    const key = (i * (b.length + 1) + j) * 2 + (start ? 1 : 0);
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const ta = a[i];
    const tb = b[j];
    if (ta?.star === true && go(i + 1, j, start)) return true;
    if (tb?.star === true && go(i, j + 1, start)) return true;
    if (ta === undefined || tb === undefined) return false;
    // One character, produced by both sides; a star may go on producing.
    const setA = ta.star ? ANY : ta.set;
    const setB = tb.star ? ANY : tb.set;
    const noDot = start && (ta.star || ta.wild);
    if (!meet(setA, setB, noDot)) return false;
    const ni = ta.star ? i : i + 1;
    const nj = tb.star ? j : j + 1;
    return go(ni, nj, false);
  };
  return go(0, 0, true);
}

/** Whether two absolute globs can name the same path. */
export function globsOverlap(word: string, glob: string, nocase = true): boolean {
  const a = word.split("/").filter((s) => s !== "");
  const b = glob.split("/").filter((s) => s !== "");
  const seen = new Set<number>();
  const go = (i: number, j: number): boolean => {
    const key = i * (b.length + 1) + j;
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const sa = a[i];
    const sb = b[j];
    if (sa === "**" && (go(i + 1, j) || (sb !== undefined && go(i, j + 1)))) return true;
    if (sb === "**" && (go(i, j + 1) || (sa !== undefined && go(i + 1, j)))) return true;
    if (sa === undefined || sb === undefined || sa === "**" || sb === "**") return false;
    // A word name that is all wildcards (`*`, `?*`, `.*`) names nothing in particular: it meets a credential's
    // whole-name wildcard (`~/.ssh/*` and `~/.ssh/**`), not a credential's name (`dist/*` and `id_rsa`).
    if (vague(sa) && !vague(sb)) return false;
    return segmentsOverlap(sa, sb, nocase) && go(i + 1, j + 1);
  };
  return go(0, 0);
}

/** A name of wildcards and dots only (a bracket expression names something). */
function vague(seg: string): boolean {
  return /^[*?.]*$/.test(seg);
}
