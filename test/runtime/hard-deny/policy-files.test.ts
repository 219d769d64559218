import { beforeAll, describe, expect, test } from "vitest";
import { builtinRuleFile, compileText } from "../../../compiler/index.ts";
import { HARD_DENY_CHECKS, hardDenyCheck } from "../../../runtime/hard-deny/index.ts";
import { policyFiles } from "../../../runtime/stages/policy-files.ts";
import { CWD, deriver, HOME, type Deriver } from "./ops.ts";

/** The rule files of the policy in force are rulegate's own files wherever they live (`--policy ./policy.yaml`). */
const FILE = `${CWD}/ops/policy.yaml`;
const { policy } = compileText('version: 1\nrules:\n  - id: r\n    match: op.tool == "bash"\n    mode: log\n', FILE);

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

const check = (op: Parameters<typeof hardDenyCheck>[0]) =>
  hardDenyCheck(op, HARD_DENY_CHECKS, {
    home: HOME,
    credentials: [],
    policyFiles: policy === null ? [] : policyFiles(policy),
  })?.check ?? null;

describe("rulegate-config-edit covers the rules in force", () => {
  const BUILTIN = builtinRuleFile("builtin:defaults") ?? "";

  test("the policy knows the files it was compiled from: its own, and the package's built-in defaults", () => {
    expect(BUILTIN).toMatch(/\/rules\/builtin\/defaults\.yaml$/);
    expect(policy === null ? null : [...policyFiles(policy)].sort()).toEqual([FILE, BUILTIN].sort());
  });

  test("the built-in defaults, which every policy is layered on, cannot be edited from a call either", () => {
    expect(check(d.tool("Write", { file_path: BUILTIN, content: "version: 1" }))).toBe("rulegate-config-edit");
    expect(check(d.bash(`sed -i /hard_deny/d ${BUILTIN}`))).toBe("rulegate-config-edit");
    expect(check(d.tool("Read", { file_path: BUILTIN }))).toBeNull();
  });

  test.each([
    ["echo 'settings: { default: allow }' >> ops/policy.yaml"],
    ["sed -i s/deny/allow/ ops/policy.yaml"],
    ["rm ops/policy.yaml"],
    ["cp /tmp/lax.yaml ops/policy.yaml"],
    [`python3 -c "open('ops/policy.yaml', 'w').write('')"`],
  ])("a bash edit of it: %s", (command) => {
    expect(check(d.bash(command))).toBe("rulegate-config-edit");
  });

  test("a Write or Edit of it, but not a read, and not another file", () => {
    expect(check(d.tool("Write", { file_path: FILE, content: "version: 1" }))).toBe("rulegate-config-edit");
    expect(check(d.tool("Edit", { file_path: "ops/policy.yaml", old_string: "a", new_string: "b" }))).toBe(
      "rulegate-config-edit",
    );
    expect(check(d.tool("Read", { file_path: FILE }))).toBeNull();
    expect(check(d.tool("Write", { file_path: `${CWD}/ops/other.yaml`, content: "x" }))).toBeNull();
  });
});
