import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT } from "../e2e/bundle.ts";

/**
 * Which code bin/rules.js runs. The TypeScript sources start several times slower than the bundles, so they
 * run only when asked (RULEGATE_FROM_SOURCE=1) or in a developer's checkout whose bundle is stale, and then the
 * launcher says so; an installed package runs its bundle, stale-looking or not, and never falls back to tsx.
 */
let dir: string;
const SOURCES = ["adapters", "cli", "compiler", "core", "grammar", "runtime", "server"];
const LONG_AGO = new Date("2001-01-01T00:00:00Z");

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-launcher-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A package at `at`: bin/rules.js and package.json copied, the rest linked to this checkout; dist/ as given.
 * With `canary`, the CLI's source entry exits 42: a run of the sources shows in the exit code.
 */
function layout(at: string, opts: { git: boolean; dist: "old" | "none"; canary?: boolean }): string {
  mkdirSync(join(at, "bin"), { recursive: true });
  copyFileSync(join(ROOT, "bin", "rules.js"), join(at, "bin", "rules.js"));
  copyFileSync(join(ROOT, "package.json"), join(at, "package.json"));
  for (const d of [...SOURCES, "rules", "node_modules"]) {
    if (d === "cli" && opts.canary === true) {
      mkdirSync(join(at, "cli"));
      writeFileSync(join(at, "cli", "main.ts"), "export async function main(): Promise<number> {\n  return 42;\n}\n");
    } else symlinkSync(join(ROOT, d), join(at, d));
  }
  if (opts.git) mkdirSync(join(at, ".git"));
  if (opts.dist === "old") {
    // A real copy, dated long before any source file: in a checkout it is stale.
    cpSync(join(ROOT, "dist"), join(at, "dist"), { recursive: true, filter: (src) => !src.endsWith(".lock") });
    for (const f of readdirSync(join(at, "dist"))) utimesSync(join(at, "dist", f), LONG_AGO, LONG_AGO);
  }
  return join(at, "bin", "rules.js");
}

function run(bin: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, "--version"], {
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", HOME: dir, ...env },
  });
}

const NOTE = /^rules: note: running the TypeScript sources, several times slower: \S+ is newer than dist\/cli\.mjs/;

describe("bin/rules.js chooses the bundle or the sources", { timeout: 120_000 }, () => {
  it("in a checkout with a stale bundle, runs the sources and says so once on stderr", () => {
    const out = run(layout(join(dir, "checkout"), { git: true, dist: "old" }));
    expect(out.status).toBe(0);
    expect(out.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(out.stderr).toMatch(NOTE);
    expect(out.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("runs the sources without a note when RULEGATE_FROM_SOURCE=1 asks for them", () => {
    const out = run(layout(join(dir, "asked"), { git: true, dist: "old", canary: true }), {
      RULEGATE_FROM_SOURCE: "1",
    });
    expect(out.status).toBe(42);
    expect(out.stderr).toBe("");
  });

  it("installed under node_modules, runs its bundle even when the files around it look newer", () => {
    const out = run(layout(join(dir, "project", "node_modules", "rulegate"), { git: true, dist: "old", canary: true }));
    expect(out.status).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("installed without its bundle, says so and exits 1 instead of loading the sources", () => {
    const out = run(
      layout(join(dir, "broken", "node_modules", "rulegate"), { git: false, dist: "none", canary: true }),
    );
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /^rules: this installation has no \S+dist\/cli\.mjs \(its build did not run\): reinstall rulegate\n$/,
    );
  });
});
