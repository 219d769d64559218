/**
 * No function in runtime/ takes more than 4 positional parameters (issue 17): a longer list is an options
 * object, so a call site names what it passes. Biome has no such rule; this reads the TypeScript AST.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MAX = 4;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** `file:name (n)` for every function-like declaration of a source text with more than MAX parameters. */
function overLimitIn(file: string, text: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && node.parameters.length > MAX) {
      const name = node.name !== undefined && ts.isIdentifier(node.name) ? node.name.text : ts.SyntaxKind[node.kind];
      out.push(`${file}:${name} (${node.parameters.length})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return out;
}

const overLimit = (root: string): string[] => files(root).flatMap((f) => overLimitIn(f, readFileSync(f, "utf8")));

const SAMPLE = `
export function four(a: number, b: number, c: number, d: number) {}
export function five(a: number, b: number, c: number, d: number, e: number) {}
export const arrow = (a: number, b: number, c: number, d: number, e: number) => a;
export class Point {
  constructor(readonly a: number, readonly b: number, readonly c: number, readonly d: number, readonly e: number) {}
  move(a: number, b: number, c: number, d: number, e: number) {}
}
export type Callback = (a: number, b: number, c: number, d: number, e: number) => void;
export function options(o: { a: number; b: number; c: number; d: number; e: number }) {}
`;

describe("positional parameters in runtime/", () => {
  it(`are at most ${MAX}; a longer list is an options object`, () => {
    expect(overLimit("runtime")).toEqual([]);
  });

  it("counts what a call site would pass: functions, methods, arrows, constructors and signatures", () => {
    expect(overLimitIn("sample.ts", SAMPLE)).toEqual([
      "sample.ts:five (5)",
      "sample.ts:ArrowFunction (5)",
      "sample.ts:Constructor (5)",
      "sample.ts:move (5)",
      "sample.ts:FunctionType (5)",
    ]);
  });
});
