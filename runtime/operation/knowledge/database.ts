/**
 * Database clients. SQL is read as data, never as bash, wherever the client gets it: an option (`-c`, `-e`), an
 * operand, or stdin when its text is known here (a heredoc, a here-string, a literal `echo` piped in). DROP,
 * TRUNCATE, and a DELETE or UPDATE without WHERE (or with one that always holds) are DESTRUCTIVE, other statements
 * that change data are WRITEs, plain queries READs. A script nobody can read here (`mysql db < dump.sql`,
 * `psql -f x.sql`, `\i x.sql`, another command's output) may drop anything: DESTRUCTIVE. An interactive session
 * may do anything too: a WRITE that runs code.
 */
import { SQL_QUIET_DESTROYS, SQL_REMOTE_BACKUP, SQL_SERVER_CODE } from "./sql-quiet-destroys.ts";
import { fx, type Program, type Rule } from "./types.ts";

const DESTROY = fx("DESTRUCTIVE", ["write_external"], "database");
const CHANGE = fx("WRITE", ["write_external"], "database");
const QUERY = fx("READ", ["read_external"], "database");
const SESSION = fx("WRITE", ["write_external", "execute"], "database");
const DUMP = fx("READ", ["read_external", "write_local"], "database");
const DUMPS_ACCOUNTS = fx("SECURITY", ["credential_access", "read_external", "write_local"], "database", "credentials");
const KV_SECRET = fx("SECURITY", ["credential_access", "read_external"], "database", "credentials");
const ACCOUNTS = fx("SECURITY", ["write_external"], "database", "permissions");

/**
 * A WHERE that holds for every row (docs/adr/0629): `true`, `1`, `NOT false`, a literal equal to itself, a column
 * equal to itself (`id = id`), `IS NOT NULL`, `LIKE '%'`, an id above zero (`id > 0`, `rowid >= 0`), or any clause
 * with `OR` such a literal comparison (`OR 1=1`). Written without backreferences: the pattern is used three times in
 * one regex, and a numbered reference would point at another use's group. `1 = 2` is read as one too: a statement
 * that deletes nothing loses nothing by being asked about.
 */
/** A time before a moment in the future (`created_at < now() + interval '100 years'`): every row written so far. */
const FUTURE = String.raw`[\w.]+\s*<=?\s*(?:now\(\)|current_(?:timestamp|date)|sysdate\(\)|getdate\(\))\s*\+\s*interval\b[^;]*`;
/**
 * A condition that names no column of the row (docs/adr/0742): `EXISTS` over a select without FROM (`EXISTS (SELECT
 * 1)`), or a function of literals and session values compared with a literal (`coalesce(NULL, 1) = 1`,
 * `length(current_user) > 0`). Its value is the same for every row: all of them or none.
 */
const CONSTANT_VALUE = String.raw`(?:null|-?\d+|'\w*'|(?:current_user|session_user|current_role|user|current_database|current_schema|version)(?:\(\))?)`;
const CONSTANT = String.raw`exists\s*\(\s*select\s+(?:(?!\bfrom\b)[^;()])*\)|\w+\s*\(\s*${CONSTANT_VALUE}(?:\s*,\s*${CONSTANT_VALUE})*\s*\)\s*(?:=|<>|!=|>=?|<=?)\s*(?:-?\d+|'\w*')`;
const ALWAYS = String.raw`(?:true|1|not\s+(?:false|0)|\d+\s*=\s*\d+|'\w*'\s*=\s*'\w*'|\w*id\s*>=?\s*(?:0|-\d+)|[\w.]+\s+is\s+not\s+null|[\w.]+\s+is\s+distinct\s+from\s+null|[\w.]+\s+like\s+'%+'|${CONSTANT}|${FUTURE})`;
/**
 * A DELETE or UPDATE whose whole WHERE is a column equal to itself (`WHERE id = id`). No alternative of SQL_DESTROYS
 * before it has a capturing group, so `\1` is this column (a test holds it).
 */
const SELF_EQUAL = String.raw`\b(?:delete\s+from|update)\b[^;]*\bwhere\s+([\w.]+)\s*=\s*\1(?![\w.])\s*(?:;|$)`;
/**
 * A DELETE or UPDATE of a table whose WHERE picks its ids from the same table unfiltered (`UPDATE users SET … WHERE
 * id IN (SELECT id FROM users)`): every row. Named groups, placed after SELF_EQUAL so that `\1` stays its column.
 */
