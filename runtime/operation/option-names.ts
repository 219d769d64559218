/**
 * An option's name in one spelling, lower-case kebab: test runners spell theirs in camel case (`--setupFiles` is
 * `--setup-files`), and vitest names a nested setting by its path (`--sequence.sequencer`,
 * `--coverage.customProviderModule`), whose last part says what it is. Read by the checks of options that load
 * code from a temp folder (scratch-options.ts) and from outside the project (code-option-values.ts).
 */
export function optionKebab(name: string): string {
  return name
    .replace(/^(-*)(?:[\w-]*\.)+/, "$1")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
}
