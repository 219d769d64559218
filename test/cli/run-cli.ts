import type { Io } from "../../cli/io.ts";
import { main } from "../../cli/main.ts";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `rules ARGV` in-process with a captured Io (no TTY, no colour, empty env unless given). */
export async function runCli(argv: readonly string[], over: Partial<Io> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdin: async () => "",
    isTty: false,
    color: false,
    env: {},
    cwd: process.cwd(),
    ...over,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
