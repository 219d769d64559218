/**
 * docs/reference/hard-deny.md is generated (scripts/docs/hard-deny-page.ts) and true: every check of the
 * catalogue has an example the runtime denies with exactly that check, and one no hard-deny check denies,
 * decided under the built-in rules in a project directory; the page on disk is what `npm run docs` writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HARD_DENY_CHECKS } from "../../runtime/hard-deny/index.ts";
import { CHECK_DOCS, hardDenyPage } from "../../scripts/docs/hard-deny-page.ts";
import { runCli } from "../cli/run-cli.ts";

describe("the hard-deny reference page", () => {
  it("is up to date (run `npm run docs` after changing the catalogue or its examples)", () => {
    const { path, content } = hardDenyPage();
    expect(readFileSync(path, "utf8")).toBe(content);
  });

  it("documents every check of the catalogue, in its order", () => {
    expect(Object.keys(CHECK_DOCS).sort()).toEqual([...HARD_DENY_CHECKS].sort());
    const rows = hardDenyPage()
      .content.split("\n")
      .filter((l) => l.startsWith("| `"))
      .map((l) => /^\| `([^`]+)`/.exec(l)?.[1]);
    expect(rows).toEqual(HARD_DENY_CHECKS);
  });

  it("each example is stopped by its check, and its neighbour by no check", async () => {
    const root = mkdtempSync(join(tmpdir(), "rulegate-docs-hard-deny-"));
    const project = join(root, "project");
    mkdirSync(project);
    writeFileSync(join(root, "rules.yaml"), "version: 1\n");
    const lines = Object.entries(CHECK_DOCS).flatMap(([name, d]) => [
      { session: `${name} stops`, tool: "Bash", input: { command: d.example }, cwd: project },
      { session: `${name} passes`, tool: "Bash", input: { command: d.passes }, cwd: project },
    ]);
    const r = await runCli(["eval", "--policy", join(root, "rules.yaml"), "--root", project, "-"], {
      cwd: project,
      stdin: async () => lines.map((l) => JSON.stringify(l)).join("\n") + "\n",
    });
    expect(r.stderr).toBe("");
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { session: string; decision: string; stage: string; check: string | null });
    const got = out.map(
      (o) => `${o.session}: ${o.stage === "hard_deny" ? `${o.decision} by ${o.check}` : "no hard deny"}`,
    );
    const want = Object.keys(CHECK_DOCS).flatMap((name) => [
      `${name} stops: deny by ${name}`,
      `${name} passes: no hard deny`,
    ]);
    expect(got).toEqual(want);
  });
});
