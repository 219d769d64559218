import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main.ts";
import { ensureHookBundle, ROOT, RULES_BIN } from "../e2e/bundle.ts";

/**
 * `--help` on every command and subcommand, through the shipped launcher (bin/rules.js picks a bundle by its
 * arguments: `rules hook …` once went to the hook bundle, which has no help). The commands are read off the
 * commander program itself, so a new command is covered without editing this file.
 */
const io = {
  stdout: () => {},
  stderr: () => {},
  stdin: async () => "",
  isTty: false,
  color: false,
  env: {},
  cwd: ROOT,
};

function commandPaths(cmd: Command, prefix: readonly string[] = []): { path: string[]; args: string[] }[] {
  return cmd.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    // The same command with its required arguments given too: `rules hook claude-code --help`.
    const args = c.registeredArguments.filter((a) => a.required).map(() => "x");
    return [{ path, args }, ...commandPaths(c, path)];
  });
}

const commands = commandPaths(buildProgram(io, () => {}));
const cases = [
  { argv: ["--help"] },
  ...commands.map(({ path }) => ({ argv: [...path, "--help"] })),
  ...commands.filter(({ args }) => args.length > 0).map(({ path, args }) => ({ argv: [...path, ...args, "--help"] })),
  ...commands.map(({ path }) => ({ argv: [...path, "-h"] })),
];

function rules(argv: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [RULES_BIN, ...argv], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", HOME: "/nonexistent" },
  });
}

describe("rules --help and --version, as shipped", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await ensureHookBundle();
  });

  it("finds the commands of the program, subcommands included", () => {
    const names = commands.map((c) => c.path.join(" "));
    expect(names).toContain("hook");
    expect(names).toContain("skills scan");
    expect(names.length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases)("rules $argv prints usage and exits 0", ({ argv }) => {
    const out = rules(argv);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    const named = argv.filter((a) => !a.startsWith("-") && a !== "x");
    expect(out.stdout).toMatch(new RegExp(`^Usage: rules${named.map((n) => ` ${n}`).join("")} `));
  });

  it("rules --version prints the package version", () => {
    const out = rules(["--version"]);
    expect(out.status).toBe(0);
    expect(out.stdout.trim()).toBe(
      (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { version: string }).version,
    );
  });
});
