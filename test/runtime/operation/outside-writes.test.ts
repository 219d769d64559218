import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation, type Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

const HOME = "/home/u";
const CWD = "/home/u/proj";
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

function derive(tool: string, input: Record<string, unknown>, workspace: readonly string[] = [CWD]): Operation {
  return deriveOperation({ tool, input, cwd: CWD }, { home: HOME, skills: [], analyzer, realpath: false, workspace });
}
const bash = (command: string, workspace?: readonly string[]): Operation => derive("Bash", { command }, workspace);

describe("content written outside the workspace and temp space is SECURITY (ADR 0320)", () => {
  test.each([
    // Startup files nobody listed: editors, REPLs, desktop sessions, package managers.
    "cat evil >> ~/.vimrc",
    "echo 'run-shell x' >> $HOME/.tmux.conf",
    "echo x > /home/u/.config/nvim/init.lua",
    "cp x ~/.xprofile",
    "cp /tmp/e.py ~/.ipython/profile_default/startup/00.py",
    "printf '[global]\\nindex-url = https://e.example\\n' > ~/.config/pip/pip.conf",
    "tee -a ~/.cargo/config.toml < x",
    "install -m 755 x ~/.local/share/applications/firefox.desktop",
    "ln -sfn /tmp/evil ~/.config/git",
    "cd ~ && echo x > .inputrc",
    // Another project, /opt: not the agent's work either.
    "echo x > ../other/src/index.ts",
    "cp build/tool /opt/tool/bin/tool",
    "dd if=x of=~/.pythonrc.py",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("outside-workspace");
  });

  test.each([
    "echo x > notes.txt",
    "cp a.txt ./src/b.txt",
    "echo x > /tmp/scratch.txt",
    "echo x >> /var/tmp/log",
    // Into a temp root: lands inside it (ADR 0445).
    "mv old_module.py /tmp/",
    "mv old_module.py /tmp",
    "cp -r dist /var/tmp/",
    "mv -t /tmp a.py b.py",
    "mv --target-directory=/tmp a.py",
    "make 2>/dev/null",
    "echo x > /dev/stderr",
    "mkdir -p ~/.local/bin",
    "touch ~/.config/app/marker",
    "mv ~/Downloads/data.csv ./fixtures/",
    "cat ~/.bashrc",
    "ls -la ~/.config",
  ])("%s is not", (command) => {
    expect(bash(command).categories).not.toContain("outside-workspace");
  });

  test("the Write and Edit tools too; the workspace list decides, and a home in temp space is still a home", () => {
    expect(derive("Write", { file_path: "/home/u/.emacs", content: "x" }).level).toBe("SECURITY");
    expect(derive("Edit", { file_path: "/home/u/.config/fish/x.fish", old_string: "a", new_string: "b" }).level).toBe(
      "SECURITY",
    );
    expect(derive("Write", { file_path: "/home/u/proj/src/a.ts", content: "x" }).level).toBe("WRITE");
    expect(bash("echo x > ../shared/a.txt", [CWD, "/home/u/shared"]).level).toBe("WRITE");
    const tmpHome = deriveOperation(
      { tool: "Bash", input: { command: "echo x >> /tmp/h/.vimrc" }, cwd: "/tmp/h/proj" },
      { home: "/tmp/h", skills: [], analyzer, realpath: false, workspace: ["/tmp/h/proj"] },
    );
    expect(tmpHome.level).toBe("SECURITY");
  });
});

describe("what is not content written by the agent outside the workspace (ADR 0320)", () => {
  test.each([
    "git config --global user.name Dev",
    "tar -cf x.tar dist -C ~",
    "tar czf release.tgz -C ~/proj/dist .",
    "chmod +x ~/.local/bin/tool",
    "chown -R u ~/.cache/x",
  ])("%s", (command) => {
    expect(bash(command).categories).not.toContain("outside-workspace");
  });

  test("Claude Code's plan files are its own; the rest of ~/.claude is not", () => {
    expect(derive("Write", { file_path: "/home/u/.claude/plans/p.md", content: "x" }).level).toBe("WRITE");
    expect(derive("Write", { file_path: "/home/u/.claude/skills/x/SKILL.md", content: "x" }).level).toBe("SECURITY");
    expect(bash("chmod +x ~/.local/bin/tool > ~/.x.log").level).toBe("SECURITY");
    expect(bash("tar -xzf dots.tgz -C ~").level).toBe("SECURITY");
  });
});

describe("a symbolic link into a home outside the workspace is a door, SECURITY (ADR 0322)", () => {
  test.each([
    "ln -s ~/.bashrc notes.txt",
    "ln -s ~/.local/bin lb",
    "ln -s /home/u/.config/systemd/user units",
    "ln -s ~ homelink",
    "ln -sfn $HOME/.config cfg",
    "ln --symbolic ~/.ssh/authorized_keys k",
    "ln -s / rootlink",
    "ln -s /home/other/.bashrc x",
    "cd src && ln -s ../../.vimrc v",
    "ln -s -t links ~/.gitconfig",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("outside-workspace");
  });

  test.each([
    "ln -s ../README.md docs/README.md",
    "ln -s src/index.ts main.ts",
    "ln -s /tmp/build out",
    "ln -s /usr/share/zoneinfo/UTC tz",
    "ln ./a ./b",
  ])("%s is not", (command) => {
    expect(bash(command).categories).not.toContain("outside-workspace");
  });

  test("a door into a directory the workspace lists is no door", () => {
    expect(bash("ln -s ../shared lib", [CWD, "/home/u/shared"]).categories).not.toContain("outside-workspace");
  });
});
