/**
 * A build tool pointed at a build file or directory outside the workspace (docs/adr/0532): `make -C /tmp/evil`,
 * `make -f /tmp/x.mk`, `cmake -P /tmp/x.cmake`, `ninja -C /tmp/b`, `just -f ~/Downloads/justfile`, and the options
 * that point a runner at another directory of code or another shell (ADR 0781: `rake --rakelibdir /tmp`,
 * `invoke --search-root /tmp`, `just --shell /tmp/x.sh`). It runs that
 * file's recipes, code nobody here has read, from temp space, a download or another project. The project's own
 * build files (in the workspace) are trusted as before; one outside it is unknown code, asked about.
 */
import { ownEntry } from "../../core/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";

/** Per build tool, the options that name the file (or the directory whose build file) it runs the code of. */
const BUILD_CODE: Readonly<Record<string, readonly string[]>> = {
  make: ["-f", "--file", "--makefile", "-C", "--directory"],
  gmake: ["-f", "--file", "--makefile", "-C", "--directory"],
  bmake: ["-f", "-C"],
  cmake: ["-P", "-S", "--build"],
  ninja: ["-f", "-C"],
  just: ["-f", "--justfile", "-d", "--working-directory", "--shell"],
  task: ["-t", "--taskfile", "-d", "--dir"],
  rake: ["-f", "--rakefile", "-C", "--directory", "-R", "--rakelibdir", "-I", "--libdir", "-r", "--require"],
  invoke: ["-r", "--search-root"],
  inv: ["-r", "--search-root"],
  fab: ["-r", "--search-root"],
  gradle: ["-b", "--build-file", "-p", "--project-dir"],
  mvn: ["-f", "--file"],
};

/** Not a file of code to judge here: stdin (`make -f -`) and process substitutions are read by the shell analysis. */
const NOT_A_FILE = /^(?:-|\/dev\/stdin|\/dev\/null|\/dev\/fd\/\d+|<\(.*)$/s;

/** A program looked up on PATH or kept in a system bin directory. */
const SYSTEM_PROGRAM = /^(?:\/(?:usr\/(?:local\/)?)?bin\/)?[\w.+-]+$/;

function under(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

/** The build file or directory outside `workspace` this command runs the code of, as resolved, or null. */
export function outsideBuildCode(cmd: SimpleCommand, where: AccessBase, workspace: readonly string[]): string | null {
  const options = ownEntry(BUILD_CODE, cmd.program);
  if (options === undefined) return null;
  // The directory the agent works in is trusted as a bare `make` trusts its Makefile there.
  const roots = [...workspace, where.cwd];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    if (a === "--") break;
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = eq > 0 ? a.slice(0, eq) : (options.find((o) => o.length === 2 && a.startsWith(o)) ?? a);
    if (!options.includes(name)) continue;
    const value = eq > 0 ? a.slice(eq + 1) : a.length > name.length ? a.slice(name.length) : cmd.args[++i];
    const dynamic = cmd.unknownArgs?.includes(i) === true;
    if (value === undefined || value === "" || dynamic || NOT_A_FILE.test(value)) continue;
    // just's `--shell` names the program its recipe lines go to: a system one is no code of anyone's (ADR 0781).
    if (name === "--shell" && SYSTEM_PROGRAM.test(value)) continue;
    const path = resolveAccess(value, { mode: "read", via: "argument" }, where).path;
    if (!roots.some((d) => under(path, d))) return path;
  }
  return null;
}
