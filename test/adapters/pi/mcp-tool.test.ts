import { describe, expect, it } from "vitest";
import { mcpLabels, policyToolName, type ToolLike } from "../../../adapters/pi/mcp-tool.ts";

/** What pi 1.x's MCP support registers for a server: name `mcp__<sanitized>`, alias the configured name. */
const mcpTool = (name: string, server: string): ToolLike => ({
  name,
  namespace: { name: `mcp__${server.replace(/-/g, "_")}`, aliases: [server] },
});

describe("the name an MCP tool of pi is decided under", () => {
  it("puts back the server's configured name, which pi spelled with _ for -", () => {
    const tools = [mcpTool("mcp__my_fs__write_file", "my-fs")];
    expect(policyToolName("mcp__my_fs__write_file", tools)).toBe("mcp__my-fs__write_file");
  });

  it("keeps a server name without a dash, and the tool part as pi named it (a hash suffix included)", () => {
    const tools = [mcpTool("mcp__github__create_issue", "github"), mcpTool("mcp__github__a_b_1a2b3c4d", "github")];
    expect(policyToolName("mcp__github__create_issue", tools)).toBe("mcp__github__create_issue");
    expect(policyToolName("mcp__github__a_b_1a2b3c4d", tools)).toBe("mcp__github__a_b_1a2b3c4d");
  });

  it("leaves built-in tools and unknown tools alone", () => {
    expect(policyToolName("bash", [])).toBe("bash");
    expect(policyToolName("mcp__fs__read_file", [])).toBe("mcp__fs__read_file");
    expect(policyToolName("mcp__fs__read_file", [{ name: "mcp__fs__read_file" }])).toBe("mcp__fs__read_file");
  });

  it.each([
    ["an alias that does not sanitize to the namespace", { name: "mcp__fs", aliases: ["other"] }],
    ["an alias outside pi's server-name characters", { name: "mcp__a_b", aliases: ["a/b"] }],
    ["two aliases that both fit", { name: "mcp__a_b", aliases: ["a-b", "a_b"] }],
    ["no alias", { name: "mcp__fs" }],
    ["a namespace the name does not start with", { name: "mcp__other", aliases: ["other"] }],
  ])("keeps pi's own name when the namespace has %s", (_what, namespace) => {
    const name = "mcp__fs__read_file";
    expect(policyToolName(name, [{ name, namespace }])).toBe(name);
  });
});

describe("the hints of an MCP tool of pi", () => {
  const fs = { name: "mcp__fs", aliases: ["fs"] };
  it("go with the call: the three MCP hints, booleans only", () => {
    const tools: ToolLike[] = [
      {
        name: "mcp__fs__read_file",
        namespace: fs,
        annotations: { readOnlyHint: true, openWorldHint: false, destructiveHint: "no" },
      },
    ];
    expect(mcpLabels("mcp__fs__read_file", tools)).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  it("are none for a tool without hints, without a namespace (not pi's MCP support), or not named mcp__", () => {
    const hints = { readOnlyHint: true };
    expect(mcpLabels("mcp__fs__x", [{ name: "mcp__fs__x", namespace: fs }])).toBeUndefined();
    expect(mcpLabels("mcp__fs__x", [{ name: "mcp__fs__x", annotations: hints }])).toBeUndefined();
    expect(mcpLabels("my_tool", [{ name: "my_tool", namespace: fs, annotations: hints }])).toBeUndefined();
  });
});
