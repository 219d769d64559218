import { codedDiagnostic, diagnostic, type Diagnostic, type Range, type Span } from "../core/index.ts";
import { nearest } from "./did-you-mean.ts";
import { scanSkillDoc, type DocLabel, type LevelWord, type Located } from "./grammar.ts";
import { LEVELS, type LabelFormat, type Level } from "./ir.ts";
import { skillTool, type SkillTool } from "./skill-tool.ts";
import { spanAt, type Source } from "./source.ts";

/** One label of a skill doc, resolved to its tool: the tool's default, an operation (a run of words), or a glob. */
export interface ResolvedLabel {
  readonly tool: string;
  readonly kind: "default" | "operation" | "pattern";
  /** The operation's words (`messages delete`) or the glob over the command line (`deploy.sh --all`). */
  readonly text: string;
  readonly level: Level;
  readonly format: LabelFormat;
  readonly span: Span;
}

/**
 * The labels of one SKILL.md in every format it uses (docs/adr/0260), with their mistakes: a near-miss level
 * word (RG4002 with a did-you-mean), a tool that cannot be told (RG3007), a label that names no operation
 * (RG3008) or no command (RG3009). Each at the place it was written.
 */
export function skillDocLabels(source: Source): { labels: ResolvedLabel[]; diagnostics: Diagnostic[] } {
  const { value: doc, errors } = scanSkillDoc(source.text);
  const diagnostics: Diagnostic[] = errors.map((e) => codedDiagnostic(e, spanAt(source, e.at)));
  const labels: ResolvedLabel[] = [];
  const at = (r: Range) => spanAt(source, r);
  let tool: SkillTool | null = null;
  let toolReported = false;
  /** The skill's tool for a label that does not name one; RG3007 once per file when it cannot be told. */
  const toolFor = (label: DocLabel): string | null => {
    tool ??= skillTool(doc);
    if ("tool" in tool) return tool.tool;
    if (!toolReported) diagnostics.push(diagnostic("RG3007", at(label.at), { why: tool.why }));
    toolReported = true;
    return null;
  };
  const push = (l: Omit<ResolvedLabel, "format" | "span">, label: DocLabel, where: Range) =>
    labels.push({ ...l, format: label.format, span: at(where) });
  for (const label of doc.labels) {
    const level = levelOf(label.level, (d) => diagnostics.push(d), at);
    if (level === null) continue;
    switch (label.format) {
      case "annotation": {
        const [program, ...rest] = label.command;
        if (program === undefined) break;
        push(
          rest.length === 0
            ? { tool: program, kind: "default", text: "", level }
            : { tool: program, kind: "pattern", text: label.command.join(" "), level },
          label,
          { start: label.at.start, end: label.at.start },
        );
        break;
      }
      case "heading":
      case "table": {
        const t = toolFor(label);
        if (t === null) break;
        const names = label.format === "heading" ? [headingOperation(label.name)] : label.operations;
        for (const name of names) {
          const words = operationWords(name.text, t);
          if (words === null)
            diagnostics.push(
              diagnostic("RG3008", at(name.at), { format: label.format, level, tool: t, text: name.text }),
            );
          else
            push(
              words === ""
                ? { tool: t, kind: "default", text: "", level }
                : { tool: t, kind: "operation", text: words, level },
              label,
              label.format === "heading" ? label.level.at : name.at,
            );
        }
        break;
      }
      case "comment": {
        const command = labelledCommand(label, () => {
          const t = tool ?? skillTool(doc);
          return "tool" in t ? t.tool : null;
        });
        if (command === null) {
          diagnostics.push(diagnostic("RG3009", at(label.level.at), { level }));
          break;
        }
        const [program, ...rest] = command.split(/[ \t]+/);
        if (program === undefined || program === "") break;
        const sub = subcommandWords(rest);
        push(
          sub.length > 0
            ? { tool: program, kind: "operation", text: sub.join(" "), level }
            : { tool: program, kind: "pattern", text: command, level },
          label,
          label.level.at,
        );
        break;
      }
    }
  }
  return { labels, diagnostics };
}

/**
 * The level a word names. A word a marker makes certain (⚠️, `@safety`) must be a level; any other is a level
 * only when spelt as one, and a mistake only when it is upper case and near one (`(DESTRCTIVE — …)`), so that
 * `#### Options (optional)` or a table of flags labels nothing and reports nothing.
 */
function levelOf(word: LevelWord, report: (d: Diagnostic) => void, at: (r: Range) => Span): Level | null {
  if ((LEVELS as readonly string[]).includes(word.text)) return word.text as Level;
  const near = nearest(word.text, LEVELS);
  const upper = word.text === word.text.toUpperCase();
  if (word.explicit || (upper && near !== undefined))
    report(
      diagnostic(
        "RG4002",
        at(word.at),
        { value: word.text, what: "a safety level" },
        near === undefined ? {} : { hint: `did you mean '${near}'?` },
      ),
    );
  return null;
}

/** A heading names its operation in backticks, or in plain words: `` `messages delete` `` or `delete`. */
function headingOperation(name: Located): Located {
  const ticked = /`([^`]+)`/.exec(name.text);
  if (ticked === null) return name;
  const start = name.at.start + ticked.index + 1;
  return { text: ticked[1] ?? "", at: { start, end: start + (ticked[1] ?? "").length } };
}

/**
 * An operation's words without the tool's own name (`gog gmail delete` → `gmail delete`): "" when the label
 * names the tool alone (its default), null when the words are not a command's words (`Delete a message`).
 */
function operationWords(text: string, tool: string): string | null {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  const rest = words[0] === tool ? words.slice(1) : words;
  if (rest.length === 0) return words.length === 0 ? null : "";
  const sub = subcommandWords(rest);
  return sub.length === 0 ? null : sub.join(" ");
}

/**
 * The leading words of a command that name its operation: lower-case command words, up to the first option,
 * placeholder (`<id>`, `NAME`, `$ID`), quoted or punctuated argument. Docs write arguments that way, and a
 * label that runs on into an argument would only match that example (docs/adr/0260).
 */
function subcommandWords(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (!/^[a-z][a-z0-9_-]*(?::[a-z0-9_-]+)*$/.test(w)) break;
    out.push(w);
  }
  return out;
}

/**
 * The command a comment label labels: the one it names after the dash (in backticks, or starting with the
 * skill's tool or the next command's program), else the next command line of its block.
 */
function labelledCommand(label: Extract<DocLabel, { format: "comment" }>, tool: () => string | null): string | null {
  const note = label.note?.text ?? "";
  const ticked = /^`([^`]+)`/.exec(note);
  if (ticked !== null) return (ticked[1] ?? "").trim();
  const first = note.split(/\s+/)[0] ?? "";
  const nextProgram = label.next?.text.split(/\s+/)[0];
  if (first !== "" && (first === nextProgram || first === tool())) return note;
  return label.next?.text ?? null;
}
