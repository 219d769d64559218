/**
 * Code the analysis cannot see into, or code built to do harm. fork-bomb: a function that forks copies of
 * itself, or a loop that never ends starting a background job on every pass (the shell analysis reports both). pipe-to-shell: unknown code is executed (`curl … | sh`,
 * `base64 -d | bash`, `bash <(curl …)`, `eval "$(…)"`). interpreter-destructive: an interpreter one-liner
 * that deletes files or evaluates code (`shutil.rmtree`, `fs.rmSync`, `exec(…)`); one-liners that only run
 * commands (`os.system('ls')`) are not hits here: the commands they run are analysed as bash and judged by
 * every other check (ADR 0097).
 */
import type { ShellFinding } from "../shell/index.ts";
import { commandsOf, findingsOf } from "./commands.ts";
import { downloadThenRun } from "./download-run.ts";
import { resolvePath } from "../normalize/index.ts";
import { under } from "./paths.ts";
import type { Check } from "./types.ts";
import { rootWorkspace } from "./workspace.ts";

/** `destructive` names of the shell analysis that only mean "runs a command" (see interpreters.ts). */
const RUNS_COMMANDS: ReadonlySet<string> = new Set([
  "os.system",
  "os.popen",
  "os.exec",
  "subprocess",
  "child_process",
  "system",
  "os.execute",
  "pipe",
]);

function findings(op: Parameters<Check>[0]): readonly ShellFinding[] {
  return findingsOf(op);
}

export const forkBomb: Check = (op) => {
  for (const f of findings(op)) {
    if (f.kind === "self-spawning-function") return `function ${f.name} forks copies of itself (fork bomb)`;
    if (f.kind === "endless-spawn")
      return `\`${f.loop}\` starts a background job on every pass, without end or past any process limit (fork bomb)`;
    if (f.kind === "interpreter-code") {
      const bomb = f.effects?.find((e) => e.category === "fork-bomb");
      if (bomb !== undefined) return `${f.language} one-liner ${bomb.what}`;
    }
  }
  return null;
};

export const pipeToShell: Check = (op, ctx) => {
  for (const f of findings(op)) {
    if (f.kind === "executes-unknown-code") return f.reason;
  }
  const cmd = commandsOf(op).find((c) => c.context.executesStdin);
  if (cmd !== undefined) return `${cmd.program} executes code it reads from another command`;
  return downloadThenRun(op, ctx.home);
};

export const interpreterDestructive: Check = (op, ctx) => {
  const ws = ctx.workspace ?? rootWorkspace(op.call.cwd, ctx.home);
  for (const f of findings(op)) {
    if (f.kind !== "interpreter-code") continue;
    const harmful = f.destructive.filter((d) => !RUNS_COMMANDS.has(d));
    if (harmful.length > 0) return `${f.language} one-liner calls ${harmful.join(", ")}`;
    // A delete read precisely is judged as its `rm` inside the workspace (ADR 0330); outside it, as before.
    for (const path of f.deletes ?? []) {
      const r = resolvePath(path, { cwd: op.call.cwd, home: ctx.home });
      if (r.marks.length > 0 || ![r.path, r.lexical].every((x) => ws.dirs.some((d) => under(x, d))))
        return `${f.language} one-liner deletes ${path}, outside the workspace`;
    }
  }
  return null;
};
