import { describe, expect, it } from "vitest";
import { agentDir, agentDirGuards } from "../../../adapters/pi/agent-dir.ts";

describe("pi's agent directory", () => {
  it("is ~/.pi/agent unless PI_CODING_AGENT_DIR moves it (~ and relative paths resolved as pi does)", () => {
    expect(agentDir({}, "/home/u", "/w")).toBe("/home/u/.pi/agent");
    expect(agentDir({ PI_CODING_AGENT_DIR: "" }, "/home/u", "/w")).toBe("/home/u/.pi/agent");
    expect(agentDir({ PI_CODING_AGENT_DIR: "/opt/pi" }, "/home/u", "/w")).toBe("/opt/pi");
    expect(agentDir({ PI_CODING_AGENT_DIR: "~/pi" }, "/home/u", "/w")).toBe("/home/u/pi");
    expect(agentDir({ PI_CODING_AGENT_DIR: "cfg/pi" }, "/home/u", "/w")).toBe("/w/cfg/pi");
  });

  it("guards what the next start loads: extensions, settings, trust, MCP servers", () => {
    expect(agentDirGuards("/opt/pi")).toEqual([
      "/opt/pi/extensions",
      "/opt/pi/settings.json",
      "/opt/pi/trust.json",
      "/opt/pi/mcp.json",
    ]);
  });
});
