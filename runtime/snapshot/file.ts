import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * A session snapshot: the folded state after log line `seq`, tied to that line's `hash` and byte `offset`
 * (so a load can check the log still holds that line and read only what follows) and to the policy hash
 * (a different policy may activate different rules, so its state must be folded from the start).
 */
export interface Snapshot<S> {
  readonly policyHash: string;
  readonly seq: number;
  readonly hash: string;
  readonly offset: number;
  readonly state: S;
}

/** How a state crosses JSON; the default is the identity (the state is plain JSON data). */
export interface StateCodec<S> {
  readonly encode: (state: S) => unknown;
  /** null when the JSON is not a state this code understands (an old format): the load folds from the start. */
  readonly decode: (json: unknown) => S | null;
}

const FORMAT = "rulegate-snapshot/1";

export function identityCodec<S>(): StateCodec<S> {
  return { encode: (state) => state, decode: (json) => json as S };
}

/** Writes atomically: a unique temp file, fsync, rename. A reader sees the old snapshot or the new one. */
export async function writeSnapshot<S>(
  path: string,
  snapshot: Snapshot<S>,
  codec: StateCodec<S> = identityCodec(),
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const text = JSON.stringify({ format: FORMAT, ...snapshot, state: codec.encode(snapshot.state) });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const file = await open(temp, "w");
  try {
    await file.writeFile(text, "utf8");
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export type SnapshotRead<S> =
  | { readonly ok: true; readonly snapshot: Snapshot<S> }
  | { readonly ok: false; readonly reason: "missing" | "unreadable" };

/** A missing or damaged snapshot is not an error: the caller folds the log from the start. */
export async function readSnapshot<S>(path: string, codec: StateCodec<S> = identityCodec()): Promise<SnapshotRead<S>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { ok: false, reason: "missing" };
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (typeof json !== "object" || json === null) return { ok: false, reason: "unreadable" };
  const j = json as Record<string, unknown>;
  const fields =
    j.format === FORMAT &&
    typeof j.policyHash === "string" &&
    Number.isSafeInteger(j.seq) &&
    (j.seq as number) > 0 &&
    typeof j.hash === "string" &&
    Number.isSafeInteger(j.offset);
  if (!fields) return { ok: false, reason: "unreadable" };
  const state = codec.decode(j.state);
  if (state === null) return { ok: false, reason: "unreadable" };
  return {
    ok: true,
    snapshot: {
      policyHash: j.policyHash as string,
      seq: j.seq as number,
      hash: j.hash as string,
      offset: j.offset as number,
      state,
    },
  };
}
