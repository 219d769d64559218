/**
 * Shell variables known from earlier in the same command string. Values from the environment are never
 * trusted: a name not assigned here is unknown, except HOME, which becomes the marker "~" so path logic
 * treats it as the home directory (ADR 0031).
 */
export class Scope {
  /** name → known value, or null when assigned to something we cannot know (conditional, read, loop). */
  private readonly vars = new Map<string, string | null>();
  private poisoned = false;

  constructor(seed: Iterable<readonly [string, string | null]> = []) {
    for (const [name, value] of seed) this.vars.set(name, value);
  }

  /** The known value of `$name`, or null when it is unknown. */
  lookup(name: string): string | null {
    if (this.poisoned) return null;
    const known = this.vars.get(name);
    if (known !== undefined) return known;
    return name === "HOME" ? "~" : null;
  }

  /** Records an assignment; `certain` is false when it may or may not run (branches, `&&`, loops, functions). */
  assign(name: string, value: string | null, certain: boolean): void {
    this.vars.set(name, certain ? value : null);
  }

  /** After `eval`/`source` anything may have been assigned, HOME included. */
  poison(): void {
    this.poisoned = true;
  }
}
