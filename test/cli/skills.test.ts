import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const run = (argv: string[]) => runCli(argv);

const dir = mkdtempSync(join(tmpdir(), "rulegate-skills-"));
mkdirSync(join(dir, "gcloud"));
mkdirSync(join(dir, "kube"));
writeFileSync(
  join(dir, "gcloud", "SKILL.md"),
  "# gcloud\n\n<!-- @safety DESTRUCTIVE gcloud -->\n@safety READ gcloud * list\n\n```\n@safety READ not-an-annotation inside a fence\n```\n",
);
writeFileSync(join(dir, "kube", "SKILL.md"), "# kube\n@safety REED kubectl get\n");

describe("rules skills scan", () => {
  it("prints the registry of every SKILL.md under a directory and reports each mistake at its place", async () => {
    const r = await run(["skills", "scan", dir]);
    expect(r.code).toBe(3);
    expect(
      r.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(/\s+/).slice(0, 2).join(" ")),
    ).toEqual(["DESTRUCTIVE gcloud", "READ gcloud"]);
    expect(r.stderr).toContain(`${join(dir, "kube", "SKILL.md")}:2:9: error RG4002: 'REED' is not a safety level`);
  });

  it("prints JSON for one file", async () => {
    const r = await run(["skills", "scan", join(dir, "gcloud", "SKILL.md"), "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      skills: [{ tool: "gcloud", default: "DESTRUCTIVE", patterns: [{ glob: "gcloud * list", level: "READ" }] }],
    });
  });

  it("is a usage error for a path with no skill docs", async () => {
    const empty = mkdtempSync(join(tmpdir(), "rulegate-skills-empty-"));
    const r = await run(["skills", "scan", empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no SKILL.md files under");
  });

  it("shows each entry at the line of its own annotation", async () => {
    const d = mkdtempSync(join(tmpdir(), "rulegate-skills-lines-"));
    writeFileSync(
      join(d, "SKILL.md"),
      "# deploy\n@safety DESTRUCTIVE deployctl\n\n@safety READ deployctl status\n@safety EXPENSIVE deployctl release *\n",
    );
    const r = await run(["skills", "scan", join(d, "SKILL.md")]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(/\s+/).pop()),
    ).toEqual([2, 4, 5].map((n) => `${join(d, "SKILL.md")}:${n}:1`));
    const json = await run(["skills", "scan", join(d, "SKILL.md"), "--format", "json"]);
    expect(JSON.parse(json.stdout).skills[0]).toMatchObject({ defaultLine: 2, patterns: [{ line: 4 }, { line: 5 }] });
  });

  it("applies an annotation that names a program by its path, however the command names it (issue 12 §6)", async () => {
    const project = mkdtempSync(join(tmpdir(), "rulegate-skills-paths-"));
    mkdirSync(join(project, "skills", "deploy"), { recursive: true });
    writeFileSync(
      join(project, "skills", "deploy", "SKILL.md"),
      "@safety DESTRUCTIVE ./scripts/deploy.sh\n@safety READ ./scripts/deploy.sh --dry-run*\n",
    );
    writeFileSync(
      join(project, "rules.yaml"),
      'version: 1\nsettings: { default: allow }\nlevels:\n  act: { DESTRUCTIVE: ask }\nskills:\n  - annotations: "skills/**/SKILL.md"\n',
    );
    const calls = [
      "./scripts/deploy.sh staging",
      "scripts/deploy.sh staging",
      "bash -c './scripts/deploy.sh prod'",
      "./scripts/deploy.sh --dry-run staging",
    ]
      .map((command) => JSON.stringify({ session: "s", tool: "bash", input: { command }, cwd: project }))
      .join("\n");
    const r = await runCli(["eval", "--policy", join(project, "rules.yaml"), "-"], {
      cwd: project,
      stdin: async () => `${calls}\n`,
    });
    expect(r.stderr).toBe("");
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { decision: string; operation: { level: string } });
    expect(out.map((o) => [o.decision, o.operation.level])).toEqual([
      ["ask", "DESTRUCTIVE"],
      ["ask", "DESTRUCTIVE"],
      ["ask", "DESTRUCTIVE"],
      ["allow", "READ"],
    ]);
  });

  describe("a label only raises a level (issue 12 §7)", () => {
    const project = mkdtempSync(join(tmpdir(), "rulegate-skills-lower-"));
    mkdirSync(join(project, "skills", "git"), { recursive: true });
    const skill = join(project, "skills", "git", "SKILL.md");
    writeFileSync(
      skill,
      "# git\n@safety READ git push --force\n@safety FORBIDDEN git push --delete *\n@safety READ deployctl status\n",
    );
    const rules = join(project, "rules.yaml");
    writeFileSync(
      rules,
      'version: 1\nsettings: { default: allow }\nlevels:\n  act: { DESTRUCTIVE: ask, FORBIDDEN: deny }\nskills:\n  - annotations: "skills/**/SKILL.md"\n',
    );

    it("keeps the level program knowledge derives when a label is lower, and applies one that is higher", async () => {
      const calls = ["git push --force", "git push --delete origin old", "deployctl status"]
        .map((command) => JSON.stringify({ session: "s", tool: "bash", input: { command }, cwd: project }))
        .join("\n");
      const r = await runCli(["eval", "--policy", rules, "-"], { cwd: project, stdin: async () => `${calls}\n` });
      const out = r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { decision: string; operation: { level: string } });
      expect(out.map((o) => [o.decision, o.operation.level])).toEqual([
        ["ask", "DESTRUCTIVE"],
        ["deny", "FORBIDDEN"],
        ["allow", "READ"],
      ]);
    });

    it("warns at compile time, at the annotation, with what was ignored", async () => {
      const r = await run(["compile", "--check", rules]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        `${skill}:2:1: warning RG6002: the safety label READ for 'git push --force' is ignored: rulegate's program knowledge rates it DESTRUCTIVE`,
      );
      expect(r.stderr).not.toContain("deployctl");
      expect((await run(["compile", "--check", "--strict", rules])).code).toBe(3);
      const scan = await run(["skills", "scan", skill]);
      expect(scan.stderr).toContain("RG6002");
      expect(scan.code).toBe(0);
    });
  });
});
