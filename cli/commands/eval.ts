import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

const MODEL_STATS_HELP = `
--model-stats counts the model's work for the whole run: HTTP requests,
questions asked, questions answered from the memo, input and output tokens as
the API reported them, and failed asks by cause. With --format json it is one
extra, final line on stdout (one line; wrapped here):
  {"model_stats":{"asks":N,"questions":N,"memo_hits":N,"requests":N,
    "input_tokens":N,"output_tokens":N,"failures":N,
    "failures_by_cause":{"timeout":N,...}}}
With --format table it is a short block after the summary. Without
ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN no model is configured: every ask
fails as "unavailable" and no request is made.
`;

/** `rules eval [--policy FILE] [--call JSON | FILE.jsonl | -] [--log LOG.jsonl] [--format json|table] [--model-stats] [--root DIR]` (docs/reference/eval-jsonl.md). */
export const registerEval: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("eval")
    .description("decide tool calls: JSONL in (calls, user messages, session commands), one decision per line out")
    .argument("[input]", "a JSONL file of input lines, or - for stdin")
    .option("--policy <file>", "rules file (default: the effective policy of the config sources)")
    .option("--call <json>", "one input line as JSON")
    .option("--log <file>", "append every event to this event log (JSONL, hash-chained)")
    .option("--format <format>", "json | table (default: table on a terminal, json otherwise)")
    .option("--model-stats", "after the decisions, report the model's usage for the run (see below)")
    .option(
      "--root <dir>",
      "the session root: where relative sandbox and workspace directories are anchored (default: the current directory)",
    )
    .addHelpText("after", MODEL_STATS_HELP)
    .action(
      async (
        input: string | undefined,
        opts: { policy?: string; call?: string; log?: string; format?: string; modelStats?: boolean; root?: string },
      ) => setExit(await (await import("./eval-run.ts")).runEval(input, opts, io)),
    );
};
