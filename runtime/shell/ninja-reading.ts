/**
 * A build.ninja read whole (docs/adr/0782). A rule's `command` runs once per build statement that uses it, with
 * `$out` and `$in` that statement's targets and sources: `build /home/dev/.ssh: r` makes `rm -rf $out` delete
 * there, so each command is judged with its build's paths put in. `rspfile` writes `rspfile_content` to a file
 * before the command runs: that write is judged as the `echo … > FILE` it amounts to. `include`/`subninja` of a
 * file outside the project, and a top-level line this reader does not understand, are named in `unread`.
 */
import type { TaskReading } from "./task-files.ts";

interface Block {
  readonly kind: "rule" | "build";
  readonly name: string;
  readonly outs: readonly string[];
  readonly ins: readonly string[];
  readonly vars: Map<string, string>;
}

/** A path the project holds: relative, never climbing out. */
const inProject = (path: string): boolean => !/^[/~]/.test(path) && !path.split("/").includes("..");

/** ninja's path list: words split on unescaped spaces, implicit (`|`) and order-only (`||`) parts dropped. */
const paths = (text: string): string[] =>
  (text.split(/(?<!\$)\|/)[0] ?? "").split(/(?<!\$) +/).filter((p) => p !== "" && p !== "|");

/** A value with `$name`/`${name}` put in from `vars`, unknown names left for the shell, then `$` escapes read. */
function expand(value: string, vars: ReadonlyMap<string, string>): string {
  return value.replace(/\$(?:([$ :])|\{(\w+)\}|(\w+))/g, (all, escaped?: string, a?: string, b?: string) =>
    escaped !== undefined ? escaped : (vars.get((a ?? b)!) ?? all),
  );
}

const sq = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** The commands a build.ninja runs, with its builds' paths put in, and what it holds that could not be read. */
export function ninjaCode(text: string): TaskReading {
  const unread: string[] = [];
  const top = new Map<string, string>();
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.replace(/\$\n\s*/g, "").split("\n")) {
    if (/^\s*(?:#.*)?$/.test(line)) continue;
    const binding = /^(\s*)([\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (binding !== null && binding[1] !== "") {
      if (current === null) unread.push(`has the indented \`${line.trim()}\` outside a rule or build`);
      else current.vars.set(binding[2]!, binding[3]!);
      continue;
    }
    current = null;
    if (binding !== null) top.set(binding[2]!, expand(binding[3]!, top));
    else if (/^rule\s+\S+$/.test(line)) blocks.push((current = block("rule", line.split(/\s+/)[1]!, [], [])));
    else if (line.startsWith("build ")) {
      const m = /^build\s+(.*?)(?<!\$):\s*(\S+)\s*(.*)$/.exec(line);
      if (m === null) unread.push(`has \`${line}\`, a build statement not read here`);
      else blocks.push((current = block("build", m[2]!, paths(expand(m[1]!, top)), paths(expand(m[3]!, top)))));
    } else if (/^(?:include|subninja)\s/.test(line)) {
      const file = line.split(/\s+/)[1] ?? "";
      if (!inProject(expand(file, top))) unread.push(`has \`${line}\`, which reads a file from outside the project`);
    } else if (/^pool\s/.test(line))
      current = block("rule", "", [], []); // its `depth` binds nothing that runs
    else if (!/^default\s/.test(line)) unread.push(`has \`${line}\`, which is not read here`);
  }
  const rules = new Map(blocks.filter((b) => b.kind === "rule").map((r) => [r.name, r]));
  const used = new Set<string>();
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind !== "build" || b.name === "phony") continue;
    used.add(b.name);
    const vars = new Map([...top, ...(rules.get(b.name)?.vars ?? []), ...b.vars]);
    vars.set("out", b.outs.join(" "));
    vars.set("in", b.ins.join(" "));
    vars.set("in_newline", b.ins.join("\n"));
    commandsOf(vars, out);
  }
  // A rule no build uses (or one used by a build this reader could not read) is judged with its names as words.
  for (const r of rules.values())
    if (!used.has(r.name)) commandsOf(new Map([...top, ...r.vars, ["out", "out"], ["in", "in"]]), out);
  return { code: out, unread };
}

function block(kind: Block["kind"], name: string, outs: string[], ins: string[]): Block {
  return { kind, name, outs, ins, vars: new Map() };
}

/** The command of one build (its variables expanded), after the write of its response file when it has one. */
function commandsOf(vars: ReadonlyMap<string, string>, out: string[]): void {
  const rsp = vars.get("rspfile");
  if (rsp !== undefined)
    out.push(`echo ${sq(expand(vars.get("rspfile_content") ?? "", vars))} > ${sq(expand(rsp, vars))}`);
  const command = vars.get("command");
  if (command !== undefined) out.push(expand(command, vars));
}
