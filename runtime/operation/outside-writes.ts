/**
 * Content written outside the workspace (docs/adr/0320): a file the call writes that lies neither in the
 * workspace (the session root and `paths.workspace`, resolved) nor in temp space is a change to the user's
 * machine, not to the project: the home's dotfiles and `~/.config`/`~/.local` (what editors, REPLs, desktop
 * sessions, package managers and the shell load later), another project, `/opt`. Such a call is SECURITY
 * whatever program wrote it, so a file nobody listed as a startup file is gated too. Creating a directory or an
 * empty file, or changing a mode, writes no content (ADR 0166) and is not counted; devices are not files.
 */
import type { FreshLink } from "./fresh-links.ts";
import type { PathAccess } from "./types.ts";
import { accessForms } from "./access-forms.ts";

/** Temp space: the agent's scratch (as in hard-deny/system-dirs.ts, which this layer may not import). */
export const TEMP: readonly string[] = [
  "/tmp",
  "/var/tmp",
  "/private/tmp",
  "/private/var/tmp",
  "/dev/shm",
  "/var/folders",
  "/private/var/folders",
];
/** Below the home: what an agent writes there as part of its own work (Claude Code's plan files in plan mode). */
const AGENT_OWN = [".claude/plans"];
/** Not files an agent's write changes for later (`> /dev/null`, `/dev/stderr`, `/proc/self/fd/1`). */
const NOT_FILES = ["/dev", "/proc/self/fd"];

function under(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

/**
 * The first content write lying outside `workspace` and temp space (in either spelling: a link inside the
 * project that leads out is out), or null. An access whose value is unknown is left to the checks that fail
 * closed on it (protected paths, the sandbox): its best-guess path says nothing about where it lands.
 */
export function writtenOutside(
  paths: readonly PathAccess[],
  workspace: readonly string[],
  home: string,
): PathAccess | null {
  for (const a of paths) {
    if (a.mode !== "write" || a.metadata === true || a.dynamic === true || a.marks !== undefined) continue;
    const forms = accessForms(a);
    if (forms.some((p) => NOT_FILES.some((d) => under(p, d)))) continue;
    // A home that lies in temp space is still a home. A temp root itself is a directory that always exists: what
    // is written to it lands inside it (`mv old.py /tmp/`, `cp -r dist /tmp`), docs/adr/0445.
    const inside = (p: string): boolean =>
      workspace.some((d) => under(p, d)) ||
      (TEMP.some((t) => under(p, t)) && !under(p, home)) ||
      AGENT_OWN.some((d) => p !== `${home}/${d}` && under(p, `${home}/${d}`));
    if (!forms.every(inside)) return a;
  }
  return null;
}

/** Where homes are: ours, root's, and other users' below these. */
const HOMES = ["/home", "/Users", "/users"];

/**
 * The first symbolic link the call makes that points into a home outside the workspace, or at a home or one of
 * its ancestors (`ln -s ~/.bashrc notes.txt`, `ln -s ~/.local/bin lb`, `ln -s ~ homelink`): a door from the
 * project into the user's files, through which a later ordinary write, copy or delete of a project path lands
 * there (docs/adr/0322). A link to a system file (`ln -s /usr/bin/python3 .venv/bin/python`) opens nothing the
 * user could not already read, and the agent cannot write there.
 */
export function doorOutside(links: readonly FreshLink[], workspace: readonly string[], home: string): FreshLink | null {
  for (const l of links) {
    const to = l.to;
    if (workspace.some((d) => under(to, d)) || (TEMP.some((t) => to !== t && under(to, t)) && !under(to, home)))
      continue;
    const inHome = under(to, home) || under(to, "/root") || HOMES.some((h) => to.startsWith(`${h}/`));
    const aboveHome = under(home, to);
    if (inHome || aboveHome) return l;
  }
  return null;
}
