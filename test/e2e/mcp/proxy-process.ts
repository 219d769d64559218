/**
 * `rules mcp-proxy` as an MCP client starts it: the shipped launcher (bin/rules.js, which runs dist/cli.mjs),
 * with the real `@modelcontextprotocol/server-filesystem` behind it, and an official SDK client in front.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { RULES_BIN } from "../bundle.ts";

const require = createRequire(import.meta.url);

/** The filesystem server's own CLI, as `npx @modelcontextprotocol/server-filesystem` runs it. */
export function filesystemServer(): string {
  return join(dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")), "dist", "index.js");
}

export interface ProxyWorld {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  readonly rulegateHome: string;
}

export function makeWorld(): ProxyWorld {
  const root = mkdtempSync(join(tmpdir(), "rg-mcp-"));
  const world = {
    root,
    home: join(root, "home"),
    project: join(root, "project"),
    rulegateHome: join(root, "rulegate"),
  };
  for (const d of [world.home, world.project]) mkdirSync(d, { recursive: true });
  return world;
}

export function worldEnv(world: ProxyWorld): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: world.home,
    RULEGATE_HOME: world.rulegateHome,
    LANG: "C.UTF-8",
    NO_COLOR: "1",
  };
}

/** The argv of `rules mcp-proxy --policy P --name fs -- node server-filesystem PROJECT`. */
export function proxyArgs(world: ProxyWorld, policy: string, name = "fs"): string[] {
  const file = join(world.root, "rules.yaml");
  writeFileSync(file, policy);
  return [
    RULES_BIN,
    "mcp-proxy",
    "--policy",
    file,
    "--name",
    name,
    "--",
    process.execPath,
    filesystemServer(),
    world.project,
  ];
}

export interface Connected {
  readonly client: Client;
  readonly stderr: () => string;
  close(): Promise<void>;
}

export async function connect(
  world: ProxyWorld,
  args: readonly string[],
  options: ConstructorParameters<typeof Client>[1] = {},
  /** Handlers the client must have before it connects (the server may ask right after initialize). */
  before: (client: Client) => void = () => {},
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args],
    env: worldEnv(world),
    cwd: world.project,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString("utf8");
  });
  const client = new Client({ name: "rulegate-test", version: "1" }, options);
  before(client);
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? "").join("\n");
}
