import { join } from "node:path";
import type { CallInput } from "../../runtime/session/index.ts";
import { dcgCommands } from "./corpus.ts";
import { REPO_ROOT } from "./model-traces.ts";

/**
 * The decision bench's workload: a 200-rule deterministic policy (no plain English, so no model) and a
 * realistic mix of calls. Rules are varied on purpose (every field, history monitors, patterns used as
 * booleans) and mostly miss, as in a real policy; a few hit common calls so every stage is reached.
 */
export const RULE_COUNT = 200;

const COMMON: readonly string[] = [
  'op.tool == "bash" and op.programs contains "git" and op.command matches "git push*"',
  'op.programs contains "npm" and op.command matches "npm publish*"',
  "op.type == write_external",
  'op.host == "pastebin.com" or op.host == "transfer.sh"',
  'op.path matches "**/migrations/**" and op.type == write_local',
  'op.categories contains "cloud" and op.level >= DESTRUCTIVE',
  'op.tool == "bash" and op.programs contains "curl" and op.types contains write_local',
  'op.path under "/etc" or op.path under "/usr/local"',
  "op.level >= DESTRUCTIVE and session.mode == act",
  'op.programs contains "docker" and op.command matches "docker run*--privileged*"',
];

export function decisionPolicy(rules = RULE_COUNT): string {
  const lines = ["version: 1", "extends: [builtin:defaults]", "settings:", "  default: ask", "permissions:", "  deny:"];
  for (let i = 0; i < 20; i++) lines.push(`    - "bash(tool${i} --danger*)"`);
  lines.push('    - "bash(git push --force*)"', '    - "read(**/secrets/**)"', '    - "WebFetch(domain:evil.example)"');
  lines.push("  ask:");
  for (let i = 0; i < 12; i++) lines.push(`    - "bash(deploy-${i} *)"`);
  lines.push('    - "bash(npm publish*)"', '    - "bash(git push*)"', '    - "write(**/*.lock)"');
  lines.push("  allow:");
  for (const p of [
    "bash(npm test*)",
    "bash(npm run lint:*)",
    "bash(npm run build)",
    "bash(git status*)",
    "bash(git diff*)",
    "bash(git log*)",
    "bash(git add *)",
    "bash(git commit *)",
    "bash(ls*)",
    "bash(cat *)",
    "bash(grep *)",
    "bash(rg *)",
    "bash(npx tsc*)",
    "bash(node *)",
    "edit(./src/**)",
    "write(./src/**)",
    "edit(./test/**)",
    "write(./test/**)",
    "WebFetch(domain:developer.mozilla.org)",
    "WebFetch(domain:nodejs.org)",
  ])
    lines.push(`    - "${p}"`);
  lines.push("rules:");
  for (let i = 0; i < rules; i++) {
    lines.push(`  - id: rule-${i}`);
    if (i % 20 === 0) {
      // Common conditions: these hit calls of the mix.
      lines.push(
        `    match: ${yamlString(COMMON[(i / 20) % COMMON.length] ?? "false")}`,
        `    mode: ${["approve", "log", "block"][(i / 20) % 3]}`,
      );
    } else {
      switch (i % 5) {
        case 0:
        case 1:
          lines.push(
            `    match: ${yamlString(`op.tool == "bash" and op.programs contains "prog${i}" and op.level >= WRITE`)}`,
            `    mode: ${i % 2 === 0 ? "approve" : "log"}`,
          );
          break;
        case 2:
          lines.push(
            `    after: ${yamlString(`seen(op.type == read_external) and count(op.path matches "**/f${i}/**") >= 2`)}`,
            "    match: op.type in [write_local, write_external]",
            "    mode: approve",
          );
          break;
        case 3:
          lines.push(
            `    after: ${yamlString(`count(op.programs contains "git") > ${i}`)}`,
            `    match: ${yamlString(`op.command matches "git push origin feature-${i}*"`)}`,
            "    mode: approve",
          );
          break;
        default:
          lines.push(
            `    match: ${yamlString(`bash(deploy-${i} *) or (op.path under "~/project-${i}" and not (op.type == read_local))`)}`,
            "    mode: block",
          );
      }
    }
    lines.push(`    description: Rule number ${i}.`);
  }
  return lines.join("\n") + "\n";
}

function yamlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

