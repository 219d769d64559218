/**
 * Database clients. SQL is read as data, never as bash, wherever the client gets it: an option (`-c`, `-e`), an
 * operand, or stdin when its text is known here (a heredoc, a here-string, a literal `echo` piped in). DROP,
 * TRUNCATE, and a DELETE or UPDATE without WHERE (or with one that always holds) are DESTRUCTIVE, other statements
 * that change data are WRITEs, plain queries READs. A script nobody can read here (`mysql db < dump.sql`,
 * `psql -f x.sql`, `\i x.sql`, another command's output) may drop anything: DESTRUCTIVE. An interactive session
 * may do anything too: a WRITE that runs code.
 */
import { fx, type Program, type Rule } from "./types.ts";

const DESTROY = fx("DESTRUCTIVE", ["write_external"], "database");
const CHANGE = fx("WRITE", ["write_external"], "database");
const QUERY = fx("READ", ["read_external"], "database");
const SESSION = fx("WRITE", ["write_external", "execute"], "database");

/** A statement that ends without a WHERE clause, or whose WHERE always holds (`WHERE 1=1`, `WHERE true`). */
const UNSCOPED = String.raw`(?:(?:(?!\bwhere\b)[^;])*(?:;|$)|(?:(?!\bwhere\b)[^;])*\bwhere\s+(?:true|1|(\d+)\s*=\s*\1|'(\w*)'\s*=\s*'\2')\s*(?:;|$))`;
const DESTROYS = new RegExp(
  String.raw`\b(?:drop\s+\w|truncate\b|dropdb|flushall|flushdb)|\bdelete\s+from\s+${UNSCOPED}|\bupdate\s+\S+\s+set\s+${UNSCOPED}`,
  "i",
);
/** Runs a script file nobody reads here: mysql's `source`, psql's `\i`/`\ir`/`\include`. */
const RUNS_FILE = /(?:^|[;\n])\s*(?:source\s|\\\.\s|\\i(?:r|nclude)?\s)/i;

const SQL: Rule[] = [
  { text: DESTROYS, then: DESTROY },
  { text: RUNS_FILE, then: DESTROY },
  { flag: ["-f", "--file"], then: DESTROY },
  { stdin: "unknown", then: DESTROY },
  {
    text: /\b(?:insert\s+into|update\s+\w+\s+set|delete\s+from|alter\s|create\s|grant\s|revoke\s|replace\s+into|merge\s+into|copy\s+\w+\s+from|vacuum|reindex)/i,
    then: CHANGE,
  },
  { text: /^\s*(?:select|with|show|explain|describe|desc|\\d|\\l|\\dt|pragma)\b/i, then: QUERY },
];

/** Options of the SQL clients that take a value (a host, a user, the SQL itself). */
const DB_VALUES = [
  "-c",
  "--command",
  "-e",
  "--execute",
  "-f",
  "--file",
  "-h",
  "--host",
  "-p",
  "--port",
  "-U",
  "-u",
  "--user",
  "--username",
  "-d",
  "--dbname",
  "-D",
  "--database",
  "-Q",
  "--query",
  "-P",
  "-S",
];

export const DATABASE: readonly Program[] = [
  {
    names: ["psql", "mysql", "mariadb", "sqlcmd", "cockroach", "clickhouse-client"],
    values: DB_VALUES,
    base: SESSION,
    rules: SQL,
    paths: { options: { "-f": "read", "--file": "read" } },
  },
  // File databases: the operand is the database file they open (`sqlite3 ~/.mozilla/…/cookies.sqlite` reads the
  // browser's cookies), so the path checks see it; the SQL after it is text, not a path.
  {
    names: ["duckdb", "sqlite3", "sqlite"],
    values: DB_VALUES,
    base: SESSION,
    rules: SQL,
    paths: { positional: "read", pathLike: true, options: { "-f": "read", "--file": "read" } },
  },
  {
    names: ["mongo", "mongosh"],
    values: ["--eval", "--host", "--port", "-u", "-p", "--file", "--authenticationDatabase"],
    base: SESSION,
    rules: [
      { text: /\b(?:dropDatabase|drop|deleteMany|remove)\s*\(/, then: DESTROY },
      { text: /\b(?:insert\w*|update\w*|replace\w*|createCollection|createIndex)\s*\(/, then: CHANGE },
      { text: /\b(?:find\w*|count\w*|aggregate|getCollectionNames|stats)\s*\(/, then: QUERY },
    ],
  },
  {
    names: ["redis-cli", "valkey-cli"],
    values: ["-h", "-p", "-a", "-n", "-u"],
    base: SESSION,
    rules: [
      // Commands come as words, on stdin (`echo FLUSHALL | redis-cli`) or inside a script (`EVAL "redis.call('flushall')"`).
      { text: /\b(?:flushall|flushdb)\b|(?:^|\n)\s*shutdown\b/i, then: DESTROY },
      { stdin: "unknown", then: DESTROY },
      {
        word: [
          "DEL",
          "del",
          "UNLINK",
          "unlink",
          "SET",
          "set",
          "HSET",
          "hset",
          "LPUSH",
          "lpush",
          "RPUSH",
          "rpush",
          "EXPIRE",
          "expire",
          "CONFIG",
          "config",
        ],
        then: CHANGE,
      },
      {
        word: [
          "GET",
          "get",
          "KEYS",
          "keys",
          "SCAN",
          "scan",
          "INFO",
          "info",
          "PING",
          "ping",
          "HGET",
          "hget",
          "TTL",
          "ttl",
          "EXISTS",
          "exists",
        ],
        then: QUERY,
      },
    ],
  },
  { names: ["dropdb", "dropuser"], base: DESTROY },
  {
    names: ["mysqladmin"],
    values: ["-h", "--host", "-u", "--user", "-P", "--port", "-S", "--socket"],
    base: CHANGE,
    rules: [
      { word: ["drop", "shutdown"], then: DESTROY },
      { word: ["status", "ping", "version", "processlist", "variables", "extended-status"], then: QUERY },
    ],
  },
  {
    names: ["pg_dump", "mysqldump", "mongodump", "pg_dumpall"],
    values: ["-f", "--file", "-h", "-p", "-U", "-d"],
    base: fx("READ", ["read_external", "write_local"], "database"),
    paths: { options: { "-f": "write", "--file": "write" } },
  },
  { names: ["pg_restore", "mongorestore", "createdb", "createuser"], base: CHANGE },
];
