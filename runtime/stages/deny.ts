import type { Level, LevelPolicy, Policy, SessionMode } from "../../compiler/ir.ts";
import type { Stage } from "../events/index.ts";
import type { Operation } from "../operation/types.ts";
import { credentialHit, hardDenyCheck, patternHits, sandboxViolation, workspaceOf } from "./ports.ts";
import { OPAQUE_CHECK, opaqueIntent } from "./opaque.ts";
import { policyFiles } from "./policy-files.ts";
import { ruleIndex } from "./rule-index.ts";
import type { TraceStep } from "./types.ts";

/** A stage that decided: which, the hard-deny check name (if any), why, and the patterns that matched. */
export interface StageHit {
  readonly stage: Stage;
  readonly check: string | null;
  readonly reason: string;
  readonly patterns: readonly string[];
}

/**
 * SPEC §2.4 step 2: sandbox, permissions.deny, hard_deny (the catalogue, then opaque code with a dangerous
 * intent), credentials, levels; the first hit wins.
 */
export function denyStages(
  policy: Policy,
  op: Operation,
  mode: SessionMode,
  home: string,
  trace: TraceStep[] | null,
  root?: string,
  ownDirs?: readonly string[],
): StageHit | null {
  if (policy.sandbox !== null) {
    const outside = sandboxViolation(op, policy.sandbox.directories, home, root);
    if (outside !== null)
      return hit(trace, { stage: "sandbox", check: null, reason: `${outside} is outside the sandbox`, patterns: [] });
    miss(trace, "sandbox", "every path is inside the sandbox");
  }
  const denied = ruleIndex(policy)
    .deny(op)
    .filter((p) => patternHits(p, op, home))
    .map((p) => p.text);
  if (denied.length > 0)
    return hit(trace, {
      stage: "permissions.deny",
      check: null,
      reason: patternReason("denied", denied, op),
      patterns: denied,
    });
  miss(trace, "permissions.deny", `${policy.permissions.deny.length} deny patterns, none matched`);
  const workspace = workspaceOf(policy.paths.workspace, home, root ?? op.call.cwd);
  const hard = hardDenyCheck(op, policy.hardDeny, {
    home,
    credentials: policy.paths.credentials,
    policyFiles: policyFiles(policy),
    workspace,
    ...(ownDirs !== undefined ? { ownDirs } : {}),
  });
  if (hard !== null) return hit(trace, { stage: "hard_deny", check: hard.check, reason: hard.reason, patterns: [] });
  const opaque = opaqueIntent(op, policy, home);
  if (opaque !== null) return hit(trace, { stage: "hard_deny", check: OPAQUE_CHECK, reason: opaque, patterns: [] });
  miss(
    trace,
    "hard_deny",
    `${policy.hardDeny.length} checks, none hit${op.opaque === null ? "" : "; opaque code shows no dangerous intent"}`,
  );
  const cred = credentialHit(op, policy.paths.credentials, home);
  if (cred !== null)
    return hit(trace, { stage: "credentials", check: null, reason: `credential path ${cred}`, patterns: [] });
  miss(trace, "credentials", "no credential path touched");
  return levelStage(policy, op.level, mode, "deny", trace);
}

/**
 * Why deny/ask patterns hit. A command the analysis cannot see into (unanalysable, or unknown code run from a
 * pipe) counts as matching every bash deny/ask pattern (SPEC §2.3, docs/adr/0090): the reason leads with that,
 * so nobody reads `curl … | bash` "denied by bash(git push --force*)" as a match of that pattern.
 */
export function patternReason(verb: "denied" | "asked", patterns: readonly string[], op: Operation): string {
  const f = op.shell?.findings.find((x) => x.kind === "unanalysable" || x.kind === "executes-unknown-code");
  if (f === undefined || !("reason" in f)) return `${verb} by ${patterns.join(", ")}`;
  return `the command cannot be analysed (${f.reason}), so it counts as matching every bash ${verb === "denied" ? "deny" : "ask"} pattern: ${patterns.join(", ")}`;
}

/**
 * What a level maps to in a mode, for the deny stage, the ask gates and the allow of step 4. Plan mode only
 * tightens (SPEC §2.4 invariant, docs/adr/0110): the act map applies in both modes, and plan's own map only adds
 * a deny here; its ask caps the outcome instead (planAsk), and its allow or log lets nothing through.
 */
export function levelPolicy(policy: Policy, level: Level, mode: SessionMode): LevelPolicy | undefined {
  const act = policy.levels.act[level];
  if (mode === "plan" && policy.levels.plan[level] === "deny") return "deny";
  return act;
}

/**
 * A plan-mode ask that act mode does not already have: it makes an allow an ask, never a deny an ask, so it is
 * not a gate that would pre-empt step 4 (a default of deny stays a deny in plan mode).
 */
export function planAsk(policy: Policy, level: Level, mode: SessionMode): StageHit | null {
  if (mode !== "plan" || policy.levels.plan[level] !== "ask") return null;
  const act = policy.levels.act[level];
  if (act === "ask" || act === "deny") return null;
  return { stage: "levels", check: null, reason: `${level} is ask in plan mode`, patterns: [] };
}

/** The `levels` stage for one outcome (deny in step 2, ask in step 3). */
export function levelStage(
  policy: Policy,
  level: Level,
  mode: SessionMode,
  want: "deny" | "ask",
  trace: TraceStep[] | null,
): StageHit | null {
  const p = levelPolicy(policy, level, mode);
  if (p === want)
    return hit(trace, { stage: "levels", check: null, reason: `${level} is ${want} in ${mode} mode`, patterns: [] });
  if (want === "deny") miss(trace, "levels", `${level} is ${p ?? "not set"} in ${mode} mode`);
  return null;
}

function hit(trace: TraceStep[] | null, h: StageHit): StageHit {
  trace?.push({
    stage: h.stage,
    outcome: "hit",
    detail: h.reason,
    ...(h.patterns.length > 0 ? { patterns: h.patterns } : {}),
  });
  return h;
}

function miss(trace: TraceStep[] | null, stage: Stage, detail: string): void {
  trace?.push({ stage, outcome: "miss", detail });
}
