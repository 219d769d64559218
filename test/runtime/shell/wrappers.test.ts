import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer, views } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

describe("wrappers are peeled and recorded, not emitted", () => {
  it.each<[string, string, string[]]>([
    ["sudo", "sudo rm -rf /", ["[sudo] rm -rf /"]],
    ["sudo with options that take values", "sudo -u root -E rm -rf /", ["[sudo -E] rm -rf /"]],
    ["sudo with glued option values", "sudo -uroot -g wheel git push -f", ["[sudo] git push -f"]],
    ["sudo with --", "sudo -- rm x", ["[sudo] rm x"]],
    ["sudo with long options", "sudo --user=root --preserve-env rm x", ["[sudo -E] rm x"]],
    ["sudo with environment assignments", "sudo FOO=1 rm x", ["[sudo] rm x"]],
    ["sudo -l lists and stays sudo", "sudo -l", ["sudo -l"]],
    ["sudo -v stays sudo", "sudo -v", ["sudo -v"]],
    ["doas", "doas -u root rm -rf /", ["[doas] rm -rf /"]],
    ["run0", "run0 -u root --chdir=/srv rm -rf x", ["[run0] rm -rf x"]],
    ["run0 alone stays run0 (a root shell)", "run0", ["run0"]],
    ["sg GROUP -c LINE", "sg docker -c 'docker ps && rm -rf x'", ["[sg] docker ps", "[sg] rm -rf x"]],
    ["sg GROUP LINE", "sg - wheel 'rm -rf x'", ["[sg] rm -rf x"]],
    ["machinectl shell with a command", "machinectl shell root@ /bin/rm -rf /srv", ["[machinectl shell] rm -rf /srv"]],
    ["machinectl shell alone stays machinectl", "machinectl shell root@", ["machinectl shell root@"]],
    ["env with assignments", "env GIT_DIR=.git git reset --hard", ["[env] git reset --hard"]],
    ["env -i", "env -i rm x", ["[env] rm x"]],
    ["env - (same as -i)", "env - rm x", ["[env] rm x"]],
    ["env -u NAME", "env -u HOME rm x", ["[env] rm x"]],
    ["env --unset=NAME", "env --unset=HOME rm x", ["[env] rm x"]],
    ["env -S splits its string", 'env -S "rm -rf /"', ["[env] rm -rf /"]],
    ["env alone prints the environment", "env", ["env"]],
    ["command", "command rm -rf /", ["[command] rm -rf /"]],
    ["command -v only looks up", "command -v rm", ["command -v rm"]],
    ["command -V only looks up", "command -V rm", ["command -V rm"]],
    ["builtin", "builtin cd /tmp", ["[builtin] cd /tmp"]],
    ["exec", "exec rm x", ["[exec] rm x"]],
    ["exec -a name", "exec -a foo rm x", ["[exec] rm x"]],
    ["exec with only redirects stays exec", "exec 2>/dev/null", ["exec"]],
    ["nice", "nice rm x", ["[nice] rm x"]],
    ["nice -n N", "nice -n 10 rm x", ["[nice] rm x"]],
    ["nice -N", "nice -19 rm x", ["[nice] rm x"]],
    ["nohup", "nohup rm x &", ["[nohup] rm x"]],
    ["time (a command word in this grammar)", "time rm x", ["[time] rm x"]],
    ["time -p", "time -p rm x", ["[time] rm x"]],
    ["timeout with a duration", "timeout 5 rm x", ["[timeout] rm x"]],
    ["timeout -s SIG -k N", "timeout -s KILL -k 5 10s rm x", ["[timeout] rm x"]],
    ["timeout --signal=", "timeout --signal=TERM 1m git push -f", ["[timeout] git push -f"]],
    ["stdbuf -o0", "stdbuf -o0 rm x", ["[stdbuf] rm x"]],
    ["stdbuf -o L", "stdbuf -o L -e 0 rm x", ["[stdbuf] rm x"]],
    ["xargs", "ls | xargs rm", ["ls", "[xargs] rm"]],
    ["xargs with flags", "find . | xargs -0 -n1 -P4 -r rm -f", ["find .", "[xargs] rm -f"]],
    ["xargs -I", "ls | xargs -I{} mv {} /tmp", ["ls", "[xargs] mv {} /tmp"]],
    ["xargs -I with a separate value", "ls | xargs -I % cp % /b", ["ls", "[xargs] cp % /b"]],
    ["xargs alone runs echo", "ls | xargs", ["ls", "[xargs] echo"]],
    // A lister's paths are the arguments (ADR 0441).
    [
      "xargs fed by find's selection",
      "find . -name '*.md' | xargs grep -l x",
      ["find . -name *.md", "[xargs] grep -l x ./**/*.md"],
    ],
    [
      "xargs -I fed by git ls-files",
      "git ls-files -z 'src/*.py' | xargs -0 -I{} cp {} backup/",
      ["git ls-files -z src/*.py", "[xargs] cp src/**/*.py backup/"],
    ],
    [
      "find -exec chmod on every entry is chmod -R",
      "find src -type f -exec chmod 644 {} +",
      ["find src -type f -exec chmod 644 {} +", "[find -exec] chmod -R 644 src"],
    ],
    ["parallel", "ls | parallel rm -rf", ["ls", "[parallel] rm -rf"]],
    [
      "parallel with options and an input list",
      "parallel -j 4 --bar gzip -9 ::: a.log b.log",
      ["[parallel] gzip -9 a.log b.log"],
    ],
    ["parallel with a replacement string", "parallel mv {} {.}.bak ::: a b", ["[parallel] mv {} {.}.bak"]],
    ["bash -c", "bash -c 'rm -rf /'", ["[bash -c] rm -rf /"]],
    ["sh -c", 'sh -c "git push --force"', ["[sh -c] git push --force"]],
    ["zsh -c", "zsh -c 'git clean -fd'", ["[zsh -c] git clean -fd"]],
    ["dash -c", "dash -c 'rm x'", ["[dash -c] rm x"]],
    ["ksh -c", "ksh -c 'rm x'", ["[ksh -c] rm x"]],
    ["bash -lc", "bash -lc 'rm x'", ["[bash -c] rm x"]],
    ["bash -ec", "bash -ec 'rm x; ls'", ["[bash -c] rm x", "[bash -c] ls"]],
    ["bash -o pipefail -c", "bash -o pipefail -c 'a | b'", ["[bash -c] a", "[bash -c] b"]],
    ["bash -c with $0 $1 after the code", "bash -c 'rm \"$1\"' sh /etc", ["[bash -c] rm /etc"]],
    ["bash running a script is not a wrapper", "bash deploy.sh", ["bash deploy.sh"]],
    ["eval of literal text", "eval 'rm -rf /'", ["[eval] rm -rf /"]],
    ["eval joins its words", "eval rm -rf /", ["[eval] rm -rf /"]],
    ["su -c", "su root -c 'rm -rf /'", ["[su -c] rm -rf /"]],
    [
      "find -exec ... ;",
      "find . -name '*.o' -exec rm -f {} \\;",
      // `{}` is what the name test selects (ADR 0213).
      ["find . -name *.o -exec rm -f {} ;", "[find -exec] rm -f ./**/*.o"],
    ],
    ["find -exec ... {} +", "find . -exec touch {} +", ["find . -exec touch {} +", "[find -exec] touch {}"]],
    ["find -execdir", "find . -execdir rm {} ';'", ["find . -execdir rm {} ;", "[find -execdir] rm {}"]],
    ["find -ok", "find / -ok rm {} \\;", ["find / -ok rm {} ;", "[find -ok] rm {}"]],
    ["find -okdir", "find / -okdir rm {} \\;", ["find / -okdir rm {} ;", "[find -okdir] rm {}"]],
    ["find -delete stays on find", "find /tmp -delete", ["find /tmp -delete"]],
    ["git -C keeps program git", "git -C /repo push --force", ["git push --force"]],
    ["git -c is dropped so the subcommand follows git", "git -c core.x=y push --force", ["git push --force"]],
    ["git --no-pager is dropped", "git --no-pager log", ["git log"]],
    ["busybox rm is rm", "busybox rm -rf /", ["[busybox] rm -rf /"]],
    ["busybox sh -c", "busybox sh -c 'rm x'", ["[busybox,sh -c] rm x"]],
    ["pkexec", "pkexec --user root rm -rf /", ["[pkexec] rm -rf /"]],
    ["runuser -u", "runuser -u app -- rm x", ["[runuser] rm x"]],
    ["runuser -c", "runuser app -c 'rm x'", ["[runuser -c] rm x"]],
    ["setsid", "setsid -f rm x", ["[setsid] rm x"]],
    ["ionice", "ionice -c 3 rm x", ["[ionice] rm x"]],
    ["ionice -p acts on a process", "ionice -p 42", ["ionice -p 42"]],
    ["taskset with a mask", "taskset 0x1 rm x", ["[taskset] rm x"]],
    ["taskset -c with a list", "taskset -c 0,1 rm x", ["[taskset] rm x"]],
    ["flock with a command", "flock -w 5 /tmp/l rm x", ["[flock] rm x"]],
    ["flock -c", "flock /tmp/l -c 'rm x'", ["[flock -c] rm x"]],
    ["watch runs its words through sh -c", "watch -n 5 rm -rf /tmp/x", ["[watch] rm -rf /tmp/x"]],
    ["watch -x runs directly", "watch -x rm x", ["[watch] rm x"]],
    ["chroot keeps its new root", "chroot /mnt rm -rf /", ["[chroot /mnt] rm -rf /"]],
    ["unbuffer", "unbuffer rm x", ["[unbuffer] rm x"]],
    ["coproc", "coproc rm -rf /", ["[coproc] rm -rf /"]],
    [
      "nested wrappers keep their order",
      "sudo env FOO=1 timeout 5 nice bash -c 'rm -rf /'",
      ["[sudo,env,timeout,nice,bash -c] rm -rf /"],
    ],
    ["bash -c inside bash -c", "bash -c \"sh -c 'rm x'\"", ["[bash -c,sh -c] rm x"]],
    ["xargs into bash -c", "ls | xargs -I{} bash -c 'rm {}'", ["ls", "[xargs,bash -c] rm {}"]],
    [
      "find -exec into sh -c",
      "find . -exec sh -c 'rm \"$1\"' _ {} \\;",
      ['find . -exec sh -c rm "$1" _ {} ;', "[find -exec,sh -c] rm $1"],
    ],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it("records git -C as workdir and dropped global options", () => {
    const [git] = analyze("git -C /repo -c a=b --no-pager push").commands;
    expect(git?.workdir).toBe("/repo");
    expect(git?.droppedOptions).toEqual(["-c a=b", "--no-pager"]);
  });

  it("records env -C and sudo -D as workdir", () => {
    expect(analyze("env -C /srv rm x").commands[0]?.workdir).toBe("/srv");
    expect(analyze("sudo -D /srv rm x").commands[0]?.workdir).toBe("/srv");
  });

  it("keeps assignments given through env and sudo", () => {
    expect(analyze("env A=1 sudo B=2 rm x").commands[0]?.assignments).toEqual([
      { name: "A", value: "1" },
      { name: "B", value: "2" },
    ]);
  });

  it("passes wrapper assignments into a new shell, which expands them", () => {
    expect(analyze("X=/ bash -c 'rm -rf $X'").commands[0]?.args).toEqual(["-rf", "/"]);
    expect(analyze("env X=/ sh -c 'rm -rf $X'").commands[0]?.args).toEqual(["-rf", "/"]);
  });

  it("gives a code wrapper's redirects to the commands it runs", () => {
    expect(
      analyze("sudo sh -c 'echo x; ls' >> ~/.bashrc").commands.map((c) =>
        c.redirects.map((r) => `${r.op} ${r.target}`),
      ),
    ).toEqual([[">> ~/.bashrc"], [">> ~/.bashrc"]]);
  });

  it("keeps a code wrapper's redirect visible when the code runs nothing", () => {
    expect(analyze("bash -c '' > /etc/motd").commands).toMatchObject([
      { program: "", redirects: [{ mode: "write", target: "/etc/motd" }], context: { wrappers: ["bash -c"] } },
    ]);
  });

  it("marks xargs-fed commands as having dynamic arguments", () => {
    expect(analyze("ls | xargs rm").commands[1]?.dynamicArgs).toBe(true);
    expect(analyze("git ls-files | xargs rm").commands[1]?.dynamicArgs).toBe(true);
    expect(analyze("find . -name '*.o' -ls | xargs rm").commands[1]?.dynamicArgs).toBe(true);
    expect(analyze("find . -name '*.o' | xargs rm").commands[1]?.dynamicArgs).toBe(false);
  });

  it("marks find -exec commands with {} as having dynamic arguments", () => {
    expect(analyze("find . -exec rm {} \\;").commands[1]?.dynamicArgs).toBe(true);
  });

  it("fails closed past the wrapper depth cap", () => {
    const a = analyze("sudo ".repeat(12) + "rm x");
    expect(a.unanalysable).toBe(true);
    expect(a.findings[0]).toMatchObject({ kind: "unanalysable" });
  });

  it("fails closed when code strings nest past the cap", () => {
    let code = "rm x";
    for (let i = 0; i < 10; i++) code = `bash -c ${JSON.stringify(code)}`;
    expect(analyze(code).unanalysable).toBe(true);
  });
});

describe("code stored to run later is analysed as if it ran", () => {
  it.each<[string, string, string[]]>([
    ["an alias body", "alias ll='rm -rf /'", ["alias ll=rm -rf /", "[alias] rm -rf /"]],
    ["a trap body", "trap 'rm -rf /tmp/x' EXIT", ["trap rm -rf /tmp/x EXIT", "[trap] rm -rf /tmp/x"]],
    ["trap -p lists, runs nothing", "trap -p", ["trap -p"]],
    ["git -c core.pager", "git -c core.pager='rm -rf ~' log", ["git log", "[git -c] rm -rf ~"]],
    ["git -c core.sshCommand", "git -c core.sshCommand='ssh -i k' fetch", ["git fetch", "[git -c] ssh -i k"]],
    ["git -c alias with !", "git -c alias.y='!curl x' y", ["git y", "[git -c] curl x"]],
    ["git -c alias without ! is a git alias", "git -c alias.st=status st", ["git st"]],
    ["git -c user.name is data", "git -c user.name=rm commit", ["git commit"]],
    // Package scripts run later (`npm run`, `npm test`, CI, installs): stored code (docs/adr/0310).
    [
      "npm pkg set scripts.NAME",
      "npm pkg set scripts.clean='rm -rf ~'",
      ["npm pkg set scripts.clean=rm -rf ~", "[npm script] rm -rf ~"],
    ],
    [
      "npm pkg set scripts[NAME], two pairs",
      "npm pkg set 'scripts[a]=ls' scripts.b='curl x | sh'",
      ["npm pkg set scripts[a]=ls scripts.b=curl x | sh", "[npm script] ls", "[npm script] curl x", "[npm script] sh"],
    ],
    ["npm set-script", "npm set-script lint 'rm -rf ~'", ["npm set-script lint rm -rf ~", "[npm script] rm -rf ~"]],
    ["pnpm pkg set", "pnpm pkg set scripts.x='shred f'", ["pnpm pkg set scripts.x=shred f", "[pnpm script] shred f"]],
    [
      "npm pkg set of a field other than scripts is data",
      "npm pkg set description='rm -rf ~'",
      ["npm pkg set description=rm -rf ~"],
    ],
    ["GIT_SSH_COMMAND for git", "GIT_SSH_COMMAND='ssh -i k' git push", ["git push", "[GIT_SSH_COMMAND] ssh -i k"]],
    ["GIT_EDITOR through env", "env GIT_EDITOR='rm x' git commit", ["[env] git commit", "[env,GIT_EDITOR] rm x"]],
    // Environment that makes any later program run a command (ADR 0155), not only git.
    ["PAGER for any program", "PAGER='rm x' man ls", ["man ls", "[PAGER] rm x"]],
    ["PROMPT_COMMAND for an interactive shell", "PROMPT_COMMAND='rm x' bash -i", ["bash -i", "[PROMPT_COMMAND] rm x"]],
    ["LESSOPEN's preprocessor", "LESSOPEN='| rm x %s' less f", ["less f", "[LESSOPEN] rm x FILE"]],
    ["an exported pager", "export PAGER='rm x'; git log", ["export PAGER=rm x", "[PAGER] rm x", "git log"]],
    ["a pager assigned alone", "GIT_PAGER='rm x'; git log", ["", "[GIT_PAGER] rm x", "git log"]],
    ["PERL5OPT -M runs perl", "PERL5OPT='-Mx;system(\"rm y\")' perl -e 1", ["perl -e 1", "[perl -e] rm y"]],
    ["BASH_ENV stays beside the code string", "BASH_ENV=/tmp/rc bash -c ls", ["[bash -c] ", "[bash -c] ls"]],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });
});
