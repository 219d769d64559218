/**
 * `rules serve`: one long-lived process on loopback that answers Claude Code's HTTP hooks with the same
 * semantics as the command hook, warm (policies compiled once, sessions kept in memory and checked against
 * their logs), with live approvals and an audit UI. The library part: it returns errors as data and a
 * handle; the CLI (cli/commands/serve.ts) prints and waits for a signal.
 */
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { compileSources, discoverSources, type Policy } from "../compiler/index.ts";
import { localRulesLearner } from "../runtime/session/index.ts";
import type { Diagnostic } from "../core/index.ts";
import type { PolicySource } from "../adapters/common/index.ts";
import { openHookSession, type WarmSession, type WarmSessions } from "../adapters/claude-code/session-log.ts";
import { buildApp } from "./app.ts";
import { createApprovalQueue } from "./approvals.ts";
import { createAuth } from "./auth.ts";
import { createMetrics } from "./metrics.ts";
import { createPolicyStore } from "./policy-store.ts";
import { pidAlive, readServeFile, serveFilePath, writeServeFile, newToken } from "./serve-file.ts";

export interface ServeOptions {
  readonly port: number;
  readonly policyFile: string | null;
  readonly approvals: "terminal" | "web";
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  readonly rulegateHome: string;
  readonly log: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly hookUrl: string;
  /** Opens the UI once: `/login?once=…`. */
  readonly loginUrl: string;
  readonly serveFile: string;
  close(): Promise<void>;
}

export type ServeStart =
  | { readonly ok: true; readonly server: RunningServer }
  | {
      readonly ok: false;
      readonly code: "serve-already-running" | "serve-policy-invalid" | "serve-listen-failed";
      readonly message: string;
      readonly diagnostics?: readonly Diagnostic[];
    };

/** Sessions kept warm; an evicted one is rebuilt from its snapshot and log on its next event. */
const WARM_SESSIONS = 1_000;

export async function startServer(options: ServeOptions): Promise<ServeStart> {
  const existing = readServeFile(options.rulegateHome);
  if (existing?.pid != null && existing.pid !== process.pid && pidAlive(existing.pid))
    return {
      ok: false,
      code: "serve-already-running",
      message: `another rules serve (pid ${existing.pid}) uses ${options.rulegateHome}${existing.url ? ` at ${existing.url}` : ""}`,
    };

  const policies = createPolicyStore(options.env);
  if (options.policyFile !== null) {
    const first = await policies.load({ kind: "file", path: options.policyFile });
    if (!first.ok) {
      policies.close();
      return {
        ok: false,
        code: "serve-policy-invalid",
        message: `${options.policyFile} does not compile`,
        diagnostics: first.diagnostics,
      };
    }
  }

  const approvals = options.approvals === "web" ? createApprovalQueue() : null;
  const metrics = createMetrics(() => approvals?.pending().length ?? 0);
  const token = existing?.token ?? newToken();
  const auth = createAuth(token);
  const cache = new LRUCache<string, WarmSession>({ max: WARM_SESSIONS });
  const warm: WarmSessions = { get: (id) => cache.get(id), set: (id, w) => void cache.set(id, w) };
  /** Where each live session's policy comes from, to record a changed policy in it at once. */
  const live = new LRUCache<string, { source: string; cwd: string }>({ max: WARM_SESSIONS });
  const logDir = join(options.rulegateHome, "sessions");
  let port = options.port;

  const sourceOf = (s: PolicySource) => JSON.stringify(s);
  // "Always" in the web UI stores its pattern in the local rules of the agent's cwd, which the config sources
  // read (docs/adr/0222). Under --policy FILE nothing reads that file, so "always" is not offered there.
  const learner = (cwd: string, source: PolicySource) =>
    source.kind !== "discover"
      ? undefined
      : localRulesLearner(join(cwd, ".rulegate", "rules.local.yaml"), () =>
          compileSources(discoverSources(cwd, source.home, options.env), { cwd }),
        );
  const app = buildApp({
    auth,
    hook: {
      env: options.env,
      home: options.home,
      rulegateHome: options.rulegateHome,
      policyFile: options.policyFile,
      cache: null,
      approver: approvals?.approver ?? null,
      ...(approvals !== null ? { learner } : {}),
      warm,
      policies: (source) => policies.load(source),
      seen: (id, cwd, source) => live.set(id, { source: sourceOf(source), cwd }),
    },
    policies,
    approvals,
    metrics,
    log: options.log,
    port: () => port,
    live: () => new Set(live.keys()),
  });

  // A changed policy is recorded in every live session under it now, not at its next call (ADR 0182).
  policies.onChange((source, policy) => {
    if (policy === null) {
      options.log(`rules changed but do not compile; the last good rules stay in force (${describe(source)})`);
      return;
    }
    options.log(`rules changed: ${describe(source)} is now ${policy.hash.slice(0, 19)}`);
    for (const [id, s] of live.entries()) if (s.source === sourceOf(source)) void recordPolicy(id, s.cwd, policy);
  });
  async function recordPolicy(sessionId: string, cwd: string, policy: Policy): Promise<void> {
    const opened = await openHookSession(logDir, sessionId, policy, options.env, cwd, options.home, { warm });
    if (opened.ok) await opened.close();
    else options.log(`session ${sessionId}: cannot record the new rules: ${opened.error}`);
  }

  try {
    await app.listen({ host: "127.0.0.1", port: options.port });
  } catch (err) {
    policies.close();
    return { ok: false, code: "serve-listen-failed", message: err instanceof Error ? err.message : String(err) };
  }
  const address = app.server.address();
  port = typeof address === "object" && address !== null ? address.port : options.port;
  const url = `http://127.0.0.1:${port}`;
  writeServeFile(options.rulegateHome, { url, token, pid: process.pid });

  return {
    ok: true,
    server: {
      url,
      hookUrl: `${url}/v1/hooks/claude-code`,
      loginUrl: `${url}/login?once=${auth.loginCode()}`,
      serveFile: serveFilePath(options.rulegateHome),
      async close() {
        policies.close();
        await app.close();
        // The token stays for the installed hook settings; the pid says nobody serves now.
        writeServeFile(options.rulegateHome, { url, token, pid: null });
      },
    },
  };
}

function describe(source: PolicySource): string {
  return source.kind === "file" ? source.path : `the config sources of ${source.cwd}`;
}