const DEV_COMMANDS: readonly string[] = [
  "git status",
  "git status --short",
  "git diff",
  "git diff --stat HEAD~1",
  "git log --oneline -20",
  "git add -A",
  "git commit -m 'fix: tax rounding'",
  "git push origin feature/tax",
  "git checkout -b fix/rounding",
  "git stash",
  "git rebase -i HEAD~3",
  "git fetch --all --prune",
  "npm test",
  "npm test -- --grep checkout",
  "npm run lint:fix",
  "npm run build",
  "npm install",
  "npm install --save-dev vitest",
  "npm publish",
  "npx tsc --noEmit -p tsconfig.json",
  "npx vitest run test/checkout",
  "node scripts/build.js",
  "ls -la",
  "ls src/checkout",
  "cat package.json",
  "cat src/checkout/tax.ts | head -50",
  "grep -rn computeTax src",
  "rg -n 'TODO' src test",
  "find . -name '*.test.ts' -not -path './node_modules/*'",
  "wc -l src/**/*.ts",
  "mkdir -p src/checkout/__snapshots__",
  "rm -rf dist",
  "cp .env.example .env.local",
  "mv src/old.ts src/legacy/old.ts",
  "curl -s https://registry.npmjs.org/left-pad | jq .version",
  "curl -fsSL https://example.com/install.sh -o install.sh",
  "docker compose up -d db",
  "docker run --rm -it node:20 npm test",
  "python3 -m pytest -q tests/",
  "pip install -r requirements.txt",
  "make -j4",
  "cargo test --workspace",
  "echo $PATH",
  "pwd",
  "which node",
  "sed -i 's/foo/bar/g' src/a.ts",
  "tar czf backup.tgz src",
  "chmod +x scripts/run.sh",
  "kubectl get pods -n staging",
  "terraform plan -out plan.tfplan",
  "psql -c 'select count(*) from orders'",
  'for f in src/*.ts; do npx prettier --check "$f"; done',
  "npm test 2>&1 | tee test.log",
  "cd src && ls && cd ..",
];

/**
 * The mix, in a fixed pseudo-random order: every dcg command (dangerous and safe), typical development
 * commands, and file, search and web tools over real files of this repository (so symlink resolution
 * hits the disk as it would in a project).
 */
export function decisionCalls(): CallInput[] {
  const files = repoFiles();
  const calls: CallInput[] = [];
  for (const command of dcgCommands()) calls.push({ tool: "Bash", input: { command, description: "run" } });
  for (let k = 0; k < 2; k++)
    for (const command of DEV_COMMANDS) calls.push({ tool: "Bash", input: { command, description: "dev" } });
  // Agents read more than they run: file and search tools are about 40% of the mix.
  [...files, ...files].forEach((file, i) => {
    calls.push({
      tool: "Read",
      input: { file_path: join(REPO_ROOT, file), ...(i >= files.length ? { offset: 100, limit: 100 } : {}) },
    });
    if (i % 2 === 0)
      calls.push({ tool: "Grep", input: { pattern: `export function \\w+${i}`, path: file.split("/")[0] ?? "." } });
    if (i % 3 === 0)
      calls.push({
        tool: "Edit",
        input: { file_path: join(REPO_ROOT, file), old_string: "const a = 1;", new_string: "const a = 2;" },
      });
    if (i % 7 === 0)
      calls.push({ tool: "Write", input: { file_path: `src/new-${i}.ts`, content: `export const n = ${i};\n` } });
    if (i % 11 === 0) calls.push({ tool: "Glob", input: { pattern: `${file.split("/")[0]}/**/*.ts` } });
    if (i % 13 === 0)
      calls.push({
        tool: "WebFetch",
        input: { url: `https://developer.mozilla.org/en-US/docs/Web/API/${i}`, prompt: "summarize" },
      });
  });
  calls.push(
    { tool: "Read", input: { file_path: "~/.ssh/id_ed25519" } },
    { tool: "Write", input: { file_path: ".github/workflows/ci.yml", content: "on: push" } },
  );
  calls.push({ tool: "mcp__github__create_issue", input: { title: "bench", body: "x" } });
  return shuffle(calls, 42);
}

/**
 * Files of this repository as they were when the bench was written: a fixed list keeps the mix the same
 * from run to run while the code grows (a file that moved only resolves a shorter prefix on disk).
 */
const FILES: readonly (readonly [string, string])[] = [
  ["runtime/operation", "bash-effects classify-command command-words derive index"],
  ["runtime/operation", "path-kinds resolve-access severity signature skill-level types"],
  [
    "runtime/shell",
    "analyzer ansi-c braces deferred-code effects embedded-shell index interpreters normalize normalized-text options",
  ],
  ["runtime/shell", "parser redirects scope session shape stdin-code syntax types walk words wrappers"],
  ["runtime/stages", "approval ask-model decide deny execute final index ports rule-plan rule-resolve types"],
  ["compiler", "builtin check-expr compile did-you-mean expression grammar hash index io-detail ir lints load"],
  ["compiler", "lower lower-pattern merge merged rules scalar-map skills source sources syntax tool-names types"],
  ["adapters/common", "driver guidance package-root policy reason session-driver status"],
  ["cli/commands", "compile eval eval-run explain explain-run hook index policy-source replay test test-run"],
];

function repoFiles(): string[] {
  return FILES.flatMap(([dir, names]) => names.split(" ").map((n) => `${dir}/${n}.ts`));
}

/** Fisher–Yates with a small seeded generator (mulberry32): the same order every run. */
function shuffle<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}
