import type { Level, LevelPolicy, Policy, SessionMode } from "../../compiler/index.ts";
import type { Stage } from "../events/index.ts";
import type { Operation } from "../operation/index.ts";
import { credentialHit, hardDenyCheck, patternHits, sandboxViolation, workspaceOf } from "./ports.ts";
import { OPAQUE_CHECK, opaqueIntent } from "./opaque.ts";
import { policyFiles } from "./policy-files.ts";
import { ruleIndex } from "./rule-index.ts";
import type { TraceStep } from "./types.ts";
import { NEXT, noted, type DecisionContext, type StageResult } from "./context.ts";
import { levelMode, PLAN_STEP_LEVELS } from "./plan-step.ts";

/** A stage that decided: which, the hard-deny check name (if any), why, and the patterns that matched. */
export interface StageHit {
  readonly stage: Stage;
  readonly check: string | null;
  readonly reason: string;
  readonly patterns: readonly string[];
}

/** docs/explanation/decision-order.md step 2, first hit wins: `sandbox`, a path outside the sandbox directories. */
export function sandboxStage(ctx: DecisionContext): StageResult {
  const { policy, op, deps } = ctx;
  if (policy.sandbox === null) return NEXT;
  const outside = sandboxViolation(op, policy.sandbox.directories, deps.home, deps.root);
  if (outside !== null)
    return denied({ stage: "sandbox", check: null, reason: `${outside} is outside the sandbox`, patterns: [] });
  return noted(ctx, miss("sandbox", "every path is inside the sandbox"));
}

/** `permissions.deny`: the policy's deny patterns. */
export function permissionsDenyStage(ctx: DecisionContext): StageResult {
  const { policy, op, deps } = ctx;
  const hits = ruleIndex(policy)
    .deny(op)
    .filter((p) => patternHits(p, op, deps.home))
    .map((p) => p.text);
  if (hits.length > 0)
    return denied({
      stage: "permissions.deny",
      check: null,
      reason: patternReason("denied", hits, op),
      patterns: hits,
    });
  return noted(ctx, miss("permissions.deny", `${policy.permissions.deny.length} deny patterns, none matched`));
}

/** `hard_deny`: the catalogue, then opaque code with a dangerous intent. */
export function hardDenyStage(ctx: DecisionContext): StageResult {
  const { policy, op, deps } = ctx;
  const { home, root, ownDirs } = deps;
  const workspace = workspaceOf(policy.paths.workspace, home, root ?? op.call.cwd);
  const hard = hardDenyCheck(op, policy.hardDeny, {
    home,
    credentials: policy.paths.credentials,
    policyFiles: policyFiles(policy),
    workspace,
    ...(ownDirs !== undefined ? { ownDirs } : {}),
  });
  if (hard !== null) return denied({ stage: "hard_deny", check: hard.check, reason: hard.reason, patterns: [] });
  const opaque = opaqueIntent(op, policy, home);
  if (opaque !== null) return denied({ stage: "hard_deny", check: OPAQUE_CHECK, reason: opaque, patterns: [] });
  return noted(
    ctx,
    miss(
      "hard_deny",
      `${policy.hardDeny.length} checks, none hit${op.opaque === null ? "" : "; opaque code shows no dangerous intent"}`,
    ),
  );
}

/** `credentials`: a credential path touched. */
export function credentialsStage(ctx: DecisionContext): StageResult {
  const cred = credentialHit(ctx.op, ctx.policy.paths.credentials, ctx.deps.home);
  if (cred !== null)
    return denied({ stage: "credentials", check: null, reason: `credential path ${cred}`, patterns: [] });
  return noted(ctx, miss("credentials", "no credential path touched"));
}

/**
 * `levels`: a level mapped to deny in the current mode (step 2, and again for a classified unknown tool). In
 * plan mode, DESTRUCTIVE, EXPENSIVE and SECURITY calls run only as steps of an approved plan (docs/adr/0250):
 * the denial says so, and a plan step is held to act mode's map instead.
 */
export function levelsDenyStage(ctx: DecisionContext): StageResult {
  const { policy, op } = ctx;
  const mode = levelMode(ctx);
  const hit = levelStage(policy, op.level, mode, "deny");
  if (hit !== null)
    return denied(mustBeInAPlan(policy, op.level, mode) ? { ...hit, reason: `${hit.reason}: ${IN_A_PLAN}` } : hit);
  const p = levelPolicy(policy, op.level, mode);
  const step = mode !== ctx.state.mode ? " (a step of an approved plan is held to act mode's levels)" : "";
  return noted(ctx, miss("levels", `${op.level} is ${p ?? "not set"} in ${mode} mode${step}`));
}

const IN_A_PLAN = "it runs only as a step of an approved plan";

/** A plan-mode denial a plan step would not have: the level is one plan mode keeps for plans, and act mode does not deny it. */
function mustBeInAPlan(policy: Policy, level: Level, mode: SessionMode): boolean {
  return mode === "plan" && PLAN_STEP_LEVELS.has(level) && policy.levels.act[level] !== "deny";
}

/**
 * Why deny/ask patterns hit. A command the analysis cannot see into (unanalysable, or unknown code run from a
 * pipe) counts as matching every bash deny/ask pattern (docs/reference/patterns.md, docs/adr/0090): the reason leads with that,
 * so nobody reads `curl … | bash` "denied by bash(git push --force*)" as a match of that pattern.
 */
export function patternReason(verb: "denied" | "asked", patterns: readonly string[], op: Operation): string {
  const f = op.shell?.findings.find((x) => x.kind === "unanalysable" || x.kind === "executes-unknown-code");
  if (f === undefined || !("reason" in f)) return `${verb} by ${patterns.join(", ")}`;
  return `the command cannot be analysed (${f.reason}), so it counts as matching every bash ${verb === "denied" ? "deny" : "ask"} pattern: ${patterns.join(", ")}`;
}

/**
 * What a level maps to in a mode, for the deny stage, the ask gates and the allow of step 4. Plan mode only
 * tightens (docs/explanation/decision-order.md invariant, docs/adr/0110): the act map applies in both modes, and plan's own map only adds
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
export function levelStage(policy: Policy, level: Level, mode: SessionMode, want: "deny" | "ask"): StageHit | null {
  if (levelPolicy(policy, level, mode) !== want) return null;
  return { stage: "levels", check: null, reason: `${level} is ${want} in ${mode} mode`, patterns: [] };
}

/** A deny stage that hit: the call is denied here, nothing later can undo it. */
export function denied(h: StageHit): StageResult {
  return {
    kind: "end",
    ending: { decision: "deny", stage: h.stage, reason: h.reason, check: h.check },
    trace: [
      { stage: h.stage, outcome: "hit", detail: h.reason, ...(h.patterns.length > 0 ? { patterns: h.patterns } : {}) },
    ],
  };
}

function miss(stage: Stage, detail: string): TraceStep {
  return { stage, outcome: "miss", detail };
}
