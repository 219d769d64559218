import { homedir } from "node:os";
import { copyFileSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText } from "../render/diagnostics.ts";
import { rulegateHome as rulegateHomeOf } from "../rulegate-home.ts";
import type { RegisterCommand } from "./index.ts";

interface McpProxyOptions {
  readonly policy?: string;
  readonly name?: string;
  readonly wrap?: string;
  readonly unwrap?: string;
  readonly format: string;
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
    .option(
      "--wrap <config>",
      "rewrite an mcpServers config (Claude Desktop, Cursor, .mcp.json) so every server runs behind the proxy",
    )
    .option("--unwrap <config>", "undo --wrap: every server runs its own command again")
    .option("--format <format>", "with --wrap/--unwrap: text | json", "text")
    .addHelpText(
      "after",
      "\nEach tools/call is decided as mcp__NAME__TOOL; everything else passes unchanged. --wrap keeps a backup\n" +
        "(CONFIG.rulegate-backup) and changes nothing when run twice. Reference: docs/reference/mcp-proxy.md",
    )
    .action(async (command: string[], opts: McpProxyOptions) => {
      if (opts.wrap !== undefined || opts.unwrap !== undefined) return setExit(await runWrap(command, opts, io));
      setExit(await runMcpProxy(command, opts, io, stopSignal()));
    });
};

function stopSignal(): Promise<string> {
  return new Promise((done) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => done(sig));
  });
}

async function runWrap(command: readonly string[], opts: McpProxyOptions, io: Io): Promise<number> {
  if (opts.wrap !== undefined && opts.unwrap !== undefined)
    throw new UsageError("--wrap and --unwrap exclude each other");
  if (command.length > 0 || opts.name !== undefined)
    throw new UsageError("--wrap/--unwrap take a config file only: each server keeps its own command and name");
  if (opts.format !== "text" && opts.format !== "json")
    throw new UsageError(`--format is text or json, not '${opts.format}'`);
  const mcp = await import("../../adapters/mcp/index.ts");
  const { packageRoot } = await import("../../adapters/common/index.ts");
  const file = resolve(io.cwd, (opts.wrap ?? opts.unwrap) as string);
  const text = readFileSync(file, "utf8");
  let outcome: ReturnType<typeof mcp.wrapConfig>;
  if (opts.wrap !== undefined) {
    const root = packageRoot();
    if (root === null) throw new UsageError("cannot find the rulegate package directory to point the config at");
    const launcher = { command: process.execPath, args: [join(root, "bin", "rules.js")] };
    outcome = mcp.wrapConfig(text, launcher, opts.policy === undefined ? null : resolve(io.cwd, opts.policy));
  } else {
    if (opts.policy !== undefined) throw new UsageError("--policy goes with --wrap, not --unwrap");
    outcome = mcp.unwrapConfig(text);
  }
  if (!outcome.ok) {
    if (opts.format === "json")
      io.stdout(`${JSON.stringify({ ok: false, error: { code: outcome.code, message: outcome.message } })}\n`);
    else io.stderr(`rules: ${file}: ${outcome.message} (${outcome.code})\n`);
    return EXIT.usage;
  }
  const backup = `${file}.rulegate-backup`;
  if (outcome.changed.length > 0) {
    copyFileSync(file, backup);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, outcome.text);
    renameSync(tmp, file);
  }
  const verb = opts.wrap !== undefined ? "behind rules mcp-proxy" : "running their own command again";
  if (opts.format === "json")
    io.stdout(
      `${JSON.stringify({ ok: true, file, changed: outcome.changed, kept: outcome.kept, backup: outcome.changed.length > 0 ? backup : null })}\n`,
    );
  else {
    io.stdout(
      outcome.changed.length === 0
        ? `${file}: nothing to change\n`
        : `${file}: ${outcome.changed.join(", ")} ${verb} (backup: ${backup})\n`,
    );
    for (const k of outcome.kept) io.stdout(`  ${k.name}: left as it is (${k.why})\n`);
  }
  return EXIT.ok;
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
  const { createPolicyStore } = await import("../../server/policy-store.ts");
  const asking = mcp.askingFor(serveApprover(rulegateHome));
  // Watched like rules serve's: an edit is compiled and recorded in the session at once; an edit that does not
  // compile keeps the last good rules (ADR 0182), and rules that never compiled stop the proxy at start.
  const policies = createPolicyStore(io.env);
  const source =
    opts.policy !== undefined
      ? ({ kind: "file", path: resolve(io.cwd, opts.policy) } as const)
      : ({ kind: "discover", cwd: io.cwd, home } as const);
  const loaded = await policies.load(source);
  if (!loaded.ok) {
    policies.close();
    io.stderr(
      "rules mcp-proxy: the rules do not compile; the proxy does not start without them (mcp-policy-invalid)\n",
    );
    io.stderr(
      renderText(
        loaded.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity })),
        io.color,
      ),
    );
    return EXIT.invalid;
  }
  const session = await mcp.openProxySession(
    { name, cwd: io.cwd, home, rulegateHome, env: io.env, approver: asking.approver },
    loaded.policy,
  );
  if (!session.ok) {
    policies.close();
    io.stderr(`rules mcp-proxy: ${session.message} (mcp-log-failed)\n`);
    return EXIT.internal;
  }
  policies.onChange((_source, policy) => {
    if (policy === null) {
      io.stderr("rules mcp-proxy: the rules changed but do not compile; the last good rules stay in force\n");
      return;
    }
    void session.switchTo(policy).then((error) => {
      if (error !== null) io.stderr(`rules mcp-proxy: cannot record the new rules, denying every call: ${error}\n`);
    });
  });
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
  policies.close();
  await session.close();
  io.stderr(`rules mcp-proxy: stopped (${why}); session log ${session.log}\n`);
  return EXIT.ok;
}
