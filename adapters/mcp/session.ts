/**
 * One `rules mcp-proxy` process is one rulegate session: an event log under $RULEGATE_HOME/sessions like a
 * Claude Code session's, so `rules replay`, `rules explain --session` and the `rules serve` UI read it the
 * same way. The rules may change while the proxy runs: `switchTo` records the new policy in the log
 * (`policy_changed`) and decides every later call under it, after every step begun under the old one.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Policy } from "../../compiler/index.ts";
import type { Approver } from "../../runtime/stages/index.ts";
import { openHookSession, sessionPaths, type HookSession } from "../claude-code/session-log.ts";
import type { SessionDriver } from "../common/index.ts";

export interface ProxySessionOptions {
  /** The server's name (`--name`): part of the session id, so a log says which server it gated. */
  readonly name: string;
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
      /** The session's driver, whichever policy is in force. */
      readonly driver: SessionDriver;
      /** Decide from now on under `policy`; an error text when the session's log cannot be reopened. */
      switchTo(policy: Policy): Promise<string | null>;
      close(): Promise<void>;
    }
  | { readonly ok: false; readonly message: string };

type Open = Extract<HookSession, { ok: true }>;

export async function openProxySession(o: ProxySessionOptions, policy: Policy): Promise<ProxySession> {
  const id = sessionId(o.name, new Date());
  const logDir = join(o.rulegateHome, "sessions");
  const open = (p: Policy) =>
    openHookSession(logDir, id, p, o.env, o.cwd, o.home, { approver: o.approver, soleWriter: true });
  const first = await open(policy);
  if (!first.ok) return { ok: false, message: first.error };
  let current: Open | null = first;
  let broken = "";
  /** Every step handed to the current session, so a switch closes it only after they are recorded. */
  let steps: Promise<unknown> = Promise.resolve();
  let switching: Promise<unknown> = Promise.resolve();
  const step = <T>(run: (d: SessionDriver) => Promise<T>): Promise<T> => {
    const next = switching.then(() => {
      if (current === null) throw new Error(`rulegate cannot record this session: ${broken}`);
      return run(current.driver);
    });
    steps = Promise.allSettled([steps, next]);
    return next;
  };
  const driver: SessionDriver = {
    mode: () => current?.driver.mode() ?? "act",
    decide: (call, signal) => step((d) => d.decide(call, signal)),
    executed: (call) => step((d) => d.executed(call)),
    answered: (call, approved) => step((d) => d.answered(call, approved)),
    offer: (callId) => current?.driver.offer(callId),
    reportLabels: (report) => step((d) => d.reportLabels(report)),
    user: (text) => step((d) => d.user(text)),
    ended: () => step((d) => d.ended()),
    command: (text) => step((d) => d.command(text)),
    proposePlan: (call, plan) => step((d) => d.proposePlan(call, plan)),
    planAccepted: (callId) => step((d) => d.planAccepted(callId)),
    approvePlan: (planId, indexes) => step((d) => d.approvePlan(planId, indexes)),
    status: () => {
      if (current === null) throw new Error(`rulegate cannot record this session: ${broken}`);
      return current.driver.status();
    },
  };
  return {
    ok: true,
    id,
    log: sessionPaths(logDir, id).log,
    driver,
    switchTo(next) {
      const done = Promise.allSettled([steps, switching]).then(async () => {
        await current?.close();
        const reopened = await open(next);
        current = reopened.ok ? reopened : null;
        if (!reopened.ok) broken = reopened.error;
        return reopened.ok ? null : reopened.error;
      });
      switching = done;
      return done;
    },
    close: async () => {
      await driver.ended().catch(() => {});
      await Promise.allSettled([steps, switching]);
      await current?.close();
      current = null;
      broken = "the session is closed";
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
