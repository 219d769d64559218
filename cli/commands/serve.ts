import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Command } from "commander";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText } from "../render/diagnostics.ts";
import { rulegateHome as rulegateHomeOf } from "../rulegate-home.ts";
import type { RegisterCommand } from "./index.ts";

interface ServeOptions {
  readonly port: string;
  readonly policy?: string;
  readonly approvals: string;
  readonly format: string;
}

/** `rules serve [--port 8787] [--policy FILE] [--approvals terminal|web] [--format text|json]` */
export const registerServe: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("serve")
    .description(
      "the warm local gate: Claude Code HTTP hooks at POST /v1/hooks/claude-code, the web UI at /, /metrics, /healthz (loopback, token in $RULEGATE_HOME/serve.json)",
    )
    .option("--port <n>", "TCP port on 127.0.0.1; 0 picks a free one (the URL is in serve.json)", "8787")
    .option(
      "--policy <file>",
      "use this rules file (on top of the built-ins) instead of the config sources of each agent's cwd",
    )
    .option(
      "--approvals <where>",
      "terminal: Claude Code's own prompt asks; web: the call is held until answered in the UI",
      "terminal",
    )
    .option("--format <format>", "text | json (the start-up line)", "text")
    .addHelpText(
      "after",
      "\nStops on SIGINT or SIGTERM. Hook settings: rules hook claude-code --install --http. Reference: docs/reference/serve.md",
    )
    .action(async (opts: ServeOptions) => setExit(await runServe(opts, io, stopSignal())));
};

function parsePort(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65_535) throw new UsageError(`--port must be a number from 0 to 65535, not '${text}'`);
  return n;
}

/** Resolves when the process is asked to stop. */
function stopSignal(): Promise<string> {
  return new Promise((done) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => done(sig));
  });
}

export async function runServe(opts: ServeOptions, io: Io, stop: Promise<string>): Promise<number> {
  const port = parsePort(opts.port);
  if (opts.approvals !== "terminal" && opts.approvals !== "web")
    throw new UsageError(`--approvals is terminal or web, not '${opts.approvals}'`);
  if (opts.format !== "text" && opts.format !== "json")
    throw new UsageError(`--format is text or json, not '${opts.format}'`);
  const home = io.env["HOME"] ?? homedir();
  const stamp = () => new Date().toISOString().slice(11, 19);
  // Only the server's own CLI loads fastify: every other `rules` command starts without it.
  const { startServer } = await import("../../server/index.ts");
  const started = await startServer({
    port,
    policyFile: opts.policy === undefined ? null : resolve(io.cwd, opts.policy),
    approvals: opts.approvals,
    env: io.env,
    home,
    rulegateHome: rulegateHomeOf(io.env, home),
    log: (line) => io.stderr(`rules serve ${stamp()} ${line}\n`),
  });
  if (!started.ok) {
    if (opts.format === "json")
      io.stdout(
        `${JSON.stringify({ ok: false, error: { code: started.code, message: started.message }, diagnostics: started.diagnostics ?? [] })}\n`,
      );
    else {
      io.stderr(`rules: ${started.message} (${started.code})\n`);
      if (started.diagnostics)
        io.stderr(
          renderText(
            started.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity })),
            io.color,
          ),
        );
    }
    return started.code === "serve-policy-invalid" ? EXIT.invalid : EXIT.internal;
  }
  const s = started.server;
  if (opts.format === "json")
    io.stdout(
      `${JSON.stringify({ ok: true, url: s.url, hook: s.hookUrl, login: s.loginUrl, serveFile: s.serveFile, pid: process.pid })}\n`,
    );
  else
    io.stdout(
      `rules serve: listening on ${s.url} (approvals: ${opts.approvals})\n` +
        `  hook:   POST ${s.hookUrl} (token in ${s.serveFile})\n` +
        `  web UI: ${s.loginUrl} (one-time link)\n`,
    );
  const why = await stop;
  io.stderr(`rules serve ${stamp()} stopping (${why})\n`);
  await s.close();
  return EXIT.ok;
}
