/**
 * Shell variables known from earlier in the same command string. Values from the environment are never
 * trusted: a name not assigned here is unknown, except HOME, which becomes the marker "~" so path logic
 * treats it as the home directory (ADR 0031), and PWD, which bash sets to the directory it runs in: `.`, which
 * every path word resolves against the command's own directory (ADR 0116).
 */
/** Pattern characters that pathname expansion reads in an unquoted expansion, extglob's forms included. */
const GLOB = /[*?[]|[@!+]\(/;

/** Told of every change to a scope from the moment it starts watching (an EXIT trap, exit-traps.ts). */
export interface ScopeWatch {
  /** `name` is about to change; null: any name may have (`eval`, `source`, a name reference). */
  changed(name: string | null): void;
  movedDir(): void;
}

export class Scope {
  /** name → known value, or null when assigned to something we cannot know (conditional, read, loop). */
  private readonly vars = new Map<string, string | null>();
  /** Names whose value is a glob a loop iterates over (assignLoop). */
  private readonly globs = new Set<string>();
  /** Names whose value is text written out in an unconditional assignment (`x=ls`), not built by an expansion. */
  private readonly written = new Set<string>();
  /** Arrays written out whole in an unconditional plain assignment (`c=(npm run test)`): their literal elements. */
  private readonly arrays = new Map<string, readonly string[]>();
  /** Names holding the path `$(mktemp)` printed (assignFresh): empty instead when mktemp failed. */
  private readonly fresh = new Set<string>();
  /** Fresh names the commands walked now run only if mktemp succeeded for (`d=$(mktemp -d) && …`): never empty. */
  private readonly sure = new Set<string>();
  /** Names `read`/`mapfile` filled from an input that is not text written here (docs/adr/0811): name → input. */
  private readonly lines = new Map<string, string>();
  private poisoned = false;
  /** A name reference was declared (`declare -n`): an assignment may change a name other than the one it spells. */
  private aliased = false;
  /** Names of the functions defined earlier in the string: a call of one runs its body, not the builtin. */
  private readonly functions = new Set<string>();

  /**
   * The directory commands run in, as far as this string changed it: undefined = unchanged (the agent's
   * cwd), a string = that directory as written (relative to the agent's cwd unless absolute or `~`),
   * null = changed to something we cannot know.
   */
  private dir: string | null | undefined;
  /** dir is null because a `cd` went to the top of the cwd's repository: the cwd or an ancestor (docs/adr/0775). */
  private ancestor = false;
  /**
   * The other directories commands may run in: those a `cd` that may have failed left behind, when what follows runs
   * whether it failed or not (`cd ~; cd /tmp/b; rm -rf *`, docs/adr/0833). Empty while dir is null: unknown covers them.
   */
  private fallbacks: (string | undefined)[] = [];
  /** Directories left by `cd`s that may fail, until the walk knows whether what follows runs after a failure. */
  private pending: (string | undefined)[] = [];
  /** Directories `mkdir` made earlier in the string, as joined: a `cd` into one cannot fail. */
  private readonly made = new Set<string>();
  /** `set -e` ran unconditionally: a failing `cd` on its own ends the shell. */
  private errexit = false;

  private readonly watches: ScopeWatch[] = [];

  constructor(seed: Iterable<readonly [string, string | null]> = [], cwd?: string | null) {
    for (const [name, value] of seed) this.vars.set(name, value);
    this.dir = cwd;
  }

  get cwd(): string | null | undefined {
    return this.dir;
  }

  /** Where else commands may run, after a `cd` that may have failed (docs/adr/0833); undefined = the agent's cwd. */
  get otherDirs(): readonly (string | undefined)[] {
    return this.fallbacks;
  }

  watch(w: ScopeWatch): void {
    this.watches.push(w);
  }

  /** The same state, watched by nobody: what a later reading may change without changing this one. */
  copy(): Scope {
    const c = new Scope(this.vars, this.dir);
    for (const g of this.globs) c.globs.add(g);
    for (const w of this.written) c.written.add(w);
    for (const [k, v] of this.arrays) c.arrays.set(k, v);
    for (const f of this.fresh) c.fresh.add(f);
    for (const f of this.sure) c.sure.add(f);
    for (const f of this.functions) c.functions.add(f);
    c.poisoned = this.poisoned;
    c.aliased = this.aliased;
    c.ancestor = this.ancestor;
    c.fallbacks = [...this.fallbacks];
    c.pending = [...this.pending];
    for (const m of this.made) c.made.add(m);
    c.errexit = this.errexit;
    c.args = this.args;
    return c;
  }

  /**
   * `cd target`; target null when dynamic or unknowable (`cd -`, `popd`). `mayFail`: the directory may be missing,
   * and the shell then stays where it was; whether what follows runs there is settled by the walk (settleDirs).
   */
  changeDir(target: string | null, certain: boolean, mayFail = false): void {
    for (const w of this.watches) w.movedDir();
    this.ancestor = false;
    const before = this.dir === null ? [] : [this.dir, ...this.fallbacks];
    if (!certain || target === null) this.dir = null;
    else this.dir = joinDir(this.dir, target);
    this.fallbacks = this.dir === null || target === null ? [] : known(this.fallbacks.map((f) => joinDir(f, target)));
    if (this.dir === null) this.fallbacks = [];
    if (mayFail && certain && target !== null) this.pending.push(...before);
  }

  /** Whether a `cd` into `target` cannot fail: home, `/`, `/tmp`, `.`, `..`, or a directory `mkdir` made earlier. */
  surelyEnters(target: string): boolean {
    if (["~", "~/", "/", "/tmp", "/tmp/", ".", "..", "./", "../"].includes(target)) return true;
    const joined = joinDir(this.dir, target);
    return joined !== null && this.made.has(trimSlash(joined));
  }

  /** `mkdir dir`: a later `cd dir` from the same place cannot fail. */
  madeDir(target: string, certain: boolean): void {
    const joined = joinDir(this.dir, target);
    if (certain && joined !== null) this.made.add(trimSlash(joined));
  }

  /** `set -e` / `set +e`, run unconditionally. */
  setErrexit(on: boolean): void {
    this.errexit = on;
  }

  /**
   * What follows the `cd`s since the last call runs whether they failed or not (`;`, a newline, `|| echo`): it may
   * run in the directories they left too. `exits`: a failure ends the shell there (`cd d || exit`, `set -e`).
   */
  settleDirs(exits: "exits" | "continues" | "errexit"): void {
    const pending = this.pending;
    this.pending = [];
    if (exits === "exits" || (exits === "errexit" && this.errexit) || this.dir === null) return;
    const dir = this.dir;
    const all = known([...this.fallbacks, ...pending]).filter((d) => d !== dir);
    // Past a handful of places the directory is as good as unknown.
    if (all.length > MAX_FALLBACKS) {
      this.dir = null;
      this.fallbacks = [];
    } else this.fallbacks = all;
  }

  /**
   * `cd "$(git rev-parse --show-toplevel)"`: the cwd or one of its ancestors when no `cd` came before it; after one,
   * or in a branch, nothing is known.
   */
  changeToRepositoryTop(certain: boolean): void {
    const fromCwd = this.dir === undefined && certain;
    this.changeDir(null, true);
    this.ancestor = fromCwd;
  }

  /** The directory is unknown but is the agent's cwd or one of its ancestors. */
  get cwdAncestor(): boolean {
    return this.dir === null && this.ancestor;
  }

  /** Word splitting of unquoted expansions no longer follows blanks. */
  ifsChanged(): boolean {
    return this.poisoned || this.vars.has("IFS");
  }

  /** True when HOME has not been assigned in this string, so `$HOME` is the home marker. */
  homeIsMarker(): boolean {
    return !this.poisoned && !this.vars.has("HOME");
  }

  /** Some variable was assigned earlier in this string, or the analysis lost track of them. */
  assignedAny(): boolean {
    return this.poisoned || this.vars.size > 0;
  }

  /** The known value of `$name`, or null when it is unknown. */
  lookup(name: string): string | null {
    if (this.poisoned) return null;
    const known = this.vars.get(name);
    if (known !== undefined) return known;
    // `$1`, `${2}`: the call's own argument, or empty past the last one.
    if (this.args !== null && /^[1-9][0-9]*$/.test(name)) return this.args[Number(name) - 1] ?? "";
    return name === "HOME" ? "~" : name === "PWD" ? "." : null;
  }

  /**
   * Records an assignment; `certain` is false when it may or may not run (branches, `&&`, loops, functions).
   * `written` says the value is literal text in the assignment itself (`x=ls`, `CMD="npm test"`).
   */
  assign(name: string, value: string | null, certain: boolean, written = false): void {
    for (const w of this.watches) w.changed(name);
    this.vars.set(name, certain ? value : null);
    this.globs.delete(name);
    this.arrays.delete(name);
    this.fresh.delete(name);
    this.sure.delete(name);
    this.lines.delete(name);
    if (certain && written && value !== null) this.written.add(name);
    else this.written.delete(name);
  }

  /**
   * `name=$(mktemp …)`: `path` is where mktemp makes its file (fresh-path.ts). When mktemp fails the name holds the
   * empty string instead, so the path is known only where that difference is harmless (isFresh, docs/adr/0794).
   */
  assignFresh(name: string, path: string, certain: boolean): void {
    this.assign(name, path, certain);
    if (certain) this.fresh.add(name);
  }

  /** Whether `$name` holds a path from `$(mktemp)` (assignFresh), or the empty string if mktemp failed. */
  isFresh(name: string): boolean {
    return !this.poisoned && this.fresh.has(name) && !this.sure.has(name) && this.vars.get(name) !== null;
  }

  /**
   * Whether `$name` holds a path from `$(mktemp)` now (assignFresh), empty or not: what a `&&` after its
   * assignment may make sure of (docs/adr/0849).
   */
  holdsFresh(name: string): boolean {
    return !this.poisoned && this.fresh.has(name) && this.vars.get(name) !== null;
  }

  /** The commands walked next run only where mktemp made `name`'s path (`d=$(mktemp -d) && …`), or no longer. */
  setSure(name: string, sure: boolean): void {
    if (sure) this.sure.add(name);
    else this.sure.delete(name);
  }

  /** Whether this string assigned `name` (or may have, after `eval`/`source`), as opposed to leaving it alone. */
  assignedHere(name: string): boolean {
    return this.poisoned || this.vars.has(name);
  }

  /**
   * Whether `$name` holds text written out in this string by an unconditional assignment, with nothing since that
   * could change it or how it splits (`eval`, `source`, `read`, IFS): reading it is reading that text (ADR 0683).
   */
  isWritten(name: string): boolean {
    const value = this.vars.get(name);
    // A glob in the value expands on use into the names of files here (`x=*; $x` runs the first file's name).
    return (
      !this.ifsChanged() &&
      !this.aliased &&
      this.written.has(name) &&
      value !== null &&
      value !== undefined &&
      !GLOB.test(value)
    );
  }

  /**
   * `name=(…)`: `elements` are the literal words written in the parentheses, or null when one is built by an
   * expansion, holds a glob, or the assignment is not plain (`+=`, `declare`). `$name` is the first element.
   */
  assignArray(name: string, elements: readonly string[] | null, certain: boolean): void {
    this.assign(name, elements?.[0] ?? null, certain);
    if (certain && elements !== null && elements.length > 0) this.arrays.set(name, elements);
  }

  /**
   * The elements of an array written out whole in this string with nothing since that could change it (an element
   * assignment, `+=`, `read -a`, `mapfile`, `eval`, a name reference), or null (ADR 0776).
   */
  writtenArray(name: string): readonly string[] | null {
    if (this.poisoned || this.aliased) return null;
    return this.arrays.get(name) ?? null;
  }

  /**
   * A loop variable over one literal word (`for f in docs/*.md`), inside the loop's body: its value is that word,
   * and when the word is an unquoted glob every expansion of the variable stands for the paths it matches.
   */
  assignLoop(name: string, value: string, glob: boolean): void {
    for (const w of this.watches) w.changed(name);
    this.vars.set(name, value);
    this.written.delete(name);
    this.arrays.delete(name);
    this.fresh.delete(name);
    this.lines.delete(name);
    if (glob) this.globs.add(name);
    else this.globs.delete(name);
  }

  /** Whether `$name` stands for the paths of a glob (assignLoop). */
  isGlob(name: string): boolean {
    return !this.poisoned && this.globs.has(name) && this.vars.get(name) !== null;
  }

  /** The positional parameters of the function call whose body is being read (ADR 0778), or null: unknown. */
  private args: readonly string[] | null = null;

  /** Binds `$1…`, `$@`, `$*`, `$#` while a body is read for one call; returns the binding it replaced. */
  bindPositional(args: readonly string[] | null): readonly string[] | null {
    const before = this.args;
    this.args = args;
    return before;
  }

  /** The positional parameters when a call binds them and nothing since could have changed them, else null. */
  positional(): readonly string[] | null {
    return this.poisoned ? null : this.args;
  }

  /** `name() { … }` was defined: from here on a command of that name runs the function. */
  defineFunction(name: string): void {
    this.functions.add(name);
  }

  /** Whether `name` may be a function here (defined earlier, or anything after `eval`/`source`). */
  mayBeFunction(name: string): boolean {
    return this.poisoned || this.functions.has(name);
  }

  namesMayAlias(): void {
    for (const w of this.watches) w.changed(null);
    this.aliased = true;
  }

  /** After `eval`/`source` anything may have been assigned, HOME included. */
  /** `read -r tok < notes.txt`: the name holds a line of that input, unknown here (docs/adr/0811). */
  assignLines(name: string, input: string): void {
    this.assign(name, null, false);
    this.lines.set(name, input);
  }

  /** The names that hold lines read from an input, with that input as written. */
  lineInputs(): { readonly name: string; readonly input: string }[] {
    return [...this.lines].map(([name, input]) => ({ name, input }));
  }

  poison(): void {
    for (const w of this.watches) w.changed(null);
    this.poisoned = true;
  }
}

const MAX_FALLBACKS = 8;

/** The distinct directories of a list, without the unknown ones. */
function known(dirs: readonly (string | null | undefined)[]): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  for (const d of dirs) if (d !== null && !out.includes(d)) out.push(d);
  return out;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** `base` then `target`, as written; absolute and `~` targets replace the base. */
export function joinDir(base: string | null | undefined, target: string): string | null {
  if (target.startsWith("/") || target === "~" || target.startsWith("~/")) return target;
  if (base === null) return null;
  if (base === undefined || base === "") return target;
  return `${base.replace(/\/+$/, "")}/${target}`;
}
