import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** The directories the last command is read in; "." is the agent's cwd, "?" an unknown one. */
function lastDirs(command: string): string[] {
  const cmds = analyze(command).commands;
  const program = cmds.at(-1)?.program;
  return cmds
    .filter((c) => c.program === program && c.program !== "cd")
    .map((c) => (c.workdir === undefined ? "." : c.workdir === null ? "?" : c.workdir));
}

/** docs/adr/0833: a `cd` that may fail leaves what runs after it regardless in the directory before it too. */
describe("a command after a cd that may have failed is read in every directory it may run in", () => {
  it.each<[string, string[]]>([
    ["cd ~; cd /tmp/build; rm -rf *", ["/tmp/build", "~"]],
    ["cd /tmp/build; rm -rf *", ["/tmp/build", "."]],
    ["cd ~\ncd /tmp/a\ncd sub\nls", ["/tmp/a/sub", "~/sub", "/tmp/a", "~"]],
    ["cd ~; cd /tmp/b || echo no; ls", ["/tmp/b", "~"]],
    ["cd ~; cd -- /tmp/b; ls", ["/tmp/b", "~"]],
    ["cd ~; cd /tmp/b && make; ls", ["/tmp/b", "~"]],
    ["cd ~; { cd /tmp/b; ls; }", ["/tmp/b", "~"]],
    ["cd /tmp/b; cd /; ls", ["/"]],
    ["cd /tmp/b; cd ..; ls", ["/tmp/b/..", ".."]],
    // docs/adr/0851: `return` outside a function fails and the shell goes on; `set -e` is off under `!` and `||`.
    ["cd /tmp/b || return; ls", ["/tmp/b", "."]],
    ["cd /tmp/b || { echo no >&2; return 1; }; ls", ["/tmp/b", "."]],
    ["set -e; ! cd /tmp/b; ls", ["/tmp/b", "."]],
    ["set -e; { cd /tmp/b; } || true; ls", ["/tmp/b", "."]],
    ["set -e; { cd /tmp/b; ls; } || true; ls", ["/tmp/b", ".", "/tmp/b", "."]],
    ["set -e; cd /tmp/b || :; ls", ["/tmp/b", "."]],
    ["set -o errexit; shopt -u -o errexit; cd /tmp/b; ls", ["/tmp/b", "."]],
    ["set -e; shopt -uo errexit; cd /tmp/b; ls", ["/tmp/b", "."]],
    ["set -e; set +o errexit; cd /tmp/b; ls", ["/tmp/b", "."]],
    ["set -e; true && set +e; cd /tmp/b; ls", ["/tmp/b", "."]],
    // docs/adr/0852: a chain that stopped before its cd leaves the shell where it was.
    ["mkdir -p b && cd b; ls", ["b", "."]],
    ["true && cd /tmp/b && ls; ls", ["/tmp/b", "/tmp/b", "."]],
  ])("%s", (command, dirs) => {
    expect(lastDirs(command)).toEqual(dirs);
  });
});

describe("a command that runs only after the cd succeeded, or a cd that cannot fail, is read where it went", () => {
  it.each<[string, string[]]>([
    ["cd ~; cd /tmp/b && ls", ["/tmp/b"]],
    ["cd ~; cd /tmp/b || exit 1; ls", ["/tmp/b"]],
    ["cd ~; cd /tmp/b || { echo no >&2; exit 1; }; ls", ["/tmp/b"]],
    ["f() { cd /tmp/b || return; ls; }", ["?"]],
    ["set -e; { cd /tmp/b; }; ls", ["/tmp/b"]],
    ["set -e; { cd /tmp/b; } || exit 1; ls", ["/tmp/b"]],
    ["set -e; shopt -s -o errexit; cd /tmp/b; ls", ["/tmp/b"]],
    // docs/adr/0852: what runs after a cd in an `&&` chain runs where it went.
    ["mkdir -p build && cd build && ls", ["build"]],
    ["mkdir -p build && cd build && cmake .. && ls", ["build"]],
    ["true && cd /tmp/b || exit 1; ls", ["/tmp/b"]],
    ["true && (cd /tmp/b) && ls", ["?"]],
    ["true || cd /tmp/b && ls", ["?"]],
    ["set -e; cd ~; cd /tmp/b; ls", ["/tmp/b"]],
    ["set -o errexit; cd /tmp/b; ls", ["/tmp/b"]],
    ["cd /tmp/b; cd ~; ls", ["~"]],
    ["cd ~; cd /tmp; ls", ["/tmp"]],
    ["mkdir -p /tmp/w; cd /tmp/w; ls", ["/tmp/w"]],
    ["mkdir -m 700 out; cd out; ls", ["out"]],
    ['d=$(mktemp -d); cd "$d"; ls', ["?"]],
  ])("%s", (command, dirs) => {
    expect(lastDirs(command)).toEqual(dirs);
  });

  it("set -e that a later set +e turned off no longer stops at a failed cd", () => {
    expect(lastDirs("set -e; set +e; cd /tmp/b; ls")).toEqual(["/tmp/b", "."]);
  });
});
