import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Command } from "commander";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText } from "../render/diagnostics.ts";
import { rulegateHome as rulegateHomeOf } from "../rulegate-home.ts";
import type { RegisterCommand } from "./index.ts";

interface McpProxyOptions {
  readonly policy?: string;
  readonly name?: string;
}

/**
 * `rules mcp-proxy [--policy FILE] [--name NAME] -- CMD ARGS…`. Its stdout is the MCP protocol: this command
 * writes nothing there itself, every word of its own goes to stderr.
 */
export const registerMcpProxy: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("mcp-proxy")
    .description("gate an MCP server: run CMD as a stdio MCP server and speak MCP on this process's stdio")
    .argument("[command...]", "the MCP server to run, after --: -- CMD ARGS…")
    .option("--policy <file>", "use this rules file (on top of the built-ins) instead of the config sources of cwd")
    .option("--name <name>", "the server's name in mcp__NAME__TOOL (default: from the command)")
    .addHelpText(
      "after",
      "\nEach tools/call is decided as mcp__NAME__TOOL; everything else passes unchanged. Reference: docs/reference/mcp-proxy.md",
    )
    .action(async (command: string[], opts: McpProxyOptions) =>
      setExit(await runMcpProxy(command, opts, io, stopSignal())),
    );
};

function stopSignal(): Promise<string> {
  return new Promise((done) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => done(sig));
  });
}

export async function runMcpProxy(
  command: readonly string[],
  opts: McpProxyOptions,
  io: Io,
  stop: Promise<string>,
): Promise<number> {
  const mcp = await import("../../adapters/mcp/index.ts");
  const [cmd, ...args] = command;
  if (cmd === undefined) throw new UsageError("missing the MCP server to run: rules mcp-proxy -- CMD ARGS…");
  if (opts.name !== undefined && !mcp.validName(opts.name))
    throw new UsageError(`--name must be letters, digits, - and _ (no __), at most 64: not '${opts.name}'`);
  const name = opts.name ?? mcp.defaultName(command);
  const home = io.env["HOME"] ?? homedir();
  const rulegateHome = rulegateHomeOf(io.env, home);
  const { serveApprover } = await import("../../server/remote-approver.ts");
  const asking = mcp.askingFor(serveApprover(rulegateHome));
  const session = await mcp.openProxySession({
    name,
    policyFile: opts.policy === undefined ? null : resolve(io.cwd, opts.policy),
    cwd: io.cwd,
    home,
    rulegateHome,
    env: io.env,
    approver: asking.approver,
  });
  if (!session.ok) {
    io.stderr(`rules mcp-proxy: ${session.message} (${session.code})\n`);
    if (session.diagnostics.length > 0)
      io.stderr(
        renderText(
          session.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity })),
          io.color,
        ),
      );
    return session.code === "mcp-policy-invalid" ? EXIT.invalid : EXIT.internal;
  }
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const env = Object.fromEntries(Object.entries(io.env).filter((e): e is [string, string] => e[1] !== undefined));
  const proxy = await mcp.startProxy({
    upstream: new StdioServerTransport(process.stdin, process.stdout),
    downstream: () => new StdioClientTransport({ command: cmd, args, env, cwd: io.cwd, stderr: "inherit" }),
    gate: mcp.createGate(session.driver, asking, { name, cwd: io.cwd }),
    warn: (line) => io.stderr(`rules mcp-proxy: ${line}\n`),
  });
  const why = await Promise.race([proxy.closed, stop]);
  await proxy.close();
  await session.close();
  io.stderr(`rules mcp-proxy: stopped (${why}); session log ${session.log}\n`);
  return EXIT.ok;
}
