/**
 * The serve bench's side of the wire: `rules serve` as shipped (bin/rules.js) in a process of its own, and
 * Claude Code's HTTP hook traffic sent by node:http with keep-alive connections, one per concurrent session,
 * as a long-lived Claude Code keeps them. A session's traffic is what the hook gets: a PreToolUse for each
 * call, then a PostToolUse when the call was not denied.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import type { CallInput } from "../../runtime/session/index.ts";
import { REPO_ROOT } from "./model-traces.ts";

export interface ServeChild {
  readonly child: ChildProcess;
  readonly hook: URL;
  readonly token: string;
  /** Resident set size of the server process (Linux /proc), in bytes. */
  rss(): number;
  /** CPU time the server process has used so far (user + system, Linux /proc), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export async function startServeChild(
  env: NodeJS.ProcessEnv,
  policy: string,
  rulegateHome: string,
): Promise<ServeChild> {
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, "bin", "rules.js"), "serve", "--port", "0", "--format", "json", "--policy", policy],
    { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (b: Buffer) => (stderr += b.toString()));
  const started = await new Promise<{ hook: string }>((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`rules serve did not start: ${stderr}`)), 60_000);
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      if (!out.includes("\n")) return;
      clearTimeout(timer);
      done(JSON.parse(out.split("\n")[0] as string) as { hook: string });
    });
    child.once("exit", (code) => fail(new Error(`rules serve exited ${code}: ${stderr}`)));
  });
  const token = (JSON.parse(readFileSync(join(rulegateHome, "serve.json"), "utf8")) as { token: string }).token;
  return {
    child,
    hook: new URL(started.hook),
    token,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return Number(kb ?? Number.NaN) * 1024;
    },
    cpuMs: () => procCpuMs(`/proc/${child.pid}/stat`, "self"),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

export interface HookClient {
  /** One hook request; resolves with the answer's status and body. */
  post(body: string): Promise<{ status: number; body: string }>;
  close(): void;
}

export function hookClient(server: Pick<ServeChild, "hook" | "token">, sockets: number): HookClient {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    post: (body) =>
      new Promise((done, fail) => {
        const req = request(
          server.hook,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              authorization: `Bearer ${server.token}`,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
            res.on("error", fail);
          },
        );
        req.on("error", fail);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** A session's calls as Claude Code's hook sends them, round after round through `calls`. */
export function sessionTraffic(session: string, calls: readonly CallInput[], offset: number) {
  let i = offset;
  return {
    next(): { pre: string; post: (decision: string) => string | null } {
      const call = calls[i % calls.length] as CallInput;
      const id = `toolu_${session}_${i++}`;
      const base = {
        session_id: session,
        cwd: REPO_ROOT,
        permission_mode: "default",
        tool_name: call.tool,
        tool_input: call.input,
        tool_use_id: id,
      };
      return {
        pre: JSON.stringify({ ...base, hook_event_name: "PreToolUse" }),
        post: (decision) =>
          decision === "deny" ? null : JSON.stringify({ ...base, hook_event_name: "PostToolUse", tool_response: {} }),
      };
    },
  };
}

/** The permissionDecision of a PreToolUse answer ("allow" when the hook said nothing). */
export function decisionOf(answer: { status: number; body: string }): string {
  if (answer.status !== 200) throw new Error(`hook answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const m = /"permissionDecision"\s*:\s*"(\w+)"/.exec(answer.body);
  return m?.[1] ?? "allow";
}

/** CPU time in ms from /proc/…/stat: utime + stime ("self") or cutime + cstime (waited-for "children"). */
export function procCpuMs(statFile: string, which: "self" | "children"): number {
  const text = readFileSync(statFile, "utf8");
  // The command name may hold spaces: count the fields after its closing parenthesis (field 3 on).
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const at = which === "self" ? 14 - 3 : 16 - 3;
  const ticks = Number(fields[at]) + Number(fields[at + 1]);
  return (ticks * 1000) / 100;
}
