/**
 * The workspace (`paths.workspace`, docs/adr/0114): the directories where destructive changes are the agent's
 * own work. Entries are directories, relative ones anchored at the session root (`.` is the root itself),
 * `~` expanded, and kept in both spellings when a symlink makes them differ. An entry that is `/`, a system
 * directory, a home directory or an ancestor of ours is dropped: a session started in `~` does not make the
 * whole home the agent's to delete. The temp directories always belong to it, except a home that lies in one.
 */
import { memoByObjectAndKey } from "../../core/index.ts";
import type { PathGlob } from "../../compiler/index.ts";
import { resolvePath } from "../normalize/index.ts";
import { under } from "./paths.ts";
import { isCriticalDir, SCRATCH } from "./system-dirs.ts";

export interface Workspace {
  /** Absolute directories, both spellings. */
  readonly dirs: readonly string[];
  /** The session root in both spellings when it counts as workspace (it is not critical); empty otherwise. */
  readonly roots: readonly string[];
}

const workspaces = memoByObjectAndKey((entries: readonly PathGlob[], key: string) => {
  const [home, root] = key.split("\0") as [string, string];
  return resolveWorkspace(entries, home, root);
});

/** Resolved once per list, home and root: a directory's resolution touches the filesystem. */
export function workspaceOf(entries: readonly PathGlob[], home: string, root: string): Workspace {
  return workspaces(entries, `${home}\0${root}`);
}

function resolveWorkspace(entries: readonly PathGlob[], home: string, root: string): Workspace {
  const dirs = new Set<string>();
  for (const { glob } of entries) {
    const r = resolvePath(glob, { cwd: root, home });
    for (const form of [r.lexical, r.path]) if (!isCriticalDir(form, home) && r.marks.length === 0) dirs.add(form);
  }
  return { dirs: [...dirs], roots: rootForms(root, home) };
}

/** The workspace when nothing configures it: the session root alone (a call's cwd in a bare library use). */
export function rootWorkspace(root: string, home: string): Workspace {
  const roots = rootForms(root, home);
  return { dirs: roots, roots };
}

function rootForms(root: string, home: string): readonly string[] {
  const r = resolvePath(root, { cwd: "/", home });
  const forms = [...new Set([r.lexical, r.path])];
  return forms.some((f) => isCriticalDir(f, home)) ? [] : forms;
}

/** In the workspace, or in temp space that is not a home (a home under /tmp is still someone's home). */
export function insideWorkspace(path: string, ws: Workspace, home: string): boolean {
  if (ws.dirs.some((d) => under(path, d))) return true;
  return SCRATCH.some((s) => under(path, s)) && !under(path, home);
}
