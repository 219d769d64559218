/**
 * Text bash expands later although it was quoted now (docs/adr/0700): the subscript of an array element named in
 * a string (`'x[$(cmd)]'`), and a variable expanded as a prompt (`${c@P}`).
 *
 * bash expands an array subscript whenever it uses the name: arithmetic evaluates a variable's text as an
 * expression, so `a='x[$(cmd)]'; (( a ))` runs cmd, and so do `$((a))`, `[[ $a -eq 0 ]]`, `${s:a}`, a `declare -i`
 * variable given it; builtins that take a variable's name do too (`let`, `read`, `unset`, `printf -v`,
 * `[[ -v … ]]`, `declare -n`, `local`). `${c@P}` expands c's value as a prompt, running its `$(…)`. The
 * commands of those substitutions are analysed as if they ran: a subscript holding `$(date)` stays as harmless
 * as `date`.
 */
import type { DeferredCode } from "./deferred-code.ts";
import type { Assignment } from "./walk.ts";
import type { Word } from "./words.ts";

/** Builtins whose arguments name variables (or are arithmetic): a name with a subscript has it expanded. */
const NAMING_BUILTINS: ReadonlySet<string> = new Set([
  "[",
  "[[",
  "declare",
  "export",
  "getopts",
  "let",
  "local",
  "mapfile",
  "printf",
  "read",
  "readarray",
  "readonly",
  "shift",
  "test",
  "typeset",
  "unset",
  "wait",
]);

/** `name[` followed, before the subscript closes, by a command substitution or a backquote. */
const SUBSCRIPT_SUBSTITUTION = /[A-Za-z_]\w*\[[^\]]*?(?:\$\(|`)/;

/** `${name@P}`: the variable's value expanded as a prompt. */
const PROMPT_EXPANSION = /\$\{([A-Za-z_]\w*)@P\}/g;

/**
 * The commands of the text's substitutions, `$(…)` (to its balancing parenthesis) and backquotes, each as the
 * code it runs: they are written out in the text, so the code is known, not built at run time.
 */
function substitutions(label: string, text: string): DeferredCode[] {
  const out: DeferredCode[] = [];
  const push = (code: string): void => {
    if (code.trim() !== "") out.push({ label, code: { value: code, dynamic: false, raw: code } });
  };
  let i = 0;
  while (i < text.length) {
    if (text.startsWith("$(", i) && text[i + 2] !== "(") {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) depth += text[j] === "(" ? 1 : text[j] === ")" ? -1 : 0;
      push(text.slice(i + 2, depth === 0 ? j - 1 : j));
      i = j;
    } else if (text[i] === "`") {
      const close = text.indexOf("`", i + 1);
      push(text.slice(i + 1, close < 0 ? text.length : close));
      i = close < 0 ? text.length : close + 1;
    } else i++;
  }
  return out;
}

/** Assignment values and naming builtins' arguments that hold an array subscript with a substitution in it. */
export function subscriptCode(
  program: string,
  args: readonly Word[],
  assignments: readonly Assignment[],
): DeferredCode[] {
  const words = [...assignments.map((a) => a.value), ...(NAMING_BUILTINS.has(program) ? args : [])];
  return words
    .filter((w) => !w.dynamic && SUBSCRIPT_SUBSTITUTION.test(w.value))
    .flatMap((w) => substitutions("array subscript", w.value));
}

/** The known values of variables a word expands as a prompt (`${c@P}`), when they hold a substitution. */
export function promptExpansions(words: readonly Word[], lookup: (name: string) => string | null): DeferredCode[] {
  const out: DeferredCode[] = [];
  for (const w of words) {
    for (const m of w.raw.matchAll(PROMPT_EXPANSION)) {
      const value = lookup(m[1] ?? "");
      if (value !== null) out.push(...substitutions("${…@P}", value));
    }
  }
  return out;
}
