import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const op = bashDeriver("/home/u/proj", "/home/u");

describe("database drops and resets by any framework CLI's verb (ADR 0423)", () => {
  test.each([
    "echo 'DROP TABLE auth_user;' | python manage.py dbshell",
    "python manage.py dbshell <<< 'TRUNCATE users'",
    "php bin/console doctrine:database:drop --force",
    "php bin/console doctrine:schema:drop --force",
    "php bin/console doctrine:fixtures:load",
    "NODE_ENV=production npx knex seed:run",
    "RAILS_ENV=production bin/rails db:seed",
    "npx sequelize-cli db:seed:all --env production",
    "sqlx database drop -y",
    "sqlx database reset",
    "diesel database reset",
    "diesel migration redo",
    "hasura metadata clear",
    "pscale database delete prod --force",
    "turso db destroy mydb",
    "mysqlsh --sql -e 'DROP SCHEMA prod'",
    "npm run db:reset",
  ])("%s", (command) => {
    expect(op(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "echo 'select 1;' | python manage.py dbshell",
    "php bin/console cache:clear",
    "npx knex seed:run",
    "bin/rails db:seed",
    "sqlx database create",
    "diesel migration run",
    "hasura metadata apply",
    "mysqlsh --sql -e 'select 1'",
  ])("%s is not", (command) => {
    expect(op(command).level).not.toBe("DESTRUCTIVE");
  });
});

describe("memory, inodes and hours of CPU by other spellings (ADR 0423)", () => {
  test.each([
    "x=a; while :; do x=$x$x; done",
    'while true; do s="${s}${s}x"; done',
    "until false; do log+=x; done",
    "seq 1 1e12 | sort -R",
    "x=$(seq 1 10000000000)",
    "head -c 10G /dev/zero | split -b 1 - /tmp/f_",
    "yes | split -l 1",
    "openssl speed -multi $(nproc) -seconds 100000",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "while :; do n=$((n+1)); [ $n -gt 9 ] && break; done",
    "while read l; do x=$x$l; done < f",
    "seq 1 100 | sort -R",
    "split -b 1M big.iso part_",
  ])("%s is left alone", (command) => {
    expect(op(command).categories).not.toContain("resource-exhaustion");
  });

  test.each([
    "npm pkg set scripts.x='npm run x & npm run x' && npm run x",
    "npm pkg set scripts.b='npm run b | npm run b'",
    "npm set-script w 'npm run w; npm run w'",
    "pnpm pkg set 'scripts[y]=pnpm y & pnpm y'",
  ])("%s is a fork bomb", (command) => {
    expect(op(command).shell?.findings.some((f) => f.kind === "self-spawning-function")).toBe(true);
  });

  test("a script that runs another script is no fork bomb", () => {
    const o = op("npm pkg set scripts.build='tsc && npm run test & npm run lint'");
    expect(o.shell?.findings.some((f) => f.kind === "self-spawning-function")).toBe(false);
  });
});

describe("signals to the agent's own parent or process group, and the trash emptied (ADR 0423)", () => {
  test.each([
    "kill -9 $PPID",
    "kill -9 -$$",
    "kill -9 0",
    "kill 0",
    'kill -TERM "$PPID"',
    "trash-empty",
    "gtrash prune",
  ])("%s", (command) => {
    expect(op(command).level).toBe("DESTRUCTIVE");
  });

  test.each(["kill -0 $pid", "kill $!", "kill %1", "kill $$", "trash-put old.txt"])("%s is not", (command) => {
    expect(op(command).level).not.toBe("DESTRUCTIVE");
  });
});
