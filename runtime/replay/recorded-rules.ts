import { contentHash, IR_VERSION, type Policy } from "../../compiler/index.ts";
import type { Logged } from "./read.ts";

/**
 * The rules a log recorded (docs/adr/0133): the IR that `session_started` and `policy_changed` carry, by its
 * content hash. An IR is taken only when it hashes to the hash its event names and is of this rulegate's IR
 * version: the hash is what the log's decisions were made under, so an IR that does not match it is not
 * those rules, whatever else it holds.
 */
export interface RecordedRules {
  readonly byHash: ReadonlyMap<string, Policy>;
  /** Recorded IRs that were not taken, with why. */
  readonly problems: readonly RulesProblem[];
}

export interface RulesProblem {
  readonly seq: number;
  readonly hash: string;
  readonly reason: string;
}

/** `extra`: rules known from elsewhere (a `--policy` file), taken where the log names their hash. */
export function recordedRules(events: readonly Logged[], extra: readonly Policy[] = []): RecordedRules {
  const byHash = new Map<string, Policy>();
  const problems: RulesProblem[] = [];
  for (const { seq, event: e } of events) {
    const recorded =
      e.type === "session_started"
        ? { hash: e.policyHash, ir: e.ir }
        : e.type === "policy_changed"
          ? { hash: e.to, ir: e.ir }
          : null;
    if (recorded === null || recorded.ir === undefined || byHash.has(recorded.hash)) continue;
    const problem = irProblem(recorded.ir, recorded.hash);
    if (problem === null) byHash.set(recorded.hash, recorded.ir);
    else problems.push({ seq, hash: recorded.hash, reason: problem });
  }
  for (const policy of extra) if (!byHash.has(policy.hash)) byHash.set(policy.hash, policy);
  return { byHash, problems };
}

function irProblem(ir: Policy, hash: string): string | null {
  const version: unknown = (ir as { version?: unknown }).version;
  if (version !== IR_VERSION)
    return `the recorded rules are IR version ${JSON.stringify(version)}; this rulegate reads version ${IR_VERSION}`;
  let actual: string;
  try {
    actual = contentHash(ir);
  } catch {
    return "the recorded rules are not JSON data";
  }
  if (actual !== hash || ir.hash !== hash) return `the recorded rules hash to ${actual}, not to ${hash}`;
  return null;
}
