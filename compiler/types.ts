import type { ValueType } from "./ir.ts";
import { LEVELS, OP_TYPES } from "./ir.ts";

/** Static types of the expression checker; richer than the IR's ValueType (lists know their element type). */
export type Scalar = "string" | "number" | "bool" | "level" | "optype" | "mode" | "path" | "any";
export type Ty = Scalar | { readonly list: Scalar } | "enum" | "error";

export const SESSION_MODES: readonly string[] = ["plan", "act"];

/** The fields of docs/reference/expressions.md and their types; `op.args.<key>` is handled apart. */
export const FIELDS: Readonly<Record<string, Ty>> = {
  "op.tool": "string",
  "op.type": "optype",
  "op.types": { list: "optype" },
  "op.level": "level",
  "op.categories": { list: "string" },
  "op.command": "string",
  "op.programs": { list: "string" },
  "op.path": "path",
  "op.paths": { list: "path" },
  "op.url": "string",
  "op.host": "string",
  "session.mode": "mode",
};

/** The enum types and their members: bare identifiers resolve against these. */
export const ENUMS: Readonly<Partial<Record<Scalar, readonly string[]>>> = {
  level: LEVELS,
  optype: OP_TYPES,
  mode: SESSION_MODES,
};
/** What a value of an enum type is called in messages, with its article. */
export function enumWhat(t: Scalar): string {
  return describe(t);
}

export function describe(t: Ty): string {
  if (typeof t === "object") return `a list of ${plural(t.list)}`;
  switch (t) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "bool":
      return "a condition";
    case "level":
      return "a safety level";
    case "optype":
      return "an operation type";
    case "mode":
      return "a session mode";
    case "path":
      return "a path";
    case "any":
      return "a value";
    case "enum":
      return "a name";
    case "error":
      return "an invalid value";
  }
}

function plural(t: Scalar): string {
  return {
    string: "strings",
    number: "numbers",
    bool: "conditions",
    level: "safety levels",
    optype: "operation types",
    mode: "modes",
    path: "paths",
    any: "values",
  }[t];
}

export function toValueType(t: Ty): ValueType {
  if (typeof t === "object") return "list";
  if (t === "enum" || t === "error") return "any";
  return t;
}

const TEXTUAL: readonly Scalar[] = ["string", "path", "any"];

/** Whether values of `a` and `b` can be compared for equality. */
export function compatible(a: Scalar, b: Scalar): boolean {
  if (a === b || a === "any" || b === "any") return true;
  return TEXTUAL.includes(a) && TEXTUAL.includes(b);
}

export function isTextual(t: Ty): boolean {
  return typeof t === "string" && (TEXTUAL as readonly string[]).includes(t);
}
