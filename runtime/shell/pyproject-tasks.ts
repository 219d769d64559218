/**
 * The command lines of Python task runners' tables (docs/adr/0825): poethepoet's `[tool.poe.tasks]`, hatch's
 * `[tool.hatch.envs.NAME.scripts]` (`[envs.NAME.scripts]` in hatch.toml), pdm's and rye's `scripts`, taskipy's
 * `tasks`. A task is a string, a list of them, or a table whose `cmd`, `shell` or `call` is one; `poe test`, `hatch
 * run test`, `pdm run test` run it. Every string of such a table is read as a command line: a `help` text read so
 * runs nothing, and a command is never missed for a key spelled another way.
 */

/** Table headers whose strings are tasks. */
const TASK_TABLE =
  /^(?:tool\.)?(?:poe\.tasks|hatch\.envs\.[^.]+\.scripts|envs\.[^.]+\.scripts|pdm\.scripts|rye\.scripts|taskipy\.tasks)(?:\.|$)/;

/** TOML strings: multi-line first, then basic (with escapes) and literal ones. */
const STRING = /"""([\s\S]*?)"""|'''([\s\S]*?)'''|"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'/g;

function strings(body: string): string[] {
  return [...body.matchAll(STRING)].map((m) =>
    m[1] !== undefined || m[3] !== undefined ? (m[1] ?? m[3]!).replace(/\\(["\\])/g, "$1") : (m[2] ?? m[4]!),
  );
}

/**
 * The task strings of a pyproject.toml or hatch.toml text. What comes before the first table header is read too: in
 * a whole file it is the top table, which holds no pairs that matter, and in an edit's fragment (`sed -i 's/cmd =
 * .*\/cmd = "…"/'`) nobody knows which table it lands in.
 */
export function pyprojectTasks(text: string): string[] {
  const parts = text.split(/^\s*\[\[?\s*([^\]\n]+?)\s*\]\]?[^\n]*$/m);
  const out = strings(parts[0]!);
  for (let i = 1; i + 1 < parts.length; i += 2)
    if (TASK_TABLE.test(parts[i]!.replace(/["'\s]/g, ""))) out.push(...strings(parts[i + 1]!));
  return out;
}
