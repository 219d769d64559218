/**
 * Content written outside the workspace (docs/adr/0320): a file the call writes that lies neither in the
 * workspace (the session root and `paths.workspace`, resolved) nor in temp space is a change to the user's
 * machine, not to the project: the home's dotfiles and `~/.config`/`~/.local` (what editors, REPLs, desktop
 * sessions, package managers and the shell load later), another project, `/opt`. Such a call is SECURITY
 * whatever program wrote it, so a file nobody listed as a startup file is gated too. Creating a directory or an
 * empty file, or changing a mode, writes no content (ADR 0166) and is not counted; devices are not files.
 */
import type { PathAccess } from "./types.ts";
import { accessForms } from "./access-forms.ts";

/** Temp space: the agent's scratch (as in hard-deny/system-dirs.ts, which this layer may not import). */
const TEMP = [
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
    // A home that lies in temp space is still a home.
    const inside = (p: string): boolean =>
      workspace.some((d) => under(p, d)) ||
      (TEMP.some((t) => p !== t && under(p, t)) && !under(p, home)) ||
      AGENT_OWN.some((d) => p !== `${home}/${d}` && under(p, `${home}/${d}`));
    if (!forms.every(inside)) return a;
  }
  return null;
}
