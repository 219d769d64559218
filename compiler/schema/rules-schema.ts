import { LEVELS, UNKNOWN_TOOLS } from "../ir.ts";
import { bool, constant, duration, enumOf, int, list, map, obj, oneOf, opt, req, str, type Out } from "./shape.ts";

/** The shape of rules.yaml (docs/reference/rules-yaml.md), written once: the validator and schema/rules.schema.json derive from it. */
const level = enumOf("A safety level.", "safety level", LEVELS);
const levelPolicy = enumOf("What a level yields in this mode.", "level policy", [
  "allow",
  "log",
  "ask",
  "deny",
] as const);
const pattern = str("A permission pattern: Tool or Tool(spec), e.g. bash(git push --force*).", { format: "pattern" });
const expression = str("An operation expression of the rule grammar.", { format: "expression" });
const pathList = (doc: string) =>
  list(
    `${doc} '$defaults' splices in the inherited list; leaving it out replaces it.`,
    str("A gitignore-style path glob."),
    { defaults: true },
  );
const textList = (doc: string) =>
  list(`${doc} '$defaults' splices in the inherited list.`, str("One plain-English line."), { defaults: true });
const levelMap = (doc: string) => map(doc, level, levelPolicy);

export const SETTINGS = obj("Engine settings.", {
  default: opt(
    enumOf("Decision when nothing matched and no classifier decided.", "decision", ["allow", "ask", "deny"] as const),
  ),
  fail: opt(
    enumOf("What a model failure, timeout or invalid answer yields.", "failure decision", ["deny", "ask"] as const),
  ),
  approval_timeout: opt(duration("An unanswered approval is denied after this long (e.g. 300s).")),
  denial_history: opt(int("How many recent denials the session keeps.", 0)),
  model: opt(
    obj("The model asked about plain-English rules and the classifier.", {
      name: opt(str("Model name, e.g. claude-haiku-4-5.")),
      max_tokens: opt(int("Maximum answer tokens.", 1)),
      timeout: opt(duration("Timeout of one model request (e.g. 20s).")),
    }),
  ),
  read_only_bash: opt(
    bool(
      "Allow a bash call that only reads local files (READ level, readable code, no protected or credential path, no network) as a read-only tool is allowed; built-in: true.",
    ),
  ),
  unknown_tools: opt(
    enumOf(
      "A tool name rulegate does not know (not a built-in tool, an MCP tool or one declared under skills): error (default), or allow-names for custom tools.",
      "unknown_tools setting",
      UNKNOWN_TOOLS,
    ),
  ),
});

export const SKILL = oneOf("A safety registry source.", {
  annotations: obj("Skill docs whose annotations are compiled.", {
    annotations: req(str("A glob of SKILL.md files, relative to this rules file.")),
  }),
  tool: obj("Safety levels of one command-line tool.", {
    tool: req(str("The program name, e.g. gcloud.")),
    default: opt(level),
    operations: opt(map("Level per sub-command.", str("A sub-command."), level)),
    patterns: opt(map("Level per command glob, e.g. 'gcloud * list'.", str("A glob over the simple command."), level)),
  }),
});

export const RULE = obj("One rule.", {
  id: req(str("Unique kebab-case id.", { regex: "^[a-z0-9]+(-[a-z0-9]+)*$" })),
  trigger: opt(str("'always' (default) or plain English: the model is asked whether an operation makes it true.")),
  after: opt(str("A history expression, e.g. seen(op.type == read_external).", { format: "expression" })),
  match: opt(expression),
  effect: opt(str("Plain English: the model is asked whether the restriction applies to the operation.")),
  mode: req(
    enumOf("approve: ask a human; block: deny; log: allow and record.", "rule mode", [
      "approve",
      "block",
      "log",
    ] as const),
  ),
  description: opt(str("Shown in prompts, /rules and the audit log.")),
  examples: opt(
    obj("Calls in pattern form that the rule must hit and miss.", {
      hit: opt(
        list(
          "Calls the rule must apply to.",
          str("A call in pattern form, e.g. bash(git push).", { format: "pattern" }),
        ),
      ),
      miss: opt(
        list(
          "Calls the rule must not apply to.",
          str("A call in pattern form, e.g. read(./README.md).", { format: "pattern" }),
        ),
      ),
    }),
  ),
});

export const RULES_FILE = obj("rulegate rules file (rules.yaml, version 1).", {
  version: opt(constant("Format version.", 1)),
  extends: opt(
    list(
      "Rule sets layered below this file: builtin:defaults or relative paths.",
      str("builtin:NAME or a relative path."),
    ),
  ),
  settings: opt(SETTINGS),
  sandbox: opt(
    obj("When present, any path outside these directories is denied.", {
      directories: req(list("Allowed directories ('.', '~/x').", str("A directory."))),
    }),
  ),
  permissions: opt(
    obj("Claude Code style permission patterns.", {
      deny: opt(list("Calls denied outright.", pattern)),
      ask: opt(list("Calls that need a human.", pattern)),
      allow: opt(list("Calls allowed when no gate applies.", pattern)),
      approve: opt(
        list(
          "Calls approved when gated, as if the human said yes (written by an 'always' answer); never for credential or protected paths.",
          pattern,
        ),
      ),
    }),
  ),
  paths: opt(
    obj("Path classes.", {
      protected: opt(pathList("Writes here never take a fast allow.")),
      credentials: opt(pathList("Any read or write of these is denied.")),
      workspace: opt(
        list(
          "Directories where recursive deletes, recursive mode or owner changes, truncation and overwrites are the agent's work " +
            "(besides the temp directories); outside them they are a hard deny. '.' is the session root. " +
            "'$defaults' splices in the inherited list; leaving it out replaces it.",
          str("A directory ('.', '~/scratch', '/srv/data')."),
          { defaults: true },
        ),
      ),
    }),
  ),
  read_only_tools: opt(
    list("Tools allowed after the deny checks. '$defaults' splices in the inherited list.", str("A tool name."), {
      defaults: true,
    }),
  ),
  hard_deny: opt(
    list(
      "Named deterministic checks. '$defaults' splices in the inherited list; '-name' removes one.",
      str("A check name."),
      {
        defaults: true,
        removals: true,
      },
    ),
  ),
  levels: opt(
    obj("Policy per safety level, per mode.", {
      plan: opt(levelMap("Levels in plan mode.")),
      act: opt(levelMap("Levels in act mode; levels not named add nothing.")),
    }),
  ),
  skills: opt(list("Safety registry sources.", SKILL)),
  classifier: opt(
    obj("Optional auto-mode model review.", {
      enabled: opt(bool("Whether the classifier reviews calls that no stage decided.")),
      environment: opt(textList("What the model is told about the environment.")),
      allow: opt(textList("Exceptions to soft_deny.")),
      soft_deny: opt(textList("Blocked unless an allow line or the user's latest message authorizes it.")),
      hard_deny: opt(textList("Blocked unconditionally.")),
    }),
  ),
  rules: opt(list("Rules.", RULE)),
});

export type RulesFile = Out<typeof RULES_FILE>;
export type RawRule = Out<typeof RULE>;
export type RawSkill = Out<typeof SKILL>;
export type RawSettings = Out<typeof SETTINGS>;
