import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis, SimpleCommand } from "../../../runtime/shell/index.ts";
import { analyzer, views } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

const first = (command: string): SimpleCommand => {
  const c = analyze(command).commands[0];
  if (c === undefined) throw new Error(`no command in ${command}`);
  return c;
};

describe("program names are normalized", () => {
  it.each<[string, string]>([
    ["/bin/rm -rf x", "rm"],
    ["/usr/bin/env rm x", "rm"],
    ["\\rm -rf x", "rm"],
    ["'rm' -rf x", "rm"],
    ['"rm" -rf x', "rm"],
    ['r"m" -rf x', "rm"],
    ['"r""m" -rf x', "rm"],
    ["'r'm -rf x", "rm"],
    ["$'\\x72\\x6d' -rf x", "rm"],
    ["$'\\162\\155' -rf x", "rm"],
    ["$'\\u0072m' -rf x", "rm"],
    ["$'rm' -rf x", "rm"],
    ['"/usr/local/bin/git" reset --hard', "git"],
    ["./node_modules/.bin/jest", "jest"],
    ["r\\\nm -rf x", "rm"],
  ])("%s → %s", (command, program) => {
    expect(first(command).program).toBe(program);
  });
});

describe("flags are normalized without program-specific aliasing", () => {
  it.each<[string, string[]]>([
    ["rm -rf x", ["-r", "-f"]],
    ["rm -fr x", ["-f", "-r"]],
    ["rm -Rf x", ["-R", "-f"]],
    ["rm -r -f x", ["-r", "-f"]],
    ["rm --recursive --force x", ["--recursive", "--force"]],
    ["git push --force=true", ["--force"]],
    ["git push --force-with-lease=main:abc", ["--force-with-lease"]],
    ["head -n10 f", ["-n"]],
    ["head -10 f", ["-10"]],
    ["ls -l -a -l", ["-l", "-a"]],
    ["rm -- -rf", []],
    ["rm -f -- -x", ["-f"]],
    ["find . -name x -delete", ["-name", "-delete"]],
    ["rm $FLAGS x", []],
    ["rm '-rf' x", ["-r", "-f"]],
    ["rm - x", []],
  ])("%s → %j", (command, flags) => {
    expect(first(command).flags).toEqual(flags);
  });
});

