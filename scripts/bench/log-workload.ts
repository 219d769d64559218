import type { Folder } from "../../runtime/snapshot/index.ts";

/**
 * The events and the fold the log bench runs. Until the session runtime (runtime/events, runtime/state)
 * exists these are synthetic events of the size SPEC §3.2 decisions have and a small order-sensitive fold.
 */
export async function benchEvents(n: number): Promise<object[]> {
  const tools = ["bash", "read", "write", "edit", "grep"];
  return Array.from({ length: n }, (_, i) => ({
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    session: "bench",
    type: i % 3 === 0 ? "call_received" : i % 3 === 1 ? "decided" : "executed",
    tool: tools[i % tools.length],
    input: { command: `git status --short && npm test -- --grep case-${i % 97}` },
    operation: { type: "execute", types: ["execute", "read_local"], level: "WRITE", categories: ["git", "package"], signature: `sha256:${(i % 997).toString(16).padStart(64, "0")}` },
    decision: "allow",
    stage: "permissions.allow",
    rules: [],
  }));
}

interface Tally {
  readonly count: number;
  readonly byType: Readonly<Record<string, number>>;
  readonly last: readonly string[];
}

export async function benchFolder(): Promise<Folder<Tally> & { readonly name: string }> {
  return {
    name: "synthetic fold",
    policyHash: "bench",
    initial: () => ({ count: 0, byType: {}, last: [] }),
    fold: (s, e) => {
      const type = String(e.type);
      return { count: s.count + 1, byType: { ...s.byType, [type]: (s.byType[type] ?? 0) + 1 }, last: [...s.last.slice(-11), type] };
    },
  };
}
