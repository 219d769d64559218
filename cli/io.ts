/** The CLI's only window to the process: commands write through this, so tests can capture output. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => Promise<string>;
  readonly isTty: boolean;
  readonly color: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export function processIo(): Io {
  const isTty = Boolean(process.stdout.isTTY);
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    stdin: readStdin,
    isTty,
    color: isTty && process.env.NO_COLOR === undefined,
    env: process.env,
    cwd: process.cwd(),
  };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Exit codes of SPEC §3. */
export const EXIT = { ok: 0, usage: 1, internal: 1, invalid: 3 } as const;

/** A usage error raised inside a command action; main turns it into exit 1 with the message. */
export class UsageError extends Error {}
