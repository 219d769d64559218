import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { expandGlob, MAX_EXPANSION } from "../../../runtime/normalize/index.ts";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

const home = realpathSync(mkdtempSync(join(tmpdir(), "rulegate-glob-")));
mkdirSync(join(home, ".kube"));
writeFileSync(join(home, ".kube", "config"), "token");
mkdirSync(join(home, "proj"));
writeFileSync(join(home, "proj", "a.ts"), "");
writeFileSync(join(home, "proj", "b.ts"), "");
mkdirSync(join(home, "many"));
for (let i = 0; i < MAX_EXPANSION + 10; i++) writeFileSync(join(home, "many", `f${String(i).padStart(4, "0")}`), "");

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

describe("path globs expand like bash", () => {
  test.each([
    [`${home}/proj/*.ts`, [`${home}/proj/a.ts`, `${home}/proj/b.ts`]],
    [`${home}/.kub?/config`, [`${home}/.kube/config`]],
    [`${home}/*/config`, []], // `*` never matches a hidden name
    [`${home}/.*/conf[ig]*`, [`${home}/.kube/config`]],
    [`${home}/proj/*.py`, []],
  ])("%s", (pattern, expected) => {
    expect(expandGlob(pattern).paths).toEqual(expected);
  });

  test("stops at the cap and says so", () => {
    const e = expandGlob(`${home}/many/*`);
    expect([e.paths.length, e.truncated]).toEqual([MAX_EXPANSION, true]);
  });

  test("a bash argument that expands to a credential file reads that file", () => {
    const op = deriveOperation(
      { tool: "Bash", input: { command: "cat ~/.kub?/config" }, cwd: join(home, "proj") },
      { home, skills: [], analyzer },
    );
    expect(op.paths.map((p) => p.path)).toContain(`${home}/.kube/config`);
  });

  test("a quoted glob is data, as in bash: it is not expanded", () => {
    const op = deriveOperation(
      { tool: "Bash", input: { command: "cat '~/.kub?/config'" }, cwd: join(home, "proj") },
      { home, skills: [], analyzer },
    );
    expect(op.paths.map((p) => p.path)).toEqual([`${home}/.kub?/config`]);
  });

  test("without the filesystem (realpath off) nothing is expanded", () => {
    const op = deriveOperation(
      { tool: "Bash", input: { command: "cat ~/.kub?/config" }, cwd: join(home, "proj") },
      { home, skills: [], analyzer, realpath: false },
    );
    expect(op.paths.map((p) => p.path)).toEqual([`${home}/.kub?/config`]);
  });
});
