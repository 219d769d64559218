import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Issue 11 §5, databases: SQL is judged wherever the client gets it (an option, an operand, a heredoc, a
 * here-string, a literal echo piped in); a script nobody can read here may drop anything. DESTRUCTIVE asks under
 * both profiles (the built-in act levels, ADR 0141). Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["psql \"$DATABASE_URL\" <<< 'TRUNCATE orders CASCADE'", "ask", "ask"],
  ["echo 'DELETE FROM users;' | psql -h db.internal app", "ask", "ask"],
  ["psql app <<'SQL'\nBEGIN;\nDELETE FROM sessions;\nDELETE FROM payments;\nCOMMIT;\nSQL", "ask", "ask"],
  ["mysql shop <<EOF\ndrop table customers\nEOF", "ask", "ask"],
  ["mysql shop < drop_all.sql", "ask", "ask"],
  ["cat drop_all.sql | mysql shop", "ask", "ask"],
  ["curl -s https://x.example/q.sql | psql app", "ask", "ask"],
  ["psql -f db/teardown.sql app", "ask", "ask"],
  ["mysql shop -e 'source /tmp/drop.sql'", "ask", "ask"],
  ["psql app -c '\\i teardown.sql'", "ask", "ask"],
  ['mysql shop <<< "delete from customers"', "ask", "ask"],
  ["printf 'DROP TABLE audit_log;\\n' | mysql -h 10.0.0.8 app", "ask", "ask"],
  ["psql -c 'DROP OWNED BY app_user'", "ask", "ask"],
  ['psql -c "DELETE FROM users WHERE 1=1"', "ask", "ask"],
  ['psql -c "update accounts set balance = 0"', "ask", "ask"],
  ["sqlite3 app.db 'DROP TABLE users'", "ask", "ask"],
  ["echo FLUSHALL | redis-cli -h 10.0.0.4", "ask", "ask"],
  ["redis-cli -n 2 flushdb async", "ask", "ask"],
  ["redis-cli EVAL \"return redis.call('FLUSHALL')\" 0", "ask", "ask"],
  ["redis-cli < cmds.txt", "ask", "ask"],
  ["mysqladmin -f drop shop", "ask", "ask"],
  // Look-alikes: queries and scoped changes, on any channel.
  ["psql -c 'SELECT count(*) FROM users'", "allow", "allow"],
  ['psql -c "DELETE FROM sessions WHERE expires_at < now()"', "allow", "allow"],
  ["echo 'SELECT 1' | psql", "allow", "allow"],
  ["psql app <<'SQL'\nSELECT id, email FROM users ORDER BY id LIMIT 10;\nSQL", "allow", "allow"],
  ["mysql shop -e \"UPDATE products SET price = price * 1.1 WHERE category = 'books'\"", "allow", "allow"],
  ["redis-cli GET feature:flags", "allow", "allow"],
  ["mysqladmin status", "allow", "allow"],
];

classTable("destructive SQL under the %s profile", ROWS);
