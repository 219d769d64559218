import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from "yaml";
import { diagnostic, type Diagnostic, ownEntry } from "../../core/index.ts";
import { didYouMean } from "../did-you-mean.ts";
import { located, nodeSpan, type Source } from "../source.ts";
import type { SchemaNode, Sch } from "./shape.ts";

/**
 * Walks a YAML document against a schema description and yields the typed, located value: every key
 * that is present and well-formed, with its position. Every mismatch is one diagnostic; the walk goes on,
 * so one pass reports all schema mistakes of a file.
 */
export function validate<T>(
  schema: Sch<T>,
  doc: Document,
  source: Source,
): { value: T | undefined; diagnostics: Diagnostic[] } {
  const ctx: Ctx = { doc, source, diagnostics: [] };
  const root = doc.contents as Node | null;
  // An empty file is an empty mapping: every key is optional at the top.
  const value =
    root === null || isNull(root)
      ? { $span: nodeSpan(source, null), $keys: {}, $unknown: [] }
      : walk(schema.node, root, "the file", ctx);
  return { value: value as T | undefined, diagnostics: ctx.diagnostics };
}

interface Ctx {
  readonly doc: Document;
  readonly source: Source;
  readonly diagnostics: Diagnostic[];
}

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function walk(schema: SchemaNode, raw: Node | null, where: string, ctx: Ctx): unknown {
  const node = raw !== null && isAlias(raw) ? ((raw.resolve(ctx.doc) as Node | undefined) ?? null) : raw;
  if (node === null) return undefined;
  const span = nodeSpan(ctx.source, node);
  const wrong = (expected: string) => {
    ctx.diagnostics.push(diagnostic("RG2003", span, { where, expected, found: describe(node) }));
    return undefined;
  };
  switch (schema.kind) {
    case "string": {
      if (!isScalar(node) || typeof node.value !== "string") return wrong("a string");
      return located(node.value, ctx.source, node);
    }
    case "duration": {
      if (!isScalar(node) || (typeof node.value !== "string" && typeof node.value !== "number"))
        return wrong("a duration such as 20s");
      const m = DURATION.exec(String(node.value));
      const amount = m ? Number(m[1]) * (ownEntry(UNIT_MS, m[2] ?? "") ?? 0) : NaN;
      if (!m || !Number.isInteger(amount) || amount <= 0) {
        ctx.diagnostics.push(diagnostic("RG2005", span, { value: String(node.value) }));
        return undefined;
      }
      return located(amount, ctx.source, node);
    }
    case "int": {
      if (!isScalar(node) || typeof node.value !== "number" || !Number.isInteger(node.value))
        return wrong("a whole number");
      if (node.value < schema.min) {
        ctx.diagnostics.push(diagnostic("RG2009", span, { where, bound: `at least ${schema.min}`, value: node.value }));
        return undefined;
      }
      return located(node.value, ctx.source, node);
    }
    case "bool": {
      if (!isScalar(node) || typeof node.value !== "boolean") return wrong("true or false");
      return located(node.value, ctx.source, node);
    }
    case "const": {
      if (!isScalar(node) || node.value !== schema.value) {
        ctx.diagnostics.push(
          diagnostic("RG2007", span, { value: isScalar(node) ? String(node.value) : describe(node) }),
        );
        return undefined;
      }
      return located(schema.value, ctx.source, node);
    }
    case "enum": {
      if (!isScalar(node) || typeof node.value !== "string") return wrong(`a ${schema.what}`);
      if (!schema.values.includes(node.value)) {
        const hint = didYouMean(node.value, schema.values);
        ctx.diagnostics.push(
          diagnostic(
            "RG2006",
            span,
            { value: node.value, what: schema.what, expected: schema.values.join(", ") },
            hint === undefined ? {} : { hint },
          ),
        );
        return undefined;
      }
      return located(node.value, ctx.source, node);
    }
    case "list": {
      if (isNull(node)) return undefined;
      if (!isSeq(node)) return wrong("a list");
      const items: unknown[] = [];
      node.items.forEach((item, i) => {
        const v = walk(schema.items, item as Node | null, `${where}[${i}]`, ctx);
        if (v !== undefined) items.push(v);
      });
      return { items, span };
    }
    case "object": {
      if (isNull(node)) return undefined;
      if (!isMap(node)) return wrong("a mapping");
      const out: Record<string, unknown> = { $span: span };
      const keys: Record<string, object> = {};
      const known = Object.keys(schema.props);
      const unknown: string[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        const key = isScalar(keyNode) ? String(keyNode.value) : "";
        const prop = ownEntry(schema.props, key);
        const keySpan = nodeSpan(ctx.source, keyNode);
        if (prop === undefined) {
          const hint = didYouMean(key, known);
          ctx.diagnostics.push(diagnostic("RG2002", keySpan, { key, where }, hint === undefined ? {} : { hint }));
          unknown.push(key);
          continue;
        }
        keys[key] = keySpan;
        const v = walk(prop.node, pair.value as Node | null, where === "the file" ? key : `${where}.${key}`, ctx);
        if (v !== undefined) out[key] = v;
      }
      for (const [key, prop] of Object.entries(schema.props)) {
        if (prop.required && !Object.hasOwn(keys, key))
          ctx.diagnostics.push(diagnostic("RG2004", span, { where, key }));
      }
      out.$keys = keys;
      out.$unknown = unknown;
      return out;
    }
    case "map": {
      if (isNull(node)) return undefined;
      if (!isMap(node)) return wrong("a mapping");
      const entries: unknown[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        if (!isScalar(keyNode)) continue;
        const key = String(keyNode.value);
        if (schema.keys.kind === "enum" && !schema.keys.values.includes(key)) {
          const hint = didYouMean(key, schema.keys.values);
          ctx.diagnostics.push(
            diagnostic("RG2002", nodeSpan(ctx.source, keyNode), { key, where }, hint === undefined ? {} : { hint }),
          );
          continue;
        }
        const value = walk(schema.values, pair.value as Node | null, `${where}.${key}`, ctx);
        if (value !== undefined) entries.push({ key: located(key, ctx.source, keyNode), value });
      }
      return { entries, span };
    }
    case "oneOf": {
      if (!isMap(node)) return wrong("a mapping");
      const tags = Object.keys(schema.by);
      const tag = tags.find((t) => node.items.some((p) => isPair(p) && isScalar(p.key) && p.key.value === t));
      if (tag === undefined) {
        ctx.diagnostics.push(diagnostic("RG2004", span, { where, key: tags.join("' or '") }));
        return undefined;
      }
      const value = walk(ownEntry(schema.by, tag) as SchemaNode, node, where, ctx);
      return value === undefined ? undefined : { tag, value, span };
    }
  }
}

function isNull(node: Node): boolean {
  return isScalar(node) && node.value === null;
}

function describe(node: Node): string {
  if (isSeq(node)) return "a list";
  if (isMap(node)) return "a mapping";
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return "nothing";
    if (typeof v === "string") return `'${v}'`;
    if (typeof v === "number") return `the number ${v}`;
    if (typeof v === "boolean") return String(v);
  }
  return "something else";
}
