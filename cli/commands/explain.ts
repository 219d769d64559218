import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

/** `rules explain --call JSON [--policy FILE] [--format text|json]`: the decision with its stage-by-stage trace. */
export const registerExplain: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("explain")
    .description("decide one call and show the full trace: stages in order, matched patterns, parsed shell commands, rules")
    .requiredOption("--call <json>", "the call, as an eval input line: {\"tool\":…,\"input\":{…}}")
    .option("--policy <file>", "rules file (default: the effective policy of the config sources)")
    .option("--format <format>", "text | json", "text")
    .action(async (opts: { call: string; policy?: string; format: string }) => setExit(await (await import("./explain-run.ts")).runExplain(opts, io)));
};

