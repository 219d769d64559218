export {
  readSnapshot,
  writeSnapshot,
  identityCodec,
  type Snapshot,
  type SnapshotRead,
  type StateCodec,
} from "./file.ts";
export {
  loadSession,
  saveSnapshot,
  snapshotAfterAppend,
  snapshotDue,
  SNAPSHOT_EVERY,
  type Fallback,
  type Folder,
  type Loaded,
  type WarmSnapshot,
} from "./load.ts";
export { sessionFolder } from "./session.ts";
