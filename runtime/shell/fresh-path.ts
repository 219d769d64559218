/**
 * `$(mktemp …)`: the path of a file or directory mktemp has just made with a random name (docs/adr/0794). The
 * value is a representative path in the directory mktemp really uses, its X's kept (`/tmp/tmp.XXXXXXXXXX`,
 * `DIR/fooXXXX`), so every later check judges where it is: `mktemp -p /etc/cron.d` is still in /etc. Options
 * not read here, a prefix assignment, a redirect or a second command leave the value unknown (null).
 */
import type { Scope } from "./scope.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import { evalWord, type WordEnv } from "./words.ts";

/** The name mktemp makes without a TEMPLATE (GNU; BSD's differs only in the X's). */
const DEFAULT_NAME = "tmp.XXXXXXXXXX";

interface Request {
  template: string | null;
  /** `-p DIR` / `--tmpdir=DIR`; "" for `--tmpdir` without a DIR (or an empty one): $TMPDIR, else /tmp. */
  dir: string | null;
  /** `-t`: the TEMPLATE is one name in $TMPDIR (before -p's DIR). */
  t: boolean;
  suffix: string;
}

/**
 * An assignment's value that is one substitution (`$(…)`, backticks, either in double quotes) running mktemp
 * alone, as the path it prints; null otherwise.
 */
export function freshPath(value: Node, scope: Scope): string | null {
  const substitution = value.type === "string" ? onlyChild(value) : value;
  if (substitution === null) return null;
  const words = mktempWords(substitution, scope);
  if (words === null) return null;
  const request = readOptions(words);
  return request === null ? null : placed(request, scope);
}

/** `"$(…)"`: the substitution when it is all the string holds. */
function onlyChild(value: Node): Node | null {
  const inner = value.namedChildren.filter((c) => c !== null);
  if (inner.length !== 1 || value.text !== `"${inner[0]!.text}"`) return null;
  return inner[0]!;
}

/** The arguments of the one plain `mktemp` command in the substitution, evaluated; null for anything else. */
function mktempWords(substitution: Node, scope: Scope): string[] | null {
  if (substitution.type !== "command_substitution") return null;
  const inner = substitution.namedChildren.filter((c) => c !== null);
  if (inner.length !== 1 || inner[0]!.type !== "command") return null;
  const parts = inner[0]!.namedChildren.filter((c) => c !== null);
  const name = parts[0];
  // `$(TMPDIR=~ mktemp)` has a prefix assignment first, so its first child is no command_name.
  if (name === undefined || name.type !== "command_name" || name.text !== "mktemp") return null;
  if (scope.mayBeFunction("mktemp")) return null;
  const quiet: WordEnv = { scope, onSubstitution: () => undefined };
  const words: string[] = [];
  for (const arg of parts.slice(1)) {
    if (arg.type.endsWith("redirect")) return null;
    const w = evalWord(arg, quiet);
    if (w.dynamic || w.glob === true || w.braces === true) return null;
    words.push(w.value);
  }
  return words;
}

/** GNU mktemp's options (long ones spelled out whole, or with `=`); null for any other. */
function readOptions(words: readonly string[]): Request | null {
  const r: Request = { template: null, dir: null, t: false, suffix: "" };
  const operands: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith("--")) {
      const [opt, value] = w.includes("=") ? [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)] : [w, null];
      if (["--directory", "--quiet", "--dry-run"].includes(opt)) {
        if (value !== null) return null;
      } else if (opt === "--tmpdir") r.dir = value ?? "";
      else if (opt === "--suffix") {
        const s = value ?? words[++i];
        if (s === undefined || s.includes("/")) return null;
        r.suffix = s;
      } else return null;
    } else if (w.startsWith("-") && w.length > 1) {
      for (let j = 1; j < w.length; j++) {
        const c = w[j]!;
        if (c === "p") {
          const d = j + 1 < w.length ? w.slice(j + 1) : words[++i];
          if (d === undefined) return null;
          r.dir = d;
          break;
        }
        if (c === "t") r.t = true;
        else if (!"dqu".includes(c)) return null;
      }
    } else operands.push(w);
  }
  if (operands.length > 1) return null;
  r.template = operands[0] ?? null;
  return r;
}

/** Where mktemp puts the name, as coreutils' mktemp.c decides it. */
function placed(r: Request, scope: Scope): string | null {
  const name = `${r.template ?? DEFAULT_NAME}${r.suffix}`;
  // A TEMPLATE alone is a path relative to where the command runs (`mktemp build/outXXX`, `mktemp fooXXX`).
  if (r.template !== null && r.dir === null && !r.t) return name;
  // The directory forms take one name: an absolute TEMPLATE is refused, and -t takes no slash at all.
  if (r.template?.startsWith("/") === true || (r.t && r.template?.includes("/") === true)) return null;
  // With -t, a set $TMPDIR wins over -p's DIR; we cannot say which applies, so both written is unknown.
  if (r.t && r.dir !== null && r.dir !== "") return null;
  const dir = r.dir !== null && r.dir !== "" ? r.dir : tmpdir(scope);
  return dir === null ? null : `${dir.replace(/\/+$/, "")}/${name}`;
}

/**
 * `$TMPDIR` as mktemp reads it: the value this string gave it, or /tmp when the string left it alone (the
 * environment's TMPDIR is the user's, not the command's; scratch rules already treat `$TMPDIR/` as scratch).
 */
function tmpdir(scope: Scope): string | null {
  if (!scope.assignedHere("TMPDIR")) return "/tmp";
  const value = scope.lookup("TMPDIR");
  if (value === null) return null;
  return value === "" ? "/tmp" : value;
}
