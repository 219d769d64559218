import { describe, expect, test } from "vitest";
import { defaultName, validName } from "../../../adapters/mcp/name.ts";

describe("the server's name when --name is not given comes from the command the user wrote", () => {
  test.each([
    [["npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "filesystem"],
    [["npx", "-y", "@modelcontextprotocol/server-github@1.2.3"], "github"],
    [["uvx", "mcp-server-fetch"], "fetch"],
    [["node", "/opt/tools/weather-mcp.js"], "weather"],
    [["docker", "run", "-i", "--rm", "ghcr.io/acme/notes-server"], "notes"],
    [["./bin/my server"], "my-server"],
    [["npx"], "npx"],
  ])("%j → %s", (command, name) => {
    expect(defaultName(command)).toBe(name);
    expect(validName(name)).toBe(true);
  });

  test.each(["a__b", "-x", "", "x".repeat(65), "a b", "a/b"])("%j is not a name", (name) => {
    expect(validName(name)).toBe(false);
  });
});
