import type { Span } from "../core/index.ts";
import type { CmpOp } from "../grammar/index.ts";

/** The compiled policy: plain readonly data, JSON-serializable. The runtime never re-parses text. */
export const IR_VERSION = 1;

export type Decision = "allow" | "ask" | "deny";
export type Level = "READ" | "WRITE" | "DESTRUCTIVE" | "EXPENSIVE" | "SECURITY" | "FORBIDDEN";
export const LEVELS: readonly Level[] = ["READ", "WRITE", "DESTRUCTIVE", "EXPENSIVE", "SECURITY", "FORBIDDEN"];
export const LEVEL_RANK: Readonly<Record<Level, number>> = {
  READ: 0,
  WRITE: 1,
  DESTRUCTIVE: 2,
  EXPENSIVE: 2,
  SECURITY: 2,
  FORBIDDEN: 3,
};
export type OpType =
  | "read_local"
  | "write_local"
  | "read_external"
  | "write_external"
  | "read_sensitive"
  | "write_sensitive"
  | "execute"
  | "credential_access"
  | "memory_read"
  | "memory_write"
  | "skill_modify";
export const OP_TYPES: readonly OpType[] = [
  "read_local",
  "write_local",
  "read_external",
  "write_external",
  "read_sensitive",
  "write_sensitive",
  "execute",
  "credential_access",
  "memory_read",
  "memory_write",
  "skill_modify",
];
export type LevelPolicy = "allow" | "log" | "ask" | "deny";
/** `settings.unknown_tools`: a tool name rulegate does not know is an error, or (custom tools) accepted. */
export type UnknownTools = "error" | "allow-names";
export const UNKNOWN_TOOLS: readonly UnknownTools[] = ["error", "allow-names"];
export type RuleMode = "approve" | "block" | "log";
export type SessionMode = "plan" | "act";

/** The static type of an expression node, as the compiler's type checker computed it. */
export type ValueType = "string" | "number" | "bool" | "level" | "optype" | "mode" | "list" | "path" | "any";

export type Value = string | number | boolean | readonly Value[];

export type Expr =
  | { readonly kind: "and"; readonly items: readonly Expr[]; readonly span: Span }
  | { readonly kind: "or"; readonly items: readonly Expr[]; readonly span: Span }
  | { readonly kind: "not"; readonly expr: Expr; readonly span: Span }
  | { readonly kind: "cmp"; readonly op: CmpOp; readonly left: Expr; readonly right: Expr; readonly span: Span }
  | { readonly kind: "in"; readonly negated: boolean; readonly left: Expr; readonly right: Expr; readonly span: Span }
  | { readonly kind: "contains"; readonly left: Expr; readonly right: Expr; readonly span: Span }
  | { readonly kind: "matches"; readonly left: Expr; readonly glob: string; readonly span: Span }
  | { readonly kind: "under"; readonly left: Expr; readonly prefix: string; readonly span: Span }
  /** A checked field: `op.type`, `op.args.key` (path ["op","args","key"]), `session.mode`. */
  | { readonly kind: "field"; readonly path: readonly string[]; readonly type: ValueType; readonly span: Span }
  /** A resolved literal: enum names are resolved to their canonical spelling (`read_external`, `DESTRUCTIVE`). */
  | { readonly kind: "lit"; readonly value: Value; readonly type: ValueType; readonly span: Span }
  | { readonly kind: "list"; readonly items: readonly Expr[]; readonly span: Span }
  | { readonly kind: "pattern"; readonly pattern: Pattern; readonly span: Span }
  /** History calls: only inside `after`. `id` is unique within the rule and names its incremental monitor. */
  | { readonly kind: "seen"; readonly id: number; readonly expr: Expr; readonly span: Span }
  | { readonly kind: "count"; readonly id: number; readonly expr: Expr; readonly span: Span };

/** bash: glob over each simple command (words joined by one space); `prefix` = trailing ` *` or `:*` (prefix, then a word boundary). */
export interface BashSpec {
  readonly kind: "bash";
  readonly glob: string;
  readonly prefix: boolean;
}
/** Path tools: gitignore-style glob; `~` and `./` are resolved by the runtime against home and cwd. */
export interface PathSpec {
  readonly kind: "path";
  readonly glob: string;
}
/** webfetch: `domain:example.com` (the domain and its subdomains). */
export interface DomainSpec {
  readonly kind: "domain";
  readonly domain: string;
}
/** webfetch: a URL glob. */
export interface UrlSpec {
  readonly kind: "url";
  readonly glob: string;
}
/** Any other tool: a glob over its primary argument (canonical JSON of the input). */
export interface JsonSpec {
  readonly kind: "json";
  readonly glob: string;
}
export type PatternSpec = BashSpec | PathSpec | DomainSpec | UrlSpec | JsonSpec;

export interface Pattern {
  /** The pattern as written, e.g. `bash(git push --force*)`. */
  readonly text: string;
  /** Canonical tool name, lower case, aliases resolved (`Bash` → `bash`, `Glob` → `find`); may be a glob (`mcp__github__*`). */
  readonly tool: string;
  readonly spec: PatternSpec | null;
  readonly span: Span;
}

