/**
 * What `find` hands to `-exec CMD {}` and what `-delete` removes (docs/adr/0213): the entries below its start
 * directory that pass its `-name`/`-iname` test. Written as one path glob, `START/**\/NAME`, so the checks judge `{}` by what it can be instead of failing closed on an
 * unknown word: `find . -name '*.pyc' -exec rm {} +` cannot reach `.env`, `find ~ -name '*.pem' -exec cat {} +`
 * reads keys. Anything the glob cannot say stays unknown (null): more than one start, a start that is not
 * literal, no name test (every entry, the start too), an expression with `-o`, `,` or parentheses (a test may then not filter at all), a name
 * test that is not literal, or a name test the start itself may pass (`find . -name '.*'` selects `.` too).
 * A negated test (`!`/`-not`) in the plain conjunction only narrows what the positive name test selected
 * (`find . -name '*.log' -not -path './node_modules/*' -delete`, docs/adr/0440); a negated name test is no
 * name test, and anything else negated (an action, a parenthesis, an unknown test) stays unknown. Only a name
 * test before the first action filters it: `find . -delete -name x` deletes every entry.
 */
import { posix } from "node:path";

/** Global options before the start paths. */
const LEADING = new Set(["-H", "-L", "-P"]);
const LEADING_VALUED = new Set(["-D", "-O"]);
const BRANCHING = new Set(["-o", "-or", ",", "(", ")", "\\(", "\\)"]);
const NEGATION = new Set(["!", "-not"]);
/** Tests that only filter, by how many words they take: negated in a conjunction they narrow, never widen. */
const FILTER_TESTS = new Map<string, number>([
  ...["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname"].map(
    (t) => [t, 1] as const,
  ),
  ...["-type", "-xtype", "-newer", "-user", "-group", "-uid", "-gid", "-perm", "-size", "-links", "-inum"].map(
    (t) => [t, 1] as const,
  ),
  ...["-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-samefile", "-fstype"].map((t) => [t, 1] as const),
  ...["-empty", "-executable", "-readable", "-writable", "-nouser", "-nogroup"].map((t) => [t, 0] as const),
]);
const ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete"]);
const NAME_TESTS = new Set(["-name", "-iname"]);

export interface FindWord {
  readonly value: string;
  readonly dynamic: boolean;
}

/** The selection of a `find` command (its words after the program name), as a path glob; null when unknown. */
export function findSelection(args: readonly FindWord[]): string | null {
  let i = afterLeading(args);
  const start = literalStart(args, i);
  if (start === null) return null;
  i = start.next;
  const pruned = prunedRest(args, i);
  if (pruned !== undefined) return pruned === null ? null : findSelection([...args.slice(0, i), ...pruned]);
  let name: string | null = null;
  let acted = false;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (NEGATION.has(v)) {
      const arity = FILTER_TESTS.get(args[i + 1]?.value ?? "");
      if (arity === undefined) return null;
      i += 1 + arity;
      continue;
    }
    // An action before any name test acts on every entry.
    if (ACTIONS.has(v)) {
      if (name === null) return null;
      acted = true;
    }
    // The commands of -exec/-ok run on what the tests selected; their words are not tests.
    if (v === "-exec" || v === "-execdir" || v === "-ok" || v === "-okdir") {
      while (i + 1 < args.length && args[i + 1]!.value !== ";" && args[i + 1]!.value !== "+") i++;
      i++;
      continue;
    }
    if (BRANCHING.has(v)) return null;
    if (NAME_TESTS.has(v)) {
      const w = args[i + 1];
      if (w === undefined || w.dynamic || w.value === "" || w.value.includes("/")) return null;
      if (!acted) name ??= w.value;
      i++;
    }
  }
  const base = start.value.replace(/\/+$/, "") || "/";
  if (name === null) return null;
  if (mayNameItself(base, name)) return null;
  return `${base === "/" ? "" : base}/**/${name}`;
}

/** Actions after which find prints nothing by itself, so a pruned branch without one prints nothing either. */
const OUTPUT_ACTIONS = new Set([...ACTIONS, "-print", "-print0"]);
const PRUNE_WORDS = new Set([...BRANCHING, ...NEGATION, "-a", "-and"]);

/**
 * `find START TESTS -prune -o REST` (docs/adr/0792): entries passing TESTS are pruned and nothing is done to them,
 * so what is acted on passes REST's tests too and REST alone says the selection (more than that with `-delete`,
 * which turns pruning off, on the cautious side). Only when TESTS are filter tests and REST holds an action:
 * without one find prints the pruned entries as well. REST's words; undefined when there is no `-prune`, null
 * when the expression is not of that form.
 */
function prunedRest(args: readonly FindWord[], from: number): readonly FindWord[] | null | undefined {
  const at = args.findIndex((a, k) => k >= from && a.value === "-prune");
  if (at < 0) return undefined;
  const rest = args.slice(at + 2);
  if (args[at + 1]?.value !== "-o" && args[at + 1]?.value !== "-or") return null;
  if (rest.some((a) => a.value === "-prune") || !rest.some((a) => OUTPUT_ACTIONS.has(a.value))) return null;
  for (let k = from; k < at; k++) {
    const v = args[k]!;
    if (v.dynamic) return null;
    if (PRUNE_WORDS.has(v.value)) continue;
    const arity = FILTER_TESTS.get(v.value);
    if (arity === undefined) return null;
    k += arity;
  }
  return rest;
}

/** Where the start paths begin: after the global options. */
function afterLeading(args: readonly FindWord[]): number {
  let i = 0;
  while (i < args.length) {
    const v = args[i]!.value;
    if (LEADING.has(v)) i++;
    else if (LEADING_VALUED.has(v)) i += 2;
    else if (/^-O\d$/.test(v)) i++;
    else break;
  }
  return i;
}

/** The one literal start path (`.` when none is written) and where the expression begins; null otherwise. */
function literalStart(args: readonly FindWord[], from: number): { value: string; next: number } | null {
  let i = from;
  const starts: FindWord[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v.startsWith("-") || BRANCHING.has(v) || NEGATION.has(v)) break;
    starts.push(args[i]!);
  }
  const start = starts.length === 0 ? { value: ".", dynamic: false } : starts.length === 1 ? starts[0]! : null;
  if (start === null || start.dynamic || start.value === "" || /[*?[\]$`]/.test(start.value)) return null;
  return { value: start.value, next: i };
}

/**
 * The tree every entry `find` can select lies in, whatever its tests: the one literal start, when find does not
 * follow symlinks out of it (`-L`, `-H`, `-follow`). null otherwise. docs/adr/0441.
 */
export function findTree(args: readonly FindWord[]): string | null {
  const i = afterLeading(args);
  if (args.slice(0, i).some((a) => a.value === "-L" || a.value === "-H")) return null;
  if (args.some((a) => a.value === "-follow")) return null;
  return literalStart(args, i)?.value ?? null;
}

/** Whether the start's own name may pass the name test: find tests the start like every entry below it. */
function mayNameItself(base: string, name: string): boolean {
  const own = base === "/" ? "/" : posix.basename(base);
  // `~`: the home directory's name is not known here.
  return own.startsWith("~") || globMatchesName(name, own);
}

/** fnmatch of one name, as find does it (a leading `.` needs no explicit match there). */
function globMatchesName(glob: string, name: string): boolean {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\/]/g, "\\$&");
  }
  try {
    return new RegExp(`^${re}$`, "is").test(name);
  } catch {
    return true;
  }
}
