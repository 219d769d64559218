import { describe, expect, it } from "vitest";
import { unwrapConfig, wrapConfig } from "../../../adapters/mcp/wrap-config.ts";

const launcher = { command: "/usr/bin/node", args: ["/opt/rulegate/bin/rules.js"] };
const CONFIG = {
  mcpServers: {
    filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: { A: "1" } },
    "my server.v2": { command: "./server" },
    remote: { type: "http", url: "https://example.com/mcp" },
  },
  other: { kept: true },
};
const text = JSON.stringify(CONFIG, null, 2);

function ok(outcome: ReturnType<typeof wrapConfig>) {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

describe("wrapping an mcpServers config", () => {
  it("puts every stdio server behind the proxy under its key as --name, and leaves the rest alone", () => {
    const out = ok(wrapConfig(text, launcher, "/home/u/rules.yaml"));
    expect(out.changed).toEqual(["filesystem", "my server.v2"]);
    expect(out.kept).toEqual([{ name: "remote", why: "not a stdio server (no command)" }]);
    const json = JSON.parse(out.text);
    expect(json.mcpServers.filesystem).toEqual({
      command: "/usr/bin/node",
      args: [
        "/opt/rulegate/bin/rules.js",
        "mcp-proxy",
        "--name",
        "filesystem",
        "--policy",
        "/home/u/rules.yaml",
        "--",
        "npx",
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/tmp",
      ],
      env: { A: "1" },
    });
    expect(json.mcpServers["my server.v2"].args.slice(1, 4)).toEqual(["mcp-proxy", "--name", "my_server_v2"]);
    expect(json.mcpServers.remote).toEqual(CONFIG.mcpServers.remote);
    expect(json.other).toEqual({ kept: true });
  });

  it("changes nothing the second time", () => {
    const once = ok(wrapConfig(text, launcher, null)).text;
    const twice = ok(wrapConfig(once, launcher, null));
    expect(twice.changed).toEqual([]);
    expect(twice.text).toBe(once);
  });

  it("unwrapping gives every server its own command back", () => {
    const wrapped = ok(wrapConfig(text, launcher, null)).text;
    const back = ok(unwrapConfig(wrapped));
    expect(back.changed).toEqual(["filesystem", "my server.v2"]);
    expect(JSON.parse(back.text)).toEqual({
      ...CONFIG,
      mcpServers: { ...CONFIG.mcpServers, "my server.v2": { command: "./server", args: [] } },
    });
    expect(ok(unwrapConfig(back.text)).changed).toEqual([]);
  });

  it.each([
    ["not JSON", "{", "mcp-config-not-json"],
    ["no mcpServers", "{}", "mcp-config-no-servers"],
    ["mcpServers a list", '{"mcpServers": []}', "mcp-config-no-servers"],
  ])("refuses a config with %s", (_what, input, code) => {
    const out = wrapConfig(input, launcher, null);
    expect(out.ok ? null : out.code).toBe(code);
  });
});
