/**
 * A destroying statement handed to any program as an option's value, or an ORM's drop in a one-liner
 * (docs/adr/0482): `wrangler d1 execute prod --command 'DROP TABLE users'`, `arangosh --javascript.execute-string
 * 'db._drop("users")'`, `turso db shell prod --execute 'TRUNCATE users'`, `python3 -c "from app import db;
 * db.drop_all()"`. Database shells are described one by one (knowledge/database.ts), but every CLI that reaches
 * a database takes its statement through the same few options, and every ORM names its drops alike.
 */
import { inlineCode, type SimpleCommand } from "../shell/index.ts";
import { CYPHER_DESTROYS, SQL_DESTROYS } from "./knowledge/database.ts";

/** Long options whose value is a statement or a script to run, in any program. */
const STATEMENT_OPTIONS: ReadonlySet<string> = new Set([
  "--command",
  "--execute",
  "--eval",
  "--query",
  "--sql",
  "--statement",
  "--javascript.execute-string",
]);
/** Their short spellings, read only for programs nobody described (`grep -e 'DROP TABLE'` searches for it). */
const SHORT_STATEMENT_OPTIONS: ReadonlySet<string> = new Set(["-c", "-e", "-q", "-Q"]);

/**
 * ORM and driver calls that drop or empty whole tables, collections or databases: SQLAlchemy `drop_all`,
 * Mongo `dropDatabase`/`drop_collection`, ArangoDB `db._drop`, ActiveRecord `destroy_all`, Sequelize `drop()`
 * and `sync({force: true})`, Prisma `deleteMany()` with no filter, Django `objects.all().delete()`, Redis
 * clients' `flushall()`. A call with a filter (`deleteMany({where: …})`) or a library's own `drop` with
 * arguments (`df.drop('a', axis=1)`) is not one.
 */
export const CODE_DROPS = new RegExp(
  [
    String.raw`\b(?:drop_all|drop_database|dropDatabase|drop_collection|dropCollection|drop_table|dropTable|drop_schema|dropSchema|dropAllTables|truncate_table|truncateTable|destroy_all|delete_all|flushall|flushdb|flushAll|flushDb)\b`,
    String.raw`\b_(?:drop|truncate)\w*\s*\(`,
    String.raw`\.(?:drop|deleteMany|delete_many)\s*\(\s*(?:\{\s*\})?\s*\)`,
    String.raw`\.sync\s*\(\s*\{[^}]*\bforce\s*:\s*true`,
    String.raw`\.objects\.all\s*\(\s*\)\s*\.delete\s*\(`,
  ].join("|"),
);
/** A string literal that is a SQL statement (it starts with the statement's verb), inside code. */
const SQL_LITERAL = /(['"`])\s*((?:drop|truncate|delete|update)\b[^'"`]*)\1/gi;

/** What the statement says (its first words), when an option or a one-liner hands a program one that destroys. */
export function destroyingStatement(cmd: SimpleCommand, known: boolean): string | null {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const name = eq > 0 && a.startsWith("--") ? a.slice(0, eq) : a;
    const taken = STATEMENT_OPTIONS.has(name) || (!known && SHORT_STATEMENT_OPTIONS.has(name));
    const value = !taken ? undefined : eq > 0 && a.startsWith("--") ? a.slice(eq + 1) : args[i + 1];
    if (value !== undefined && destroys(value)) return value.slice(0, 60);
  }
  const code = inlineCode(
    cmd.program,
    args.map((value) => ({ value, raw: value, dynamic: false })),
  );
  if (code === null) return null;
  const text = code.code.value;
  const literal = [...text.matchAll(SQL_LITERAL)].find((m) => SQL_DESTROYS.test(m[2]!));
  return CODE_DROPS.test(text) || literal !== undefined ? text.slice(0, 60) : null;
}

function destroys(statement: string): boolean {
  return SQL_DESTROYS.test(statement) || CYPHER_DESTROYS.test(statement) || CODE_DROPS.test(statement);
}
