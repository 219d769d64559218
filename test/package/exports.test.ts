import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";

/**
 * The package's front doors as a user reaches them: `import … from "rulegate"` (the built library,
 * dist/index.mjs, made by `npm run build` and on `npm install`) and `rulegate/pi` (the extension source,
 * which pi's loader compiles itself).
 */
describe("the package exports", () => {
  test("the library is built and decides through loadPolicy and createSession", async () => {
    expect(
      existsSync(new URL("../../dist/index.mjs", import.meta.url)),
      "dist/index.mjs is missing: run npm run build",
    ).toBe(true);
    const { loadPolicy, createSession } = (await import("rulegate")) as typeof import("../../index.ts");
    const policy = loadPolicy('version: 1\npermissions:\n  deny: ["bash(git push --force*)"]\n');
    const session = createSession(policy, { home: "/home/u", cwd: "/repo" });
    const d = await session.decide({ tool: "Bash", input: { command: "cd x && git push --force origin main" } });
    expect([d.decision, d.stage]).toEqual(["deny", "permissions.deny"]);
  });

  test("rulegate/pi is a pi extension: a default export taking pi", async () => {
    const mod = (await import("rulegate/pi")) as { default: unknown };
    expect(typeof mod.default).toBe("function");
  });
});
