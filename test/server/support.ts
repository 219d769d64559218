/**
 * A `rules serve` in this process (startServer, the library part of the command) on a free port, with its own
 * temp HOME and $RULEGATE_HOME, and the requests Claude Code's HTTP hook sends (the JSON a command hook reads
 * on stdin, as POST bodies with the bearer token).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../server/index.ts";

export interface TestServer {
  readonly root: string;
  readonly project: string;
  readonly rulegateHome: string;
  readonly policyFile: string;
  readonly server: RunningServer;
  readonly token: string;
  readonly logs: string[];
  hook(body: object, token?: string | null): Promise<{ status: number; json: Record<string, unknown> }>;
  get(path: string, token?: string | null): Promise<Response>;
  post(path: string, body: object): Promise<Response>;
  logLines(session: string): Record<string, unknown>[];
}

export async function startTestServer(
  policy: string,
  options: { approvals?: "terminal" | "web"; root?: string } = {},
): Promise<TestServer> {
  const root = options.root ?? mkdtempSync(join(tmpdir(), "rg-serve-"));
  const project = join(root, "project");
  mkdirSync(project, { recursive: true });
  const policyFile = join(root, "rules.yaml");
  writeFileSync(policyFile, policy);
  const rulegateHome = join(root, "rulegate");
  const logs: string[] = [];
  const started = await startServer({
    port: 0,
    policyFile,
    approvals: options.approvals ?? "terminal",
    env: {},
    home: join(root, "home"),
    rulegateHome,
    log: (line) => logs.push(line),
  });
  if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
  const server = started.server;
  const token = (JSON.parse(readFileSync(server.serveFile, "utf8")) as { token: string }).token;
  const auth = (t: string | null | undefined) => (t === null ? {} : { authorization: `Bearer ${t ?? token}` });
  return {
    root,
    project,
    rulegateHome,
    policyFile,
    server,
    token,
    logs,
    async hook(body, t) {
      const res = await fetch(server.hookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth(t) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
    },
    get: (path, t) => fetch(`${server.url}${path}`, { headers: auth(t) }),
    post: (path, body) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth(undefined) },
        body: JSON.stringify(body),
      }),
    logLines: (session) =>
      readFileSync(join(rulegateHome, "sessions", `${session}.jsonl`), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

let next = 0;
export function preToolUse(session: string, cwd: string, tool: string, input: object, id = `toolu_s${next++}`) {
  return {
    session_id: session,
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
    tool_use_id: id,
  };
}

export function postToolUse(session: string, cwd: string, tool: string, input: object, id: string) {
  return { ...preToolUse(session, cwd, tool, input, id), hook_event_name: "PostToolUse", tool_response: {} };
}

export function permission(answer: { json: Record<string, unknown> }): string | undefined {
  const out = answer.json["hookSpecificOutput"] as { permissionDecision?: string } | undefined;
  return out?.permissionDecision;
}
