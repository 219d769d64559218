/**
 * The hand-written reference names everything the code accepts: a field added to the compiler's table, a key
 * added to the rules.yaml shape, a CLI option, an event type, a stage, an eval input key, an operation type or a
 * level that the manual does not mention fails here, with the page to extend.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { LEVELS, OP_TYPES } from "../../compiler/ir.ts";
import { RULES_FILE } from "../../compiler/schema/rules-schema.ts";
import type { SchemaNode } from "../../compiler/schema/shape.ts";
import { FIELDS } from "../../compiler/types.ts";
import { buildProgram } from "../../cli/main.ts";
import { EVENT_TYPES, STAGES } from "../../runtime/events/index.ts";

const page = (...names: string[]) => names.map((n) => readFileSync(`docs/reference/${n}`, "utf8")).join("\n");
/** Names the page does not show as code (`name`, or a code block line `name:`). */
const unnamed = (text: string, names: readonly string[]) =>
  names.filter(
    (n) =>
      !text.includes(`\`${n}\``) &&
      !new RegExp(`^\\s*(?:- )?${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:`, "m").test(text),
  );

function keys(node: SchemaNode): string[] {
  switch (node.kind) {
    case "object":
      return Object.entries(node.props).flatMap(([k, p]) => [k, ...keys(p.node)]);
    case "list":
      return keys(node.items);
    case "map":
      return keys(node.values);
    case "oneOf":
      return Object.values(node.by).flatMap(keys);
    default:
      return [];
  }
}

describe("the reference names what the code accepts", () => {
  it("expressions.md: every field of the compiler's table, with op.args.<key>", () => {
    const text = page("expressions.md");
    expect(unnamed(text, [...Object.keys(FIELDS), "op.args.<key>"])).toEqual([]);
    // Each field has its row: `field` | type | … | example.
    for (const f of Object.keys(FIELDS)) expect(text).toMatch(new RegExp(`^\\| \`${f.replace(".", "\\.")}\` \\|`, "m"));
  });

  it("rules-yaml.md, paths.md, skills.md: every key of the rules.yaml shape", () => {
    const all = [...new Set(keys(RULES_FILE.node))];
    expect(all.length).toBeGreaterThan(30);
    expect(unnamed(page("rules-yaml.md", "paths.md", "skills.md"), all)).toEqual([]);
  });

  it("cli.md: every command and every option", () => {
    const program = buildProgram({} as never, () => {});
    const names: string[] = [];
    const walk = (c: Command, prefix: string) => {
      for (const sub of c.commands) {
        names.push(`rules ${prefix}${sub.name()}`);
        for (const o of sub.options) if (o.long !== undefined && o.long !== "--help") names.push(o.long);
        walk(sub, `${prefix}${sub.name()} `);
      }
    };
    walk(program, "");
    const text = page("cli.md");
    expect(names.filter((n) => !text.includes(n))).toEqual([]);
  });

  it("event-log.md: every event type; eval-jsonl.md: every stage", () => {
    expect(unnamed(page("event-log.md"), EVENT_TYPES)).toEqual([]);
    expect(unnamed(page("eval-jsonl.md"), STAGES)).toEqual([]);
  });

  it("operations.md: every operation type and level", () => {
    expect(unnamed(page("operations.md"), [...OP_TYPES, ...LEVELS])).toEqual([]);
  });
});
