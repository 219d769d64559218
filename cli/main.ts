import { Command, CommanderError } from "commander";
import manifest from "../package.json" with { type: "json" };
import { EXIT, processIo, UsageError, type Io } from "./io.ts";
import { COMMANDS } from "./commands/index.ts";
import { describeSystemError, isSystemError } from "./render/system-error.ts";

/**
 * The `rules` program: every subcommand registered, with `--help` on each and `--version`. Exported so a test
 * can walk the commands that really exist; an action reports its exit code through `setExit`.
 */
export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command("rules")
    .description("rulegate: decide allow / ask / deny for every tool call an AI agent makes")
    .version(manifest.version, "-V, --version", "print the rulegate version")
    .exitOverride()
    // Commander's own mistakes ("error: unknown option '--x'") carry the same prefix as every other error.
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(text.replace(/^error: /, "rules: ")),
    })
    .showHelpAfterError("(run with --help for usage)");
  for (const register of COMMANDS) register(program, io, setExit);
  return program;
}

/**
 * Entry of the `rules` command. Each subcommand lives in cli/commands/<name>.ts and registers itself
 * through COMMANDS; an action returns its exit code. This is the only module that decides exit codes.
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage mistakes with 1.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UsageError) {
      io.stderr(`rules: ${err.message}\n`);
      return EXIT.usage;
    }
    if (isSystemError(err)) {
      // A file the command could not read or write: the user's to fix, said in words with the path.
      io.stderr(`rules: ${describeSystemError(err)}\n`);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`rules: internal error: ${message}\n`);
    return EXIT.internal;
  }
  return code;
}
