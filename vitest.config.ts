import { defineConfig } from "vitest/config";
import { ISOLATED } from "./test/isolated-files.ts";

/**
 * Test files that replace a module (vi.mock) need a module graph of their own; every other file shares its
 * worker's modules with the files before it. Loading the runtime (tree-sitter's grammar, the compiled built-ins)
 * once per worker instead of once per file is most of the suite's time (docs/adr/0570).
 */

export default defineConfig({
  test: {
    testTimeout: 30_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "shared", include: ["test/**/*.test.ts"], exclude: [...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: "isolated", include: [...ISOLATED], isolate: true } },
    ],
  },
});
