/**
 * Launchers for the real agent clients, fully offline: a temp HOME and project, the model at a loopback
 * URL, no telemetry, no auto-update. A client that cannot start is an error with the reason (the e2e tests
 * fail on it; they are never skipped silently).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { node22 } from "./node22.ts";

const require = createRequire(import.meta.url);

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  /** RULEGATE_HOME of the run (session logs, policy cache). */
  readonly rulegateHome: string;
}

export function makeSandbox(prefix: string): Sandbox {
  const root = mkdtempSync(join(tmpdir(), `rg-e2e-${prefix}-`));
  const sandbox = {
    root,
    home: join(root, "home"),
    project: join(root, "project"),
    rulegateHome: join(root, "rulegate"),
  };
  for (const dir of [sandbox.home, sandbox.project]) mkdirSync(dir, { recursive: true });
  return sandbox;
}

/** Environment shared by both clients: only what they need, nothing inherited that could reach the network. */
function baseEnv(sandbox: Sandbox, extra: Readonly<Record<string, string>>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: sandbox.home,
    TMPDIR: tmpdir(),
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    RULEGATE_HOME: sandbox.rulegateHome,
    ...extra,
  };
}

/**
 * The native Claude Code binary. The wrapper package's postinstall links it to bin/claude.exe; npm may skip
 * dependency install scripts, so the platform package (an optional dependency that ships the binary as a
 * plain file) is looked up first.
 */
export function claudeBinary(): string {
  const key = `${process.platform}-${process.arch}`;
  const candidates: string[] = [];
  for (const pkg of [`@anthropic-ai/claude-code-${key}`, `@anthropic-ai/claude-code-${key}-musl`]) {
    try {
      candidates.push(
        join(dirname(require.resolve(`${pkg}/package.json`)), process.platform === "win32" ? "claude.exe" : "claude"),
      );
    } catch {
      // not installed for this platform
    }
  }
  try {
    candidates.push(join(dirname(require.resolve("@anthropic-ai/claude-code/package.json")), "bin", "claude.exe"));
  } catch {
    // wrapper not installed
  }
  // The wrapper's placeholder stub is tiny; the real binary is hundreds of megabytes.
  const found = candidates.find((p) => existsSync(p) && statSync(p).size > 1_000_000);
  if (!found)
    throw new Error(
      `Claude Code binary not found (looked at: ${candidates.join(", ") || "nothing resolvable"}); run npm install`,
    );
  return found;
}

export interface ClaudeRun {
  readonly sandbox: Sandbox;
  readonly baseUrl: string;
  /** Passed with --settings; omit to rely on the project's .claude/settings.json. */
  readonly settings?: object;
  readonly prompt: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export async function runClaude(run: ClaudeRun): Promise<RunResult & { json: ClaudeResult | null }> {
  const settingsArgs: string[] = [];
  if (run.settings !== undefined) {
    const settingsFile = join(run.sandbox.root, "claude-settings.json");
    writeFileSync(settingsFile, JSON.stringify(run.settings, null, 2));
    settingsArgs.push("--settings", settingsFile);
  }
  const env = baseEnv(run.sandbox, {
    ANTHROPIC_BASE_URL: run.baseUrl,
    ANTHROPIC_API_KEY: "test",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ...run.env,
  });
  const args = ["-p", run.prompt, "--output-format", "json", ...settingsArgs, ...(run.args ?? [])];
  const result = await spawnCollect(claudeBinary(), args, run.sandbox.project, env, run.timeoutMs ?? 60_000);
  let json: ClaudeResult | null = null;
  try {
    json = JSON.parse(result.stdout) as ClaudeResult;
  } catch {
    json = null;
  }
  return { ...result, json };
}

/** The parts of `claude -p --output-format json` the tests read. */
export interface ClaudeResult {
  readonly is_error: boolean;
  readonly result: string;
  readonly session_id: string;
  readonly permission_denials: readonly {
    tool_name: string;
    tool_use_id: string;
    tool_input: Record<string, unknown>;
  }[];
}

/** The pi releases the e2e tests drive, pinned in package.json (README "Use it with pi" names them). */
export type PiRelease = "1.x" | "0.73";

const PI_PACKAGES: Readonly<Record<PiRelease, string>> = {
  "1.x": "@earendil-works/pi-coding-agent/dist/bundle/cli.js",
  "0.73": "@mariozechner/pi-coding-agent/dist/cli.js",
};

export function piCli(release: PiRelease = "1.x"): string {
  // The package exports only ESM entry points (no ./package.json), so its bin is found through the tree.
  const cli = fileURLToPath(new URL(`../../node_modules/${PI_PACKAGES[release]}`, import.meta.url));
  if (!existsSync(cli)) throw new Error(`pi CLI not found at ${cli}; run npm install`);
  return cli;
}

export interface PiRun {
  readonly sandbox: Sandbox;
  readonly baseUrl: string;
  /** What `-e` loads: the extension file. */
  readonly extension: string;
  /**
   * Load it as a user installs it for every session instead: no `-e`, no `--no-extensions`, and a file in
   * the agent directory's `extensions/` (pi's `~/.pi/agent/extensions`) that re-exports it.
   */
  readonly discovered?: boolean;
  readonly prompts: readonly string[];
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Default 1.x (@earendil-works, under Node ≥ 22.19); 0.73 is the last @mariozechner release, under this Node. */
  readonly release?: PiRelease;
  /** MCP servers for PI_CODING_AGENT_DIR/mcp.json (pi 1.x). */
  readonly mcpServers?: Readonly<Record<string, object>>;
}

/** How to start pi for a run: the Node to use, pi's CLI and its options, without the mode and the prompts. */
export interface PiCommand {
  readonly node: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

/** pi reads models.json from PI_CODING_AGENT_DIR; the scripted model is an `anthropic-messages` provider. */
export async function preparePi(run: Omit<PiRun, "prompts">): Promise<PiCommand> {
  const release = run.release ?? "1.x";
  const agentDir = join(run.sandbox.root, "pi-agent");
  mkdirSync(agentDir, { recursive: true });
  const models = {
    providers: {
      scripted: {
        baseUrl: run.baseUrl,
        api: "anthropic-messages",
        apiKey: "test",
        models: [{ id: "scripted-model", contextWindow: 200_000, maxTokens: 4096 }],
      },
    },
  };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify(models, null, 2));
  if (run.mcpServers !== undefined)
    writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: run.mcpServers }, null, 2));
  const env = baseEnv(run.sandbox, {
    PI_CODING_AGENT_DIR: agentDir,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    ...run.env,
  });
  if (run.discovered === true) {
    mkdirSync(join(agentDir, "extensions"), { recursive: true });
    writeFileSync(
      join(agentDir, "extensions", "rulegate.ts"),
      `export { default } from ${JSON.stringify(run.extension)};\n`,
    );
  }
  const node = release === "1.x" ? await node22() : process.execPath;
  const args = [
    piCli(release),
    ...(run.discovered === true ? [] : ["--no-extensions", "-e", run.extension]),
    "--provider",
    "scripted",
    "--model",
    "scripted-model",
    ...(run.args ?? []),
  ];
  return { node, args, env, cwd: run.sandbox.project };
}

/** pi in print mode (`-p`): no UI, so a gate is a denial. */
export async function runPi(run: PiRun): Promise<RunResult> {
  const pi = await preparePi(run);
  return spawnCollect(pi.node, [...pi.args, "-p", ...run.prompts], pi.cwd, pi.env, run.timeoutMs ?? 60_000);
}

function spawnCollect(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} timed out after ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${command}: ${err.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
