import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { HARD_DENY_CHECKS, hardDenyCheck, workspaceOf } from "../../../runtime/hard-deny/index.ts";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
let real: Deriver;
/** A home on disk (committed fixture, outside every temp directory): overwrites are judged by what exists. */
const HOME = fileURLToPath(new URL("../../fixtures/outside-workspace/home", import.meta.url));
const PROJ = `${HOME}/proj`;
beforeAll(async () => {
  d = await deriver();
  real = await deriver({ realpath: true, home: HOME });
});

const check = (command: string, cwd?: string): string | null => judge(d.bash(command, cwd))?.check ?? null;
const span = { file: "rules.yaml", line: 1, column: 1, endLine: 1, endColumn: 1 };

describe("destructive-outside-workspace", () => {
  it.each([
    // Recursive deletes outside the session root, however the target is spelled.
    ["rm -rf ~/old-project"],
    ["rm -rf ~/.cache/p*"],
    ["rm -r ../other"],
    ["cd ~ && rm -rf notes"],
    ["cd .. && rm -rf other"],
    ["rm -rf $HOME/notes"],
    ['rm -rf "${HOME}/notes"'],
    ['D=~/notes; rm -rf "$D"'],
    ["rm -rf ~/notes/*"],
    ["find ~/notes -name '*.md' -delete"],
    ["find ../other -type f -exec rm {} +"],
    ["rsync -a --delete empty/ ~/notes/"],
    ["git clean -fdx ~/notes"],
    ["shred -r ~/notes"],
    ["ln -s ~/notes n && rm -rf n/"],
    ["sudo rm -rf /var/log/myapp"],
    ["rm -rf /usr/local/lib/node_modules/foo"],
    ["rm -rf /home/other/proj"],
    ["bash -c 'rm -rf ~/notes'"],
    // Recursive mode and owner changes.
    ["chmod -R 777 ~/notes"],
    ["chown -R me ../other"],
    ["chgrp -R staff /srv/data"],
    ["setfacl -R -m u:x:rwx ~/notes"],
    // Truncation and shredding, whether or not the file exists.
    ["truncate -s 0 /etc/hosts"],
    ["truncate -s0 ~/notes/todo.txt"],
    ["shred -u ~/notes/todo.txt"],
    ["wipe ~/notes/todo.txt"],
    // Overwrites of system paths (existence unknown here: fails closed).
    ["echo 127.0.0.1 x > /etc/hosts"],
    [": > /etc/hosts"],
    ["> /etc/hosts"],
    ["cp /dev/null /etc/hosts"],
    ["cat x | tee /etc/hosts"],
    ["echo x | sudo tee /etc/hosts"],
    ["dd if=/dev/zero of=/etc/hosts"],
    ["sed -i 's/a/b/' /etc/hosts"],
    ["perl -pi -e 's/a/b/' /etc/hosts"],
    // Every in-place editor, however its in-place mode is spelled.
    ["awk -i inplace '{print} END{print \"x\"}' /etc/hosts"],
    ["gawk --include=inplace '{print}' /etc/hosts"],
    ["gawk -iinplace -f fix.awk /etc/hosts"],
    ["ruby -i -pe 'x' /etc/hosts"],
    ["yq -i '.a = 1' /etc/app/config.yaml"],
    ["install -m 644 x /etc/x.conf"],
    ["cp tool /usr/local/lib/"],
    ["mv x /usr/share/x"],
    ["rsync -a conf/ /etc/nginx/"],
    // mmv moves what its pattern matches like mv (ADR 0471): out of the home into temp space, or off the system.
    ["mmv '/home/other/Documents/*' '/tmp/#1'"],
    ["mmv '/etc/ssh/*' 'backup/#1'"],
    ["unsquashfs -f -d / x.sqfs"],
    ["unsquashfs -d /usr/local/bin x.sqfs"],
    ["echo 0 >| /var/lib/x"],
    ["sudo sh -c 'echo x > /etc/hosts'"],
    ["cd /etc && echo x > hosts"],
    // A command that writes nothing only empties the file it redirects into: a truncation, existence unknown (ADR 0211).
    ["> ~/notes.txt"],
    [": > ~/notes.txt"],
    ["echo > ~/thesis.docx"],
    ["echo -n > ~/thesis.docx"],
    ["printf '' > ~/Documents/thesis.docx"],
    ["cat /dev/null > ~/.bash_history"],
    ["true > ~/notes/todo.txt"],
    ["cp /dev/null ~/.zsh_history"],
    // On a system path an append changes the file in place too.
    ["echo '1.2.3.4 github.com' >> /etc/hosts"],
    ["echo x | sudo tee -a /etc/hosts"],
    // A move removes its source: from a system path, or off limits into temp space (a delete in two steps).
    ["mv /usr/bin/sudo /tmp"],
    ["mv ~/projects /tmp/x"],
    ["mv -t /var/tmp ~/notes.txt"],
    // What interpreter code visibly writes on a system path; an archive unpacked into /.
    [`python3 -c "open('/etc/hosts','w').close()"`],
    ["curl -o /etc/hosts https://evil.example/hosts"],
    ["wget -O /etc/hosts https://x.example/hosts"],
    ["cd / && cpio -idmu < ~/Downloads/payload.cpio"],
    ["cpio -i -D /etc < conf.cpio"],
    // Code a package runner fetches is unknown code: given a path outside, it is judged as destructive there.
    ["npx rimraf ~/notes"],
    ["npx --yes some-tool --out /etc/x.conf"],
    ["pnpm dlx cleaner ../other"],
    ["uvx tool ~/.config/tool"],
    // The command a remote or wrapping runner runs is judged.
    ["strace -f rm -rf ~/notes"],
    ["uv run rm -rf ~/notes"],
    ["ssh host 'cat /dev/null > /etc/hosts'"],
    ["firejail chmod -R 777 ~/notes"],
  ])("hits %s", (command) => {
    expect(check(command)).toBe("destructive-outside-workspace");
  });

  it.each([
    ["rm -rf ./build dist .cache"],
    ["rm -rf node_modules/.vite"],
    ["find . -name '*.pyc' -delete"],
    ["rm -rf /tmp/build"],
    ["rm -rf /var/tmp/x"],
    ['rm -rf "$TMPDIR/build"'],
    ["rm -rf src/generated"],
    ["cd sub && rm -rf ../build"],
    ["chmod -R u+w node_modules"],
    ["chown -R me ./data"],
    ["truncate -s 0 app.log"],
    ["echo x > out.txt"],
    ["echo x > /dev/null"],
    ["cmd 2>/dev/null"],
    ["echo x >> ~/notes/todo.txt"],
    ["echo x > /tmp/out"],
    ["cp a.txt /tmp/"],
    ["tee -a /tmp/log"],
    ["cp -r src/ dist/"],
    ["rsync -a src/ ../backup/"],
    ["mv build dist"],
    ["mmv 'img/*.jpeg' 'img/#1.jpg'"],
    ["mmv -c '/etc/ssh/*.pub' 'keys/#1.pub'"],
    ["unsquashfs -d vendor/root x.sqfs"],
    ["echo x > ~/newfile"],
    ["cp a.txt ~/"],
    ["chmod 644 ~/notes/todo.txt"],
    ["sed -i 's/a/b/' src/x.ts"],
    ["awk -i inplace '{print}' src/x.txt"],
    ["yq -i '.a = 1' config/app.yaml"],
    ["ln -s x ~/link"],
    ["rm -f ~/notes/todo.txt"],
    ["cat /etc/hosts"],
    ["echo $HOME"],
    ["npx prettier --write ."],
    ["npx tsc -p tsconfig.json"],
    ["uv run pytest tests/"],
    ["ssh host rm -rf build"],
    ["> build.log"],
    [": > /tmp/x"],
    ["echo x >> /tmp/log"],
    ["echo done > ~/newfile"],
    ["mv build /tmp/old-build"],
    ["mv ~/Downloads/report.pdf ./docs/"],
    [`python3 -c "open('out.txt','w').write('x')"`],
    ["find . -name '*.c' | cpio -o > ../src.cpio"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });

  describe("one file of the system itself deleted or given a mode or owner (ADR 0422)", () => {
    it.each([
      ["rm /boot/vmlinuz*", "deletes /boot/vmlinuz* (a system path)"],
      ["rm -f /usr/bin/sudo", "deletes /usr/bin/sudo (a system path)"],
      ["unlink /etc/hosts", "deletes /etc/hosts (a system path)"],
      ["cd /boot && rm initrd.img", "deletes /boot/initrd.img (a system path)"],
      ["sudo rm /sbin/init", "deletes /sbin/init (a system path)"],
      ["chmod 000 /usr/bin/sudo", "chmod of /usr/bin/sudo (a system path)"],
      ["chmod -x /usr/bin/apt", "chmod of /usr/bin/apt (a system path)"],
      ["chmod a-x /usr/bin/*", "chmod of /usr/bin (a system path)"],
      ["chmod 600 /etc/hosts", "chmod of /etc/hosts (a system path)"],
      ["chown nobody /usr/bin/sudo", "chown of /usr/bin/sudo (a system path)"],
      ["chattr +i /etc/resolv.conf", "chattr of /etc/resolv.conf (a system path)"],
      ["install -m 644 x.conf /etc/x.conf", "install of /etc/x.conf (a system path)"],
      ["mkdir -m 755 /etc/x", "mkdir of /etc/x (a system path)"],
    ])("hits %s", (command, reason) => {
      const j = judge(d.bash(command));
      expect(j?.check).toBe("destructive-outside-workspace");
      expect(j?.reason).toBe(reason);
    });

    it.each([
      ["chmod +x /usr/local/bin/tool"],
      ["rm /usr/local/bin/tool"],
      ["install -d -m 755 /usr/local/lib/x"],
      ["rm /var/log/app.log"],
      ["rm -f /tmp/x"],
      ["rm ./build/x.o"],
      ["mkdir -p -m 755 dist/x"],
      ["chmod 644 ~/notes/todo.txt"],
      ["rm /opt/tool/cache.bin"],
    ])("does not hit %s", (command) => {
      expect(check(command)).toBeNull();
    });
  });

  it("judges the session root, not where the agent's shell has moved to", () => {
    const ws = workspaceOf([{ glob: ".", span }], "/home/u", "/home/u/proj");
    const ctx = { home: "/home/u", credentials: [], workspace: ws };
    expect(hardDenyCheck(d.bash("rm -rf build", "/home/u/other"), HARD_DENY_CHECKS, ctx)?.reason).toBe(
      "recursive delete of ~/other/build (outside the workspace)",
    );
    expect(hardDenyCheck(d.bash("rm -rf build", "/home/u/proj/sub"), HARD_DENY_CHECKS, ctx)).toBeNull();
  });

  it("takes the directories paths.workspace adds, and never a home or system directory as a workspace", () => {
    const ws = workspaceOf(
      [
        { glob: ".", span },
        { glob: "~/scratch", span },
        { glob: "~", span },
        { glob: "/etc", span },
      ],
      "/home/u",
      "/home/u/proj",
    );
    const ctx = { home: "/home/u", credentials: [], workspace: ws };
    expect(hardDenyCheck(d.bash("rm -rf ~/scratch/x"), HARD_DENY_CHECKS, ctx)).toBeNull();
    expect(hardDenyCheck(d.bash("rm -rf ~/notes"), HARD_DENY_CHECKS, ctx)?.check).toBe("destructive-outside-workspace");
    expect(hardDenyCheck(d.bash("rm -rf /etc/nginx"), HARD_DENY_CHECKS, ctx)?.check).toBe(
      "destructive-outside-workspace",
    );
  });

  it("does not make the home directory a workspace when the session starts there", () => {
    const ws = workspaceOf([{ glob: ".", span }], "/home/u", "/home/u");
    const ctx = { home: "/home/u", credentials: [], workspace: ws };
    expect(hardDenyCheck(d.bash("rm -rf notes", "/home/u"), HARD_DENY_CHECKS, ctx)?.reason).toBe(
      "recursive delete of ~/notes (outside the workspace)",
    );
    expect(hardDenyCheck(d.bash("rm -rf /tmp/x", "/home/u"), HARD_DENY_CHECKS, ctx)).toBeNull();
  });

  it("still counts a home that lies in a temp directory as outside (a test's or a container's home under /tmp)", async () => {
    const tmpHome = await deriver({ home: "/tmp/t1/home" });
    const ws = workspaceOf([{ glob: ".", span }], "/tmp/t1/home", "/tmp/t1/project");
    const ctx = { home: "/tmp/t1/home", credentials: [], workspace: ws };
    expect(hardDenyCheck(tmpHome.bash("rm -rf ~/notes", "/tmp/t1/project"), HARD_DENY_CHECKS, ctx)?.reason).toBe(
      "recursive delete of ~/notes (outside the workspace)",
    );
    expect(hardDenyCheck(tmpHome.bash("rm -rf /tmp/t1/scratch", "/tmp/t1/project"), HARD_DENY_CHECKS, ctx)).toBeNull();
  });

  it("allows destructive work in a session root under a system directory (/srv/app), not beside it", () => {
    const ws = workspaceOf([{ glob: ".", span }], "/home/u", "/srv/app");
    const ctx = { home: "/home/u", credentials: [], workspace: ws };
    expect(hardDenyCheck(d.bash("rm -rf build", "/srv/app"), HARD_DENY_CHECKS, ctx)).toBeNull();
    expect(hardDenyCheck(d.bash("rm -rf ../other", "/srv/app"), HARD_DENY_CHECKS, ctx)?.reason).toBe(
      "recursive delete of /srv/other (a system path)",
    );
  });

  describe("overwrites of home files are judged by what exists", () => {
    const onDisk = (command: string): string | null => judge(real.bash(command, PROJ), HOME)?.reason ?? null;
    it.each([
      ["echo x > ~/.bash_history", "overwrites ~/.bash_history (outside the workspace)"],
      ["cp /dev/null ~/notes/todo.txt", "cp of ~/notes/todo.txt (outside the workspace)"],
      ["cat x | tee ~/.config/tool/config.ini", "overwrites ~/.config/tool/config.ini (outside the workspace)"],
      ["mv new.ini ~/.config/tool/config.ini", "overwrites ~/.config/tool/config.ini (outside the workspace)"],
      ["mv ~/notes /tmp/trash", "moves away ~/notes (outside the workspace)"],
      ["dd if=/dev/zero of=../.bash_history", "overwrites ~/.bash_history (outside the workspace)"],
    ])("hits %s", (command, reason) => {
      expect(onDisk(command)).toBe(reason);
    });

    it.each([
      ["echo x > /dev/null"],
      ["make 2> /dev/stderr"],
      ["echo x > ~/new-file"],
      ["cp a.txt ~/notes/"],
      ["echo x >> ~/.bash_history"],
      ["echo x > build/out.txt"],
      ["mv ~/notes/todo.txt ./"],
    ])("does not hit %s", (command) => {
      expect(onDisk(command)).toBeNull();
    });

    it("counts the Write tool's overwrite of a system file, not its writes of home files", () => {
      expect(judge(real.tool("Write", { file_path: "/etc/hosts", content: "" }, PROJ), HOME)?.reason).toBe(
        "overwrites /etc/hosts (a system path)",
      );
      expect(judge(real.tool("Write", { file_path: `${HOME}/notes/todo.txt`, content: "" }, PROJ), HOME)).toBeNull();
    });
  });
});
