import { describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import type { ToolLabels } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer } from "../../../runtime/shell/index.ts";
import type { SkillEntry } from "../../../compiler/ir.ts";

const analyzer = await loadShellAnalyzer();
const derive = (tool: string, labels: ToolLabels | undefined, skills: readonly SkillEntry[] = []) =>
  deriveOperation(
    { tool, input: {}, cwd: "/work", ...(labels !== undefined ? { labels } : {}) },
    { home: "/home/u", skills, analyzer },
  );

describe("MCP annotations give an unknown tool its level, never below its name", () => {
  test.each([
    ["mcp__fs__read_text_file", { readOnlyHint: true, openWorldHint: false }, "READ", "read_local"],
    ["mcp__web__fetch", { readOnlyHint: true }, "READ", "read_external"],
    [
      "mcp__fs__write_file",
      { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      "WRITE",
      "write_local",
    ],
    ["mcp__gh__create_issue", { destructiveHint: false }, "WRITE", "write_external"],
    ["mcp__db__query", { readOnlyHint: false }, "DESTRUCTIVE", "write_external"],
    // The server says read-only; the name says otherwise, and the name wins.
    ["mcp__fs__delete_file", { readOnlyHint: true, openWorldHint: false }, "DESTRUCTIVE", "write_local"],
    ["mcp__fs__write_file", { readOnlyHint: true, openWorldHint: false }, "WRITE", "write_local"],
    ["mcp__fs__moveFile", { readOnlyHint: true }, "WRITE", "write_external"],
  ] as const)("%s with %j is %s, %s", (tool, labels, level, type) => {
    const op = derive(tool, labels);
    expect(op.level).toBe(level);
    expect(op.type).toBe(type);
    expect(op.unknown).toBe(false);
  });

  test("without annotations the tool stays unknown at DESTRUCTIVE", () => {
    const op = derive("mcp__fs__read_text_file", undefined);
    expect(op.unknown).toBe(true);
    expect(op.level).toBe("DESTRUCTIVE");
  });

  test("an annotation raises a level the user declared, never lowers it", () => {
    const skill = (level: "READ" | "DESTRUCTIVE"): SkillEntry =>
      ({ tool: "mcp__db__run", default: level, operations: {}, patterns: [] }) as unknown as SkillEntry;
    expect(derive("mcp__db__run", { readOnlyHint: true }, [skill("DESTRUCTIVE")]).level).toBe("DESTRUCTIVE");
    expect(derive("mcp__db__run", { readOnlyHint: false }, [skill("READ")]).level).toBe("DESTRUCTIVE");
    expect(derive("mcp__db__run", { readOnlyHint: true }, [skill("READ")]).level).toBe("READ");
  });

  test("the annotations do not change the action's signature", () => {
    expect(derive("mcp__fs__x", { readOnlyHint: true }).signature).toBe(derive("mcp__fs__x", undefined).signature);
  });
});
