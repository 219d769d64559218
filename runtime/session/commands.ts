import { type Policy, canonicalTool } from "../../compiler/index.ts";
import type { Event } from "../events/index.ts";

/** A session command of docs/reference/eval-jsonl.md parsed into the events it produces, or why it is not one. */
export type CommandOutcome =
  | { readonly ok: true; readonly events: readonly Event[] }
  | { readonly ok: false; readonly error: string };

const USAGE =
  "commands: /disable ID, /enable ID, /reset, /plan on|off|clear, /automode on|off, /approve-all TOOL|on|off";

export function parseCommand(
  policy: Policy,
  line: string,
  base: { readonly at: string; readonly session: string },
): CommandOutcome {
  const words = line.trim().split(/\s+/);
  const [name, arg, extra] = words;
  const ok = (...events: Event[]): CommandOutcome => ({ ok: true, events });
  const bad = (error: string): CommandOutcome => ({ ok: false, error });
  if (extra !== undefined) return bad(`too many arguments: ${line.trim()}`);
  const onOff = (v: string | undefined): boolean | null => (v === "on" ? true : v === "off" ? false : null);
  switch (name) {
    case "/disable":
    case "/enable": {
      if (arg === undefined) return bad(`${name} needs a rule id`);
      if (!policy.rules.some((r) => r.id === arg)) return bad(`unknown rule '${arg}'`);
      return ok({ type: name === "/disable" ? "rule_disabled" : "rule_enabled", ...base, ruleId: arg });
    }
    case "/reset":
      return arg === undefined ? ok({ type: "reset", ...base }) : bad("/reset takes no argument");
    case "/plan":
      // `/plan clear` ends every plan (docs/adr/0250); on/off is plan mode.
      if (arg === "clear") return ok({ type: "plan_cleared", ...base });
      if (onOff(arg) === null) return bad("/plan needs on, off or clear");
      return ok({ type: "mode_changed", ...base, change: { what: "plan", on: onOff(arg) === true } });
    case "/automode": {
      const on = onOff(arg);
      if (on === null) return bad(`${name} needs on or off`);
      return ok({ type: "mode_changed", ...base, change: { what: "automode", on } });
    }
    case "/approve-all": {
      if (arg === undefined) return bad("/approve-all needs a tool name, or on|off");
      const on = onOff(arg);
      if (on !== null) return ok({ type: "mode_changed", ...base, change: { what: "approve_all", on } });
      return ok({ type: "mode_changed", ...base, change: { what: "approve_all_tool", tool: canonicalTool(arg) } });
    }
    default:
      return bad(`unknown command '${name ?? ""}'; ${USAGE}`);
  }
}