const SELF_SUBQUERY = String.raw`\b(?:delete\s+from|update)\s+(?<tbl>[\w.]+)\b[^;]*\bwhere\s+(?<col>[\w.]+)\s+in\s*\(\s*select\s+(?:distinct\s+)?\k<col>\s+from\s+\k<tbl>\s*\)`;
/**
 * A WHERE that is a column's null test or its complement (`created_at IS NOT NULL OR created_at IS NULL`): every row
 * (docs/adr/0742). Named group, placed after SELF_EQUAL so that `\1` stays its column.
 */
const NULL_OR_NOT = String.raw`\b(?:delete\s+from|update)\b[^;]*\bwhere\s+(?<ncol>[\w.]+)\s+is\s+(?:not\s+)?null\s+or\s+\k<ncol>\s+is\s+(?:not\s+)?null\s*(?:;|$)`;
/** A MERGE that deletes every matched row of a join that always holds (`MERGE INTO t USING (SELECT 1) s ON true`). */
const MERGE_ALL = String.raw`\bmerge\s+into\b[^;]*\bon\s+${ALWAYS}\s+when\s+matched\b[^;]*\bthen\s+delete\b`;
/** A statement that ends without a WHERE clause, or whose WHERE always holds. */
const UNSCOPED = String.raw`(?:(?:(?!\bwhere\b)[^;])*(?:;|$)|(?:(?!\bwhere\b)[^;])*\bwhere\s+(?:${ALWAYS}\s*(?:;|$)|[^;]*\bor\s+(?:true|\d+\s*=\s*\d+|'\w*'\s*=\s*'\w*')\b))`;
/**
 * SQL that changes the server under every other client (docs/adr/0561): its settings (`ALTER SYSTEM SET fsync = off`,
 * MySQL's `SET GLOBAL`/`SET PERSIST`, `ALTER DATABASE … SET`), a lock that freezes writes (`FLUSH TABLES WITH READ
 * LOCK`, `LOCK TABLES`, `LOCK INSTANCE`), a table or database renamed or swapped from under the application (`ALTER
 * TABLE t RENAME TO`, `RENAME TABLE`, ClickHouse's `EXCHANGE TABLES`), and large objects deleted (`lo_unlink`).
 * A session's own `SET` (`SET statement_timeout = …`) ends with the session and is none of these.
 */
const SQL_SERVER_CHANGES = [
  String.raw`\balter\s+system\s+(?:set|reset)\b|\bset\s+(?:@@)?(?:global|persist(?:_only)?)\b|\balter\s+database\s+\S+\s+(?:set|reset|rename)\b`,
  String.raw`\bflush\s+tables?\b[^;]*\bwith\s+read\s+lock\b|\block\s+(?:tables?|instance)\b`,
  String.raw`\balter\s+table\s+(?:if\s+exists\s+)?\S+\s+rename\s+to\b|\brename\s+(?:tables?|databases?|dictionary)\s+\S|\bexchange\s+(?:tables|dictionaries)\b`,
  String.raw`\blo_(?:unlink|truncate)\s*\(|\\lo_unlink\b`,
].join("|");
/** SQL that drops, empties or rewrites everything it names: any client or data API that sends SQL is judged by it. */
export const SQL_DESTROYS = new RegExp(
  String.raw`\b(?:drop\s+\w|truncate\b|dropdb|flushall|flushdb)|\bpg_(?:terminate|cancel)_backend\s*\(|^\s*kill\s+(?:query\s+|connection\s+)?\d|^\s*shutdown\b|\bdelete\s+(?:(?:low_priority|quick|ignore)\s+)*from\s+${UNSCOPED}|\bupdate\s+\S+\s+set\s+${UNSCOPED}|\balter\s+table\s+\S+(?:\s+on\s+cluster\s+\S+)?\s+delete\s+${UNSCOPED}|${SQL_SERVER_CHANGES}|${SQL_QUIET_DESTROYS}|${SELF_EQUAL}|${SELF_SUBQUERY}|${NULL_OR_NOT}|${MERGE_ALL}`,
  "i",
);
/**
 * Cypher (Neo4j, Memgraph) that deletes what a MATCH found (`MATCH (n) DETACH DELETE n`), or drops a database,
 * constraint or index; any client or data API that sends Cypher is judged by it.
 */
export const CYPHER_DESTROYS =
  /\bdetach\s+delete\b|\bmatch\b[^;]*\bdelete\s+\w|\bdrop\s+(?:database|constraint|index|alias)\b/i;
