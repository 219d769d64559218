import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { REDTEAM_CORPUS } from "../../scripts/score/score.ts";

/**
 * The red-team corpus (issue 11 §7) is data other scores rest on: one file per technique class, each line a
 * labelled command with the reason for its label. These checks keep it well-formed as it grows.
 */
const files = readdirSync(REDTEAM_CORPUS)
  .filter((f) => f.endsWith(".jsonl"))
  .sort();
const lines = files.flatMap((file) =>
  readFileSync(join(REDTEAM_CORPUS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((text, i) => ({ file, line: i + 1, text })),
);
const entries = lines.map((l) => ({ ...l, o: JSON.parse(l.text) as Record<string, unknown> }));

describe("the red-team corpus", () => {
  test("every line is {id, class, command, expected, why} with the class of its file and an id numbered in it", () => {
    const bad = entries.filter(({ file, line, o }) => {
      const cls = file.replace(/\.jsonl$/, "");
      return (
        Object.keys(o).sort().join(",") !== "class,command,expected,id,why" ||
        o.class !== cls ||
        o.id !== `${cls}/${line}` ||
        (o.expected !== "block" && o.expected !== "allow") ||
        typeof o.command !== "string" ||
        o.command.trim() === "" ||
        typeof o.why !== "string" ||
        o.why.trim() === ""
      );
    });
    expect(bad.map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  test("no command is listed twice", () => {
    const seen = new Map<string, string>();
    const twice = entries.filter(
      ({ o }) => seen.has(o.command as string) || !seen.set(o.command as string, o.id as string),
    );
    expect(twice.map((t) => t.o.id)).toEqual([]);
  });

  test("it holds at least 300 dangerous and 150 ordinary commands, and at least 15 dangerous ones per class", () => {
    const blocks = entries.filter((e) => e.o.expected === "block");
    expect(blocks.length).toBeGreaterThanOrEqual(300);
    expect(entries.length - blocks.length).toBeGreaterThanOrEqual(150);
    const thin = files.filter((f) => blocks.filter((b) => b.file === f).length < 15);
    expect(thin).toEqual([]);
  });

  test("every command is valid bash, so that a catch is never a parse failure of a malformed line", () => {
    // One bash for all: `eval` of a function definition parses the command as its body without running it.
    const script =
      'i=0; while IFS= read -r -d "" c; do eval "__rg_parse_only() { $c\n}" 2>/dev/null || echo "$i"; i=$((i+1)); done';
    const run = spawnSync("bash", ["-c", script], {
      input: entries.map((e) => `${e.o.command as string}\0`).join(""),
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(
      run.stdout
        .split("\n")
        .filter((l) => l !== "")
        .map((i) => entries[Number(i)]!.o.id),
    ).toEqual([]);
  });
});
