/**
 * `find DIR -name PAT -delete` removes what its tests select, not DIR: the delete is of the selection
 * (`DIR/**\/PAT`, find-selection.ts), as `find … -exec rm {} +` hands it to rm. Unknown selections keep the
 * start directories as the deleted paths (the whole tree, fail closed).
 */
import { findSelection, type SimpleCommand } from "../shell/index.ts";
import type { RawAccess } from "./classify-command.ts";

export function findDeleteSelection(cmd: SimpleCommand, accesses: readonly RawAccess[]): readonly RawAccess[] {
  if (cmd.program !== "find" || !cmd.args.includes("-delete")) return accesses;
  const unknown = new Set(cmd.unknownArgs ?? []);
  const selection = findSelection(cmd.args.map((value, i) => ({ value, dynamic: unknown.has(i) })));
  if (selection === null) return accesses;
  // The start is named whether or not it looks like a path (`find build …`): the selection replaces it.
  return [
    ...accesses.filter((a) => a.mode !== "delete"),
    { word: selection, mode: "delete", via: "argument", dynamic: false },
  ];
}
