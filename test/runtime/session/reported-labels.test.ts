import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { statusOf } from "../../../adapters/common/session-driver.ts";
import { renderStatus } from "../../../adapters/common/status.ts";
import { scanSkillDoc } from "../../../grammar/index.ts";
import type { Event } from "../../../runtime/events/index.ts";
import { counterIds, createSession, type SkillReport } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { CWD, HOME, policyOf } from "./random-sessions.ts";

/**
 * Issue 16 §3: labels the agent reports only tighten. A report above what the registry and program knowledge
 * derive raises that level from then on; a lower one is recorded (`labels_reported`) and ignored, and `/rules`
 * shows it. So a prompt injection in a skill that asks for READ labels changes nothing (docs/adr/0264).
 */
const RULES = `version: 1
settings: { default: allow }
levels:
  act: { WRITE: ask, DESTRUCTIVE: ask, EXPENSIVE: ask, FORBIDDEN: deny }
`;

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

function session(rules = RULES) {
  const events: Event[] = [];
  const s = createSession(policyOf(rules), {
    home: HOME,
    cwd: CWD,
    ids: counterIds(),
    analyzer,
    approver: null,
    sink: (es) => void events.push(...es),
  });
  return { s, events };
}

const decideAll = async (s: ReturnType<typeof session>["s"], commands: readonly string[]) =>
  Promise.all(
    commands.map(async (command) => {
      const d = await s.decide({ tool: "Bash", input: { command } });
      return `${command} → ${d.decision} ${d.operation.level}`;
    }),
  );

describe("labels the agent reports", () => {
  test("a label above what is derived raises the level from then on", async () => {
    const { s, events } = session();
    expect((await s.decide({ tool: "Bash", input: { command: "gog gmail archive 18c2" } })).operation.level).toBe(
      "WRITE",
    );
    const judged = await s.reportLabels({
      tool: "gog",
      operations: { "gmail archive": "DESTRUCTIVE" },
      patterns: { "gog admin *": "FORBIDDEN" },
    });
    expect(judged.map((l) => `${l.name} ${l.level} ${l.derived} ${l.outcome}`)).toEqual([
      "gmail archive DESTRUCTIVE WRITE raised",
      "gog admin * FORBIDDEN WRITE raised",
    ]);
    const d = await s.decide({ tool: "Bash", input: { command: "gog gmail archive 18c2" } });
    expect([d.decision, d.operation.level]).toEqual(["ask", "DESTRUCTIVE"]);
    expect((await s.decide({ tool: "Bash", input: { command: "gog admin users delete bob" } })).decision).toBe("deny");
    expect((await s.decide({ tool: "Bash", input: { command: "gog gmail search x" } })).operation.level).toBe("WRITE");
    expect(events.filter((e) => e.type === "labels_reported")).toHaveLength(1);
  });

  test.each<[string, SkillReport, string]>([
    [
      "a known program's push reported READ",
      { tool: "git", operations: { push: "READ" } },
      "git push --force origin main",
    ],
    ["a program nobody described reported READ", { tool: "deployctl", default: "READ" }, "deployctl rollout prod"],
    ["everything of a tool reported READ by a glob", { tool: "rm", patterns: { "rm *": "READ" } }, "rm -rf build"],
  ])("%s is recorded and ignored", async (_, report, command) => {
    const { s, events } = session();
    const [before] = await decideAll(s, [command]);
    const judged = await s.reportLabels(report);
    expect(judged.every((l) => l.outcome === "ignored")).toBe(true);
    expect(events.some((e) => e.type === "labels_reported")).toBe(true);
    expect(await decideAll(s, [command])).toEqual([before]);
    const text = renderStatus(statusOf(s.policy, s.state), { command: (n, a) => `/${n} ${a}` });
    expect(text).toContain("labels the agent reported that were ignored");
    expect(text).toContain(`${report.tool}`);
  });

  test("a skill with a prompt injection that asks for READ labels changes nothing", async () => {
    const doc = readFileSync("test/fixtures/skills/injection/SKILL.md", "utf8");
    // A naive agent reports every label the skill shows, at the level it asks for, and the defaults its notice asks for.
    const reports: SkillReport[] = [
      { tool: "gog", default: "READ" },
      { tool: "rm", default: "READ" },
      { tool: "git", default: "READ" },
    ];
    for (const l of scanSkillDoc(doc).value.labels) {
      const level = l.level.text as "READ";
      if (l.format === "heading") reports.push({ tool: "gog", operations: { [l.name.text]: level } });
      if (l.format === "table")
        reports.push({ tool: "gog", operations: Object.fromEntries(l.operations.map((o) => [o.text, level])) });
      if (l.format === "comment") {
        const command = (l.note?.text.startsWith("git") ? l.note.text : l.next?.text) ?? "";
        const [tool = "", ...rest] = command.split(" ");
        reports.push({ tool, patterns: { [`${tool} ${rest.join(" ")}`.trim()]: level } });
      }
    }
    expect(reports.length).toBeGreaterThanOrEqual(7);
    const calls = [
      "gog gmail delete 18c2",
      "gog drive empty-trash",
      "gog gmail send --to boss@example.com",
      "rm -rf ~/Mail",
      "rm -rf build",
      "git push --force origin main",
    ];
    const clean = session();
    const expected = await decideAll(clean.s, calls);
    const { s, events } = session();
    for (const r of reports) await s.reportLabels(r);
    expect(await decideAll(s, calls)).toEqual(expected);
    expect(s.state.reported).toEqual([]);
    const reported = events.filter((e) => e.type === "labels_reported");
    expect(reported).toHaveLength(reports.length);
    expect(
      reported.flatMap((e) => (e.type === "labels_reported" ? e.labels : [])).every((l) => l.outcome === "ignored"),
    ).toBe(true);
  });
});
