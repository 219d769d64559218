import { ownEntry } from "../../core/index.ts";
/**
 * Plan-based approval (docs/adr/0250): a proposed plan is previewed step by step (what each step would be as a
 * step of the plan, and which gates it has; nothing runs and nothing but the `plan_proposed` event is recorded),
 * and a human approves all of its steps or some. Steps that would be denied are never approved: a plan lifts
 * only approve-gates.
 */
import type { Pattern, Policy } from "../../compiler/index.ts";
import type { DecisionRecord, Event, PlanStepRecord } from "../events/index.ts";
import { compileStepPattern, literalPart } from "../plan/index.ts";
import { decide, type DecideDeps } from "../stages/index.ts";
import { LIMITS, type SessionState } from "../state/index.ts";
import type { CallInput } from "./session.ts";

/** A step as the agent proposes it: a call (tool and input), or a pattern where the arguments are not known yet. */
export type PlanStepInput = CallInput | { readonly pattern: string; readonly cwd?: string };

/** A proposed step: what is matched later, and its decision as a step of the plan before any approval. */
export interface PlanStepPreview {
  readonly step: PlanStepRecord;
  readonly decision: DecisionRecord;
}

export interface PlanStepError {
  /** The step's index, or null for the plan as a whole. */
  readonly step: number | null;
  /** A diagnostic code (RG6010: a pattern step broader than one program's calls), or `plan-empty`, `plan-too-long`. */
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

export type PlanProposal =
  | { readonly ok: true; readonly planId: string; readonly steps: readonly PlanStepPreview[] }
  | { readonly ok: false; readonly errors: readonly PlanStepError[] };

export type PlanApproval =
  | {
      readonly ok: true;
      readonly planId: string;
      readonly approved: readonly number[];
      readonly refused: readonly number[];
    }
  | { readonly ok: false; readonly code: "unknown-plan" | "bad-step"; readonly error: string };

type Checked =
  | { readonly kind: "call"; readonly call: CallInput }
  | { readonly kind: "pattern"; readonly pattern: Pattern; readonly cwd?: string };

/** Each step checked: pattern steps compiled and held to be narrower than one program's calls. */
export function checkSteps(
  steps: readonly PlanStepInput[],
): { ok: true; steps: Checked[] } | { ok: false; errors: PlanStepError[] } {
  if (steps.length === 0)
    return { ok: false, errors: [{ step: null, code: "plan-empty", message: "a plan needs at least one step" }] };
  if (steps.length > LIMITS.planSteps)
    return {
      ok: false,
      errors: [
        {
          step: null,
          code: "plan-too-long",
          message: `a plan has at most ${LIMITS.planSteps} steps, found ${steps.length}`,
        },
      ],
    };
  const out: Checked[] = [];
  const errors: PlanStepError[] = [];
  steps.forEach((s, i) => {
    if (!("pattern" in s)) {
      out.push({ kind: "call", call: s });
      return;
    }
    const c = compileStepPattern(s.pattern, `plan step ${i}`);
    if (c.ok) out.push({ kind: "pattern", pattern: c.pattern, ...(s.cwd !== undefined ? { cwd: s.cwd } : {}) });
    else
      errors.push({
        step: i,
        code: c.diagnostic.code,
        message: c.diagnostic.message,
        ...(c.diagnostic.hint !== undefined ? { hint: c.diagnostic.hint } : {}),
      });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, steps: out };
}

/**
 * A step's preview: the call decided as that step of a plan nobody approved yet (its gates stand, plan mode
 * lets it reach them), with no human and nothing executed. A pattern step is decided as its literal part:
 * `bash(kubectl rollout restart deploy/web*)` as `kubectl rollout restart deploy/web`.
 */
export async function previewStep(
  policy: Policy,
  state: SessionState,
  step: { readonly checked: Checked; readonly index: number; readonly planId: string },
  deps: Omit<DecideDeps, "callId" | "planPreview" | "approver" | "executeOnAllow">,
): Promise<PlanStepPreview> {
  const { checked, index, planId } = step;
  const call = checked.kind === "call" ? checked.call : literalCall(checked.pattern, checked.cwd);
  const result = await decide(
    policy,
    state,
    { tool: call.tool, input: call.input, cwd: call.cwd ?? deps.root ?? "/" },
    {
      ...deps,
      callId: `${planId}#${index}`,
      planPreview: { plan: planId, step: index },
      approver: null,
      executeOnAllow: false,
    },
  );
  const { decision } = result;
  const outcome = decision.decision;
  const record: PlanStepRecord =
    checked.kind === "call"
      ? {
          kind: "call",
          tool: decision.tool,
          signature: decision.operation.signature,
          subject: subjectOf(call.input),
          outcome,
        }
      : { kind: "pattern", tool: checked.pattern.tool, pattern: checked.pattern.text, outcome };
  return { step: record, decision };
}

/** The call a pattern step's literal part stands for, to preview it. */
function literalCall(p: Pattern, cwd: string | undefined): CallInput {
  const spec = p.spec;
  const at = cwd !== undefined ? { cwd } : {};
  if (spec === null) return { tool: p.tool, input: {}, ...at };
  switch (spec.kind) {
    case "bash":
      return { tool: "bash", input: { command: literalPart(spec.glob, /\*/).trim() }, ...at };
    case "path":
      return { tool: p.tool, input: { file_path: literalPart(spec.glob) }, ...at };
    case "url":
      return { tool: p.tool, input: { url: literalPart(spec.glob) }, ...at };
    case "domain":
      return { tool: p.tool, input: { url: `https://${spec.domain}/` }, ...at };
    case "json":
      return { tool: p.tool, input: {}, ...at };
  }
}

function subjectOf(input: Readonly<Record<string, unknown>>): string {
  for (const k of ["command", "file_path", "path", "notebook_path", "url"]) {
    const v = ownEntry(input, k);
    if (typeof v === "string") return v.length > 200 ? `${v.slice(0, 200)}…` : v;
  }
  return JSON.stringify(input).slice(0, 200);
}

/** The `plan_proposed` event. */
export function proposedEvent(
  base: { readonly at: string; readonly session: string },
  planId: string,
  steps: readonly PlanStepPreview[],
  origin: { readonly callId?: string; readonly line?: number },
): Event {
  return {
    type: "plan_proposed",
    ...base,
    planId,
    steps: steps.map((s) => s.step),
    ...(origin.callId !== undefined ? { callId: origin.callId } : {}),
    ...(origin.line !== undefined ? { line: origin.line } : {}),
  };
}

/**
 * A human's approval of some steps of an open plan (all when `indexes` is absent). Steps whose preview was a
 * denial are refused (a plan never lifts a deny stage); approving none rejects the plan, which ends it.
 */
export function approval(
  state: SessionState,
  planId: string,
  indexes: readonly number[] | undefined,
  base: { readonly at: string; readonly session: string },
): { readonly result: PlanApproval; readonly events: readonly Event[] } {
  const plan = state.plans.find((p) => p.id === planId);
  if (plan === undefined) {
    const open = state.plans.map((p) => p.id).join(", ") || "none";
    return {
      result: { ok: false, code: "unknown-plan", error: `no open plan '${planId}' (open plans: ${open})` },
      events: [],
    };
  }
  const wanted = indexes ?? plan.steps.map((_, i) => i);
  const bad = wanted.find((i) => !Number.isInteger(i) || i < 0 || i >= plan.steps.length);
  if (bad !== undefined)
    return {
      result: {
        ok: false,
        code: "bad-step",
        error: `plan ${planId} has steps 0 to ${plan.steps.length - 1}, not ${bad}`,
      },
      events: [],
    };
  const unique = [...new Set(wanted)].sort((a, b) => a - b);
  const refused = unique.filter((i) => plan.steps[i]?.outcome === "deny");
  const approved = unique.filter((i) => plan.steps[i]?.outcome !== "deny");
  return {
    result: { ok: true, planId, approved, refused },
    events: [{ type: "plan_approved", ...base, planId, steps: approved }],
  };
}
