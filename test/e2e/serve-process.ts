/**
 * `rules serve` as shipped (bin/rules.js → dist/cli.mjs) in a process of its own, on a free port, with the
 * sandbox's HOME and RULEGATE_HOME: started like a user starts it, stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { RULES_BIN } from "./bundle.ts";
import type { Sandbox } from "./clients.ts";

export interface ServeProcess {
  readonly url: string;
  readonly hook: string;
  readonly login: string;
  readonly serveFile: string;
  readonly token: string;
  readonly child: ChildProcess;
  stderr(): string;
  stop(): Promise<number | null>;
}

export async function startServe(sandbox: Sandbox, args: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [RULES_BIN, "serve", "--port", "0", "--format", "json", ...args], {
    cwd: sandbox.project,
    env: { PATH: process.env["PATH"] ?? "", HOME: sandbox.home, RULEGATE_HOME: sandbox.rulegateHome },
  });
  let stderr = "";
  child.stderr?.on("data", (b: Buffer) => (stderr += b.toString()));
  const started = await new Promise<{ url: string; hook: string; login: string; serveFile: string }>((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`rules serve did not start in 30 s: ${stderr}`)), 30_000);
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      if (!out.includes("\n")) return;
      clearTimeout(timer);
      done(JSON.parse(out.split("\n")[0] as string) as { url: string; hook: string; login: string; serveFile: string });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`rules serve exited ${code}: ${stderr}`));
    });
  });
  const token = (JSON.parse(readFileSync(started.serveFile, "utf8")) as { token: string }).token;
  return {
    ...started,
    token,
    child,
    stderr: () => stderr,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done(child.exitCode);
        child.once("exit", (code) => done(code));
        child.kill("SIGTERM");
      }),
  };
}

/** GET/POST the server's JSON API with the token, as the web UI does with its cookie. */
export async function api(s: ServeProcess, path: string, body?: object): Promise<unknown> {
  const res = await fetch(`${s.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${s.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
