import type { Span } from "../../core/index.ts";
import type { Located } from "../source.ts";

/**
 * A small typed description of a YAML/JSON configuration shape. The shape of rules.yaml is written once
 * with these combinators (rules-schema.ts); the validator and the JSON Schema are both derived from it.
 */
export type SchemaNode =
  | { readonly kind: "string"; readonly doc: string; readonly format?: string; readonly regex?: string }
  | { readonly kind: "duration"; readonly doc: string }
  | { readonly kind: "int"; readonly doc: string; readonly min: number }
  | { readonly kind: "bool"; readonly doc: string }
  | { readonly kind: "const"; readonly doc: string; readonly value: number }
  | { readonly kind: "enum"; readonly doc: string; readonly what: string; readonly values: readonly string[] }
  | { readonly kind: "list"; readonly doc: string; readonly items: SchemaNode; readonly markers: ListMarkers }
  | { readonly kind: "object"; readonly doc: string; readonly props: Readonly<Record<string, PropNode>> }
  | { readonly kind: "map"; readonly doc: string; readonly keys: SchemaNode; readonly values: SchemaNode }
  /** One of several objects, told apart by which key they carry. */
  | { readonly kind: "oneOf"; readonly doc: string; readonly by: Readonly<Record<string, SchemaNode>> };

/** `$defaults` splices the inherited list; `-name` removes one entry (hard_deny only). */
export interface ListMarkers {
  readonly defaults: boolean;
  readonly removals: boolean;
}

export interface PropNode {
  readonly node: SchemaNode;
  readonly required: boolean;
}

/** A schema with the TypeScript type of what the validator yields for it. */
export interface Sch<T> {
  readonly node: SchemaNode;
  readonly __out?: T;
}
export type Out<S> = S extends Sch<infer T> ? T : never;

export interface Prop<T> extends PropNode {
  readonly __out?: T;
}
type Props = Readonly<Record<string, Prop<unknown>>>;

/** What the validator yields for an object: the known keys that were present and valid, and where they are. */
export type ObjOut<P extends Props> = { readonly [K in keyof P]?: P[K] extends Prop<infer T> ? T : never } & {
  readonly $span: Span;
  readonly $keys: Readonly<Record<string, Span>>;
  /** Keys that are not part of the shape (each already reported). */
  readonly $unknown: readonly string[];
};
export interface ListOut<I> {
  readonly items: readonly I[];
  readonly span: Span;
}
export interface MapOut<V> {
  readonly entries: readonly { readonly key: Located<string>; readonly value: V }[];
  readonly span: Span;
}
export interface OneOfOut<B extends Record<string, Sch<unknown>>> {
  readonly tag: keyof B & string;
  readonly value: Out<B[keyof B]>;
  readonly span: Span;
}

export const str = (doc: string, extra: { format?: string; regex?: string } = {}): Sch<Located<string>> => ({
  node: { kind: "string", doc, ...extra },
});
/** A duration such as 500ms, 20s, 5m, 1h; yields milliseconds. */
export const duration = (doc: string): Sch<Located<number>> => ({ node: { kind: "duration", doc } });
export const int = (doc: string, min: number): Sch<Located<number>> => ({ node: { kind: "int", doc, min } });
export const bool = (doc: string): Sch<Located<boolean>> => ({ node: { kind: "bool", doc } });
export const constant = (doc: string, value: number): Sch<Located<number>> => ({ node: { kind: "const", doc, value } });
export function enumOf<V extends string>(doc: string, what: string, values: readonly V[]): Sch<Located<V>> {
  return { node: { kind: "enum", doc, what, values } };
}
export function list<I>(doc: string, items: Sch<I>, markers: Partial<ListMarkers> = {}): Sch<ListOut<I>> {
  return { node: { kind: "list", doc, items: items.node, markers: { defaults: false, removals: false, ...markers } } };
}
export function obj<P extends Props>(doc: string, props: P): Sch<ObjOut<P>> {
  return { node: { kind: "object", doc, props } };
}
export function map<V>(doc: string, keys: Sch<Located<string>>, values: Sch<V>): Sch<MapOut<V>> {
  return { node: { kind: "map", doc, keys: keys.node, values: values.node } };
}
export function oneOf<B extends Record<string, Sch<unknown>>>(doc: string, by: B): Sch<OneOfOut<B>> {
  const nodes = Object.fromEntries(Object.entries(by).map(([k, s]) => [k, s.node]));
  return { node: { kind: "oneOf", doc, by: nodes } };
}
export const req = <T>(s: Sch<T>): Prop<T> => ({ node: s.node, required: true });
export const opt = <T>(s: Sch<T>): Prop<T> => ({ node: s.node, required: false });
