import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const run = (argv: string[]) => runCli(argv);

const dir = mkdtempSync(join(tmpdir(), "rulegate-skills-"));
mkdirSync(join(dir, "gcloud"));
mkdirSync(join(dir, "kube"));
writeFileSync(join(dir, "gcloud", "SKILL.md"), "# gcloud\n\n<!-- @safety DESTRUCTIVE gcloud -->\n@safety READ gcloud * list\n\n```\n@safety READ not-an-annotation inside a fence\n```\n");
writeFileSync(join(dir, "kube", "SKILL.md"), "# kube\n@safety REED kubectl get\n");

describe("rules skills scan", () => {
  it("prints the registry of every SKILL.md under a directory and reports each mistake at its place", async () => {
    const r = await run(["skills", "scan", dir]);
    expect(r.code).toBe(3);
    expect(r.stdout.split("\n").filter(Boolean).map((l) => l.split(/\s+/).slice(0, 2).join(" "))).toEqual(["DESTRUCTIVE gcloud", "READ gcloud"]);
    expect(r.stderr).toContain(`${join(dir, "kube", "SKILL.md")}:2:9: error RG4002: 'REED' is not a safety level`);
  });

  it("prints JSON for one file", async () => {
    const r = await run(["skills", "scan", join(dir, "gcloud", "SKILL.md"), "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, skills: [{ tool: "gcloud", default: "DESTRUCTIVE", patterns: [{ glob: "gcloud * list", level: "READ" }] }] });
  });

  it("is a usage error for a path with no skill docs", async () => {
    const empty = mkdtempSync(join(tmpdir(), "rulegate-skills-empty-"));
    const r = await run(["skills", "scan", empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no SKILL.md files under");
  });
});
