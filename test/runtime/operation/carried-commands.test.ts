import { describe, expect, test } from "vitest";
import type { Operation } from "../../../runtime/operation/index.ts";
import { bashDeriver } from "./bash-deriver.ts";

const HOME = "/home/u";
const CWD = "/home/u/proj";
const bash = bashDeriver(CWD, HOME, [CWD]);
const raised = (o: Operation): boolean => o.level === "SECURITY" || o.level === "DESTRUCTIVE";
const programs = (o: Operation): string[] => (o.shell?.commands ?? []).map((c) => c.program);

describe("a program nobody described may run the known command that follows it (ADR 0501)", () => {
  test.each([
    "frobnicate terraform destroy -auto-approve",
    "frobnicate -g cpu:/ rm -rf ~/Documents",
    "frobnicate -n 10 shutdown -h now",
    "frobnicate --start --exec /sbin/reboot --now",
    "frobnicate --level 3 true chmod -R 777 ~",
    "./wrap.sh sudo systemctl poweroff",
    "frobnicate bash -c 'rm -rf ~/Documents'",
    "frobnicate other-unknown git push --force origin main",
  ])("%s is raised", (command) => {
    const o = bash(command);
    expect(raised(o)).toBe(true);
    expect(o.shell?.commands.some((c) => c.context.wrappers.some((w) => w.startsWith("carried by ")))).toBe(true);
  });

  test.each([
    "frobnicate test",
    "frobnicate install ls",
    "frobnicate build --jobs 4 make",
    "frobnicate kill",
    "npx husky init",
    "frobnicate restart web",
    "frobnicate cat README.md",
    "./gradlew clean build",
  ])("%s stays as it was", (command) => {
    expect(bash(command).level).toBe("WRITE");
  });

  test("a program that declined to peel is not read as carrying one (command -v)", () => {
    expect(programs(bash("command -v shutdown"))).toEqual(["command"]);
  });
});

describe("wrappers of red-team round 7 are peeled exactly (ADR 0502)", () => {
  test.each([
    ["eatmydata terraform destroy -auto-approve", "terraform"],
    ["catchsegv nsenter -t 1 -m sh", "sh"],
    ["cgexec -g cpu:/ rm -rf ~/Documents", "rm"],
    ["echo x | ifne dropdb prod", "dropdb"],
    ["nsjail -Mo --chroot / -- /bin/rm -rf ~/Documents", "rm"],
    ["distrobox enter box -- sudo rm -rf /etc", "rm"],
    ["toolbox run --container c sudo systemctl poweroff", "systemctl"],
    ["coreutils --coreutils-prog=rm -rf ~/Documents", "rm"],
    ["bwrap --bind / / --dev /dev rm -rf ~/.ssh", "rm"],
    ["run-one sudo -i", "sudo"],
    ["envdir ./env sudo iptables -F", "iptables"],
    ["chpst -n 10 shutdown -h now", "shutdown"],
    ["dbus-launch systemctl poweroff", "systemctl"],
    ["mpirun -np 1 --mca btl self chmod -R 777 ~", "chmod"],
    ["start-stop-daemon --start --exec /bin/rm -- -rf /home/u", "rm"],
    ["pueue add -- rm -rf ~/Documents", "rm"],
    ["nq reboot", "reboot"],
    ["tsp rm -rf ~/Documents", "rm"],
    ["sem --fg rm -rf ~/Documents", "rm"],
    ["echo x | pee 'rm -rf ~/Documents' cat", "rm"],
    ["tox exec -e py311 -- rm -rf ~", "rm"],
    ["just --command sh -c 'rm -rf ~'", "rm"],
  ])("%s runs %s", (command, program) => {
    const o = bash(command);
    expect(programs(o)).toContain(program);
    expect(raised(o)).toBe(true);
  });

  test.each([
    ["nq make -j8", "make"],
    ["tsp sleep 10", "sleep"],
    ["chpst -e ./env ./run", "run"],
    ["bwrap --ro-bind /usr /usr --proc /proc ls", "ls"],
    ["mpirun -np 4 ./sim input.dat", "sim"],
  ])("%s runs %s and stays ordinary", (command, program) => {
    const o = bash(command);
    expect(programs(o)).toContain(program);
    expect(raised(o)).toBe(false);
  });
});

describe("an option whose name says it runs a command has its value analysed (ADR 0503)", () => {
  test.each([
    `split -n 1 --filter='rm -rf ~/Documents' README.md`,
    `sort --compress-program='sh -c "rm -rf ~/Documents"' -S 1 big.txt`,
    `dpkg-buildpackage --hook-init='rm -rf ~/Documents' -us -uc`,
    `sbatch --wrap 'systemctl poweroff'`,
    `rg --pre 'sh -c "rm -rf ~"' foo`,
    `ssh -o PermitLocalCommand=yes -o LocalCommand='rm -rf ~/Documents' host true`,
    `ssh -o KnownHostsCommand='sh -c "rm -rf ~"' build-host true`,
    `lldb -b -o 'platform shell rm -rf ~/Documents'`,
    `hg --config alias.x='!rm -rf ~/Documents' x`,
    `hg --config hooks.pre-status='rm -rf ~' status`,
    `make -f <(printf 'all:\\n\\trm -rf ~/Documents\\n')`,
    `make -f <(echo YWxsOgoJcm0gLXJmIH4K | base64 -d) all`,
    `echo 'syscmd(rm -rf ~/Documents)' | m4`,
    "printf 'esyscmd(`chmod -R 777 /home/u')' | m4",
  ])("%s is raised", (command) => {
    expect(raised(bash(command))).toBe(true);
  });

  test.each([
    "split -l 1000 --filter='gzip > $FILE.gz' big.txt part-",
    "sort --compress-program=gzip -S 1G big.txt",
    "rg --pre-glob '*.gz' --pre zcat pattern",
    "docker ps --filter status=exited",
    "gcloud compute firewall-rules list --filter=sourceRanges:0.0.0.0/0",
    "ssh -o ConnectTimeout=5 host uptime",
    "lldb -b -o run ./a.out",
    "hg --config ui.username=me commit -m msg",
    "make -f build/Makefile all",
    "echo 'define(X, 1)X' | m4",
    "m4 config.m4 > config.h",
    // SQL given to a database client's --command is SQL, judged by the statement checks (ADR 0482), not a command.
    "psql --command 'SELECT now()'",
    "psql -d app --command 'select count(*) from users'",
  ])("%s stays ordinary", (command) => {
    expect(raised(bash(command))).toBe(false);
  });
});
