/**
 * Framework tasks that drop, empty or rebuild a database (docs/adr/0215): `python manage.py flush`,
 * `bin/rails db:drop`, `npx prisma migrate reset`, `php artisan migrate:fresh`, `mix ecto.reset`, … are the
 * `DROP DATABASE` of a project that never writes SQL. The task runner is found by the base name of the program
 * or of the script an interpreter runs (`python src/manage.py`, `php artisan`, `bundle exec rails`), so a path
 * or a wrapper does not hide it; the task is then read from the words after it. Data: one row per runner.
 */
import { posix } from "node:path";
import type { SimpleCommand } from "../shell/index.ts";
import { SQL_DESTROYS } from "./knowledge/database.ts";

interface TaskRow {
  /** Base names of the runner (a program, or a script an interpreter or `bundle exec` runs). */
  readonly runners: readonly string[];
  /** The words after the runner that make the task destructive: a single task name, or a run of words. */
  readonly tasks: readonly (RegExp | readonly string[])[];
  /** Flags that make an otherwise harmless task destroy data (`prisma db push --force-reset`). */
  readonly withFlag?: { readonly run: readonly string[]; readonly flags: readonly string[] };
  /**
   * Tasks that run code against the application's models (`manage.py shell -c`, `rails runner`): destructive when
   * that code deletes through the ORM or sends destructive SQL (docs/adr/0352).
   */
  readonly code?: readonly string[];
  /** Tasks that open the database's own SQL shell (`manage.py dbshell`): judged by the SQL they are fed (ADR 0423). */
  readonly shell?: readonly string[];
  /** The runner's options that take a value (`flask --app shop db …`): the value is no task word. */
  readonly values?: readonly string[];
  /** A task run with an option whose value is the empty target (`hasura migrate apply --down all`). */
  readonly withValue?: { readonly run: readonly string[]; readonly option: string; readonly value: RegExp };
}

