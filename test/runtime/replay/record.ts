import { homedir } from "node:os";
import { compileText } from "../../../compiler/index.ts";
import type { Policy } from "../../../compiler/ir.ts";
import { openLog } from "../../../runtime/log/index.ts";
import type { ModelClient } from "../../../runtime/model/index.ts";
import { createSession } from "../../../runtime/session/index.ts";

/**
 * Records a session the way `rules eval --log` does: the real session decides each call and hands every
 * batch of events to the log writer (its sink) before they count.
 */
export type Step =
  | {
      readonly tool: string;
      readonly input: Readonly<Record<string, unknown>>;
      readonly reply?: "approve" | "deny";
      readonly cwd?: string;
    }
  | { readonly user: string }
  | { readonly command: string };

export function policyOf(yaml: string): Policy {
  const { policy, diagnostics } = compileText(yaml, "/tmp/rules.yaml");
  if (policy === null) throw new Error(`test policy does not compile: ${diagnostics.map((d) => d.message).join("; ")}`);
  return policy;
}

export async function recordSession(
  path: string,
  policy: Policy,
  steps: readonly Step[],
  options: { session?: string; model?: ModelClient } = {},
): Promise<void> {
  const log = await openLog(path);
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  const session = createSession(policy, {
    id: options.session ?? "s1",
    clock: () => new Date((clock += 1000)),
    home: homedir(),
    cwd: "/repo",
    ...(options.model !== undefined ? { model: options.model } : {}),
    sink: async (events) => void (await log.append(events)),
  });
  let line = 0;
  for (const step of steps) {
    line++;
    if ("user" in step) await session.userMessage(step.user);
    else if ("command" in step) await session.command(step.command);
    else {
      const reply = step.reply;
      await session.decide(
        { tool: step.tool, input: step.input, ...(step.cwd !== undefined ? { cwd: step.cwd } : {}) },
        { line, approver: reply === undefined ? null : { ask: async () => reply } },
      );
    }
  }
  await log.close();
}