describe("quoted data is data", () => {
  it.each<[string, string[]]>([
    ['echo "rm -rf /"', ["echo rm -rf /"]],
    ["echo 'rm -rf /'", ["echo rm -rf /"]],
    ['grep "DROP TABLE" schema.sql', ["grep DROP TABLE schema.sql"]],
    [
      'git commit -m "fix: rm -rf handling; git push --force"',
      ["git commit -m fix: rm -rf handling; git push --force"],
    ],
    ["rg -n 'sudo rm' .", ["rg -n sudo rm ."]],
    ['echo "a | sh"', ["echo a | sh"]],
    ["echo '$(rm -rf /)'", ["echo $(rm -rf /)"]],
    ["echo \\$\\(rm\\)", ["echo $(rm)"]],
    ["awk '{print $1}' f", ["awk {print $1} f"]],
    ["VAR='rm -rf /'; echo \"$VAR\"", ["", "echo rm -rf /"]],
  ])("%s", (command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it("keeps a quoted argument as one argument", () => {
    expect(first("git commit -m 'a b c'").args).toEqual(["commit", "-m", "a b c"]);
  });
});

describe("words are unquoted like bash does", () => {
  it.each<[string, string[]]>([
    ["echo hello\\ world", ["hello world"]],
    ["echo 'a''b' \"c\"d", ["ab", "cd"]],
    ['echo "a\\"b" \'c\\d\'', ['a"b', "c\\d"]],
    ["echo $'a\\tb'", ["a\tb"]],
    ["echo a\\\nb", ["ab"]],
    ['echo "\\$HOME"', ["$HOME"]],
    ["echo {1..3} a{b,c}", ["1", "2", "3", "ab", "ac"]],
    ["ls *.txt", ["*.txt"]],
    ['cat 你好.txt "é $HOME"', ["你好.txt", "é ~"]],
    ['echo $"hello"', ["hello"]],
  ])("%s", (command, args) => {
    expect(first(command).args).toEqual(args);
  });
});

describe("variables", () => {
  it.each<[string, string[], boolean]>([
    // A prefix assignment does not reach the same command's arguments: bash expands them first.
    ['TMPDIR=/ rm -rf "$TMPDIR"', ["-rf", "$TMPDIR"], true],
    ["TMPDIR=/ rm -rf $TMPDIR", ["-rf", "$TMPDIR"], true],
    ["X=/; rm -rf $X", ["-rf", "/"], false],
    ['X=/ && rm -rf "$X"', ["-rf", "/"], false],
    ['X=/tmp; rm -rf "${X}/a"', ["-rf", "/tmp/a"], false],
    ["X=/a; X+=/b; rm -rf $X", ["-rf", "/a/b"], false],
    ["export X=/; rm -rf $X", ["-rf", "/"], false],
    ["X='a b'; rm \"$X\"", ["a b"], false],
    ["X='a b'; rm $X", ["a", "b"], false],
    ["X='a b'; IFS=:; rm $X", ["$X"], true],
    ["X='a *.log'; rm $X", ["a", "*.log"], false],
    ["rm -rf $TMPDIR/x", ["-rf", "$TMPDIR/x"], true],
    // ADR 0819: the environment's temp folder or /tmp, whichever is set; the string's own TMPDIR stays unknown.
    ["rm -rf ${TMPDIR:-/tmp}/x", ["-rf", "/tmp/x"], false],
    ["TMPDIR=$X; rm -rf ${TMPDIR:-/tmp}/x", ["-rf", "${TMPDIR:-/tmp}/x"], true],
    ["rm -rf ${TMPDIR-/tmp}/x", ["-rf", "${TMPDIR-/tmp}/x"], true],
    ["rm -rf $1", ["-rf", "$1"], true],
    ['rm -rf "$@"', ["-rf", "$@"], true],
    ["rm -rf ~", ["-rf", "~"], false],
    ["rm -rf ~/x", ["-rf", "~/x"], false],
    ["rm -rf $HOME", ["-rf", "~"], false],
    ['rm -rf "${HOME}/.ssh"', ["-rf", "~/.ssh"], false],
    ["HOME=/; rm -rf $HOME", ["-rf", "/"], false],
    ["rm -rf ~root", ["-rf", "~root"], true],
    ["true && X=/; rm -rf $X", ["-rf", "$X"], true],
    ["if c; then X=/; fi; rm -rf $X", ["-rf", "$X"], true],
    ["(X=/); rm -rf $X", ["-rf", "$X"], true],
    ["read X; rm -rf $X", ["-rf", "$X"], true],
    ["for X in a; do :; done; rm -rf $X", ["-rf", "$X"], true],
    ["X=/; source env.sh; rm -rf $X", ["-rf", "$X"], true],
    ["X=/; unset X; rm -rf /$X", ["-rf", "/"], false],
    ["X=$(pwd); rm -rf $X", ["-rf", "."], false],
    ["X=$(pwd -P)/build; rm -rf $X", ["-rf", "./build"], false],
    ["pwd() { echo /; }; X=$(pwd); rm -rf $X", ["-rf", "$X"], true],
    ["X=/ | true; rm -rf $X", ["-rf", "$X"], true],
    ["X=/ & rm -rf $X", ["-rf", "$X"], true],
    ["rm -rf /$HOME/.ssh", ["-rf", "/~/.ssh"], true],
    ['rm -rf x"$HOME"', ["-rf", "x~"], true],
    ['rm -rf "$HOME"/.ssh', ["-rf", "~/.ssh"], false],
    // After the `NAME=` of an assignment-shaped argument the marker is the home, as bash's `~` is (ADR 0443).
    ["rm -rf PREFIX=$HOME/.local", ["-rf", "PREFIX=~/.local"], false],
    ['rm -rf DESTDIR="$HOME"', ["-rf", "DESTDIR=~"], false],
    ["rm -rf --prefix=$HOME/.local", ["-rf", "--prefix=~/.local"], true],
    ["rm -rf 1X=$HOME", ["-rf", "1X=~"], true],
  ])("%s → %j", (command, args, dynamic) => {
    const rm = analyze(command).commands.find((c) => c.program === "rm");
    expect(rm?.args).toEqual(args);
    expect(rm?.dynamicArgs).toBe(dynamic);
  });

  it("keeps the directory across a project virtualenv's activation script, and no other sourced file (ADR 0443)", () => {
    const rmAfter = (command: string) => analyze(command).commands.find((c) => c.program === "rm");
    for (const c of [
      "source .venv/bin/activate && rm -rf build",
      ". venv/bin/activate; rm -rf build",
      "source ./services/api/.venv/bin/activate.fish && rm -rf build",
    ])
      expect(rmAfter(c)?.workdir, c).toBeUndefined();
    for (const c of [
      "source env.sh && rm -rf build",
      "source ../other/.venv/bin/activate && rm -rf build",
      "source .venv/bin/activate extra && rm -rf build",
      'source "$V/bin/activate" && rm -rf build',
      "eval x && rm -rf build",
    ])
      expect(rmAfter(c)?.workdir, c).toBeNull();
    // Its variables are still unknown after it.
    expect(rmAfter("X=/; source .venv/bin/activate; rm -rf $X")?.dynamicArgs).toBe(true);
  });

  it("keeps prefix assignments on the command", () => {
    expect(first("TMPDIR=/ FOO= rm x").assignments).toEqual([
      { name: "TMPDIR", value: "/" },
      { name: "FOO", value: "" },
    ]);
  });

  it("never trusts the environment for names other than HOME", () => {
    expect(first("cat $SECRET_PATH").dynamicArgs).toBe(true);
  });

  it("globs are not dynamic", () => {
    expect(first("rm -rf /tmp/*").dynamicArgs).toBe(false);
  });

  it("a bracket expression is a glob however the grammar splits the word, unless it is quoted", () => {
    expect(first("rm -rf /tmp/r[m]").globArgs).toEqual([1]);
    expect(first("rm -rf [a]b").globArgs).toEqual([1]);
    expect(first('rm -rf /tmp/r"[m]"').globArgs).toBeUndefined();
    expect(first("rm -rf /tmp/r'[m]'").globArgs).toBeUndefined();
  });
});

describe("redirects", () => {
  it.each<[string, object[]]>([
    ["ls > out", [{ op: ">", mode: "write", fd: 1, target: "out", dynamic: false }]],
    ["ls >> out", [{ op: ">>", mode: "append", fd: 1, target: "out", dynamic: false }]],
    ["ls >| out", [{ op: ">|", mode: "write", fd: 1, target: "out", dynamic: false }]],
    ["ls 2> err", [{ op: ">", mode: "write", fd: 2, target: "err", dynamic: false }]],
    ["ls &> all", [{ op: "&>", mode: "write", fd: null, target: "all", dynamic: false }]],
    ["ls &>> all", [{ op: "&>>", mode: "append", fd: null, target: "all", dynamic: false }]],
    ["ls >& all", [{ op: ">&", mode: "write", fd: null, target: "all", dynamic: false }]],
    ["sort < in", [{ op: "<", mode: "read", fd: 0, target: "in", dynamic: false }]],
    ["exec 3<> f", [{ op: "<>", mode: "readwrite", fd: 3, target: "f", dynamic: false }]],
    ["ls 2>&1", [{ op: ">&", mode: "dup", fd: 2, target: "1", dynamic: false }]],
    ["ls 1>&2", [{ op: ">&", mode: "dup", fd: 1, target: "2", dynamic: false }]],
    ["ls 2>&-", [{ op: ">&-", mode: "dup", fd: 2, target: "-", dynamic: false }]],
    ["cat <&3", [{ op: "<&", mode: "dup", fd: 0, target: "3", dynamic: false }]],
    ["ls >/dev/null", [{ op: ">", mode: "write", fd: 1, target: "/dev/null", dynamic: false }]],
    ['ls > "$LOG"', [{ op: ">", mode: "write", fd: 1, target: null, dynamic: true, written: "$LOG" }]],
    ["ls > ~/.bashrc", [{ op: ">", mode: "write", fd: 1, target: "~/.bashrc", dynamic: false }]],
    [
      'echo x >> "$HOME/.ssh/authorized_keys"',
      [{ op: ">>", mode: "append", fd: 1, target: "~/.ssh/authorized_keys", dynamic: false }],
    ],
    ["cat <<EOF\nx\nEOF", [{ op: "<<", mode: "heredoc", fd: 0, target: null, dynamic: false }]],
    ["cat <<-EOF\n\tx\n\tEOF", [{ op: "<<-", mode: "heredoc", fd: 0, target: null, dynamic: false }]],
    ["cat <<< hi", [{ op: "<<<", mode: "herestring", fd: 0, target: "hi", dynamic: false }]],
    ['cat <<< "$X"', [{ op: "<<<", mode: "herestring", fd: 0, target: null, dynamic: true, written: "$X" }]],
    [
      "ls > a 2>&1",
      [
        { op: ">", mode: "write", fd: 1, target: "a", dynamic: false },
        { op: ">&", mode: "dup", fd: 2, target: "1", dynamic: false },
      ],
    ],
  ])("%s", (command, redirects) => {
    expect(first(command).redirects).toEqual(redirects);
  });

  it("a redirect without a command is a write by an empty program", () => {
    expect(analyze("> /etc/passwd").commands).toMatchObject([
      { program: "", redirects: [{ mode: "write", target: "/etc/passwd" }] },
    ]);
  });

  it("a process substitution target is dynamic and its command runs", () => {
    const a = analyze("ls > >(tee log)");
    expect(views(a)).toEqual(["tee log", "ls"]);
    expect(a.commands[1]?.redirects[0]).toMatchObject({ target: null, dynamic: true });
  });
});

describe("the directory commands run in", () => {
  it.each<[string, string, string | null | undefined]>([
    ["cd ~/.ssh && cat id_rsa", "cat", "~/.ssh"],
    ["cd /srv; cd app; ls", "ls", "/srv/app"],
    ["cd; ls", "ls", "~"],
    ["cd -P /x && ls", "ls", "/x"],
    ["pushd /x; ls", "ls", "/x"],
    ['cd "$X"; ls', "ls", null],
    ["cd -; ls", "ls", null],
    ["popd; ls", "ls", null],
    ["if c; then cd /x; fi; ls", "ls", null],
    ["(cd /x); ls", "ls", null],
    ["ls", "ls", undefined],
    ["git -C /repo status", "git", "/repo"],
    ["cd /a && git -C b -C c log", "git", "/a/b/c"],
    ["cd /a && git -C /abs log", "git", "/abs"],
    ['git -C "$R" log', "git", null],
    ["env -C /srv ls", "ls", "/srv"],
    ["cd /a; bash -c 'cd b; ls'", "ls", "/a/b"],
    ["cd /a; python -c 'import os; os.system(\"rm x\")'", "rm", "/a"],
  ])("%s: %s runs in %j", (command, program, workdir) => {
    const c = analyze(command).commands.find((x) => x.program === program);
    expect(c?.workdir).toBe(workdir);
  });
});

describe("brace expansion", () => {
  it.each<[string, string[], boolean]>([
    ["sudo {rm,-rf,/}", ["[sudo] rm -rf /"], false],
    ["rm -rf /{etc,usr}", ["rm -rf /etc /usr"], false],
    ["r{m,} x", ["rm r x"], false],
    ["touch f{1..3}", ["touch f1 f2 f3"], false],
    ["echo {c..a}", ["echo c b a"], false],
    ["cp x{,.bak}", ["cp x x.bak"], false],
    ["echo {a,b}{c,d}", ["echo ac ad bc bd"], false],
    ["echo {a,{b,c}}", ["echo a b c"], false],
    ["find . -exec rm {} +", ["find . -exec rm {} +", "[find -exec] rm {}"], true],
    ["git rebase @{u}", ["git rebase @{u}"], false],
    ['echo "{a,b}"', ["echo {a,b}"], false],
    ["awk '{print $1, $2}' f", ["awk {print $1, $2} f"], false],
  ])("%s", (command, expected, dynamic) => {
    const a = analyze(command);
    expect(views(a)).toEqual(expected);
    expect(a.commands.some((c) => c.dynamicArgs)).toBe(dynamic);
  });

  it("fails closed on braces mixed with quotes", () => {
    expect(first("rm {a,'b c'}").dynamicArgs).toBe(true);
  });

  it("fails closed on an expansion into too many words", () => {
    expect(first("echo {1..1000}").dynamicArgs).toBe(true);
  });
});

describe("positional parameters of a new shell", () => {
  it("resolves $0 and $1 from the words after bash -c's code", () => {
    expect(analyze("bash -c 'rm -rf \"$1\"' sh /").commands[0]).toMatchObject({
      program: "rm",
      args: ["-rf", "/"],
      dynamicArgs: false,
    });
  });

  it("keeps positional parameters that were not given dynamic", () => {
    expect(analyze("bash -c 'rm $2' sh /").commands[0]).toMatchObject({ args: ["$2"], dynamicArgs: true });
  });
});
