import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

const level = (command: string): string => derive(command).level;

describe("SQL read past its comments, and statements built at run time, destroy (docs/adr/0508)", () => {
  test.each([
    "psql -c 'DROP/**/DATABASE prod'",
    "psql -c 'DELETE/**/FROM users'",
    "mysql app -e 'DROP/*x*/TABLE orders'",
    "sqlite3 prod.db 'DROP/**/TABLE users'",
    "psql -c $'DROP -- x\\n TABLE users'",
    "clickhouse-client -q 'TRUNCATE/**/TABLE events'",
    "psql -c 'DO $$ BEGIN EXECUTE format(''%s %s %I'', ''DROP'', ''TABLE'', ''users''); END $$'",
    "mysql -e \"SET @q = CONCAT('DR','OP TABLE t'); PREPARE s FROM @q; EXECUTE s\"",
    "clickhouse-client -q 'ALTER TABLE events DELETE WHERE 1'",
    "clickhouse-client -q 'ALTER TABLE events ON CLUSTER c DELETE WHERE true'",
    `mongosh --eval "db.users['dr'+'op']()"`,
    `mongosh --eval "db.getSiblingDB('app')['dropDatabase']()"`,
    `redis-cli EVAL "return redis.call('FLUSH'..'ALL')" 0`,
    `redis-cli EVAL "return redis.call(ARGV[1])" 0 flushall`,
  ])("%s is DESTRUCTIVE", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test.each([
    ["psql -c 'SELECT 1 -- health check'", "READ"],
    ["psql -c 'SELECT /* hint */ count(*) FROM users'", "READ"],
    ["psql -c $'SELECT now() -- a\\n'", "READ"],
    ["psql -c \"SELECT '--' AS dashes FROM t\"", "READ"],
    ["clickhouse-client -q \"ALTER TABLE events DELETE WHERE ts < '2020-01-01'\"", "WRITE"],
    [`mongosh --eval "db.users.find({tags: ['a']}).limit(1)"`, "READ"],
    [`redis-cli EVAL "return redis.call('GET', KEYS[1])" 1 k`, "WRITE"],
  ])("%s stays %s", (command, want) => {
    expect(level(command)).toBe(want);
  });
});