export type Activation =
  | { readonly kind: "always" }
  | { readonly kind: "history"; readonly expr: Expr }
  | { readonly kind: "model"; readonly text: string; readonly textHash: string };

export interface Rule {
  readonly id: string;
  readonly mode: RuleMode;
  readonly activation: Activation;
  /** `match`: the rule applies only where it holds (null: everywhere). */
  readonly scope: Expr | null;
  readonly effect: { readonly text: string; readonly textHash: string } | null;
  readonly description: string | null;
  readonly source: Span;
  /** `examples: {hit, miss}` as written; the compiler checks their syntax, the runtime checks them against the rule (ADR 0002). */
  readonly examples?: { readonly hit: readonly ExampleCall[]; readonly miss: readonly ExampleCall[] };
}

/**
 * One rule example in pattern form `tool(arg)`: the call `{tool, input}` whose primary argument (docs/reference/operations.md) is `arg`
 * (bash: the command; path tools: the path; webfetch: the URL; other tools: the input as JSON text).
 */
export interface ExampleCall {
  readonly text: string;
  /** Canonical tool name, aliases resolved. */
  readonly tool: string;
  readonly arg: string;
  readonly span: Span;
}

export interface Settings {
  readonly default: Decision;
  readonly fail: "deny" | "ask";
  readonly approvalTimeoutMs: number;
  readonly denialHistory: number;
  readonly model: { readonly name: string; readonly maxTokens: number; readonly timeoutMs: number };
  readonly unknownTools: UnknownTools;
  /** Step 4 allows a bash call that only reads local files, like a read-only tool (docs/adr/0176). */
  readonly readOnlyBash: boolean;
}

export interface PathGlob {
  readonly glob: string;
  readonly span: Span;
}

/** How a SKILL.md wrote a label (docs/adr/0260): an `@safety` line, a heading marker, a shell comment, a table row. */
export type LabelFormat = "annotation" | "heading" | "comment" | "table";

/** Where a label of a skill doc came from, and in which of the formats it was written. */
export interface LabelSource {
  readonly source: Span;
  readonly format: LabelFormat;
}

export interface SkillEntry {
  readonly tool: string;
  readonly default: Level | null;
  readonly operations: Readonly<Record<string, Level>>;
  /** `gcloud * list` → READ; bash-glob over a simple command. `source`: the annotation that wrote it (SKILL.md). */
  readonly patterns: readonly {
    readonly glob: string;
    readonly level: Level;
    readonly source?: Span;
    readonly format?: LabelFormat;
  }[];
  /** The entry: a `tool:` entry, or a tool's first annotation. */
  readonly source: Span;
  /** The annotation that wrote `default`, when it is not the first one. */
  readonly defaultSource?: Span;
  /** Skill docs: the format `default` was written in. */
  readonly defaultFormat?: LabelFormat;
  /** Skill docs: where each operation's label is, and its format (the most severe one when labelled twice). */
  readonly operationSources?: Readonly<Record<string, LabelSource>>;
}

export interface Policy {
  readonly version: typeof IR_VERSION;
  /** `sha256:<hex>` of the canonical JSON of the policy without spans: stable under YAML formatting changes. */
  readonly hash: string;
  readonly settings: Settings;
  /** null: no sandbox. Otherwise raw directory specs (`.`, `~/x`), resolved by the runtime against cwd/home. */
  readonly sandbox: { readonly directories: readonly PathGlob[] } | null;
  readonly permissions: {
    readonly deny: readonly Pattern[];
    readonly ask: readonly Pattern[];
    readonly allow: readonly Pattern[];
    /**
     * Calls approved when gated, as a human's "always, for calls like this" wrote them into the local rules
     * file (docs/adr/0263). Absent when empty. Never lifts a deny stage, a credential or a protected path.
     */
    readonly approve?: readonly Pattern[];
  };
  readonly paths: {
    readonly protected: readonly PathGlob[];
    readonly credentials: readonly PathGlob[];
    /**
     * Directories (raw specs, `.` = the session root) where destructive changes are the agent's work; outside
     * them and the temp directories they are a hard deny (`destructive-outside-workspace`).
     */
    readonly workspace: readonly PathGlob[];
  };
  /** Canonical tool names. */
  readonly readOnlyTools: readonly string[];
  /** Names of the enabled hard-deny checks. */
  readonly hardDeny: readonly string[];
  readonly levels: {
    readonly plan: Readonly<Partial<Record<Level, LevelPolicy>>>;
    readonly act: Readonly<Partial<Record<Level, LevelPolicy>>>;
  };
  readonly skills: readonly SkillEntry[];
  readonly classifier: {
    readonly enabled: boolean;
    readonly environment: readonly string[];
    readonly allow: readonly string[];
    readonly softDeny: readonly string[];
    readonly hardDeny: readonly string[];
  };
  readonly rules: readonly Rule[];
}
