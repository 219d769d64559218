/**
 * The manual's hand verifier (docs/reference/event-log.md) is real: the Node block printed there, run as
 * written, accepts a log `rules eval --log` wrote, reports the same head as `rules replay --verify`, and
 * rejects the log once one line is changed, dropped or reordered.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.ts";

const PAGE = "docs/reference/event-log.md";

function snippet(): string {
  const page = readFileSync(PAGE, "utf8");
  const marker = page.indexOf("<!-- verify-log.mjs");
  expect(marker).toBeGreaterThan(-1);
  const block = /```js\n([\s\S]*?)```/.exec(page.slice(marker));
  if (block === null) throw new Error(`${PAGE}: no js block after the verify-log marker`);
  return block[1] as string;
}

function verify(script: string, log: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [script, log], { encoding: "utf8" });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe("the hand verifier of the event log", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulegate-docs-verify-"));
  const script = join(dir, "verify-log.mjs");
  const log = join(dir, "session.jsonl");

  it("accepts a real log and names the head rulegate names, and rejects a changed, dropped or swapped line", async () => {
    writeFileSync(script, snippet());
    const demo = readFileSync("rules/examples/demo-session.jsonl", "utf8");
    const r = await runCli(["eval", "--policy", "rules/examples/guard.yaml", "--log", log, "-"], {
      stdin: async () => demo,
    });
    expect(r.code).toBe(0);
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines.length).toBeGreaterThan(20);
    const head = (JSON.parse(lines[lines.length - 1] as string) as { hash: string }).hash;

    const ok = verify(script, log);
    expect(ok).toEqual({ code: 0, out: `chain ok: ${lines.length} lines, head ${head}\n` });
    const replay = await runCli(["replay", log, "--verify"]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain(head);

    const bad = join(dir, "bad.jsonl");
    const tamper = (changed: string[]) => (writeFileSync(bad, `${changed.join("\n")}\n`), verify(script, bad));
    const i = lines.findIndex((l) => l.includes('"decision":"deny"'));
    expect(i).toBeGreaterThan(0);
    expect(tamper(lines.map((l, j) => (j === i ? l.replace('"decision":"deny"', '"decision":"allow"') : l))).code).toBe(
      1,
    );
    expect(tamper(lines.filter((_, j) => j !== 3)).code).toBe(1);
    expect(tamper([lines[0], lines[2], lines[1], ...lines.slice(3)] as string[]).code).toBe(1);
    // A line re-serialized in another key order is the same event: it still verifies.
    const reordered = JSON.stringify(
      Object.fromEntries(Object.entries(JSON.parse(lines[1] as string) as object).reverse()),
    );
    expect(tamper([lines[0] as string, reordered, ...lines.slice(2)])).toEqual(ok);
  });
});
