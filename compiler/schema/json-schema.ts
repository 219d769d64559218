import { assertNever } from "../../core/index.ts";
import type { SchemaNode } from "./shape.ts";
import { RULES_FILE } from "./rules-schema.ts";

type Json = { readonly [key: string]: unknown };

/**
 * schema/rules.schema.json, derived from the one shape description, so editors complete rules.yaml
 * through `# yaml-language-server: $schema=`. `hardDenyNames` (the built-in checks) become completions.
 */
export function rulesJsonSchema(hardDenyNames: readonly string[]): Json {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "https://rulegate.dev/schema/rules.schema.json",
    title: "rulegate rules.yaml",
    ...toJson(RULES_FILE.node, { hardDenyNames }),
  };
}

interface Options {
  readonly hardDenyNames: readonly string[];
}

function toJson(node: SchemaNode, o: Options): Json {
  const description = node.doc;
  switch (node.kind) {
    case "string":
      return { type: "string", description, ...(node.regex === undefined ? {} : { pattern: node.regex }) };
    case "duration":
      return { type: "string", description, pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$" };
    case "int":
      return { type: "integer", description, minimum: node.min };
    case "bool":
      return { type: "boolean", description };
    case "const":
      return { const: node.value, description };
    case "enum":
      return { type: "string", description, enum: [...node.values] };
    case "list": {
      let items = toJson(node.items, o);
      if (node.markers.removals && o.hardDenyNames.length > 0) {
        const names = [...o.hardDenyNames, ...o.hardDenyNames.map((n) => `-${n}`)];
        items = { type: "string", description: items.description, enum: names };
      }
      const anyOf = node.markers.defaults
        ? { anyOf: [{ const: "$defaults", description: "The inherited list." }, items] }
        : items;
      return { type: "array", description, items: anyOf };
    }
    case "object": {
      const required = Object.entries(node.props)
        .filter(([, p]) => p.required)
        .map(([k]) => k);
      return {
        type: "object",
        description,
        additionalProperties: false,
        properties: Object.fromEntries(Object.entries(node.props).map(([k, p]) => [k, toJson(p.node, o)])),
        ...(required.length > 0 ? { required } : {}),
      };
    }
    case "map":
      if (node.keys.kind === "enum") {
        return {
          type: "object",
          description,
          additionalProperties: false,
          properties: Object.fromEntries(node.keys.values.map((k) => [k, toJson(node.values, o)])),
        };
      }
      return { type: "object", description, additionalProperties: toJson(node.values, o) };
    case "oneOf":
      return { description, oneOf: Object.values(node.by).map((n) => toJson(n, o)) };
    default:
      return assertNever(node, "schema node");
  }
}
