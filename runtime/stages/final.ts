import type { Pattern, Policy } from "../../compiler/ir.ts";
import type { Stage } from "../events/index.ts";
import type { Operation } from "../operation/types.ts";
import type { SessionState } from "../state/index.ts";
import { failureText, type Answers } from "./ask-model.ts";
import { levelPolicy } from "./deny.ts";
import { opaqueText } from "./opaque.ts";
import { allowedBy, protectedWrite } from "./ports.ts";
import type { TraceStep } from "./types.ts";

export interface Gate {
  readonly stage: Stage;
  readonly reason: string;
  readonly rules: readonly string[];
}

export type FinalOutcome =
  | { readonly decision: "allow" | "deny"; readonly stage: Stage; readonly reason: string }
  | { readonly decision: "ask"; readonly stage: Stage; readonly gate: Gate };

/**
 * SPEC §2.4 step 4, reached when no gate stands: read-only tool, allow pattern (never for writes to
 * protected paths), a level mapped to allow/log (docs/adr/0054), the classifier, then settings.default —
 * which for a write to a protected path is at most `ask` (docs/adr/0056). Opaque code takes none of the allows:
 * the classifier may deny it, nothing but a human allows it (SPEC §2.4 invariant, docs/adr/0109).
 * `probe` stops at the classifier without an answer (to know whether a review question is needed).
 */
export function finalStage(
  policy: Policy,
  state: SessionState,
  op: Operation,
  answers: Answers | null,
  home: string,
  trace: TraceStep[] | null,
  probe = false,
): FinalOutcome {
  // Opaque code never takes a fast allow (SPEC §2.4): it goes on to the classifier, which may deny it, or gates.
  const opaque = opaqueText(op);
  if (opaque !== null) {
    trace?.push({
      stage: "permissions.allow",
      outcome: "skip",
      detail: `${opaque}: no allow pattern, read-only tool or level allows it`,
    });
  } else {
    if (policy.readOnlyTools.includes(op.tool)) return done(trace, "allow", "read_only", `${op.tool} only reads`);
    trace?.push({ stage: "read_only", outcome: "miss", detail: `${op.tool} is not a read-only tool` });
  }
  const protectedHit = protectedWrite(op, policy.paths.protected, home);
  const isProtected = protectedHit !== null;
  const allowed = opaque === null ? allowedBy(policy.permissions.allow, op, home) : null;
  if (allowed !== null && !isProtected)
    return done(
      trace,
      "allow",
      "permissions.allow",
      `allowed by ${allowed.map((p: Pattern) => p.text).join(", ")}`,
      allowed.map((p: Pattern) => p.text),
    );
  if (opaque === null)
    trace?.push({
      stage: "permissions.allow",
      outcome: "miss",
      detail:
        allowed !== null
          ? `allow pattern matched, but the call ${protectedHit}`
          : "no allow pattern covers every command",
    });
  const level = levelPolicy(policy, op.level, state.mode);
  if ((level === "allow" || level === "log") && !isProtected && opaque === null) {
    return done(
      trace,
      "allow",
      "levels",
      `${op.level} is ${level === "log" ? "allowed and logged" : "allowed"} in ${state.mode} mode`,
    );
  }
  if (policy.classifier.enabled) {
    if (probe) return { decision: "deny", stage: "classifier", reason: "" };
    const v = answers === null ? undefined : [...answers.verdicts.values()].find((x) => x.answer.kind === "review");
    if (v !== undefined && v.answer.kind === "review") {
      const allow = v.answer.decision === "allow";
      if (allow && opaque !== null)
        return ask(trace, {
          stage: "classifier",
          reason: `classifier: allow (${v.answer.tier}): ${v.reason}; but ${opaque}, and opaque code is never allowed without a human`,
          rules: [],
        });
      return done(
        trace,
        allow ? "allow" : "deny",
        "classifier",
        `classifier: ${v.answer.decision} (${v.answer.tier}): ${v.reason}`,
      );
    }
    const why = answers === null ? "classifier not asked" : failureText(answers);
    if (policy.settings.fail === "deny") return done(trace, "deny", "classifier", why);
    return ask(trace, { stage: "classifier", reason: why, rules: [] });
  }
  const d = policy.settings.default;
  // Protected paths are "gated/reviewed" (SPEC §2): a default of allow does not let a write through unseen.
  if (protectedHit !== null && d === "allow")
    return ask(trace, {
      stage: "default",
      reason: `the call ${protectedHit}; protected paths are always reviewed`,
      rules: [],
    });
  if (opaque !== null && d === "allow")
    return ask(trace, {
      stage: "default",
      reason: `${opaque}; opaque code is never allowed without a human`,
      rules: [],
    });
  if (d === "ask")
    return ask(trace, { stage: "default", reason: "nothing decided; settings.default is ask", rules: [] });
  return done(trace, d, "default", `nothing decided; settings.default is ${d}`);
}

function done(
  trace: TraceStep[] | null,
  decision: "allow" | "deny",
  stage: Stage,
  reason: string,
  patterns?: readonly string[],
): FinalOutcome {
  trace?.push({ stage, outcome: "hit", detail: reason, ...(patterns !== undefined ? { patterns } : {}) });
  return { decision, stage, reason };
}

function ask(trace: TraceStep[] | null, gate: Gate): FinalOutcome {
  trace?.push({ stage: gate.stage, outcome: "gate", detail: gate.reason });
  return { decision: "ask", stage: gate.stage, gate };
}
