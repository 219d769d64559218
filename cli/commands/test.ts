import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

/** `rules test [DIR|FILE…] [--format text|json]`: runs `*.rulestest.yaml` files; exit 0 all pass, 3 on failures. */
export const registerTest: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("test")
    .description("run policy test files (*.rulestest.yaml: call sequences with expected decisions)")
    .argument("[paths...]", "directories to search or test files (default: the current directory)")
    .option("--format <format>", "text | json", "text")
    .action(async (paths: string[], opts: { format: string }) =>
      setExit(await (await import("./test-run.ts")).runTests(paths, opts.format, io)),
    );
};
