/** Ends every exhaustive switch over a tagged union; reaching it is a bug, never bad input. */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
