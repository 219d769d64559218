/**
 * Claude Code has no extension commands, so a user controls the rulegate session by typing
 * `/rulegate disable no-write-after-web` (the prompt command installed by `--install`). The UserPromptSubmit
 * hook recognizes it here, applies it and blocks the prompt so it never reaches the model. Only the user
 * submits prompts; the model cannot reach this path.
 */

export type PromptCommand =
  | { readonly kind: "status" }
  | { readonly kind: "help"; readonly problem: string | null }
  /** A session command in the runtime's form (docs/reference/eval-jsonl.md), e.g. `/disable no-write-after-web`. */
  | { readonly kind: "session"; readonly command: string };

const PREFIX = /^\s*\/rulegate(?:\s+|$)/;

/** Null when the prompt is not addressed to rulegate (it then goes to the model as usual). */
export function parsePromptCommand(prompt: string): PromptCommand | null {
  const match = PREFIX.exec(prompt);
  if (!match) return null;
  const words = prompt
    .slice(match[0].length)
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  const [verb, ...args] = words;
  switch (verb) {
    case undefined:
    case "status":
    case "rules":
      return { kind: "status" };
    case "help":
      return { kind: "help", problem: null };
    case "disable":
    case "enable":
    case "approve-all":
      return args.length === 1
        ? { kind: "session", command: `/${verb} ${args[0]}` }
        : { kind: "help", problem: `'${verb}' takes one argument` };
    case "reset":
      return args.length === 0
        ? { kind: "session", command: "/reset" }
        : { kind: "help", problem: "'reset' takes no argument" };
    case "plan":
      // `/rulegate plan clear` ends every plan (docs/adr/0250); on/off is plan mode.
      return args.length === 1 && (args[0] === "on" || args[0] === "off" || args[0] === "clear")
        ? { kind: "session", command: `/plan ${args[0]}` }
        : { kind: "help", problem: "'plan' takes on, off or clear" };
    case "automode":
      return args.length === 1 && (args[0] === "on" || args[0] === "off")
        ? { kind: "session", command: `/${verb} ${args[0]}` }
        : { kind: "help", problem: `'${verb}' takes on or off` };
    default:
      return { kind: "help", problem: `unknown rulegate command '${verb}'` };
  }
}

export const PROMPT_HELP = [
  "rulegate commands (typed as a prompt; never sent to the model):",
  "  /rulegate status              active rules, disabled rules, approvals, last denials",
  "  /rulegate disable ID          lift a blocking rule for this session",
  "  /rulegate enable ID           turn it back on",
  "  /rulegate reset               forget activations and approvals of this session",
  "  /rulegate plan on|off         plan mode (levels.plan)",
  "  /rulegate plan clear          end every approved plan of this session",
  "  /rulegate automode on|off     off: rulegate allows everything (recorded)",
  "  /rulegate approve-all TOOL    approve every gated call of TOOL in this session",
].join("\n");