/** ORM calls that delete rows or whole tables: Django `.delete()`, ActiveRecord `delete_all`/`destroy_all`, … */
const ORM_DESTROYS =
  /\.(?:delete|destroy|truncate|remove)\s*\(|\b(?:delete_all|destroy_all|delete_by|destroy_by|truncate|drop_table|drop_collection|purge|flush)\b/i;

const TASKS: readonly TaskRow[] = [
  {
    runners: ["rails", "rake"],
    // `db:migrate VERSION=0` migrates down to before the first migration (docs/adr/0743).
    tasks: [
      /^db:(?:drop|reset|purge|truncate_all|schema:load|structure:load|migrate:reset|seed:replant)(?::|$)/,
      ["db:migrate", "VERSION=0"],
    ],
    code: ["runner", "r"],
    shell: ["dbconsole", "db"],
  },
  {
    runners: ["manage.py", "django-admin", "django-admin.py"],
    // `sqlflush` prints the SQL of a flush, only ever to be fed to a database (`… | manage.py dbshell`).
    tasks: [/^(?:flush|reset_db|sqlflush)$/, ["migrate", "*", "zero"]],
    code: ["shell", "shell_plus"],
    shell: ["dbshell"],
  },
  {
    runners: ["artisan"],
    tasks: [/^(?:migrate:(?:fresh|reset|refresh|rollback)|db:wipe)$/],
    code: ["tinker"],
    shell: ["db"],
  },
  // Symfony's console: Doctrine's drops, and fixtures loaded without --append purge every table first.
  { runners: ["console"], tasks: [/^doctrine:(?:schema:drop|fixtures:load)$/] },
  {
    runners: ["diesel"],
    tasks: [
      ["migration", "redo"],
      ["migration", "revert"],
    ],
  },
  {
    runners: ["hasura"],
    tasks: [
      ["metadata", "clear"],
      ["metadata", "reset"],
      ["migrate", "delete"],
    ],
    withValue: { run: ["migrate", "apply"], option: "--down", value: /^all$/i },
  },
  {
    runners: ["prisma"],
    tasks: [["migrate", "reset"]],
    withFlag: { run: ["db", "push"], flags: ["--force-reset", "--accept-data-loss"] },
  },
  // `prisma db execute` runs a SQL script nobody reads here (a file, or stdin), as `psql -f` does.
  { runners: ["prisma"], tasks: [], withFlag: { run: ["db", "execute"], flags: ["--file", "--stdin"] } },
  { runners: ["sequelize", "sequelize-cli"], tasks: [/^db:(?:drop|migrate:undo:all|seed:undo:all)$/] },
  { runners: ["typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm"], tasks: [/^schema:drop$/] },
  { runners: ["knex"], tasks: [/^migrate:down$/], withFlag: { run: ["migrate:rollback"], flags: ["--all"] } },
  { runners: ["alembic"], tasks: [["downgrade", "base"]], values: ["-x", "-c", "--config", "-n", "--name"] },
  // ADR 0643: the other migration runners' way back to an empty schema: Flask-Migrate is alembic under `flask db`,
  // yoyo and Ecto roll back every migration with `--all`, db-migrate resets, MikroORM drops or starts fresh,
  // node-pg-migrate goes down an infinite count, Phinx rolls back to target 0.
  { runners: ["flask"], tasks: [["db", "downgrade", "base"]], values: ["--app", "-A", "--env-file", "-e"] },
  { runners: ["yoyo", "yoyo-migrate"], tasks: [], withFlag: { run: ["rollback"], flags: ["--all", "-a"] } },
  { runners: ["mix"], tasks: [], withFlag: { run: ["ecto.rollback"], flags: ["--all"] } },
  { runners: ["db-migrate"], tasks: [/^reset$/] },
  { runners: ["mikro-orm", "mikro-orm-esm"], tasks: [/^(?:schema:drop|migration:fresh|schema:fresh)$/] },
  { runners: ["node-pg-migrate"], tasks: [["down", "Infinity"]] },
  { runners: ["phinx"], tasks: [], withFlag: { run: ["rollback"], flags: ["-t", "--target"] } },
  // Schema migration tools: the task that empties the schema, or that undoes migrations (a down migration drops
  // what the up one created).
  { runners: ["flyway"], tasks: [/^(?:clean|undo)$/] },
  {
    runners: ["liquibase"],
    tasks: [
      /^(?:dropAll|drop-all|rollback|rollback-?count|rollbackCount|rollback-?to-?date|rollbackToDate|rollback-one-\w+)$/i,
    ],
  },
  { runners: ["goose"], tasks: [/^(?:down|down-to|reset)$/] },
  { runners: ["migrate"], tasks: [/^(?:down|drop)$/] },
  { runners: ["dbmate"], tasks: [/^(?:drop|down|rollback)$/] },
  {
    runners: ["atlas"],
    tasks: [
      ["schema", "clean"],
      ["migrate", "down"],
    ],
  },
  { runners: ["sqitch"], tasks: [/^(?:revert|rebase)$/] },
  { runners: ["drizzle-kit"], tasks: [/^drop$/] },
  { runners: ["mix"], tasks: [/^ecto\.(?:drop|reset)$/] },
  { runners: ["supabase"], tasks: [["db", "reset"]] },
  // `ef database update 0`: migration 0 is before the first one, every table dropped (docs/adr/0743).
  {
    runners: ["dotnet"],
    tasks: [
      ["ef", "database", "drop"],
      ["ef", "database", "update", "0"],
    ],
  },
  // Flyway's and Liquibase's emptying tasks run through the build tool's plugin (docs/adr/0743).
  {
    runners: ["gradle", "gradlew", "mvn", "mvnw"],
    tasks: [
      /^(?:flyway:?(?:clean|undo)|flyway(?:Clean|Undo)|liquibase:?(?:dropAll|rollback\w*)|liquibase(?:DropAll|Rollback\w*))$/,
    ],
  },
];

/** Programs that run a script or a task runner named by a later word. */
export const TASK_CARRIERS: ReadonlySet<string> = new Set([
  "python",
  "python3",
  "python2",
  "php",
  "ruby",
  "bundle",
  "node",
  "bun",
  "deno",
  "exec",
  // Package runners that run a project's or a registry's binary (`npx knex migrate:down`, `uv run alembic …`).
  "npx",
  "bunx",
  "pnpx",
  "npm",
  "pnpm",
  "yarn",
  "dlx",
  "uv",
  "uvx",
  "poetry",
  "pipenv",
  "pdm",
  "run",
]);

/**
 * Any program's verb that drops or resets a database (ADR 0423): `sqlx database drop`, `diesel database reset`,
 * `pscale database delete`, `doctrine:database:drop`, `db:reset`. The object word, then the verb, as two words
 * or joined by colons.
 */
const OBJECTS = /^(?:database|databases|db|schema)$/;
const VERBS = /^(?:drop|reset|wipe|purge|destroy|delete|truncate|clear|nuke|recreate)$/;
const JOINED = /(?:^|:)(?:database|db|schema):(?:drop|reset|wipe|purge|destroy|delete|truncate|nuke|recreate)(?::|$)/;
/** Seed tasks: against production they overwrite live rows with fixtures (`NODE_ENV=production knex seed:run`). */
const SEEDS = /^(?:seed:run|db:seed(?::all)?|seed)$/;
const PRODUCTION = /^prod(?:uction)?$/i;

/** The destructive database task this command runs, as shown in a reason (`rails db:drop`), or null. */
export function databaseTask(cmd: SimpleCommand): string | null {
  const words = [cmd.program, ...cmd.args];
  const positional = words.filter((w) => !w.startsWith("-"));
  for (let i = 0; i + 1 < positional.length && i < 4; i++)
    if (OBJECTS.test(positional[i]!) && VERBS.test(positional[i + 1]!))
      return `${posix.basename(positional[0]!)} ${positional[i]} ${positional[i + 1]}`;
  const joined = words.slice(0, 5).find((w) => JOINED.test(w));
  if (joined !== undefined) return joined;
  if (words.slice(0, 5).some((w) => SEEDS.test(w)) && inProduction(cmd))
    return `${words.find((w) => SEEDS.test(w))} in production`;
  for (let i = 0; i < words.length && i < 4; i++) {
    const name = posix.basename(words[i]!);
    const rows = TASKS.filter((r) => r.runners.includes(name));
    if (rows.length > 0) {
      const flags = words.slice(i + 1).filter((w) => w.startsWith("-"));
      for (const row of rows) {
        const rest = words
          .slice(i + 1)
          .filter((w, k, all) => !w.startsWith("-") && !row.values?.includes(all[k - 1] ?? ""));
        const found = rowTask(row, rest, flags, words.slice(i + 2)) ?? shellFed(row, rest, cmd);
        if (found !== null) return `${name} ${found}`;
      }
      return null;
    }
    // Only a carrier (an interpreter, `bundle exec`) may stand before the runner.
    if (i > 0 ? !(words[i]!.startsWith("-") || TASK_CARRIERS.has(name)) : !TASK_CARRIERS.has(name)) return null;
  }
  return null;
}

/** The task of one row these words run (`migrate reset`), or null. `after` is every word after the task's first. */
function rowTask(row: TaskRow, rest: readonly string[], flags: readonly string[], after: readonly string[]) {
  for (const t of row.tasks) if (matches(t, rest)) return rest.slice(0, 3).join(" ");
  const f = row.withFlag;
  if (f !== undefined && matches(f.run, rest) && flags.some((x) => f.flags.includes(x.split("=")[0]!)))
    return f.run.join(" ");
  const v = row.withValue;
  if (v !== undefined && matches(v.run, rest) && optionValues(after, v.option).some((x) => v.value.test(x)))
    return `${v.run.join(" ")} ${v.option}`;
  if (row.code?.includes(rest[0] ?? "") && after.some((w) => ORM_DESTROYS.test(w) || SQL_DESTROYS.test(w)))
    return rest[0]!;
  return null;
}

/** A task's SQL shell fed SQL that destroys, or SQL nobody reads here (`… | manage.py dbshell`, `< dump.sql`). */
function shellFed(row: TaskRow, rest: readonly string[], cmd: SimpleCommand): string | null {
  if (!row.shell?.includes(rest[0] ?? "")) return null;
  const stdin = cmd.stdin;
  if (stdin !== undefined && (stdin.text === null || SQL_DESTROYS.test(stdin.text))) return rest[0]!;
  return cmd.args.some((a) => SQL_DESTROYS.test(a)) ? rest[0]! : null;
}

/** The run is pointed at production: an environment variable or an `--env` option saying so. */
function inProduction(cmd: SimpleCommand): boolean {
  if (cmd.assignments.some((a) => /(?:^|_)ENV(?:IRONMENT)?$/.test(a.name) && PRODUCTION.test(a.value))) return true;
  return cmd.args.some((a, i) => {
    const value =
      /^--(?:env|environment)=(.*)$/.exec(a)?.[1] ?? (/^--(?:env|environment)$/.test(a) ? cmd.args[i + 1] : undefined);
    return value !== undefined && PRODUCTION.test(value);
  });
}

/** The values `option` is given among `words`, as `--opt VALUE` or `--opt=VALUE`. */
function optionValues(words: readonly string[], option: string): string[] {
  return words.flatMap((w, k) =>
    w === option ? [words[k + 1] ?? ""] : w.startsWith(`${option}=`) ? [w.slice(option.length + 1)] : [],
  );
}

function matches(task: RegExp | readonly string[], rest: readonly string[]): boolean {
  if (task instanceof RegExp) return rest.some((w) => task.test(w));
  return task.every((t, k) => (t === "*" ? rest[k] !== undefined : rest[k] === t));
}
