import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

/** `rules eval [--policy FILE] [--call JSON | FILE.jsonl | -] [--log LOG.jsonl] [--format json|table]` (SPEC §3.1-3.2). */
export const registerEval: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("eval")
    .description("decide tool calls: JSONL in (calls, user messages, session commands), one decision per line out")
    .argument("[input]", "a JSONL file of input lines, or - for stdin")
    .option("--policy <file>", "rules file (default: the effective policy of the config sources)")
    .option("--call <json>", "one input line as JSON")
    .option("--log <file>", "append every event to this event log (JSONL, hash-chained)")
    .option("--format <format>", "json | table (default: table on a terminal, json otherwise)")
    .action(async (input: string | undefined, opts: { policy?: string; call?: string; log?: string; format?: string }) =>
      setExit(await (await import("./eval-run.ts")).runEval(input, opts, io)),
    );
};

