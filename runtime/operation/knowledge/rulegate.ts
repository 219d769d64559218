/**
 * rulegate's own command line (`rules`, `rulegate`; `npx rules`): the subcommands that only read the rule files,
 * logs and skill docs they are given and print what they find (docs/adr/0803). Reading rulegate's output was never
 * meant to be stopped (ADR 0125); without this table every rule file named to `rules compile --check` was a
 * protected path an unknown program "may write". The subcommands that change a session's state are the
 * hard-deny catalogue's (rulegate-self-control); every subcommand not listed here (`serve`, `mcp-proxy -- CMD`,
 * `init`, a word of a later version) stays a program nobody described.
 */
import { fx, type Program } from "./types.ts";

/** Compiles, scans or re-folds what it is given and prints the result: no model, no network. */
const READS = fx("READ", ["read_local"], "rulegate");
/** Decides calls under the rules it is given: a rule judged by a model is one request with the user's key. */
const DECIDES = fx("WRITE", ["read_local", "execute"], "rulegate");

export const RULEGATE: readonly Program[] = [
  {
    names: ["rules", "rulegate"],
    values: [
      "--out",
      "--format",
      "--max-errors",
      "--policy",
      "--call",
      "--log",
      "--root",
      "--report",
      "--session",
      "--port",
      "--approvals",
      "--name",
      "--wrap",
      "--unwrap",
      "--command",
      "--url",
    ],
    base: fx("WRITE", ["execute"], "unknown-program"),
    otherwise: "unknown",
    rules: [
      { sub: ["compile"], then: READS, paths: { positional: "read", options: { "--out": "write" } } },
      { sub: ["skills", "scan"], then: READS, paths: { positional: "read" } },
      {
        sub: ["replay"],
        then: READS,
        paths: { positional: "read", options: { "--policy": "read", "--report": "write" } },
      },
      { sub: ["test"], then: DECIDES, paths: { positional: "read" } },
      { sub: ["explain"], then: DECIDES, paths: { options: { "--policy": "read", "--session": "read" } } },
      // `--log` appends to an event log: rulegate-self-control denies it before this table is read.
      {
        sub: ["eval"],
        notFlag: ["--log"],
        then: DECIDES,
        paths: { positional: "read", options: { "--policy": "read" } },
      },
    ],
  },
];
