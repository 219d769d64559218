import { homedir } from "node:os";
import { compileText } from "../../../compiler/index.ts";
import type { Policy } from "../../../compiler/ir.ts";
import type { Event } from "../../../runtime/events/index.ts";
import { openLog } from "../../../runtime/log/index.ts";
import type { ModelClient } from "../../../runtime/model/index.ts";
import { unavailableModel } from "../../../runtime/model/index.ts";
import { loadShellAnalyzer } from "../../../runtime/shell/index.ts";
import { decide } from "../../../runtime/stages/decide.ts";
import { foldAll, initialState } from "../../../runtime/state/index.ts";

/**
 * Records a session the way `rules eval --log` does: decide each call with the real stages, fold the events,
 * and append each decision's events to the log as one batch. Used to produce logs that replay then reads.
 */
export type Step =
  | { readonly tool: string; readonly input: Readonly<Record<string, unknown>>; readonly reply?: "approve" | "deny" }
  | { readonly user: string };

export function policyOf(yaml: string): Policy {
  const { policy, diagnostics } = compileText(yaml, "/tmp/rules.yaml");
  if (policy === null) throw new Error(`test policy does not compile: ${diagnostics.map((d) => d.message).join("; ")}`);
  return policy;
}

export async function recordSession(path: string, policy: Policy, steps: readonly Step[], options: { session?: string; model?: ModelClient } = {}): Promise<void> {
  const session = options.session ?? "s1";
  const analyzer = await loadShellAnalyzer();
  const log = await openLog(path);
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  const now = () => new Date((clock += 1000)).toISOString();
  let state = initialState(policy);
  const write = async (events: readonly Event[]) => {
    await log.append(events);
    state = foldAll(state, events);
  };
  await write([{ type: "session_started", at: now(), session, policyHash: policy.hash }]);
  let n = 0;
  for (const step of steps) {
    n++;
    if ("user" in step) {
      await write([{ type: "user_message", at: now(), session, text: step.user }]);
      continue;
    }
    const reply = step.reply;
    const result = await decide(policy, state, { tool: step.tool, input: step.input, cwd: "/repo" }, {
      session,
      callId: `c${n}`,
      now,
      model: options.model ?? unavailableModel,
      approver: reply === undefined ? null : { ask: async () => reply },
      sleep: () => new Promise(() => {}),
      home: homedir(),
      analyzer,
      line: n,
      executeOnAllow: true,
    });
    await write(result.events);
  }
  await log.close();
}
