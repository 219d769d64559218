/**
 * One `rules mcp-proxy` process is one rulegate session: the policy of `--policy FILE` or of the proxy's cwd
 * (SPEC §2), and an event log under $RULEGATE_HOME/sessions like a Claude Code session's, so `rules replay`,
 * `rules explain --session` and the `rules serve` UI read it the same way.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Diagnostic } from "../../core/diagnostic.ts";
import type { Approver } from "../../runtime/stages/index.ts";
import { openHookSession, sessionPaths } from "../claude-code/session-log.ts";
import type { SessionDriver } from "../common/driver.ts";
import { loadEffectivePolicy } from "../common/policy.ts";

export interface ProxySessionOptions {
  /** The server's name (`--name`): part of the session id, so a log says which server it gated. */
  readonly name: string;
  readonly policyFile: string | null;
  readonly cwd: string;
  readonly home: string;
  readonly rulegateHome: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly approver: Approver;
}

export type ProxySession =
  | {
      readonly ok: true;
      readonly id: string;
      readonly log: string;
      readonly driver: SessionDriver;
      readonly close: () => Promise<void>;
    }
  | {
      readonly ok: false;
      readonly code: "mcp-policy-invalid" | "mcp-log-failed";
      readonly message: string;
      readonly diagnostics: readonly Diagnostic[];
    };

export async function openProxySession(o: ProxySessionOptions): Promise<ProxySession> {
  const source =
    o.policyFile !== null
      ? ({ kind: "file", path: o.policyFile } as const)
      : ({ kind: "discover", cwd: o.cwd, home: o.home } as const);
  const loaded = await loadEffectivePolicy(source, o.env, null);
  if (!loaded.ok)
    return {
      ok: false,
      code: "mcp-policy-invalid",
      message: "the rules do not compile; the proxy does not start without them",
      diagnostics: loaded.diagnostics,
    };
  const id = sessionId(o.name, new Date());
  const logDir = join(o.rulegateHome, "sessions");
  const opened = await openHookSession(logDir, id, loaded.policy, o.env, o.cwd, o.home, {
    approver: o.approver,
    soleWriter: true,
  });
  if (!opened.ok) return { ok: false, code: "mcp-log-failed", message: opened.error, diagnostics: [] };
  return {
    ok: true,
    id,
    log: sessionPaths(logDir, id).log,
    driver: opened.driver,
    close: async () => {
      await opened.driver.ended();
      await opened.close();
    },
  };
}

/** `mcp-NAME-20261126T050844Z-1a2b3c`: sorted by start, unique per process, a safe file name. */
function sessionId(name: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `mcp-${name}-${stamp}-${randomBytes(3).toString("hex")}`;
}
