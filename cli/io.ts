/** The CLI's only window to the process: commands write through this, so tests can capture output. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => Promise<string>;
  readonly isTty: boolean;
  readonly color: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /**
   * Aborted when stdout's reader has gone away (`rules eval … | head -1`): a command stops at its next step,
   * finishing what it started (a log append), and ends with its exit code. Absent: output never closes.
   */
  readonly outputClosed?: AbortSignal;
}

export function processIo(): Io {
  const isTty = Boolean(process.stdout.isTTY);
  const closed = new AbortController();
  // A closed pipe is an error event on the stream, thrown as an uncaught exception unless someone listens.
  // Whatever the error (EPIPE, EIO on a dead terminal), nothing more can be shown there.
  process.stdout.on("error", () => closed.abort());
  process.stderr.on("error", () => {});
  return {
    stdout: (t) => void (closed.signal.aborted || process.stdout.write(t)),
    stderr: (t) => void (process.stderr.destroyed || process.stderr.write(t)),
    stdin: readStdin,
    isTty,
    color: isTty && process.env.NO_COLOR === undefined,
    env: process.env,
    cwd: process.cwd(),
    outputClosed: closed.signal,
  };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Exit codes of docs/reference/cli.md. */
export const EXIT = { ok: 0, usage: 1, internal: 1, invalid: 3 } as const;

/** A usage error raised inside a command action; main turns it into exit 1 with the message. */
export class UsageError extends Error {}
