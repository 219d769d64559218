/**
 * `trap CODE EXIT`: the code runs when the shell exits, with the variables and the directory as they are then
 * (docs/adr/0795). It is read once the whole string is, against the scope at its end, where a name keeps its value
 * only if that is the value it had at every point the shell could have exited since the trap was set.
 */
import type { Scope, ScopeWatch } from "./scope.ts";
import type { WalkCtx } from "./walk.ts";
import type { Word } from "./words.ts";

/** The trap's condition names only the shell's exit: `EXIT`, `0`, any case, with or without `SIG` (bash's trap). */
export function onExitOnly(conditions: readonly Word[]): boolean {
  return conditions.length > 0 && conditions.every((w) => !w.dynamic && /^(?:(?:SIG)?EXIT|0)$/i.test(w.value));
}

/**
 * A trap set by the top shell itself, not in a subshell, pipeline stage, substitution or background job, whose
 * EXIT is their own end, nor through a wrapper.
 */
export function inTopShell(ctx: WalkCtx, p: { readonly depth: number; readonly wrappers: readonly string[] }): boolean {
  return (
    p.depth === 0 &&
    p.wrappers.length === 0 &&
    !ctx.subshell &&
    !ctx.substitution &&
    !ctx.background &&
    ctx.pipeline === null
  );
}

/** Programs that may run between the trap and a name's one assignment: `t=$(mktemp)` runs mktemp first. */
const INSTANT = new Set(["mktemp"]);

export class ExitTrap implements ScopeWatch {
  /**
   * Names assigned since the trap was set: how often, whether a command had run before the first time, and whether
   * the string had assigned the name before the trap (else it held the environment's value until then).
   */
  private readonly changes = new Map<string, { count: number; afterCommand: boolean; before: boolean }>();
  /** Some change reached names we cannot list (`eval`, `source`, a name reference). */
  private everything = false;
  private moved = false;
  private ranCommand = false;

  constructor(
    readonly code: Word,
    private readonly scope: Scope,
  ) {}

  changed(name: string | null): void {
    if (name === null) {
      this.everything = true;
      return;
    }
    // Called before the scope records the change, so the first call still sees the name as the trap did.
    const known = this.changes.get(name) ?? {
      count: 0,
      afterCommand: this.ranCommand,
      before: this.scope.assignedHere(name),
    };
    this.changes.set(name, { ...known, count: known.count + 1 });
  }

  movedDir(): void {
    this.moved = true;
  }

  /** A command ran after the trap was set: the shell may exit during it or after it. */
  ran(program: string): void {
    if (program !== "" && !INSTANT.has(program)) this.ranCommand = true;
  }

  /**
   * The scope the code is read in: the end's, except a name changed since the trap unless it was unassigned then
   * (the environment's value, held only while nothing but mktemp ran) and assigned once, and the directory when a
   * `cd` came after the trap.
   */
  readingScope(end: Scope): Scope {
    const scope = end.copy();
    if (this.everything) scope.poison();
    if (this.moved) scope.changeDir(null, true);
    for (const [name, { count, afterCommand, before }] of this.changes) {
      const once = count === 1 && !afterCommand && !before;
      if (!once) scope.assign(name, null, false);
    }
    return scope;
  }
}
