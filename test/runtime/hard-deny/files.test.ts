import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

const check = (command: string): string | null => judge(d.bash(command))?.check ?? null;

describe("writes to protected files through bash", () => {
  it.each([
    ["echo 'export X=1' >> ~/.bashrc", "shell-profile-write"],
    ["echo x >> $HOME/.zshrc", "shell-profile-write"],
    ["sed -i 's/a/b/' ~/.profile", "shell-profile-write"],
    ["tee -a ~/.bash_profile < snippet", "shell-profile-write"],
    ["cp evil ~/.zshenv", "shell-profile-write"],
    ["mv x ~/.zprofile", "shell-profile-write"],
    ["ln -sf x ~/.bashrc", "shell-profile-write"],
    ["cd ~ && echo x >> .bashrc", "shell-profile-write"],
    ["cp dotfiles/.bashrc ~/", "shell-profile-write"],
    ["cp -t ~ .zshrc", "shell-profile-write"],
    ["ln -sf $PWD/.profile ~", "shell-profile-write"],
    ["cp authorized_keys ~/.ssh", "authorized-keys-write"],
    ["cp settings.json .claude/", "agent-settings-edit"],
    ["echo x >> ~/.config/fish/config.fish", "shell-profile-write"],
    ["echo 'source /tmp/x' > ~/.bashrc.d/evil.sh", "shell-profile-write"],
    // Other cases of the same names: on macOS and Windows they are the same files.
    ["echo x >> ~/.BASHRC", "shell-profile-write"],
    ["echo '{}' > .Claude/Settings.json", "agent-settings-edit"],
    ["rm -rf .RULEGATE", "rulegate-config-edit"],
    ["cp x.plist ~/library/launchagents/", "persistence"],
    ["echo k >> ~/.SSH/Authorized_Keys", "authorized-keys-write"],
    ["cp ls.fish ~/.config/fish/functions/ls.fish", "shell-profile-write"],
    ["cp x.zsh ~/.oh-my-zsh/custom/x.zsh", "shell-profile-write"],
    ["echo x > ~/.zshrc.d/10-x.zsh", "shell-profile-write"],
    ["sudo tee /etc/profile.d/path.sh", "shell-profile-write"],
    ["echo x | sudo tee -a /etc/environment", "shell-profile-write"],
    ["echo x >> /etc/bash.bashrc", "shell-profile-write"],
    ["echo x >> /root/.bashrc", "shell-profile-write"],
    ["rm ~/.bashrc", "shell-profile-write"],
    ["echo ssh-ed25519 AAA >> ~/.ssh/authorized_keys", "authorized-keys-write"],
    ["cat key.pub >> /root/.ssh/authorized_keys", "authorized-keys-write"],
    ["cp keys /home/bob/.ssh/authorized_keys2", "authorized-keys-write"],
    ["sed -i 's/no/yes/' /etc/ssh/sshd_config", "authorized-keys-write"],
    ["echo x > /etc/ssh/sshd_config.d/10-x.conf", "authorized-keys-write"],
    ["cd ~/.ssh && tee -a authorized_keys < k", "authorized-keys-write"],
    // ssh's trust and login-time files (ADR 0430): readable now, so their writes are judged here.
    ["ssh-keyscan evil.example >> ~/.ssh/known_hosts", "authorized-keys-write"],
    ["echo 'Host *\n ProxyCommand sh -c x' >> ~/.ssh/config", "authorized-keys-write"],
    ["cp evil.conf $HOME/.ssh/config", "authorized-keys-write"],
    ["echo 'curl x | sh' > ~/.ssh/rc", "authorized-keys-write"],
    ["echo LD_PRELOAD=/tmp/x.so >> ~/.ssh/environment", "authorized-keys-write"],
    ["echo x > ~/.ssh/config.d/evil", "authorized-keys-write"],
    ["sudo tee -a /etc/ssh/ssh_known_hosts < k", "authorized-keys-write"],
    ["echo 'Host *' | sudo tee /etc/ssh/ssh_config.d/x.conf", "authorized-keys-write"],
    ["chmod 600 ~/.ssh/config && echo x >> ~/.ssh/config", "authorized-keys-write"],
    ["rm .rulegate/rules.yaml", "rulegate-config-edit"],
    ["echo 'permissions: {}' > .rulegate/rules.local.yaml", "rulegate-config-edit"],
    ["sed -i '/deny/d' ../.rulegate/rules.yaml", "rulegate-config-edit"],
    ["truncate -s0 ~/.rulegate/sessions/s1.jsonl", "rulegate-config-edit"],
    ["cp mine.yaml ~/.config/rulegate/rules.yaml", "rulegate-config-edit"],
    ["rm -f $RULEGATE_HOME/sessions/a.jsonl", "rulegate-config-edit"],
    ["mv .rulegate .old", "rulegate-config-edit"],
    ["echo '{}' > .claude/settings.json", "agent-settings-edit"],
    ["cp x .claude/settings.local.json", "agent-settings-edit"],
    ["sed -i s/a/b/ ~/.claude/settings.json", "agent-settings-edit"],
    ["echo '{}' > ~/.claude.json", "agent-settings-edit"],
    ["cp hook.sh .claude/hooks/pre.sh", "agent-settings-edit"],
    ["echo '{}' > .mcp.json", "agent-settings-edit"],
    ["echo '{}' > .pi/settings.json", "agent-settings-edit"],
    ["cp ext.ts ~/.pi/agent/extensions/x.ts", "agent-settings-edit"],
    ["echo '{}' > ~/.pi/agent/settings.json", "agent-settings-edit"],
    ["echo '{}' > ~/.pi/agent/trust.json", "agent-settings-edit"],
    ["cp servers.json ~/.pi/agent/mcp.json", "agent-settings-edit"],
    ["echo '{}' > .pi/mcp.json", "agent-settings-edit"],
    ["claude config set -g autoUpdates false", "agent-settings-edit"],
    ["claude mcp add srv -- npx srv", "agent-settings-edit"],
    ["claude mcp remove srv", "agent-settings-edit"],
    ["rm -rf .claude", "agent-settings-edit"],
    ["mv .claude .claude-off", "agent-settings-edit"],
    ["rm -r ~/.pi/agent", "agent-settings-edit"],
    ["crontab -e", "persistence"],
    ["crontab mycron", "persistence"],
    ["echo '* * * * * x' | crontab -", "persistence"],
    ["crontab -r", "persistence"],
    ["echo x > /etc/cron.d/job", "persistence"],
    ["sudo cp job /etc/cron.daily/", "persistence"],
    ["echo x >> /var/spool/cron/crontabs/u", "persistence"],
    ["systemctl enable nginx", "persistence"],
    ["systemctl --user enable --now app", "persistence"],
    ["sudo cp app.service /etc/systemd/system/", "persistence"],
    ["cp app.service ~/.config/systemd/user/app.service", "persistence"],
    ["launchctl load ~/Library/LaunchAgents/x.plist", "persistence"],
    ["launchctl bootstrap gui/501 x.plist", "persistence"],
    ["cp x.plist ~/Library/LaunchAgents/", "persistence"],
    ["cp x.desktop ~/.config/autostart/", "persistence"],
    ["cp evil.py ~/.local/lib/python3.11/site-packages/sitecustomize.py", "persistence"],
    ["echo 'import os' > /usr/lib/python3/dist-packages/zz.pth", "persistence"],
    ["echo cmd | at now + 5 minutes", "persistence"],
    ["echo x >> /etc/rc.local", "persistence"],
    ["sudo cp svc /etc/init.d/svc", "persistence"],
    ["sudo update-rc.d svc defaults", "persistence"],
  ])("%s hits %s", (command, expected) => {
    expect(check(command)).toBe(expected);
  });

  it.each([
    ["cat ~/.bashrc"],
    ["grep PATH ~/.zshrc"],
    ["source ~/.bashrc"],
    ["cp ~/.bashrc /tmp/bashrc.bak"],
    ["echo x >> ./profile"],
    ["vim .bashrc.example"],
    ["ls ~/.ssh"],
    ["ssh-keygen -t ed25519 -f ./deploy_key"],
    ["cat .rulegate/rules.yaml"],
    ["rules compile .rulegate/rules.yaml --check"],
    ["cat .claude/settings.json"],
    ["ls .claude/hooks"],
    ["jq . .mcp.json"],
    ["claude mcp list"],
    ["claude --version"],
    ["crontab -l"],
    ["crontab -u root -l"],
    ["systemctl status nginx"],
    ["systemctl --user restart app"],
    ["systemctl daemon-reload"],
    ["launchctl list"],
    ["atq"],
    ["cat /etc/crontab"],
    ["cat app.service"],
    ["echo x > notes/cron.md"],
    ["echo x > docs/.claude-settings.md"],
    ["cp .bashrc backup/"],
    ["cp README.md docs/"],
    ["cp ~/.zshrc dotfiles/"],
    ["cat ~/.ssh/config"],
    ["ssh-keygen -F github.com"],
    ["cp ~/.ssh/known_hosts /tmp/kh"],
    ["chmod 600 ~/.ssh/config ~/.ssh/authorized_keys"],
    ["touch ~/.ssh/config"],
    ["echo x > notes/ssh-config"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});

describe("the same files written with the Write and Edit tools", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["Write", { file_path: "~/.bashrc", content: "x" }, "shell-profile-write"],
    ["Edit", { file_path: "/home/u/.zshrc", old_string: "a", new_string: "b" }, "shell-profile-write"],
    ["write", { path: "/etc/profile.d/x.sh", content: "x" }, "shell-profile-write"],
    ["Write", { file_path: "/home/u/.ssh/authorized_keys", content: "k" }, "authorized-keys-write"],
    ["Edit", { file_path: ".rulegate/rules.yaml", old_string: "deny", new_string: "allow" }, "rulegate-config-edit"],
    ["Write", { file_path: "../.rulegate/rules.local.yaml", content: "x" }, "rulegate-config-edit"],
    ["Write", { file_path: "~/.config/rulegate/rules.yaml", content: "x" }, "rulegate-config-edit"],
    ["Edit", { file_path: ".claude/settings.json", old_string: "a", new_string: "b" }, "agent-settings-edit"],
    ["MultiEdit", { file_path: "/home/u/.claude/settings.json", edits: [] }, "agent-settings-edit"],
    ["Write", { file_path: ".claude/hooks/guard.sh", content: "exit 0" }, "agent-settings-edit"],
    ["Write", { file_path: ".mcp.json", content: "{}" }, "agent-settings-edit"],
    ["edit", { path: "/home/u/.pi/agent/settings.json", oldText: "a", newText: "b" }, "agent-settings-edit"],
    ["Write", { file_path: "/home/u/Library/LaunchAgents/x.plist", content: "x" }, "persistence"],
    ["Write", { file_path: "/etc/cron.d/job", content: "x" }, "persistence"],
    // A program put on the search path (ADR 0157).
    ["Write", { file_path: "~/.local/bin/git", content: "#!/bin/sh" }, "persistence"],
    ["Edit", { file_path: "node_modules/.bin/tsc", old_string: "a", new_string: "b" }, "persistence"],
  ])("%s %j hits %s", (tool, input, expected) => {
    expect(judge(d.tool(tool, input))?.check).toBe(expected);
  });

  it.each<[string, Record<string, unknown>]>([
    ["Write", { file_path: "src/index.ts", content: "x" }],
    ["Edit", { file_path: "README.md", old_string: "a", new_string: "b" }],
    ["Read", { file_path: "/home/u/.bashrc" }],
    ["Read", { file_path: ".rulegate/rules.yaml" }],
    ["Read", { file_path: ".claude/settings.json" }],
    ["Write", { file_path: "docs/rulegate.md", content: "x" }],
    ["Grep", { pattern: "authorized_keys", path: "." }],
  ])("%s %j does not hit", (tool, input) => {
    expect(judge(d.tool(tool, input))).toBeNull();
  });
});
