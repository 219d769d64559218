import { beforeAll, describe, expect, it } from "vitest";
import { counterIds, createSession } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { HOME, policyOf } from "./random-sessions.ts";

/** `paths.workspace` through the whole decision path: the compiled policy, the session root, `bash(*)` allowed. */
const policy = (workspace: string) =>
  policyOf(`
version: 1
extends: [builtin:defaults]
settings: { default: allow }
permissions: { allow: ["bash(*)"] }
levels: { act: { DESTRUCTIVE: allow } }
paths: { workspace: ${workspace} }
`);

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

async function decide(workspace: string, command: string, cwd = "/home/tester/proj/sub"): Promise<string> {
  const session = createSession(policy(workspace), {
    ids: counterIds(),
    home: HOME,
    cwd,
    root: "/home/tester/proj",
    analyzer,
  });
  const d = await session.decide({ tool: "Bash", input: { command } });
  return d.stage === "hard_deny" ? `deny: ${d.reason}` : d.decision;
}

describe("paths.workspace", () => {
  it("is the session root by default: deletes below it run, deletes beside it in the home are denied under bash(*)", async () => {
    expect(await decide("[$defaults]", "rm -rf ../build")).toBe("allow");
    expect(await decide("[$defaults]", "rm -rf ~/notes")).toBe(
      "deny: recursive delete of ~/notes (outside the workspace)",
    );
    expect(await decide("[$defaults]", "rm -rf /tmp/cache")).toBe("allow");
  });

  it("takes the directories a user file adds", async () => {
    expect(await decide('[$defaults, "~/scratch"]', "rm -rf ~/scratch/old")).toBe("allow");
    expect(await decide('[$defaults, "~/scratch"]', "rm -rf ~/notes")).toBe(
      "deny: recursive delete of ~/notes (outside the workspace)",
    );
  });

  it("without the session root, the root itself is outside", async () => {
    expect(await decide('["~/scratch"]', "rm -rf ../build")).toBe(
      "deny: recursive delete of ~/proj/build (outside the workspace)",
    );
  });

  it("never lets a system path in", async () => {
    expect(await decide('[$defaults, "/etc"]', "truncate -s 0 /etc/hosts")).toBe(
      "deny: truncate of /etc/hosts (a system path)",
    );
  });
});

describe("package runners and remote executors (issue 11 §3)", () => {
  const runners = (allow: string) =>
    policyOf(`
version: 1
extends: [builtin:defaults]
permissions: { allow: [${allow}] }
`);
  async function decideUnder(allow: string, command: string) {
    const session = createSession(runners(allow), {
      ids: counterIds(),
      home: HOME,
      cwd: "/home/tester/proj",
      analyzer,
    });
    return session.decide({ tool: "Bash", input: { command } });
  }

  it("an allow must name the runner: bash(prettier *) does not allow what npx fetches under that name", async () => {
    expect((await decideUnder('"bash(prettier *)"', "npx prettier --write src")).decision).toBe("ask");
    expect((await decideUnder('"bash(npx prettier *)"', "npx prettier --write src")).decision).toBe("allow");
    expect((await decideUnder('"bash(ssh build *)"', "ssh build ls /srv")).decision).toBe("allow");
    expect((await decideUnder('"bash(ls *)"', "ssh build ls /srv")).decision).toBe("ask");
  });

  it("what a package runner fetches is at least WRITE, whatever its name", async () => {
    const session = createSession(runners('"bash(echo *)"'), {
      ids: counterIds(),
      home: HOME,
      cwd: "/home/tester/proj",
      analyzer,
    });
    const d = await session.decide({ tool: "Bash", input: { command: "npx echo hi" } });
    // `echo` is not a well-known tool of the registry, so fetching it is a new dependency (ADR 0372): SECURITY.
    expect(["WRITE", "DESTRUCTIVE", "EXPENSIVE", "SECURITY"]).toContain(d.operation.level);
    expect(d.operation.types).toContain("execute");
  });
});
