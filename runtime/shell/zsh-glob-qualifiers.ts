/**
 * zsh glob qualifiers (docs/adr/0800): `print -l src/**\/*.ts(.N)` is a glob whose trailing `(...)` filters the
 * names it matches (plain files, no error when none). bash has no such syntax and tree-sitter-bash fails on it.
 * In code zsh runs, a qualifier list made only of filters is dropped before parsing: what is left is the same
 * glob without its filter, which matches the same names or more, so every check on it is as strict or stricter.
 * A list with anything else stays and the code stays unreadable: `e:…:` and `+func` run code for every name, `:`
 * modifiers rewrite the names, `D` adds dotfiles the glob without it would not match, `P`/`F`/`f` and the rest
 * are not read here.
 */

/** One filter: file type, permission, negation, `N` (null glob), sorting, a range, a size or age bound; `,` is "or". */
const FILTER =
  /^(?:[./@=p*%rwxRWXAIEsStUG^,N-]|[oO][nLmacdN]|\[-?\d+(?:,-?\d+)?\]|L[kmp]?[-+]?\d+|[amc][Mwhms]?[-+]?\d+)/;

/** Characters that end a shell word outside quotes. */
const WORD_END = /[\s;|&()<>`]/;

/** Whether `list` (between the parentheses) is only filters. */
function onlyFilters(list: string): boolean {
  if (list === "") return false;
  let rest = list;
  while (rest !== "") {
    const m = FILTER.exec(rest);
    if (m === null) return false;
    rest = rest.slice(m[0].length);
  }
  return true;
}

/**
 * The code with each filter-only qualifier list after an unquoted glob word removed. Quoted text, `$(…)`, `<(…)`
 * and words with no glob character are left as written.
 */
export function withoutGlobQualifiers(code: string): string {
  let out = "";
  let glob = false; // the current word has an unquoted `*`, `?` or `[`
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === "\\") {
      out += code.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = quoteEnd(code, i);
      out += code.slice(i, end);
      i = end;
      continue;
    }
    if (c === "(" && glob && i > 0 && !/[\s$<>=]/.test(code[i - 1]!)) {
      const close = code.indexOf(")", i);
      const after = close < 0 ? "" : (code[close + 1] ?? "");
      if (close > 0 && (after === "" || WORD_END.test(after)) && onlyFilters(code.slice(i + 1, close))) {
        i = close + 1;
        glob = false;
        continue;
      }
    }
    if (/[*?[]/.test(c)) glob = true;
    else if (WORD_END.test(c)) glob = false;
    out += c;
    i++;
  }
  return out;
}

/** The index after the quote that closes the one at `start` (`'…'` literal, `"…"` with backslash escapes). */
function quoteEnd(code: string, start: number): number {
  const q = code[start]!;
  for (let i = start + 1; i < code.length; i++) {
    if (q === '"' && code[i] === "\\") i++;
    else if (code[i] === q) return i + 1;
  }
  return code.length;
}
