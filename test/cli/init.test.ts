import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { schemaRef } from "../../cli/commands/init.ts";
import { compileFile, compileText } from "../../compiler/index.ts";
import { ROOT } from "../e2e/bundle.ts";
import { runCli } from "./run-cli.ts";

let project: string;
beforeEach(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), "rg-init-")));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const schemaOf = (text: string): string => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1] ?? "";

describe("rules init", () => {
  it("writes a commented .rulegate/rules.yaml that compiles as a project file, warnings included", async () => {
    const run = await runCli(["init"], { cwd: project });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("wrote .rulegate/rules.yaml");
    const file = join(project, ".rulegate", "rules.yaml");
    const text = readFileSync(file, "utf8");
    expect(text.split("\n").filter((l) => l.startsWith("#")).length).toBeGreaterThan(10);
    const r = compileFile(file, { trust: "project" });
    expect(r.diagnostics).toEqual([]);
    expect(r.policy?.permissions.deny.length).toBeGreaterThan(0);
  });

  it("the example rule it offers compiles once uncommented", async () => {
    await runCli(["init"], { cwd: project });
    const text = readFileSync(join(project, ".rulegate", "rules.yaml"), "utf8");
    const [head, tail] = text.split("rules: []\n");
    expect(tail).toMatch(/^# {2}- id: /m);
    const r = compileText(`${head}rules:\n${(tail ?? "").replace(/^#/gm, "")}`, join(project, ".rulegate", "r.yaml"), {
      trust: "project",
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.policy?.rules.map((x) => x.id)).toEqual(["no-write-after-web"]);
  });

  it("points $schema at the schema, relative to .rulegate/ when it is inside the project", async () => {
    // The running rulegate (this checkout) is outside the temp project: an absolute path, to a real file.
    await runCli(["init"], { cwd: project });
    const outside = schemaOf(readFileSync(join(project, ".rulegate", "rules.yaml"), "utf8"));
    expect(outside).toBe(join(ROOT, "schema", "rules.schema.json"));
    // The project's own installed rulegate wins, named from .rulegate/.
    const installed = join(project, "node_modules", "rulegate", "schema", "rules.schema.json");
    mkdirSync(dirname(installed), { recursive: true });
    writeFileSync(installed, "{}");
    const ref = schemaRef(project, ROOT);
    expect(ref).toBe("../node_modules/rulegate/schema/rules.schema.json");
    expect(resolve(project, ".rulegate", ref)).toBe(installed);
    // rulegate's own checkout initialising itself.
    expect(schemaRef(ROOT, ROOT)).toBe("../schema/rules.schema.json");
  });

  it("refuses to overwrite an existing file", async () => {
    mkdirSync(join(project, ".rulegate"));
    writeFileSync(join(project, ".rulegate", "rules.yaml"), "version: 1\n");
    const run = await runCli(["init"], { cwd: project });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already exists; rules init does not overwrite it/);
    expect(readFileSync(join(project, ".rulegate", "rules.yaml"), "utf8")).toBe("version: 1\n");
  });
});