/** Runs a script file nobody reads here: mysql's `source`, psql's `\i`/`\ir`/`\include`. */
const RUNS_FILE = /(?:^|[;\n])\s*(?:source\s|\\\.\s|\\i(?:r|nclude)?\s|\.read\s|\.restore\b)/i;
/**
 * The client or the server runs a shell command (psql and mysql `\!`, mysql `system`, sqlite and duckdb `.shell`
 * and `.system`, output sent to a command: `.output |cmd`, `.once |cmd`, `.read |cmd`, psql `\o |cmd`; PostgreSQL
 * `COPY … PROGRAM`): code nobody reads as SQL.
 */
const SHELL_ESCAPE =
  /(?:^|[;\n])\s*(?:\\!|system\s|\.shell\b|\.system\b|\.(?:output|once|read)\s+(?:-\S+\s+)*['"]?\||\\(?:o|out|g|gx|w|write)\s*\|)|\bprogram\s+['"$]/i;
/** Native code loaded into the client (sqlite3 and duckdb `.load`, `load_extension()`, duckdb `LOAD '/path'`). */
const NATIVE = /(?:^|[;\n])\s*\.load\s|\bload_extension\s*\(|(?:^|[;\n])\s*load\s+['"]/i;
/**
 * The server's own files read or written (`LOAD_FILE`, `INTO OUTFILE`, `pg_read_file`, `lo_import`, `COPY … TO
 * '/path'`), or who may do what changed (GRANT, roles, users and their passwords, superuser).
 */
const SERVER_FILES =
  /\b(?:load_file|pg_read_(?:binary_)?file|pg_ls_dir|lo_import|lo_export)\s*\(|\binto\s+(?:out|dump)file\b|\bcopy\s+[^;]*\bto\s+'\//i;
const ACCOUNTS_SQL =
  /\b(?:grant\s|revoke\s|(?:create|alter|drop)\s+(?:user|role|login)\b|set\s+password\b|\bsuperuser\b|identified\s+by\b)/i;

/** A plpgsql block that EXECUTEs, an EXECUTE IMMEDIATE, a statement prepared from a variable or a built string. */
const DYNAMIC_SQL =
  /\bdo\s+(?:\$\w*\$|')[\s\S]*\bexecute\b|\bexecute\s+immediate\b|\bprepare\s+\w+\s+from\s+(?!')|\bexecute\s+format\s*\(/i;

/** The options that carry a statement, in every SQL client rulegate knows. */
const STATEMENT_OPTIONS = ["-c", "--command", "-e", "--execute", "-execute", "-Q", "-q", "--query", "--sql", "-cmd"];

/**
 * A database named for tests (`app_test`, `test`, `test_db`, `myapp-testing`, or the last segment of a URL): what the
 * test suite empties and rebuilds at every run (docs/adr/0577).
 */
const TEST_DB = /(?:^|\/)(?:[a-z0-9]+[_-])*test(?:s|ing)?(?:[_-][a-z0-9]+)*(?:\?[^/]*)?$/i;
/** A table emptied or dropped: what a test database loses without harm. */
const TABLE_DESTROYS = /\b(?:truncate\b|drop\s+(?:table|view|index|sequence)\b|delete\s+from\b|update\s+\S+\s+set\b)/i;
/** What reaches past the test database: other databases, schemas, roles, the server, its sessions. */
const PAST_THE_DATABASE = new RegExp(
  String.raw`\bdrop\s+(?:database|schema|owned|role|user|tablespace|extension)\b|\bdropdb\b|\bflush(?:all|db)\b|\bpg_(?:terminate|cancel)_backend\b|^\s*(?:kill|shutdown)\b|${SQL_SERVER_CHANGES}`,
  "i",
);
const DATABASE_OPTIONS = ["-d", "--dbname", "-D", "--database", "-database", "--db"];
/** Table-level destruction in a database named for tests is a WRITE; anything reaching past it is not (ADR 0577). */
const TEST_DATABASE: Rule[] = [
  // The first operand is the database only when no option names one (`psql -d prod app_test`: app_test is the user).
  {
    text: TABLE_DESTROYS,
    unlessText: PAST_THE_DATABASE,
    firstWord: TEST_DB,
    notFlag: DATABASE_OPTIONS,
    then: CHANGE,
  },
  {
    text: TABLE_DESTROYS,
    unlessText: PAST_THE_DATABASE,
    optionText: Object.fromEntries(DATABASE_OPTIONS.map((o) => [o, TEST_DB])),
    then: CHANGE,
  },
];

/** The rules of a SQL client whose script-file options are `files`. */
const sqlRules = (files: readonly string[]): Rule[] => [
  { text: SHELL_ESCAPE, then: fx("DESTRUCTIVE", ["write_external", "execute"], "database", "unknown-code") },
  { text: SERVER_FILES, then: fx("SECURITY", ["read_external", "write_external"], "database", "host-access") },
  // ADR 0640: a program run on the database host, or the whole database backed up to another machine.
  { text: SQL_SERVER_CODE, then: fx("SECURITY", ["write_external", "execute"], "database", "unknown-code") },
  { text: SQL_REMOTE_BACKUP, then: fx("SECURITY", ["read_external", "write_external"], "database", "exfiltration") },
  { text: NATIVE, then: fx("SECURITY", ["execute"], "database", "native-code") },
  { text: ACCOUNTS_SQL, then: ACCOUNTS },
  ...TEST_DATABASE,
  { text: SQL_DESTROYS, then: DESTROY },
  // SQL built at run time and then run (docs/adr/0508): `DO $$ … EXECUTE format(…) $$`, `EXECUTE IMMEDIATE`,
  // MySQL's `PREPARE s FROM @sql`: what it runs is not in the text.
  { text: DYNAMIC_SQL, then: DESTROY },
  // A statement built by an expansion (`psql -c "$(echo … | base64 -d)"`) is a script nobody reads here.
  { unknownValue: STATEMENT_OPTIONS, then: DESTROY },
  { text: RUNS_FILE, then: DESTROY },
  { flag: files, then: DESTROY },
  { stdin: "unknown", then: DESTROY },
  {
    text: /\b(?:insert\s+into|update\s+\w+\s+set|delete\s+from|alter\s|create\s|grant\s|revoke\s|replace\s+into|merge\s+into|copy\s+\w+\s+from|vacuum|reindex)/i,
    then: CHANGE,
  },
  { text: /^\s*(?:select|with|show|explain|describe|desc|\\d|\\l|\\dt|pragma)\b/i, then: QUERY },
];
const SQL = sqlRules(["-f", "--file"]);

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
    // Every client that sends SQL (or CQL, InfluxQL, HiveQL…) is judged by the same statements.
    names: [
      "psql",
      "mysql",
      "mariadb",
      "cockroach",
      "pgcli",
      "mycli",
      "usql",
      "cqlsh",
      "trino",
      "presto",
      "beeline",
      "hive",
      "impala-shell",
      "spark-sql",
      "vsql",
      "isql",
      "sqlplus",
      "mysqlsh",
      "dolt",
    ],
    values: [...DB_VALUES, "-execute", "-database", "-host", "-k", "--keyspace", "--sql", "-cmd"],
    base: SESSION,
    comments: "sql",
    rules: SQL,
    paths: { script: "sql", options: { "-f": "read", "--file": "read" } },
  },
  // ADR 0640: SQL Server's clients run a script given by `-i` (`-f` is a code page), IBM Db2's CLP takes the
  // statement as an operand and a script by `-f` (`db2 -tvf x.sql`).
  {
    names: ["sqlcmd", "mssql-cli"],
    values: [...DB_VALUES, "-i", "--input-file", "-o", "--output-file", "-v", "-f", "-s", "-W", "-w", "-l", "-t"],
    base: SESSION,
    comments: "sql",
    rules: sqlRules(["-i", "--input-file"]),
    paths: {
      script: "sql",
      options: { "-i": "read", "--input-file": "read", "-o": "write", "--output-file": "write" },
    },
  },
  {
    names: ["db2", "clpplus"],
    values: ["-f", "-z", "-r", "-l", "-td", "-ec"],
    base: SESSION,
    comments: "sql",
    rules: sqlRules(["-f"]),
    paths: { script: "sql", options: { "-f": "read", "-z": "write", "-r": "write" } },
  },
  // sqlite-utils: its subcommands that drop or rewrite tables, and the SQL its `query` runs.
  {
    names: ["sqlite-utils"],
    values: ["--attach", "--param", "-p", "--functions", "--load-extension"],
    base: CHANGE,
    rules: [
      ...["drop-table", "drop-view", "disable-fts", "reset-counts"].map((s): Rule => ({ sub: [s], then: DESTROY })),
      { sub: ["transform"], flag: ["--drop"], then: DESTROY },
      ...["insert", "upsert"].map((s): Rule => ({ sub: [s], flag: ["--truncate"], then: DESTROY })),
      { flag: ["--load-extension", "--functions"], then: fx("SECURITY", ["execute"], "database", "native-code") },
      ...["query", "bulk"].flatMap((s) => SQL.map((r): Rule => ({ ...r, sub: [s] }))),
      ...["rows", "tables", "views", "schema", "search", "indexes", "triggers"].map(
        (s): Rule => ({ sub: [s], then: QUERY }),
      ),
    ],
    paths: { positional: "read", pathLike: true },
  },
  // InfluxDB 2's CLI deletes by subcommand (`influx delete --bucket b --start … --stop …`, `influx bucket delete`).
  {
    names: ["influx"],
    values: [...DB_VALUES, "-execute", "-database", "-host", "--bucket", "-b", "--org", "-o", "--start", "--stop"],
    base: SESSION,
    comments: "sql",
    rules: [{ sub: ["delete"], then: DESTROY }, { word: ["delete"], then: DESTROY }, ...SQL],
  },
  // Clients whose statement option is `-q` (elsewhere a quiet flag).
  {
    names: ["clickhouse-client", "clickhouse", "snowsql"],
    values: [...DB_VALUES, "-q", "--query", "--database"],
    base: SESSION,
    comments: "sql",
    rules: sqlRules(["--queries-file", "--file"]),
    paths: { script: "sql", options: { "-f": "read", "--file": "read", "--queries-file": "read" } },
  },
  // File databases: the operand is the database file they open (`sqlite3 ~/.mozilla/…/cookies.sqlite` reads the
  // browser's cookies), so the path checks see it; the SQL after it is text, not a path.
  {
    names: ["duckdb", "sqlite3", "sqlite", "litecli"],
    values: DB_VALUES,
    base: SESSION,
    comments: "sql",
    rules: SQL,
    paths: { positional: "read", pathLike: true, script: "sql", options: { "-f": "read", "--file": "read" } },
  },
  {
    names: ["mongo", "mongosh"],
    values: ["--eval", "--host", "--port", "-u", "-p", "--file", "-f", "--authenticationDatabase"],
    base: SESSION,
    rules: [
      // Also as database commands (`db.runCommand({dropDatabase: 1})`) and through every delete method.
      {
        // The server shut down (`db.shutdownServer()`, `{shutdown: 1}`) stops it for every client (ADR 0518).
        text: /\b(?:dropDatabase|drop|dropIndex(?:es)?|dropUser|dropAllUsers|dropAllUsersFromDatabase|dropRole|dropAllRoles|deleteMany|remove|findOneAndDelete|bulkWrite|shutdownServer)\s*\(|\b(?:dropDatabase|drop|delete|shutdown)\s*:/,
        then: DESTROY,
      },
      // ADR 0641: the same as database commands (`runCommand({dropAllUsersFromDatabase: 1})`), every document
      // rewritten (an update whose filter is `{}`), writes frozen for every client (`fsyncLock()`, `{fsync: 1, lock:
      // true}`), a primary stepped down.
      {
        text: /\b(?:dropIndexes|dropUser|dropAllUsers|dropAllUsersFromDatabase|dropRole|dropAllRolesFromDatabase|replSetStepDown|replSetReconfig|killOp)\s*:|\b(?:updateMany|update|replaceMany)\s*\(\s*\{\s*\}\s*,|\bfsyncLock\s*\(|\bfsync\s*:[^}]*\block\s*:\s*true|\b(?:rs\.stepDown|killOp)\s*\(/,
        then: DESTROY,
      },
      // A method called by a computed name (`db.users['dr'+'op']()`, `db[c]['remove']()`): any of them (docs/adr/0508).
      { text: /\]\s*\(/, then: DESTROY },
      // A script nobody reads here: a file (`--file x.js`, a `.js` operand, `load()`), or code built by an expansion.
      { flag: ["--file", "-f"], then: DESTROY },
      { text: /\.js$|\bload\s*\(/, then: DESTROY },
      { unknownValue: ["--eval"], then: DESTROY },
      { stdin: "unknown", then: DESTROY },
      {
        text: /\b(?:createUser|updateUser|changeUserPassword|grantRolesToUser|grantPrivilegesToRole|createRole)\s*\(/,
        then: ACCOUNTS,
      },
      { text: /\b(?:insert\w*|update\w*|replace\w*|createCollection|createIndex)\s*\(/, then: CHANGE },
      { text: /\b(?:find\w*|count\w*|aggregate|getCollectionNames|stats)\s*\(/, then: QUERY },
    ],
  },
  {
    // Redis-compatible servers ship redis-cli under their own names: KeyDB, Valkey, Memurai, KVrocks.
    names: ["redis-cli", "valkey-cli", "keydb-cli", "memurai-cli", "kvrocks-cli"],
    values: ["-h", "-p", "-a", "-n", "-u"],
    base: SESSION,
    rules: [
      // Commands come as words, on stdin (`echo FLUSHALL | redis-cli`) or inside a script (`EVAL "redis.call('flushall')"`).
      { text: /\b(?:flushall|flushdb)\b|(?:^|\n)\s*shutdown\b/i, then: DESTROY },
      { stdin: "unknown", then: DESTROY },
      // A script whose command name is built (`redis.call('FLUSH'..'ALL')`, `redis.call(c)`): any command (docs/adr/0508).
      { text: /\bredis\s*\.\s*p?call\s*\(\s*(?!(['"])\w+\1\s*[,)])/, then: DESTROY },
      // A Lua script or function nobody reads here (`--eval drop.lua`, `EVALSHA`, `FCALL`), all scripts or functions
      // deleted (`SCRIPT FLUSH`, `FUNCTION FLUSH`), databases swapped, or the server's own files redirected
      // (`CONFIG SET dir /root/.ssh` then `SAVE`: the classic write of authorized_keys).
      { flag: ["--eval"], then: DESTROY },
      {
        word: ["EVALSHA", "evalsha", "EVALSHA_RO", "FCALL", "fcall", "FLUSH", "flush", "SWAPDB", "swapdb"],
        then: DESTROY,
      },
      {
        text: /^(?:dir|dbfilename)$/i,
        word: ["SET", "set"],
        then: fx("SECURITY", ["write_external"], "database", "persistence"),
      },
      { unknownValue: ["(operand)"], then: DESTROY },
      // Replication pointed elsewhere overwrites every key with the other server's; a module is native code in
      // the server; authentication or protected mode switched off opens it to the network.
      { text: /^(?:replicaof|slaveof|debug)$/i, then: DESTROY },
      { text: /^module$/i, then: fx("SECURITY", ["write_external", "execute"], "database", "unknown-code") },
      { text: /^(?:requirepass|protected-mode)$/i, then: fx("SECURITY", ["write_external"], "database", "exposure") },
      // Any other setting changed on the running server is a change under every client (docs/adr/0561): memory
      // capped with eviction (`maxmemory 1mb`, `allkeys-random`), persistence switched off (`save ""`, `appendonly no`).
      // ADR 0641: a cluster node reset or failed over, clients disconnected or paused, users deleted.
      ...[
        ["CLUSTER", "RESET"],
        ["CLUSTER", "FAILOVER"],
        ["CLUSTER", "FORGET"],
        ["CLIENT", "KILL"],
        ["CLIENT", "PAUSE"],
        ["ACL", "DELUSER"],
      ].flatMap(([c, v]) =>
        [(w: string) => w, (w: string) => w.toLowerCase()].map(
          (cased): Rule => ({ sub: [cased(c!), cased(v!)], then: DESTROY }),
        ),
      ),
      ...["CONFIG", "config", "Config"].flatMap((c) =>
        ["SET", "set", "RESETSTAT", "resetstat"].map((v): Rule => ({ sub: [c, v], then: DESTROY })),
      ),
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
  // Graph databases: Cypher is judged as SQL is, and a script nobody reads here (`-f`, stdin) may delete anything.
  {
    names: ["cypher-shell", "mgconsole"],
    values: ["-a", "--address", "-u", "--username", "-p", "--password", "-d", "--database", "-f", "--file", "--format"],
    base: SESSION,
    rules: [
      { text: CYPHER_DESTROYS, then: DESTROY },
      { text: ACCOUNTS_SQL, then: ACCOUNTS },
      { flag: ["-f", "--file"], then: DESTROY },
      { unknownValue: ["(operand)"], then: DESTROY },
      { stdin: "unknown", then: DESTROY },
      { text: /\b(?:create|merge|set|remove)\b/i, then: CHANGE },
      { text: /^\s*(?:match|return|show|call\s+db\.)/i, then: QUERY },
    ],
  },
  // A server stopped or killed (`pg_ctl stop -m immediate`) drops every connection and, in immediate mode,
  // every transaction in flight.
  {
    names: ["pg_ctl", "pg_ctlcluster", "mysqld_safe"],
    values: ["-D", "--pgdata", "-m", "--mode", "-l", "--log", "-o", "-w", "-t", "--timeout"],
    base: CHANGE,
    rules: [
      { word: ["stop", "kill", "restart", "promote"], then: DESTROY },
      { word: ["status"], then: QUERY },
    ],
  },
  // Coordination and message stores: a tree of znodes deleted, a topic or its records deleted, consumer offsets
  // moved (messages skipped or replayed), a queue purged, a broker reset to empty.
  {
    names: ["zkCli.sh", "zkCli", "zookeeper-shell", "zookeeper-shell.sh", "zkcli"],
    values: ["-server", "-timeout", "-client-configuration"],
    base: SESSION,
    rules: [
      { word: ["deleteall", "rmr", "delete", "delquota", "setAcl", "reconfig"], then: DESTROY },
      { stdin: "unknown", then: DESTROY },
      { word: ["ls", "ls2", "get", "stat", "getAcl", "listquota", "version", "whoami"], then: QUERY },
    ],
  },
  {
    names: ["kafka-topics", "kafka-topics.sh"],
    values: ["--bootstrap-server", "--topic", "--partitions", "--replication-factor", "--config", "--command-config"],
    base: QUERY,
    rules: [
      { flag: ["--delete", "--delete-config"], then: DESTROY },
      { flag: ["--alter", "--create"], then: CHANGE },
    ],
  },
  {
    names: ["kafka-consumer-groups", "kafka-consumer-groups.sh"],
    values: ["--bootstrap-server", "--group", "--topic", "--to-offset", "--shift-by", "--to-datetime", "--by-duration"],
    base: QUERY,
    rules: [
      { flag: ["--delete", "--delete-offsets"], then: DESTROY },
      { flag: ["--reset-offsets"], notFlag: ["--dry-run"], then: DESTROY },
    ],
  },
  {
    names: [
      "kafka-delete-records",
      "kafka-delete-records.sh",
      "kafka-leader-election.sh",
      "kafka-reassign-partitions.sh",
      "kafka-storage.sh",
    ],
    base: DESTROY,
  },
  {
    names: ["kafka-configs", "kafka-configs.sh", "kafka-acls", "kafka-acls.sh"],
    values: ["--bootstrap-server", "--entity-type", "--entity-name", "--add-config", "--delete-config", "--topic"],
    base: QUERY,
    rules: [
      { flag: ["--remove", "--delete-config"], then: DESTROY },
      { flag: ["--add", "--alter", "--add-config"], then: ACCOUNTS },
    ],
  },
  {
    names: ["rabbitmqctl", "rabbitmqadmin", "rabbitmq-queues", "rabbitmq-plugins"],
    values: ["-n", "--node", "-p", "--vhost", "-H", "--host", "-u", "--username", "-V", "-q"],
    base: CHANGE,
    rules: [
      {
        wordPrefix: [
          "purge",
          "delete",
          "reset",
          "force_reset",
          "force-reset",
          "clear",
          "close",
          "forget",
          "stop",
          "shrink",
        ],
        then: DESTROY,
      },
      { word: ["purge", "delete", "reset", "stop_app", "shutdown", "eval"], then: DESTROY },
      {
        wordPrefix: ["add_user", "change_password", "set_permissions", "set_user_tags", "authenticate"],
        then: ACCOUNTS,
      },
      { wordPrefix: ["list", "status", "ping", "environment", "report", "node_health", "cluster_status"], then: QUERY },
    ],
  },
  {
    names: ["mysqladmin"],
    values: ["-h", "--host", "-u", "--user", "-P", "--port", "-S", "--socket"],
    base: CHANGE,
    rules: [
      { word: ["drop", "shutdown"], then: DESTROY },
      { word: ["status", "ping", "version", "processlist", "variables", "extended-status"], then: QUERY },
    ],
  },
  // A dump of the server's accounts carries their password hashes: pg_dumpall's roles (unless left out),
  // mysqldump of every database or of the `mysql` one, mongodump of `admin` (system.users). The file it writes
  // is a credential store anyone who reads it can crack offline.
  {
    names: ["pg_dumpall"],
    values: ["-f", "--file", "-h", "-p", "-U", "-d", "-l", "--database"],
    base: DUMPS_ACCOUNTS,
    paths: { options: { "-f": "write", "--file": "write" } },
    rules: [{ flag: ["--no-role-passwords", "-t", "--tablespaces-only"], then: DUMP }],
  },
  {
    names: ["pg_dump", "mysqldump", "mongodump"],
    values: ["-f", "--file", "-h", "-p", "-U", "-d", "--db", "-u", "--host", "--port", "--user", "-r", "--result-file"],
    base: DUMP,
    paths: { options: { "-f": "write", "--file": "write", "-r": "write", "--result-file": "write" } },
    rules: [
      { flag: ["--all-databases", "-A", "--system"], then: DUMPS_ACCOUNTS },
      { word: ["mysql"], then: DUMPS_ACCOUNTS },
      { option: { "--db": ["admin"], "-d": ["admin"] }, then: DUMPS_ACCOUNTS },
      { text: /^--collection=system\.users$|^system\.users$/, then: DUMPS_ACCOUNTS },
    ],
  },
  // A restore that drops what exists first (`pg_restore --clean`, `mongorestore --drop`) replaces the live data.
  {
    names: ["pg_restore", "mongorestore"],
    values: ["-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "-u", "--db", "--nsInclude", "-f", "--file"],
    base: CHANGE,
    rules: [{ flag: ["-c", "--clean", "--drop", "--if-exists"], then: DESTROY }],
  },
  { names: ["createdb", "createuser"], base: CHANGE },
  // Key-value stores: deleting keys (by prefix, recursively) or the store's snapshot restored over it.
  {
    names: ["etcdctl"],
    values: ["--endpoints", "--cacert", "--cert", "--key", "--user", "--password", "-w", "--write-out"],
    base: CHANGE,
    rules: [
      // Kubernetes keeps its Secrets under /registry/secrets; a snapshot holds every one of them.
      { sub: ["get"], text: /^\/registry\/secrets|^\/registry\/?$|^\/?$/, then: KV_SECRET },
      { sub: ["snapshot", "save"], then: KV_SECRET },
      { word: ["del", "compact", "defrag", "restore", "disarm"], then: DESTROY },
      { sub: ["member", "remove"], then: DESTROY },
      { sub: ["user"], then: ACCOUNTS },
      { sub: ["role"], then: ACCOUNTS },
      { sub: ["auth"], then: ACCOUNTS },
      { word: ["get", "watch", "status", "list", "version", "endpoint", "check"], then: QUERY },
    ],
  },
  {
    names: ["consul"],
    values: ["-http-addr", "-token", "-datacenter", "-namespace", "-partition", "-node"],
    base: CHANGE,
    rules: [
      { sub: ["kv", "delete"], then: DESTROY },
      { sub: ["snapshot", "restore"], then: DESTROY },
      { sub: ["snapshot", "save"], then: KV_SECRET },
      { sub: ["acl", "token"], word: ["read", "list"], then: KV_SECRET },
      { sub: ["acl", "bootstrap"], then: KV_SECRET },
      { sub: ["acl"], then: ACCOUNTS },
      { word: ["leave", "force-leave", "deregister"], then: DESTROY },
      { sub: ["kv", "get"], then: QUERY },
      { word: ["members", "info", "catalog", "monitor", "version", "operator", "rtt", "validate"], then: QUERY },
    ],
  },
  // BigQuery: datasets and tables removed, tables overwritten by a copy or a load, SQL judged like any client's.
  {
    names: ["bq"],
    values: ["--project_id", "--dataset_id", "--location", "--format", "--max_rows", "-n", "--destination_table"],
    base: CHANGE,
    paths: { positional: "read", pathLike: true },
    rules: [
      { sub: ["rm"], then: DESTROY, paths: {} },
      { sub: ["cp"], flag: ["-f", "--force"], then: DESTROY, paths: {} },
      { sub: ["load"], flag: ["--replace"], then: DESTROY },
      { sub: ["query"], flag: ["--replace"], then: DESTROY, paths: {} },
      { sub: ["query"], text: SQL_DESTROYS, then: DESTROY, paths: {} },
      { sub: ["query"], unknownValue: ["(operand)"], then: DESTROY, paths: {} },
      { sub: ["query"], stdin: "unknown", then: DESTROY, paths: {} },
      {
        sub: ["query"],
        text: /\b(?:insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s|alter\s|create\s)/i,
        then: CHANGE,
        paths: {},
      },
      { sub: ["query"], then: QUERY, paths: {} },
      ...["ls", "show", "head", "version", "help", "wait"].map((s): Rule => ({ sub: [s], then: QUERY, paths: {} })),
    ],
  },
];
