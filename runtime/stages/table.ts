/**
 * The decision stages of docs/explanation/decision-order.md, in the order they run: one table, like the hard-deny catalogue. Each
 * stage reads the decision's context and says what it found: go on, end here, gate the call, or wait for the
 * model. `step` is the step of docs/explanation/decision-order.md (and of docs/explanation/decision-order.md) the stage belongs to;
 * `stage` is what a decision made there is recorded as (null: the stage only learns something). A test holds
 * this table, the `Stage` type and the documented order equal.
 */
import type { Stage } from "../events/index.ts";
import type { DecisionContext, StageResult } from "./context.ts";
import { credentialsStage, hardDenyStage, levelsDenyStage, permissionsDenyStage, sandboxStage } from "./deny.ts";
import { classifierStage, defaultStage, levelsAllowStage, permissionsAllowStage, readOnlyStage } from "./final.ts";
import { askGateStage, credentialGateStage, levelGateStage, promptStage, ruleGateStage } from "./gates.ts";
import {
  blockingStage,
  blockNowStage,
  classifyStage,
  modelStage,
  planStage,
  questionsStage,
  resolveStage,
} from "./rules.ts";
import { planStepStage } from "./plan-step.ts";
import { callIdStage, cancelledStage, monitorsStage, offStage } from "./start.ts";

export interface StageRow {
  readonly name: string;
  readonly step: 1 | 2 | 3 | 4;
  readonly stage: Stage | null;
  readonly run: (ctx: DecisionContext) => StageResult;
}

export const STAGE_TABLE: readonly StageRow[] = [
  // 1. Before anything: a cancelled call, a call id still in use (both denied, fail closed), which approved plan
  // step the call is (docs/adr/0250), automode off.
  { name: "cancelled", step: 1, stage: "cancelled", run: cancelledStage },
  { name: "call-id-in-use", step: 1, stage: "hard_deny", run: callIdStage },
  { name: "monitors", step: 1, stage: null, run: monitorsStage },
  { name: "plan-step", step: 1, stage: null, run: planStepStage },
  { name: "off", step: 1, stage: "off", run: offStage },
  // 2. Deny stages, first hit wins.
  { name: "sandbox", step: 2, stage: "sandbox", run: sandboxStage },
  { name: "permissions.deny", step: 2, stage: "permissions.deny", run: permissionsDenyStage },
  { name: "hard_deny", step: 2, stage: "hard_deny", run: hardDenyStage },
  { name: "credentials", step: 2, stage: "credentials", run: credentialsStage },
  { name: "levels.deny", step: 2, stage: "levels", run: levelsDenyStage },
  // 3. Rules and gates: a block rule denies at once; the model answers every open question in one request.
  { name: "plan", step: 3, stage: null, run: planStage },
  { name: "rules.block", step: 3, stage: "rules", run: blockNowStage },
  { name: "questions", step: 3, stage: null, run: questionsStage },
  { name: "model", step: 3, stage: null, run: modelStage },
  { name: "classify", step: 3, stage: "levels", run: classifyStage },
  { name: "resolve", step: 3, stage: null, run: resolveStage },
  { name: "rules.blocking", step: 3, stage: "rules", run: blockingStage },
  { name: "permissions.ask", step: 3, stage: "permissions.ask", run: askGateStage },
  { name: "credentials.unresolved", step: 3, stage: "credentials", run: credentialGateStage },
  { name: "levels.ask", step: 3, stage: "levels", run: levelGateStage },
  { name: "rules.gate", step: 3, stage: "rules", run: ruleGateStage },
  { name: "approval", step: 3, stage: null, run: promptStage },
  // 4. No gate: the allows, the classifier, then settings.default (which always decides).
  { name: "read_only", step: 4, stage: "read_only", run: readOnlyStage },
  { name: "permissions.allow", step: 4, stage: "permissions.allow", run: permissionsAllowStage },
  { name: "levels.allow", step: 4, stage: "levels", run: levelsAllowStage },
  { name: "classifier", step: 4, stage: "classifier", run: classifierStage },
  { name: "default", step: 4, stage: "default", run: defaultStage },
];
