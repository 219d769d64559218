import { ownEntry } from "../../core/index.ts";
/**
 * The steps of a plan Claude Code's `ExitPlanMode` carries as Markdown (docs/adr/0250): every command line of
 * a fenced shell block is a call step, and a file named right after an editing tool (`Edit src/app.ts`,
 * `Write: \`docs/x.md\``) is a pattern step for that one path. Prose is never guessed at: a plan that names no
 * command and no file has no steps, and everything it leads to is gated as usual.
 */
import { isAbsolute, join } from "node:path";
import type { PlanStepInput } from "../../runtime/index.ts";

const SHELL_LANGS: ReadonlySet<string> = new Set(["bash", "sh", "shell", "zsh", "console", "terminal"]);
const FENCE = /^\s*(```+|~~~+)\s*([\w-]*)/;
/** An editing tool, then (after an optional colon) a path in backticks or a bare path with a slash or an extension. */
const FILE_STEP =
  /\b(Edit|MultiEdit|Write|NotebookEdit)\b:?\s+(?:`([^`\s*?[\]{}()]+)`|((?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)*\.[\w-]+|(?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)+))/g;
const TOOLS: Readonly<Record<string, string>> = {
  Edit: "edit",
  MultiEdit: "edit",
  Write: "write",
  NotebookEdit: "notebookedit",
};

export function planSteps(markdown: string, cwd: string): PlanStepInput[] {
  const steps: PlanStepInput[] = [];
  const seen = new Set<string>();
  const add = (key: string, step: PlanStepInput) => {
    if (seen.has(key)) return;
    seen.add(key);
    steps.push(step);
  };
  let fence: { readonly marker: string; readonly shell: boolean } | null = null;
  let pending = "";
  for (const raw of markdown.split(/\r?\n/)) {
    const open = FENCE.exec(raw);
    if (fence === null) {
      if (open !== null) {
        fence = { marker: open[1] as string, shell: SHELL_LANGS.has((open[2] ?? "").toLowerCase()) };
        continue;
      }
      for (const m of raw.matchAll(FILE_STEP)) {
        const path = (m[2] ?? m[3]) as string;
        const absolute = isAbsolute(path) || path.startsWith("~") ? path : join(cwd, path);
        const tool = ownEntry(TOOLS, m[1] as string) as string;
        add(`${tool}:${absolute}`, { pattern: `${tool}(${absolute})`, cwd });
      }
      continue;
    }
    if (open !== null && raw.trim().startsWith(fence.marker) && raw.trim().replace(/[`~]/g, "") === "") {
      fence = null;
      pending = "";
      continue;
    }
    if (!fence.shell) continue;
    const line = raw.trim().replace(/^\$\s+/, "");
    if (line === "" || line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trimEnd()} `;
      continue;
    }
    const command = pending + line;
    pending = "";
    add(`bash:${command}`, { tool: "Bash", input: { command }, cwd });
  }
  return steps;
}
