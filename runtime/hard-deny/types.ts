import type { PathGlob } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import type { Workspace } from "./workspace.ts";

/** What every check may know besides the operation: the home directory and the credential globs. */
export interface HardDenyContext {
  readonly home: string;
  readonly credentials: readonly PathGlob[];
  /** The files the policy was compiled from (absolute paths): rulegate's own rule files, wherever they live. */
  readonly policyFiles?: readonly string[];
  /** rulegate's own directories (a custom `$RULEGATE_HOME`: logs, snapshots, the policy cache). */
  readonly ownDirs?: readonly string[];
  /** Where destructive changes are the agent's work (`paths.workspace` resolved); absent: the call's cwd. */
  readonly workspace?: Workspace;
}

/** One named check: the reason it hits (short human text, e.g. "recursive delete of /"), or null. */
export type Check = (op: Operation, ctx: HardDenyContext) => string | null;
