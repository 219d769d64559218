/**
 * SQL that destroys, or takes a protection away, without the words DROP, TRUNCATE or an unscoped DELETE
 * (docs/adr/0640). Each is as final as a drop for the data it names, or leaves the data open to what the
 * protection stopped:
 * - history and replicas deleted: MySQL's `RESET MASTER`/`RESET BINARY LOGS`, `PURGE BINARY LOGS`, a replica's
 *   `RESET REPLICA ALL`; PostgreSQL's `pg_drop_replication_slot()`, a standby promoted (`pg_promote()`);
 * - a table emptied or replaced by another name: `CREATE OR REPLACE TABLE`, `ALTER TABLE … ENGINE=BLACKHOLE` (keeps
 *   nothing; a new table created with a Null engine, ClickHouse's input to materialized views, is ordinary),
 *   `DISCARD TABLESPACE` (deletes the data file), ClickHouse's `DETACH TABLE` (gone for every client);
 * - every row rewritten: `REPLACE INTO t SELECT …` with no WHERE;
 * - protection off: row level security disabled, triggers or constraints switched off, a sequence restarted
 *   under existing ids, a database closed to connections, `VACUUM FULL` (an exclusive lock on every table).
 * Their ordinary neighbours stay allowed: `CREATE OR REPLACE VIEW`/`FUNCTION`, `VACUUM`/`VACUUM ANALYZE`,
 * `REPLACE INTO t VALUES (…)`, SQLite's `DETACH DATABASE aux`, `ALTER TABLE t ENABLE ROW LEVEL SECURITY`.
 */

/** Regex source, joined into SQL_DESTROYS (knowledge/database.ts); it has no capturing group. */
export const SQL_QUIET_DESTROYS = [
  String.raw`\breset\s+(?:master|binary\s+logs|replica\s+all|slave\s+all)\b|\bpurge\s+(?:binary|master)\s+logs\b`,
  String.raw`\bpg_(?:drop_replication_slot|replication_origin_drop|promote)\s*\(`,
  String.raw`\bcreate\s+or\s+replace\s+table\b|\balter\s+table\b[^;]*\bengine\s*=?\s*(?:blackhole|null)\b`,
  String.raw`\bdiscard\s+tablespace\b|\bdetach\s+(?:table|view|dictionary)\b|\bdetach\s+[^;]*\bpermanently\b`,
  String.raw`\breplace\s+into\s+[\w.]+\s*(?:\([^)]*\)\s*)?select\b(?:(?!\bwhere\b)[^;])*(?:;|$)`,
  String.raw`\b(?:disable|no\s+force)\s+row\s+level\s+security\b|\bdisable\s+trigger\b|\bnocheck\s+constraint\b`,
  String.raw`\balter\s+sequence\s+\S+\s+(?:[^;]*\s)?restart\b|\balter\s+table\s+\S+\s+auto_increment\s*=\s*[01]\b`,
  String.raw`\balter\s+database\s+\S+\s+(?:with\s+)?(?:connection\s+limit|allow_connections)\b`,
  String.raw`\bvacuum\s+(?:\(\s*)?full\b`,
].join("|");

/**
 * SQL Server statements that run a program on the database host or send the database to another: `xp_cmdshell`
 * called or switched on through `sp_configure`, OLE automation, external scripts (a query that only reads whether
 * they are on, `… WHERE name = 'xp_cmdshell'`, is none); `BACKUP DATABASE … TO DISK =
 * '\\host\share'` or `TO URL = 'https://…'` writes every row to a machine that is not the server's.
 * The same on the other servers (docs/adr/0745): a PostgreSQL function in `LANGUAGE C` (bound to any symbol of any
 * library, libc's `system` too), an untrusted procedural language (`plpython3u`, `plperlu`, `pltclu`, `plsh`: the
 * `u` means the code may do whatever the server's account may), a MySQL UDF (`CREATE FUNCTION … SONAME`, the
 * lib_mysqludf_sys calls), DuckDB's shellfs extension (a file name that ends in `|` is a command) or any extension
 * installed from outside the core repository. Trusted languages (`sql`, `plpgsql`, `plperl`), stored functions
 * with a body, and `INSTALL httpfs` stay ordinary changes.
 */
export const SQL_SERVER_CODE = new RegExp(
  [
    String.raw`\bexec(?:ute)?\s+(?:master\.(?:dbo)?\.)?(?:xp_cmdshell|sp_oa(?:create|method)|sp_execute_external_script|xp_reg(?:write|deletekey|deletevalue))\b`,
    String.raw`\bsp_configure\s+N?'(?:xp_cmdshell|ole automation procedures|external scripts enabled|clr enabled)'\s*,\s*1\b`,
    String.raw`\bcreate\s+(?:or\s+replace\s+)?function\b[^;]*\blanguage\s+['"]?c['"]?(?![\w-])`,
    String.raw`\bpl(?:python[23]?|perl|tcl|lua)u\b|\blanguage\s+['"]?pl(?:sh|r)\b`,
    String.raw`\bcreate\s+(?:aggregate\s+)?function\b[^;]*\bsoname\b|\bsys_(?:exec|eval)\s*\(|\blib_mysqludf_sys\b`,
    String.raw`\b(?:install|load)\s+['"]?shellfs\b|\binstall\s+\w+\s+from\s+(?!core\b)|\ballow_unsigned_extensions\b`,
  ].join("|"),
  "i",
);
export const SQL_REMOTE_BACKUP = /\bbackup\s+(?:database|log)\b[^;]*?\bto\s+(?:disk\s*=\s*N?'\\\\|url\s*=)/i;
