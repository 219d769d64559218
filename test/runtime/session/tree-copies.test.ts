import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compileText } from "../../../compiler/index.ts";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { MAX_TREE_ENTRIES } from "../../../runtime/normalize/index.ts";
import { counterIds, createSession } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

/**
 * A tree copy (`cp -r`, `rsync -a`, `scp -r`) from local sources is judged by what the sources hold, listed
 * before it runs: a copy that carries no protected file passes under a permissive policy, one that carries
 * agent settings, CI workflows or a shell profile is stopped as a named write of them would be, and a copy
 * whose sources cannot be listed stays a reviewed write of unknown files (docs/adr/0067).
 */
const POLICY = compileText(
  `version: 1
extends: [builtin:defaults]
settings: { default: allow }
permissions:
  allow: ["bash(cp *)", "bash(rsync *)", "bash(scp *)"]
`,
  "tree-copies.yaml",
).policy!;

let root: string;
let project: string;
let home: string;
let analyzer: ShellAnalyzer;

function file(path: string, text = "x\n"): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
  root = realpathSync(mkdtempSync(join(tmpdir(), "rg-tree-copies-")));
  project = join(root, "project");
  home = join(root, "home");
  mkdirSync(home, { recursive: true });
  file(join(project, "src", "a.ts"));
  file(join(project, "src", "lib", "b.ts"));
  file(join(project, "template", "README.md"));
  file(join(project, "template", "src", "index.ts"));
  file(join(root, "evil", "README.md"));
  file(join(root, "evil", ".claude", "settings.json"), "{}\n");
  file(join(root, "ci", "workflows", "ci.yml"));
  file(join(root, "dotfiles", ".bashrc"));
  file(join(root, "deep", "CLAUDE.md"));
  // A link in a source is copied as a link: what it points at is not copied.
  symlinkSync(join(root, "evil"), join(project, "src", "link-to-evil"));
  for (let i = 0; i <= MAX_TREE_ENTRIES; i++) file(join(root, "huge", `f${i}.txt`));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function decide(command: string): Promise<{ decision: string; stage: string }> {
  const session = createSession(POLICY, { home, cwd: project, analyzer, ids: counterIds(), clock: () => new Date(0) });
  const d = await session.decide({ tool: "Bash", input: { command } });
  return { decision: d.decision, stage: d.stage };
}

describe("tree copies are judged by what their local sources hold", () => {
  test("the copy's destination lists what the sources would create there", () => {
    const op = deriveOperation(
      { tool: "Bash", input: { command: "cp -r src out" }, cwd: project },
      { home, skills: [], analyzer },
    );
    const dest = op.paths.find((p) => p.mode === "write");
    expect(dest).toMatchObject({ path: join(project, "out"), recursive: true });
    expect([...(dest?.contents ?? [])].sort()).toEqual([
      "a.ts",
      "lib",
      "lib/b.ts",
      "link-to-evil",
      "src",
      "src/a.ts",
      "src/lib",
      "src/lib/b.ts",
      "src/link-to-evil",
    ]);
  });

  test.each([
    "cp -r src out",
    "cp -a template/. app",
    "rsync -a ./template/ ./app/",
    "cp -r -t out src template",
    "cp -r src/* out",
  ])("a copy of ordinary files passes: %s", async (command) => {
    expect(await decide(command)).toEqual({ decision: "allow", stage: "permissions.allow" });
  });

  test("a copy that carries agent settings is an edit of agent settings", async () => {
    expect(await decide(`cp -r ${root}/evil/. .`)).toMatchObject({ decision: "deny", stage: "hard_deny" });
    expect(await decide(`rsync -a ${root}/evil/ ./`)).toMatchObject({ decision: "deny", stage: "hard_deny" });
    // The destination named by an option is a tree write too.
    expect(await decide(`cp -r -t . ${root}/evil/.claude`)).toMatchObject({ decision: "deny", stage: "hard_deny" });
  });

  test("a move is judged like a copy when its sources can be listed, and by its destination when they cannot", async () => {
    expect(await decide(`mv ${root}/evil .claude`)).toMatchObject({ decision: "deny", stage: "hard_deny" });
    expect(await decide("mv src lib")).toEqual({ decision: "allow", stage: "default" });
    expect(await decide("mv missing.txt other.txt")).toEqual({ decision: "allow", stage: "default" });
  });

  test("a copy that carries a shell profile into home is a shell profile write", async () => {
    expect(await decide(`cp -r ${root}/dotfiles/. ~`)).toMatchObject({ decision: "deny", stage: "hard_deny" });
  });

  test("a copy that lands protected files (CI workflows, CLAUDE.md) is reviewed", async () => {
    expect(await decide(`cp -r ${root}/ci .github`)).toEqual({ decision: "ask", stage: "default" });
    expect(await decide(`cp -r ${root}/deep notes`)).toEqual({ decision: "ask", stage: "default" });
  });

  test.each([
    ["a source too big to list", () => `cp -r ${root}/huge/. .`],
    ["a source that does not exist", () => "cp -r nowhere/. ."],
    ["a source named by an expansion", () => 'cp -r "$SRC" out'],
    ["a remote source", () => "scp -r host:evil ."],
    ["a remote source by rsync", () => "rsync -a deploy@host:/srv/ ./"],
  ])("a copy whose sources cannot be listed into the project root stays reviewed: %s", async (_what, command) => {
    // An expansion gates earlier, at the credential stage (its value may be a credential path).
    expect((await decide(command())).decision).toBe("ask");
  });

  test.each([
    ["a source too big to list", () => `cp -r ${root}/huge out`],
    ["a source that does not exist", () => "cp -r nowhere out"],
    ["a remote source by rsync", () => "rsync -a deploy@host:/srv/ ./srv/"],
  ])("the same copy into a folder that holds no protected place passes (ADR 0165): %s", async (_what, command) => {
    expect(await decide(command())).toEqual({ decision: "allow", stage: "permissions.allow" });
  });
});
