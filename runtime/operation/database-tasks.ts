/**
 * Framework tasks that drop, empty or rebuild a database (docs/adr/0215): `python manage.py flush`,
 * `bin/rails db:drop`, `npx prisma migrate reset`, `php artisan migrate:fresh`, `mix ecto.reset`, … are the
 * `DROP DATABASE` of a project that never writes SQL. The task runner is found by the base name of the program
 * or of the script an interpreter runs (`python src/manage.py`, `php artisan`, `bundle exec rails`), so a path
 * or a wrapper does not hide it; the task is then read from the words after it. Data: one row per runner.
 */
import { posix } from "node:path";
import type { SimpleCommand } from "../shell/index.ts";

interface TaskRow {
  /** Base names of the runner (a program, or a script an interpreter or `bundle exec` runs). */
  readonly runners: readonly string[];
  /** The words after the runner that make the task destructive: a single task name, or a run of words. */
  readonly tasks: readonly (RegExp | readonly string[])[];
  /** Flags that make an otherwise harmless task destroy data (`prisma db push --force-reset`). */
  readonly withFlag?: { readonly run: readonly string[]; readonly flags: readonly string[] };
}

const TASKS: readonly TaskRow[] = [
  {
    runners: ["rails", "rake"],
    tasks: [/^db:(?:drop|reset|purge|truncate_all|schema:load|structure:load|migrate:reset|seed:replant)(?::|$)/],
  },
  {
    runners: ["manage.py", "django-admin", "django-admin.py"],
    tasks: [/^(?:flush|reset_db)$/, ["migrate", "*", "zero"]],
  },
  { runners: ["artisan"], tasks: [/^(?:migrate:(?:fresh|reset|refresh)|db:wipe)$/] },
  {
    runners: ["prisma"],
    tasks: [["migrate", "reset"]],
    withFlag: { run: ["db", "push"], flags: ["--force-reset", "--accept-data-loss"] },
  },
  { runners: ["sequelize", "sequelize-cli"], tasks: [/^db:(?:drop|migrate:undo:all|seed:undo:all)$/] },
  { runners: ["typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm"], tasks: [/^schema:drop$/] },
  { runners: ["knex"], tasks: [], withFlag: { run: ["migrate:rollback"], flags: ["--all"] } },
  { runners: ["alembic"], tasks: [["downgrade", "base"]] },
  { runners: ["drizzle-kit"], tasks: [/^drop$/] },
  { runners: ["mix"], tasks: [/^ecto\.(?:drop|reset)$/] },
  { runners: ["supabase"], tasks: [["db", "reset"]] },
  { runners: ["dotnet"], tasks: [["ef", "database", "drop"]] },
];

/** Programs that run a script or a task runner named by a later word. */
const CARRIERS = new Set(["python", "python3", "python2", "php", "ruby", "bundle", "node", "bun", "deno", "exec"]);

/** The destructive database task this command runs, as shown in a reason (`rails db:drop`), or null. */
export function databaseTask(cmd: SimpleCommand): string | null {
  const words = [cmd.program, ...cmd.args];
  for (let i = 0; i < words.length && i < 4; i++) {
    const name = posix.basename(words[i]!);
    const row = TASKS.find((r) => r.runners.includes(name));
    if (row !== undefined) {
      const rest = words.slice(i + 1).filter((w) => !w.startsWith("-"));
      const flags = words.slice(i + 1).filter((w) => w.startsWith("-"));
      for (const t of row.tasks) if (matches(t, rest)) return `${name} ${rest.slice(0, 3).join(" ")}`;
      const f = row.withFlag;
      if (f !== undefined && matches(f.run, rest) && flags.some((x) => f.flags.includes(x.split("=")[0]!)))
        return `${name} ${f.run.join(" ")}`;
      return null;
    }
    // Only a carrier (an interpreter, `bundle exec`) may stand before the runner.
    if (i > 0 ? !(words[i]!.startsWith("-") || CARRIERS.has(name)) : !CARRIERS.has(name)) return null;
  }
  return null;
}

function matches(task: RegExp | readonly string[], rest: readonly string[]): boolean {
  if (task instanceof RegExp) return rest.some((w) => task.test(w));
  return task.every((t, k) => (t === "*" ? rest[k] !== undefined : rest[k] === t));
}
