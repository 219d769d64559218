import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

/**
 * Issue 16 §2: skills label their operations in the formats their authors chose — headings, comments in shell
 * code blocks, tables — besides `@safety` lines. The fixtures are modelled on real cloud, mail and calendar
 * CLI skills (test/fixtures/skills/).
 */
const FIXTURES = resolve("test/fixtures/skills");

interface Label {
  level: string;
  command: string;
  format: string;
  line: number;
  column: number;
}

async function scan(name: string): Promise<{ code: number; labels: Label[]; stderr: string; stdout: string }> {
  const file = join(FIXTURES, name, "SKILL.md");
  const r = await runCli(["skills", "scan", file, "--format", "json"]);
  const json = JSON.parse(r.stdout) as { labels: Label[] };
  const text = await runCli(["skills", "scan", file]);
  return { code: r.code, labels: json.labels, stderr: text.stderr, stdout: text.stdout };
}

const row = (l: Label) => `${l.level} ${l.command} ${l.format} ${l.line}:${l.column}`;

describe("rules skills scan reads skills as they are written", () => {
  it.each([
    [
      "headings: `#### op ⚠️ LEVEL` and `#### op (LEVEL — note)`; a heading with no marker labels nothing",
      "gcloud-headings",
      [
        "WRITE gcloud compute instances create heading 19:34",
        "DESTRUCTIVE gcloud compute instances delete heading 25:36",
        "SECURITY gcloud compute instances set-iam-policy heading 33:44",
      ],
    ],
    [
      "comments in shell blocks label the next command line, or the command named after the dash",
      "himalaya-comments",
      [
        "READ himalaya envelope list comment 10:3",
        "READ himalaya message read comment 13:3",
        "WRITE himalaya message send comment 20:3",
        "DESTRUCTIVE himalaya folder purge comment 23:6",
        "DESTRUCTIVE himalaya message delete comment 28:5",
      ],
    ],
    [
      "a table's level column gives each backticked operation word its level; a table of flags labels nothing",
      "gcalcli-table",
      [
        "READ gcalcli agenda table 9:15",
        "READ gcalcli calw table 9:25",
        "READ gcalcli calm table 9:33",
        "READ gcalcli search table 9:41",
        "WRITE gcalcli add table 10:16",
        "WRITE gcalcli quick table 10:23",
        "WRITE gcalcli import table 10:32",
        "DESTRUCTIVE gcalcli delete table 11:25",
        "DESTRUCTIVE gcalcli edit table 11:35",
      ],
    ],
    [
      "one skill may mix all four formats; the tool's own name in a label is dropped",
      "gog-mixed",
      [
        "READ gog auth status annotation 7:1",
        "READ gog gmail search heading 11:20",
        "WRITE gog gmail send heading 12:18",
        "DESTRUCTIVE gog gmail delete heading 13:22",
        "READ gog calendar events table 19:15",
        "READ gog calendar list table 19:38",
        "WRITE gog calendar create table 20:16",
        "EXPENSIVE gog gmail export comment 23:3",
        "DESTRUCTIVE gog drive empty-trash comment 25:3",
      ],
    ],
  ])("%s", async (_, name, expected) => {
    const r = await scan(name);
    expect(r.labels.map(row).sort()).toEqual([...expected].sort());
    // The text output names each label's format, at the label's file:line:col, in document order.
    const printed = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split(/\s{2,}|\s(?=\S+$)/).filter(Boolean));
    expect(printed.map((p) => p[p.length - 1]?.split(":").slice(-2).join(":"))).toEqual(
      expected.map((e) => e.split(" ").pop()),
    );
    expect(printed.every((p) => ["annotation", "heading", "comment", "table"].some((f) => p.includes(f)))).toBe(true);
  });

  it("reports each mistake with its code at file:line:col, with a did-you-mean for a near-miss level", async () => {
    const r = await scan("mistakes");
    const file = join(FIXTURES, "mistakes", "SKILL.md");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `${file}:6:22: error RG4002: 'DESTRCTIVE' is not a safety level\n  hint: did you mean 'DESTRUCTIVE'?`,
    );
    expect(r.stderr).toContain(`${file}:7:6: warning RG3008:`);
    expect(r.stderr).toContain(
      `${file}:11:5: error RG4002: 'WRTE' is not a safety level\n  hint: did you mean 'WRITE'?`,
    );
    expect(r.stderr).toContain(`${file}:15:3: warning RG3009:`);
  });

  it("reports a skill whose tool cannot be told, and says how to name it", async () => {
    const r = await scan("ambiguous");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `${join(FIXTURES, "ambiguous", "SKILL.md")}:3:1: error RG3007: cannot tell which tool this skill documents: its code blocks run npm, gh, jq`,
    );
    expect(r.stderr).toContain("hint: name it in the frontmatter: 'tool: NAME'");
  });

  it.each([
    [
      "`tool:` in the frontmatter wins",
      "---\nname: calendar\ntool: gcalcli\n---\n#### delete ⚠️ DESTRUCTIVE\n",
      "gcalcli delete",
    ],
    [
      "`name:` when the code blocks run it",
      "---\nname: gog\n---\n#### delete ⚠️ DESTRUCTIVE\n```bash\ngog x\njq .\n```\n",
      "gog delete",
    ],
    [
      "the program that starts most command lines",
      "---\nname: workspace\n---\n#### send ⚠️ WRITE\n```sh\nFOO=1 gog a\n$ gog b\ngog c \\\n  jq\njq .\n```\n",
      "gog send",
    ],
  ])("takes the skill's tool from %s", async (_, text, command) => {
    const d = mkdtempSync(join(tmpdir(), "rulegate-skill-tool-"));
    writeFileSync(join(d, "SKILL.md"), text);
    const r = await runCli(["skills", "scan", join(d, "SKILL.md"), "--format", "json"]);
    expect(JSON.parse(r.stdout).labels.map((l: Label) => l.command)).toEqual([command]);
  });

  it("gates calls by the labels of every format (a rules file's annotations glob)", async () => {
    const project = mkdtempSync(join(tmpdir(), "rulegate-skill-formats-"));
    const rules = join(FIXTURES, "rules.yaml");
    const calls = [
      "gcalcli agenda tomorrow",
      "gcalcli delete 'Standup'",
      "himalaya envelope list",
      "himalaya message delete 7",
      "gog calendar list",
      "gog gmail delete 18c2",
      "gog gmail export --all",
    ];
    const input = calls.map((command) => JSON.stringify({ tool: "Bash", input: { command }, cwd: project })).join("\n");
    const r = await runCli(["eval", "--policy", rules, "-"], { cwd: project, stdin: async () => `${input}\n` });
    expect(r.stderr).toBe("");
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { decision: string; operation: { level: string } });
    expect(out.map((o) => `${o.decision} ${o.operation.level}`)).toEqual([
      "allow READ",
      "ask DESTRUCTIVE",
      "allow READ",
      "ask DESTRUCTIVE",
      "allow READ",
      "ask DESTRUCTIVE",
      "ask EXPENSIVE",
    ]);
  });
});
