import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/** A fresh directory per test, removed afterwards. */
export function tempDirs(): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), "rulegate-log-"));
    made.push(dir);
    return dir;
  };
}

/** Small events of the shape docs/reference/event-log.md shows; the log layer does not care about their types. */
export function sampleEvents(n: number, session = "s1"): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    session,
    type: i % 2 === 0 ? "call_checked" : "decided",
    tool: "bash",
    input: { command: `echo ${i} "é ✓"`, description: "x" },
    n: i,
  }));
}
