import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");
const writes = (command: string): string[] =>
  bash(command)
    .paths.filter((a) => a.mode === "write")
    .map((a) => a.path);

describe("editors of INI, JSON, YAML, TOML and XML files write the file they name (ADR 0487)", () => {
  test.each([
    ["crudini --set /etc/systemd/system.conf Manager DefaultTimeoutStopSec 1", "/etc/systemd/system.conf"],
    ["crudini --del /etc/php.ini PHP disable_functions", "/etc/php.ini"],
    ["crudini --merge /etc/php.ini < x.ini", "/etc/php.ini"],
    ["crudini --set config/app.ini db host localhost", "/home/u/proj/config/app.ini"],
    ["dasel put -f /etc/containers/registries.conf -r toml -t string -v x a.b", "/etc/containers/registries.conf"],
    ["dasel delete -f ~/.config/app.toml a", "/home/u/.config/app.toml"],
    ["xmlstarlet ed -L -u /a/b -v x /etc/fonts/fonts.conf", "/etc/fonts/fonts.conf"],
    ["json -I -f /etc/docker/daemon.json -e this.x=1", "/etc/docker/daemon.json"],
    ["sd 127.0.0.1 10.0.0.1 /etc/hosts", "/etc/hosts"],
    ["tomlq -i -t .a=1 /etc/app.toml", "/etc/app.toml"],
  ])("%s writes %s", (command, path) => {
    expect(writes(command)).toContain(path);
  });

  test.each([
    "crudini --get /etc/systemd/system.conf Manager",
    "dasel -f /etc/containers/registries.conf a.b",
    "dasel put -f /etc/app.toml -o out.toml -v x a",
    "xmlstarlet sel -t -v /a/b /etc/fonts/fonts.conf",
    "json -f /etc/docker/daemon.json x",
    "sd -p 127.0.0.1 10.0.0.1 /etc/hosts",
  ])("%s writes nothing outside the project", (command) => {
    expect(writes(command).filter((p) => !p.startsWith("/home/u/proj"))).toEqual([]);
  });

  test.each(["augtool -s set /files/etc/ssh/sshd_config/PermitRootLogin yes", "augtool rm /files/etc/hosts/1"])(
    "%s changes the host's configuration",
    (command) => {
      expect(bash(command).level).toBe("SECURITY");
    },
  );

  test("augtool get reads", () => {
    expect(bash("augtool get /files/etc/ssh/sshd_config/PermitRootLogin").level).toBe("READ");
  });
});
