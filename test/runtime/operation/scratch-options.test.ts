import { beforeAll, describe, expect, test } from "vitest";
import { scratchOption } from "../../../runtime/operation/scratch-options.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

/** The reason of the first command of the line that has one. */
const reason = (command: string): string | null =>
  analyzer
    .analyze(command)
    .commands.map(scratchOption)
    .find((r) => r !== null) ?? null;

describe("an option that loads configuration or code from a temp folder names the option and the file (ADR 0750)", () => {
  test.each([
    ["kubectl --kubeconfig /tmp/kc.yaml get pods", "`kubectl --kubeconfig` loads /tmp/kc.yaml"],
    ["npm --userconfig=/var/tmp/npmrc ci", "`npm --userconfig` loads /var/tmp/npmrc"],
    ["exiftool -config /tmp/x.config -ver", "`exiftool -config` loads /tmp/x.config"],
    ["ssh -F /dev/shm/c host true", "`ssh -F` loads /dev/shm/c"],
    ["vim -u/tmp/vimrc README.md", "`vim -u` loads /tmp/vimrc"],
    ["tmux start-server \\; source-file /tmp/t.conf", "`tmux source-file` runs the commands of /tmp/t.conf"],
    ["gcc -fplugin=/tmp/p.so -c a.c", "`gcc` loads the plugin /tmp/p.so"],
    ["clang -Xclang -load -Xclang /tmp/p.so -c a.c", "`clang` loads the plugin /tmp/p.so"],
    ["gawk '@load \"/tmp/ext\"; BEGIN { }'", "`gawk` loads /tmp/ext"],
  ])("%s", (command, expected) => {
    expect(reason(command)).toContain(expected);
  });

  test.each([
    "kubectl --kubeconfig ./kc.yaml get pods",
    "ssh -F ~/.ssh/config host true",
    "npm --cache /tmp/npm-cache ci",
    "node --cpu-prof-dir=/tmp/prof app.js",
    "grep -f /tmp/patterns.txt src/a.ts",
    "sort -T /tmp/sort big.txt",
    "curl -o /tmp/x.tgz https://example.com/x.tgz",
    "gawk '@load \"ordchr\"; BEGIN { }'",
    "gcc -fplugin=./plugins/p.so -c a.c",
  ])("%s loads nothing from a temp folder", (command) => {
    expect(reason(command)).toBeNull();
  });
});
