import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

const SESSION_HELP = `
--session replays a session before the call, so rules that depend on what
happened earlier (after: seen(...), rules the model activated, /disable) are
explained as they stand at that point. The file holds rules eval input lines
(calls, user messages, session commands; the file you would give rules eval),
decided in order under --policy. An event log is not accepted: its state was
folded under the rules of that time. Without "session" in --call, the call
joins the history's session when it has only one.
`;

/** `rules explain --call JSON [--session FILE.jsonl] [--policy FILE] [--format text|json]`: the decision with its stage-by-stage trace. */
export const registerExplain: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("explain")
    .description(
      "decide one call and show the full trace: stages in order, matched patterns, parsed shell commands, rules, and why each other rule did not fire",
    )
    .requiredOption("--call <json>", 'the call, as an eval input line: {"tool":…,"input":{…}}')
    .option("--session <file>", "rules eval input lines (JSONL) to decide first: the session history (see below)")
    .option("--policy <file>", "rules file (default: the effective policy of the config sources)")
    .option("--format <format>", "text | json", "text")
    .addHelpText("after", SESSION_HELP)
    .action(async (opts: { call: string; session?: string; policy?: string; format: string }) =>
      setExit(await (await import("./explain-run.ts")).runExplain(opts, io)),
    );
};
