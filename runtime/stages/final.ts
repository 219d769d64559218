import type { Pattern } from "../../compiler/index.ts";
import type { Stage } from "../events/index.ts";
import { failureText } from "./ask-model.ts";
import { NEXT, noted, type DecisionContext, type Gate, type StageResult } from "./context.ts";
import { levelPolicy } from "./deny.ts";
import { opaqueText } from "./opaque.ts";
import { levelMode } from "./plan-step.ts";
import { allowedBy, protectedWrite } from "./ports.ts";
import { readOnlyBash } from "./read-only-bash.ts";

/**
 * docs/explanation/decision-order.md step 4, reached when no gate stands: read-only tool, allow pattern (never for writes to
 * protected paths), a level mapped to allow/log (docs/adr/0054), the classifier, then settings.default —
 * which for a write to a protected path is at most `ask` (docs/adr/0056). Opaque code takes none of the allows:
 * the classifier may deny it, nothing but a human allows it (docs/explanation/decision-order.md invariant, docs/adr/0109).
 */
export function readOnlyStage(ctx: DecisionContext): StageResult {
  const { op, policy } = ctx;
  // Opaque code never takes a fast allow (docs/explanation/decision-order.md): it goes on to the classifier, which may deny it, or gates.
  const opaque = opaqueText(op);
  if (opaque !== null)
    return noted(ctx, {
      stage: "permissions.allow",
      outcome: "skip",
      detail: `${opaque}: no allow pattern, read-only tool or level allows it`,
    });
  if (policy.readOnlyTools.includes(op.tool))
    return done(ctx, "allow", { stage: "read_only", reason: `${op.tool} only reads` });
  const reads = readOnlyBash(policy, op, ctx.deps.home);
  if (reads !== null) return done(ctx, "allow", { stage: "read_only", reason: reads });
  const detail =
    op.tool === "bash" && policy.settings.readOnlyBash
      ? "the command does more than read local files"
      : `${op.tool} is not a read-only tool`;
  return noted(ctx, { stage: "read_only", outcome: "miss", detail });
}

export function permissionsAllowStage(ctx: DecisionContext): StageResult {
  const { op, policy } = ctx;
  const protectedHit = protectedWrite(op, policy.paths.protected, ctx.deps.home);
  const opaque = opaqueText(op);
  const allowed = opaque === null ? allowedBy(policy.permissions.allow, op, ctx.deps.home) : null;
  if (allowed !== null && protectedHit === null) {
    const patterns = allowed.map((p: Pattern) => p.text);
    return done(ctx, "allow", { stage: "permissions.allow", reason: `allowed by ${patterns.join(", ")}`, patterns });
  }
  const detail =
    allowed !== null ? `allow pattern matched, but the call ${protectedHit}` : "no allow pattern covers every command";
  return {
    kind: "next",
    learned: { protectedHit },
    ...(opaque === null ? { trace: [{ stage: "permissions.allow", outcome: "miss", detail }] } : {}),
  };
}

export function levelsAllowStage(ctx: DecisionContext): StageResult {
  const { op } = ctx;
  const mode = levelMode(ctx);
  const level = levelPolicy(ctx.policy, op.level, mode);
  if ((level !== "allow" && level !== "log") || ctx.protectedHit !== null || opaqueText(op) !== null) return NEXT;
  const how = level === "log" ? "allowed and logged" : "allowed";
  return done(ctx, "allow", { stage: "levels", reason: `${op.level} is ${how} in ${mode} mode` });
}

export function classifierStage(ctx: DecisionContext): StageResult {
  const { policy, answers } = ctx;
  if (!policy.classifier.enabled) return NEXT;
  const v = answers === null ? undefined : [...answers.verdicts.values()].find((x) => x.answer.kind === "review");
  if (v !== undefined && v.answer.kind === "review") {
    const allow = v.answer.decision === "allow";
    const opaque = opaqueText(ctx.op);
    if (allow && opaque !== null)
      return ask(ctx, {
        stage: "classifier",
        reason: `classifier: allow (${v.answer.tier}): ${v.reason}; but ${opaque}, and opaque code is never allowed without a human`,
        rules: [],
      });
    const reason = `classifier: ${v.answer.decision} (${v.answer.tier}): ${v.reason}`;
    return done(ctx, allow ? "allow" : "deny", { stage: "classifier", reason });
  }
  const why = answers === null ? "classifier not asked" : failureText(answers);
  if (policy.settings.fail === "deny") return done(ctx, "deny", { stage: "classifier", reason: why });
  return ask(ctx, { stage: "classifier", reason: why, rules: [] });
}

export function defaultStage(ctx: DecisionContext): StageResult {
  const d = ctx.policy.settings.default;
  const opaque = opaqueText(ctx.op);
  // Protected paths are "gated/reviewed" (docs/reference/rules-yaml.md): a default of allow does not let a write through unseen.
  if (ctx.protectedHit !== null && d === "allow")
    return ask(ctx, {
      stage: "default",
      reason: `the call ${ctx.protectedHit}; protected paths are always reviewed`,
      rules: [],
    });
  if (opaque !== null && d === "allow")
    return ask(ctx, { stage: "default", reason: `${opaque}; opaque code is never allowed without a human`, rules: [] });
  if (d === "ask") return ask(ctx, { stage: "default", reason: "nothing decided; settings.default is ask", rules: [] });
  return done(ctx, d, { stage: "default", reason: `nothing decided; settings.default is ${d}` });
}

/**
 * Whether step 4 ends before the classifier without any model (read-only tool, allow pattern, level allow):
 * then the classifier need not be asked.
 */
export function allowsWithoutModel(ctx: DecisionContext): boolean {
  const { op, policy } = ctx;
  if (opaqueText(op) !== null) return false;
  if (policy.readOnlyTools.includes(op.tool)) return true;
  if (protectedWrite(op, policy.paths.protected, ctx.deps.home) !== null) return false;
  if (allowedBy(policy.permissions.allow, op, ctx.deps.home) !== null) return true;
  const level = levelPolicy(policy, op.level, levelMode(ctx));
  return level === "allow" || level === "log";
}

/**
 * A step-4 outcome. Plan mode only tightens (docs/adr/0110): what act mode allows, plan mode's ask puts to a
 * human. Rules that only log are named in the reason.
 */
function done(
  ctx: DecisionContext,
  decision: "allow" | "deny",
  out: { readonly stage: Stage; readonly reason: string; readonly patterns?: readonly string[] },
): StageResult {
  const { stage, reason } = out;
  const hit = {
    stage,
    outcome: "hit",
    detail: reason,
    ...(out.patterns !== undefined ? { patterns: out.patterns } : {}),
  } as const;
  const plan = ctx.planGate;
  if (decision === "allow" && plan !== null) {
    const detail = `${plan.reason}: the ${stage} allow is asked about in plan mode`;
    return {
      kind: "gated",
      gates: [{ stage: "levels", reason: `${plan.reason} (${reason})`, rules: [] }],
      trace: [hit, { stage: "levels", outcome: "gate", detail }],
    };
  }
  const note = ctx.logged.length > 0 ? ` (logged by ${ctx.logged.join(", ")})` : "";
  return { kind: "end", ending: { decision, stage, reason: reason + note, rules: ctx.logged }, trace: [hit] };
}

function ask(ctx: DecisionContext, g: Gate): StageResult {
  return {
    kind: "gated",
    gates: ctx.planGate === null ? [g] : [g, ctx.planGate],
    trace: [{ stage: g.stage, outcome: "gate", detail: g.reason }],
  };
}
