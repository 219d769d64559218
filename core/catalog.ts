import type { Severity } from "./diagnostic.ts";

/**
 * The diagnostic catalog: every code rulegate can report, in one place. Codes are stable and never reused.
 * Ranges: RG1xxx syntax (grammar), RG2xxx schema and YAML, RG3xxx configuration sources and trust,
 * RG4xxx names and types in expressions, RG5xxx rules and policy consistency, RG6xxx checks that need the
 * runtime (rule examples and safety labels, run by `rules compile`; plan steps, checked when a plan is proposed),
 * RG9xxx internal.
 * `message` and `hint` are templates: `{name}` is replaced by the argument of that name.
 * `anchor` is the heading id in docs/diagnostics.md (generated from this table).
 */
export interface CatalogEntry {
  readonly severity: Severity;
  readonly title: string;
  readonly message: string;
  readonly hint?: string;
  readonly anchor: string;
}

/** An entry whose message and hint keep their literal text, so their `{name}` placeholders are known to the types. */
function entry<const M extends string, const H extends string = never>(
  severity: Severity,
  title: string,
  message: M,
  hint?: H,
): { readonly severity: Severity; readonly title: string; readonly message: M; readonly hint?: H } {
  return hint === undefined ? { severity, title, message } : { severity, title, message, hint };
}

const RAW = {
  // --- RG1xxx: syntax of expressions, patterns and skill annotations (grammar/) ---
  RG1001: entry("error", "unexpected token", "unexpected {found}, expected {expected}"),
  RG1002: entry("error", "unterminated string", "unterminated string literal"),
  RG1003: entry("error", "unbalanced pattern", "permission pattern '{tool}(' is missing its closing ')'"),
  RG1004: entry("error", "unknown character", "unexpected character '{char}'"),
  RG1005: entry("error", "trailing input", "unexpected {found} after the end of the expression"),
  RG1006: entry("error", "empty expression", "empty expression"),
  RG1007: entry("error", "bad pattern", "'{text}' is not a permission pattern: expected Tool or Tool(spec)"),
  RG1008: entry("error", "bad annotation", "bad skill annotation: {detail}"),
  RG1009: entry(
    "error",
    "bad glob",
    "'{char}' in the glob '{glob}' has no matching '{other}'",
    "add the matching '{other}', or write \\{char} to match the character itself",
  ),

  // --- RG2xxx: YAML and schema of rules.yaml (compiler/) ---
  RG2001: entry("error", "YAML syntax", "YAML syntax error: {detail}"),
  RG2002: entry("error", "unknown key", "unknown key '{key}' in {where}"),
  RG2003: entry("error", "wrong type", "{where} must be {expected}, found {found}"),
  RG2004: entry("error", "missing key", "{where} is missing the required key '{key}'"),
  RG2005: entry(
    "error",
    "bad duration",
    "'{value}' is not a duration",
    "write a number with a unit: 500ms, 20s, 5m, 1h",
  ),
  RG2006: entry("error", "unknown value", "'{value}' is not a valid {what}", "expected one of: {expected}"),
  RG2007: entry(
    "error",
    "unsupported version",
    "unsupported rules.yaml version {value}",
    "this rulegate reads version 1",
  ),
  RG2008: entry("error", "duplicate key", "duplicate key '{key}'"),
  RG2009: entry("error", "number out of range", "{where} must be {bound}, found {value}"),
  RG2010: entry("error", "misplaced marker", "'{value}' is only allowed in {where}"),
  RG2011: entry(
    "error",
    "empty file",
    "the rules file '{file}' is empty",
    "a rules file starts with 'version: 1'; an empty one is most likely not the file you meant",
  ),

  // --- RG3xxx: configuration sources, extends and trust (compiler/) ---
  // {origin}: "" for a file given or found in the config sources, " named in extends" for an extends entry.
  RG3001: entry("error", "rules file not readable", "cannot read '{path}'{origin}: {detail}"),
  RG3002: entry("error", "extends cycle", "extends cycle: {cycle}"),
  RG3003: entry(
    "error",
    "unknown built-in set",
    "unknown built-in rule set '{name}'",
    "the built-in sets are: {expected}",
  ),
  RG3004: entry(
    "error",
    "untrusted project file",
    "a project file may not {action}",
    "project files (.rulegate/rules.yaml) may only add restrictions; put this in ~/.config/rulegate/rules.yaml or .rulegate/rules.local.yaml",
  ),
  RG3005: entry("warning", "annotations matched nothing", "skills annotations glob '{glob}' matches no file"),
  RG3006: entry("error", "unreadable skill file", "cannot read skill file '{path}': {detail}"),
  RG3007: entry(
    "error",
    "skill tool unknown",
    "cannot tell which tool this skill documents: {why}",
    "name it in the frontmatter: 'tool: NAME'",
  ),
  RG3008: entry(
    "warning",
    "label names no operation",
    "the {format} label {level} names no operation of '{tool}': '{text}'",
    "write the operation's words in backticks, e.g. `messages delete`",
  ),
  RG3009: entry(
    "warning",
    "label comment labels nothing",
    "the comment label {level} is not followed by a command in its code block",
    "put the command on the line after the comment, or name it after the dash",
  ),

  // --- RG4xxx: names and types in expressions (compiler/) ---
  RG4001: entry("error", "unknown field", "unknown field '{name}'"),
  RG4002: entry("error", "unknown value", "'{value}' is not {what}"),
  RG4003: entry("error", "type mismatch", "'{op}' cannot compare {left} with {right}"),
  RG4004: entry("error", "not a condition", "{where} must be a condition, found {found}"),
  RG4005: entry(
    "error",
    "history outside after",
    "'{name}(…)' is only allowed in 'after'",
    "history calls look at past operations; use them in the rule's 'after'",
  ),
  RG4006: entry("error", "nested history", "'{name}(…)' cannot be nested inside another history call"),
  RG4007: entry(
    "error",
    "field outside history",
    "'{name}' in 'after' must be inside seen(…) or count(…)",
    "'after' looks at the session history; the current operation is tested in 'match'",
  ),
  RG4008: entry("error", "operand type", "'{op}' needs {expected}, found {found}"),
  RG4009: entry(
    "error",
    "unknown tool",
    "unknown tool '{name}'",
    "{suggestion} A custom tool is declared under skills (- tool: NAME); settings.unknown_tools: allow-names accepts any name.",
  ),
  RG4010: entry(
    "error",
    "tool glob matches no tool",
    "tool glob '{name}' matches no known tool",
    "{suggestion} A custom tool is declared under skills (- tool: NAME); settings.unknown_tools: allow-names accepts any name.",
  ),

  // --- RG5xxx: rules and policy consistency (compiler/) ---
  RG5001: entry("error", "duplicate rule id", "duplicate rule id '{id}'"),
  RG5002: entry(
    "error",
    "bad rule id",
    "rule id '{id}' is not kebab-case",
    "use lower-case words joined by '-', e.g. no-write-after-web",
  ),
  RG5003: entry(
    "error",
    "rule without scope",
    "rule '{id}' has neither 'match' nor 'effect'",
    "add 'match' (an expression) or 'effect' (plain English), or both",
  ),
  RG5004: entry(
    "error",
    "trigger and after",
    "rule '{id}' has both 'trigger' and 'after'",
    "a rule activates either by the model ('trigger') or by history ('after')",
  ),
  RG5005: entry("error", "unknown hard-deny check", "unknown hard-deny check '{name}'"),
  RG5006: entry("error", "unreachable rule", "rule '{id}' can never apply: {reason}"),
  RG5007: entry(
    "warning",
    "model check on every operation",
    "rule '{id}' has plain-English text and no 'match': every operation needs a model check",
    "add a 'match' prefilter so the model is asked only where the rule could apply",
  ),
  RG5008: entry("warning", "pattern matches everything", "'{text}' matches every {what}"),
  RG5009: entry("error", "bad example", "example '{text}' is not a call in pattern form tool(argument)"),

  // --- RG6xxx: checks that need the runtime's derivation (run by `rules compile`, docs/adr/0002) ---
  RG6001: entry(
    "error",
    "example disagrees",
    "rule '{id}' lists '{text}' as a {kind} example, but its match {actual} for that call",
    "fix the rule's match or move the example; the call was derived as: {derived}",
  ),
  RG6002: entry(
    "warning",
    "label lowers a level",
    "the safety label {label} for '{command}' is ignored: rulegate's program knowledge rates it {derived}, and a label may only raise a level",
    "remove the label, or label it {derived} or higher",
  ),
  RG6010: entry(
    "error",
    "plan step too broad",
    "plan step '{text}' covers {what}: a pattern step must be narrower than any call of one program",
    "name the program and what it does, for example bash(kubectl rollout restart deploy/web*), or give the call itself",
  ),
} as const satisfies Record<string, Omit<CatalogEntry, "anchor">>;

