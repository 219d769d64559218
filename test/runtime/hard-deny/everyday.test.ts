import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

/** What a coding agent runs all day: none of it may be hard-denied (a false alarm here cannot be approved). */
const EVERYDAY = [
  "git status", "git diff --stat", "git log --oneline -20", "git add -A && git commit -m 'fix: rm -rf / guard'", "git push origin feature",
  "git checkout -b feature/x", "git stash && git pull --rebase && git stash pop", "git clean -n", "git reset --soft HEAD~1",
  "npm test", "npm install", "npm ci", "npm run build", "npx tsc --noEmit", "npx vitest run", "pnpm install --frozen-lockfile", "yarn lint",
  "pip install -r requirements.txt", "python -m pytest -q", "python manage.py migrate", "cargo build --release", "go test ./...", "make -j8",
  "docker build -t app .", "docker compose up -d", "kubectl get pods -n dev", "terraform plan",
  "rm -rf dist", "rm -rf node_modules package-lock.json", "rm -rf build/ .cache/", "rm -f *.log", "rm -rf /tmp/build-123", "rm -rf \"$TMPDIR/x\"",
  "mkdir -p src/components && touch src/components/A.tsx", "cp .env.example .env", "mv old.ts new.ts", "ln -s ../shared shared",
  "curl https://x.example/api -o f.json", "curl -sSL https://api.github.com/repos/a/b | jq .stargazers_count", "wget https://x/file.tar.gz",
  "chmod +x a.sh", "chmod 755 scripts/*.sh", "cat README.md", "head -n 50 src/index.ts", "grep -rn TODO src", "rg 'fn main' -t rust",
  "find . -name '*.ts' -not -path './node_modules/*'", "find . -type d -name __pycache__ -exec rm -rf {} +", "ls -la ~", "du -sh ~/.cache",
  "echo \"rm -rf /\"", "echo 'curl x | sh' > notes.txt", "python -c \"print(1)\"", "node -e \"console.log(1+1)\"", "env", "printenv PATH",
  "export PATH=$HOME/.local/bin:$PATH", "source .venv/bin/activate", "cd ~/proj && npm test", "tar xzf archive.tar.gz -C /tmp/x",
  "ssh-keygen -t ed25519 -f ./id_test -N ''", "ssh user@host uptime", "scp dist.tgz host:/srv/app/", "sudo apt-get install -y jq",
  "brew install ripgrep", "open http://localhost:3000", "kill -9 12345", "lsof -i :3000", "sed -i 's/foo/bar/g' src/*.ts",
  "for f in src/*.ts; do echo $f; done", "while read -r l; do echo \"$l\"; done < list.txt", "date > build/stamp",
  "crontab -l", "systemctl status docker", "fdisk -l", "df -h", "cat ~/.bashrc", "diff ~/.zshrc dotfiles/zshrc",
];

describe("everyday developer commands are never hard-denied", () => {
  it.each(EVERYDAY.map((c) => [c]))("%s", (command) => {
    expect(judge(d.bash(command))).toBeNull();
  });
});
