import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

/**
 * docs/adr/0460: a string-keyed table is never indexed with a computed string in any layer (`TABLE[cmd.program]`,
 * `name in TABLE`): a key the agent wrote may be `constructor` or `__proto__`, and the plain object answers with
 * Object.prototype's member. Such lookups go through core's `ownEntry`. Found with the type checker, so a table
 * declared any way (annotated, inferred, a field of a knowledge entry) is covered.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Every layer that reads text an agent or a user wrote. */
const DIRS = ["core", "grammar", "compiler", "runtime", "adapters", "server", "cli"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** True when `t` is a string that is not one fixed literal (nor a union of them): text from outside. */
function openString(t: ts.Type): boolean {
  if (t.isUnion()) return t.types.some(openString);
  return (t.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) !== 0;
}

function stringKeyed(checker: ts.TypeChecker, t: ts.Type): boolean {
  const types = t.isUnion() ? t.types : [t];
  return types.some((u) => {
    const info = checker.getIndexInfoOfType(u, ts.IndexKind.String);
    return info !== undefined && checker.getIndexInfoOfType(u, ts.IndexKind.Number) === undefined;
  });
}

function plainLookups(): string[] {
  const files = DIRS.flatMap((d) => sources(join(ROOT, d)));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const at = (sf: ts.SourceFile, node: ts.Node): string =>
    `${relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`;
  for (const sf of program.getSourceFiles()) {
    if (!DIRS.some((d) => sf.fileName.startsWith(join(ROOT, d, "/")))) continue;
    if (sf.fileName === join(ROOT, "core", "own.ts")) continue; // the one guarded lookup
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node)) {
        const write =
          ts.isBinaryExpression(node.parent) &&
          node.parent.left === node &&
          node.parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
          node.parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
        if (
          !write &&
          openString(checker.getTypeAtLocation(node.argumentExpression)) &&
          stringKeyed(checker, checker.getTypeAtLocation(node.expression))
        )
          found.push(at(sf, node));
      } else if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.InKeyword &&
        openString(checker.getTypeAtLocation(node.left)) &&
        stringKeyed(checker, checker.getTypeAtLocation(node.right))
      ) {
        found.push(at(sf, node));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe("user-keyed table lookups", () => {
  test("no string-keyed table in any layer is indexed with a computed string except through ownEntry()", () => {
    expect(plainLookups()).toEqual([]);
  }, 60_000);
});