export type DiagnosticCode = keyof typeof RAW;

/** The `{name}` placeholders of a template: `"unexpected {found}, expected {expected}"` → `"found" | "expected"`. */
type Placeholders<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type HintOf<E> = E extends { readonly hint?: infer H } ? Exclude<H, undefined> : never;

/**
 * The arguments of one code, read off its templates the way Zod types each issue code: RG1004 takes `{ char }`,
 * RG2003 `{ where, expected, found }`. A missing or misspelt argument is a type error, not a `{name}` left in
 * the text a user reads.
 */
export type DiagnosticArgs<C extends DiagnosticCode> = {
  readonly [K in Placeholders<(typeof RAW)[C]["message"]> | Placeholders<HintOf<(typeof RAW)[C]>>]: string | number;
};

/**
 * A code with its arguments, correlated: what a producer outside the compiler (the grammar) hands on before
 * there is a span, as one union member per code.
 */
export type CodedArgs<C extends DiagnosticCode = DiagnosticCode> = {
  [K in C]: { readonly code: K; readonly args: DiagnosticArgs<K> };
}[C];

export const CATALOG: Readonly<Record<DiagnosticCode, CatalogEntry>> = Object.fromEntries(
  Object.entries(RAW).map(([code, e]) => [code, { ...e, anchor: code.toLowerCase() }]),
) as Record<DiagnosticCode, CatalogEntry>;
