import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileText } from "../../compiler/index.ts";
import { ensureHookBundle, ROOT, RULES_BIN } from "../e2e/bundle.ts";

/**
 * The README's samples, run as a reader would run them: the tour of rules.yaml compiles as the file it says it
 * is (a project file, but for the lines marked `user file only`, which a project file may not hold), and the
 * hand-made hook payload, run verbatim in a project where rulegate is installed, prints what the README says.
 */
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

function tour(): string {
  const m = /^## A tour of rules\.yaml\n[\s\S]*?```yaml\n([\s\S]*?)```/m.exec(readme);
  if (m?.[1] === undefined) throw new Error("README has no tour of rules.yaml");
  return m[1];
}

describe("the README tour of rules.yaml", () => {
  it("compiles clean as a user file", () => {
    const r = compileText(tour(), "/home/u/.config/rulegate/rules.yaml");
    expect(r.diagnostics.map((d) => `${d.span.line}: ${d.code} ${d.message}`)).toEqual([]);
  });

  it("compiles as a project file except for exactly the lines marked `user file only`", () => {
    const text = tour();
    const marked = text
      .split("\n")
      .flatMap((line, i) => (line.includes("# user file only") ? [i + 1] : []))
      .sort((a, b) => a - b);
    expect(marked.length).toBeGreaterThan(0);
    const r = compileText(text, "/p/.rulegate/rules.yaml", { trust: "project" });
    expect(new Set(r.diagnostics.map((d) => d.code))).toEqual(new Set(["RG3004"]));
    expect([...new Set(r.diagnostics.map((d) => d.span.line))].sort((a, b) => a - b)).toEqual(marked);
  });

  it("names the editor schema by its path from .rulegate/ to the installed package", () => {
    const ref = /\$schema=(\S+)/.exec(tour())?.[1];
    expect(ref).toBeDefined();
    expect(resolve("/p/.rulegate", ref ?? "")).toBe("/p/node_modules/rulegate/schema/rules.schema.json");
    expect(existsSync(join(ROOT, "schema", "rules.schema.json"))).toBe(true);
  });
});

describe("the README's hook sample", () => {
  let dir: string;
  beforeAll(async () => {
    await ensureHookBundle(); // the hook as it ships: dist/hook.mjs through bin/rules.js
    dir = realpathSync(mkdtempSync(join(tmpdir(), "rg-readme-hook-")));
    mkdirSync(join(dir, "project", "node_modules", ".bin"), { recursive: true });
    symlinkSync(RULES_BIN, join(dir, "project", "node_modules", ".bin", "rules"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("run verbatim, prints the answer the README shows", { timeout: 60_000 }, () => {
    const m = /<!-- readme-hook-sample -->\n```sh\n([\s\S]*?)```[\s\S]*?```json\n(.*)\n```/.exec(readme);
    if (m?.[1] === undefined || m[2] === undefined) throw new Error("README has no marked hook sample");
    const out = spawnSync("bash", ["-c", m[1]], {
      cwd: join(dir, "project"),
      encoding: "utf8",
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: join(dir, "home"),
        RULEGATE_HOME: join(dir, "rulegate"),
        npm_config_update_notifier: "false",
        npm_config_offline: "true",
      },
    });
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(m[2]));
    expect(existsSync(join(dir, "rulegate", "sessions", "try-1.jsonl"))).toBe(true);
  });
});
