/**
 * Database clients. SQL given on the command line is read as data, never as bash: DROP and TRUNCATE (and
 * a DELETE without WHERE) are DESTRUCTIVE, other statements that change data are WRITEs, plain queries
 * READs. A session without inline SQL (interactive, or a script file) may do anything: a WRITE that runs code.
 */
import { fx, type Program, type Rule } from "./types.ts";

const DESTROY = fx("DESTRUCTIVE", ["write_external"], "database");
const CHANGE = fx("WRITE", ["write_external"], "database");
const QUERY = fx("READ", ["read_external"], "database");
const SESSION = fx("WRITE", ["write_external", "execute"], "database");

const SQL: Rule[] = [
  { text: /\b(?:drop\s+(?:table|database|schema|index|view|user|role)|truncate\b|dropdb|flushall|flushdb)|\bdelete\s+from\s+(?:(?!\bwhere\b)[^;])*(?:;|$)/i, then: DESTROY },
  { text: /\b(?:insert\s+into|update\s+\w+\s+set|delete\s+from|alter\s|create\s|grant\s|revoke\s|replace\s+into|merge\s+into|copy\s+\w+\s+from|vacuum|reindex)/i, then: CHANGE },
  { text: /^\s*(?:select|with|show|explain|describe|desc|\\d|\\l|\\dt|pragma)\b/i, then: QUERY },
];

export const DATABASE: readonly Program[] = [
  { names: ["psql", "mysql", "mariadb", "sqlcmd", "cockroach", "clickhouse-client", "duckdb", "sqlite3", "sqlite"],
    values: ["-c", "--command", "-e", "--execute", "-f", "--file", "-h", "--host", "-p", "--port", "-U", "-u", "--user", "--username", "-d", "--dbname", "-D", "--database", "-Q", "--query", "-P", "-S"],
    base: SESSION, rules: SQL, paths: { options: { "-f": "read", "--file": "read" } } },
  { names: ["mongo", "mongosh"], values: ["--eval", "--host", "--port", "-u", "-p", "--file", "--authenticationDatabase"], base: SESSION,
    rules: [
      { text: /\b(?:dropDatabase|drop|deleteMany|remove)\s*\(/, then: DESTROY },
      { text: /\b(?:insert\w*|update\w*|replace\w*|createCollection|createIndex)\s*\(/, then: CHANGE },
      { text: /\b(?:find\w*|count\w*|aggregate|getCollectionNames|stats)\s*\(/, then: QUERY },
    ] },
  { names: ["redis-cli", "valkey-cli"], values: ["-h", "-p", "-a", "-n", "-u"], base: SESSION,
    rules: [
      { word: ["FLUSHALL", "FLUSHDB", "flushall", "flushdb", "SHUTDOWN", "shutdown"], then: DESTROY },
      { word: ["DEL", "del", "UNLINK", "unlink", "SET", "set", "HSET", "hset", "LPUSH", "lpush", "RPUSH", "rpush", "EXPIRE", "expire", "CONFIG", "config"], then: CHANGE },
      { word: ["GET", "get", "KEYS", "keys", "SCAN", "scan", "INFO", "info", "PING", "ping", "HGET", "hget", "TTL", "ttl", "EXISTS", "exists"], then: QUERY },
    ] },
  { names: ["dropdb", "dropuser"], base: DESTROY },
  { names: ["pg_dump", "mysqldump", "mongodump", "pg_dumpall"], values: ["-f", "--file", "-h", "-p", "-U", "-d"], base: fx("READ", ["read_external", "write_local"], "database"),
    paths: { options: { "-f": "write", "--file": "write" } } },
  { names: ["pg_restore", "mongorestore", "createdb", "createuser"], base: CHANGE },
];
