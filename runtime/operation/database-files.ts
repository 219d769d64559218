/**
 * Database files destroyed in place (docs/adr/0302): `rm -f db.sqlite3`, `> db.sqlite3`, `truncate -s0 data/prod.db`,
 * `cp seed.db app.db`. A file database is all of an application's data in one file, so deleting, truncating or
 * overwriting it is the `DROP DATABASE` of a project that never writes SQL: DESTRUCTIVE, wherever it is, but for
 * scratch space (`/tmp`, `/var/tmp`, `$TMPDIR`). Known by its name: SQLite and DuckDB files and their journals,
 * Access, Redis dumps and append-only files, MySQL table files, SQL Server data and log files, Firebird, Realm.
 */
import type { RawAccess } from "./classify-command.ts";

const DATABASE_FILE =
  /\.(?:db|db3|sqlite|sqlite3|s3db|sl3|duckdb|mdb|accdb|rdb|aof|ibd|myd|myi|frm|mdf|ndf|ldf|fdb|realm)(?:-wal|-shm|-journal)?$/i;
/** Files named like a database that hold none: Windows thumbnail caches. */
const NOT_DATA = /(?:^|\/)(?:ehthumbs|thumbs)\.db$/i;
const SCRATCH = /^(?:\/tmp\/|\/var\/tmp\/|\/private\/tmp\/|\$\{?TMPDIR\}?\/)/;

/** The first database file these accesses delete or write over, as written, or null. */
export function destroyedDatabaseFile(accesses: readonly RawAccess[]): string | null {
  for (const a of accesses) {
    if ((a.mode !== "delete" && a.mode !== "write") || a.metadata === true) continue;
    // A glob keeps its extension (`rm -f *.sqlite3`, `rm data/*.db*`): trailing glob characters are not the name.
    const name = a.word.replace(/[*?]+$/, "");
    if (DATABASE_FILE.test(name) && !NOT_DATA.test(name) && !SCRATCH.test(a.word)) return a.word;
  }
  return null;
}
