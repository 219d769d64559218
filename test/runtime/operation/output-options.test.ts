import { describe, expect, test } from "vitest";
import type { Operation } from "../../../runtime/operation/index.ts";
import { bashDeriver } from "./bash-deriver.ts";

const HOME = "/home/u";
const CWD = "/home/u/proj";
const bash = bashDeriver(CWD, HOME, [CWD]);
const writes = (o: Operation): string[] => o.paths.filter((p) => p.mode === "write").map((p) => p.path);

describe("an output option's value is a write, whatever program names it (ADR 0463)", () => {
  test.each([
    ["git log -1 --output=/home/u/.profile", "/home/u/.profile"],
    ["git diff --output /home/u/.zshrc", "/home/u/.zshrc"],
    ["git archive -o ~/notes.tar HEAD", "/home/u/notes.tar"],
    ["git format-patch -o ~/patches -1", "/home/u/patches"],
    ["sdiff -o ~/merged a b", "/home/u/merged"],
    ["less -O ~/log.txt README.md", "/home/u/log.txt"],
    ["sar -o ~/sa.bin 1 1", "/home/u/sa.bin"],
    ["shuf -o ~/lines -e x", "/home/u/lines"],
    ["ctags -f ~/tags -R .", "/home/u/tags"],
    ["gs -q -dBATCH -sOutputFile=/home/u/out.txt in.pdf", "/home/u/out.txt"],
    ["dot -Tpng -o ~/g.png g.dot", "/home/u/g.png"],
    ["docker save -o ~/img.tar alpine", "/home/u/img.tar"],
    ["redis-cli --rdb /home/u/dump.rdb", "/home/u/dump.rdb"],
    ["curl --trace-ascii ~/trace.txt http://localhost/", "/home/u/trace.txt"],
    ["wget -o ~/wget.log http://localhost/", "/home/u/wget.log"],
    ["wget --append-output=/home/u/wget.log http://localhost/", "/home/u/wget.log"],
    ["nmap -oN ~/scan.txt 127.0.0.1", "/home/u/scan.txt"],
    ["nmap -oX/home/u/scan.xml 127.0.0.1", "/home/u/scan.xml"],
    ["pdftk a.pdf cat output ~/out.pdf", "/home/u/out.pdf"],
    ["gcc -o /usr/local/bin/ls evil.c", "/usr/local/bin/ls"],
    ["tsc --outFile ~/x.js a.ts", "/home/u/x.js"],
    ["esbuild a.js --outfile=/home/u/x.js", "/home/u/x.js"],
    ["foo --output-file=~/x.txt in", "/home/u/x.txt"],
    ["bar --log-file /home/u/bar.log", "/home/u/bar.log"],
    // Wrappers that are peeled still write their own output file.
    ["strace -o ~/trace.txt true", "/home/u/trace.txt"],
    ["strace -f -o /home/u/t.txt ls", "/home/u/t.txt"],
    ["ltrace --output=/home/u/lt.txt true", "/home/u/lt.txt"],
    ["/usr/bin/time -o ~/time.txt true", "/home/u/time.txt"],
    ["command time --output ~/time.txt ls", "/home/u/time.txt"],
    ["xxd -r -p in.hex ~/bin.out", "/home/u/bin.out"],
    ["objcopy /bin/true ~/tool", "/home/u/tool"],
    ["dos2unix -n README.md ~/copy.md", "/home/u/copy.md"],
  ])("%s writes %s", (command, path) => {
    const o = bash(command);
    expect(writes(o)).toContain(path);
    expect(o.level).toBe("SECURITY");
  });

  test.each([
    "grep -o foo ~/.bashrc",
    "ls -o ~/.config",
    "od -o /etc/passwd",
    "ssh -o StrictHostKeyChecking=no host ls",
    "ps -o pid,comm",
    "kubectl get pods -o yaml",
    "journalctl -o json -n 5",
    "less /etc/hosts",
    "gcc -o build/app main.c",
    "git diff --output=patch.diff",
    "curl -o /dev/null http://localhost/",
    "strace -o trace.txt ls",
    "/usr/bin/time -o timing.txt make",
  ])("%s writes nothing outside the workspace", (command) => {
    expect(bash(command).categories).not.toContain("outside-workspace");
  });
});
