/**
 * Test files that need a module graph of their own: they replace a module (vi.mock) or a global. Every other file
 * shares its worker's modules with the files run before it (docs/adr/0570); test/scripts/isolation.test.ts
 * keeps this list complete.
 */
export const ISOLATED: readonly string[] = ["test/cli/eval-internal-error.test.ts"];
