import type { Decision, Level, LevelPolicy, UnknownTools } from "./ir.ts";
import type { RawRule, RawSkill } from "./schema/index.ts";
import type { Layer } from "./sources.ts";
import type { Located } from "./source.ts";

/** The effective configuration after layering, before expressions and patterns are compiled. */
export interface Merged {
  readonly settings: {
    readonly default: Decision;
    readonly fail: "deny" | "ask";
    readonly approvalTimeoutMs: number;
    readonly denialHistory: number;
    readonly model: { readonly name: string; readonly maxTokens: number; readonly timeoutMs: number };
    readonly unknownTools: UnknownTools;
    readonly readOnlyBash: boolean;
  };
  readonly sandbox: readonly Located<string>[] | null;
  readonly permissions: {
    readonly deny: readonly Located<string>[];
    readonly ask: readonly Located<string>[];
    readonly allow: readonly Located<string>[];
    /** Calls a human approved "always, for calls like this" (docs/adr/0263). */
    readonly approve: readonly Located<string>[];
  };
  readonly paths: {
    readonly protected: readonly Located<string>[];
    readonly credentials: readonly Located<string>[];
    readonly workspace: readonly Located<string>[];
  };
  readonly readOnlyTools: readonly Located<string>[];
  readonly hardDeny: readonly Located<string>[];
  /** Every `-name` written in a hard_deny list, checked against the known checks like the names themselves. */
  readonly hardDenyRemovals: readonly Located<string>[];
  readonly levels: { readonly plan: LevelMap; readonly act: LevelMap };
  readonly skills: readonly { readonly raw: RawSkill; readonly layer: Layer }[];
  readonly classifier: {
    readonly enabled: boolean;
    readonly environment: readonly Located<string>[];
    readonly allow: readonly Located<string>[];
    readonly softDeny: readonly Located<string>[];
    readonly hardDeny: readonly Located<string>[];
  };
  readonly rules: readonly { readonly raw: RawRule; readonly layer: Layer }[];
}

export type LevelMap = Readonly<Partial<Record<Level, LevelPolicy>>>;

/** docs/reference/rules-yaml.md defaults: what a policy says before any file says anything. */
export const EMPTY: Merged = {
  settings: {
    default: "ask",
    fail: "deny",
    approvalTimeoutMs: 300_000,
    denialHistory: 12,
    model: { name: "claude-haiku-4-5", maxTokens: 700, timeoutMs: 20_000 },
    unknownTools: "error",
    readOnlyBash: false,
  },
  sandbox: null,
  permissions: { deny: [], ask: [], allow: [], approve: [] },
  paths: { protected: [], credentials: [], workspace: [] },
  readOnlyTools: [],
  hardDeny: [],
  hardDenyRemovals: [],
  levels: {
    plan: { READ: "allow", WRITE: "log", DESTRUCTIVE: "deny", EXPENSIVE: "deny", SECURITY: "deny", FORBIDDEN: "deny" },
    act: { FORBIDDEN: "deny" },
  },
  skills: [],
  classifier: { enabled: false, environment: [], allow: [], softDeny: [], hardDeny: [] },
  rules: [],
};
