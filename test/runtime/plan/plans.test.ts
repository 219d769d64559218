/**
 * Plan-based approval through the real session (docs/adr/0250): a proposed plan is previewed with nothing run,
 * a human approves it or some of it, matching calls pass their approve-gates, a deviating call is gated
 * again, deny stages are never lifted, and plans end. Every session's log then replays to the same decisions.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../runtime/events/index.ts";
import { openLog } from "../../../runtime/log/index.ts";
import { replayLog } from "../../../runtime/replay/index.ts";
import { counterIds, createSession, type Session } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { replay } from "../../../runtime/state/index.ts";
import { tempDirs } from "../log/temp.ts";
import { CWD, HOME, policyOf } from "../session/random-sessions.ts";

const newDir = tempDirs();

const POLICY = policyOf(`
version: 1
extends: [builtin:defaults]
settings: { default: allow }
permissions:
  ask: ["bash(npm publish*)"]
  deny: ["bash(git push --force origin prod*)"]
paths: { credentials: ["~/.ssh/**"] }
skills:
  - tool: nukectl
    default: FORBIDDEN
`);

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

function open(events: Event[] = []): Session {
  let t = 0;
  return createSession(POLICY, {
    ids: counterIds(),
    home: HOME,
    cwd: CWD,
    analyzer,
    clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, t++)),
    sink: (batch) => {
      events.push(...batch);
    },
  });
}

const bash = (command: string) => ({ tool: "Bash", input: { command } });

describe("session.proposePlan", () => {
  it("previews every step with its gates and runs nothing", async () => {
    const events: Event[] = [];
    const s = open(events);
    const p = await s.proposePlan([
      bash("git push --force origin main"),
      bash("npm test"),
      bash("git push --force origin prod"),
      { pattern: "bash(kubectl rollout restart deploy/web*)" },
    ]);
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    expect(p.planId).toBe("plan-1");
    expect(p.steps.map((x) => [x.decision.decision, x.decision.stage, x.decision.gates])).toEqual([
      ["ask", "levels", ["levels"]],
      ["allow", "default", []],
      ["deny", "permissions.deny", []],
      ["allow", "default", []],
    ]);
    expect(p.steps[3]?.step).toEqual({
      kind: "pattern",
      tool: "bash",
      pattern: "bash(kubectl rollout restart deploy/web*)",
      outcome: "allow",
    });
    // Nothing ran and nothing was decided: the plan is the one event.
    expect(events.map((e) => e.type)).toEqual(["plan_proposed"]);
    expect(s.state.executed).toBe(0);
    expect(s.state.counters.checked).toBe(0);
  });

  it("refuses a pattern step as broad as a program's calls, with a code, and records nothing", async () => {
    const events: Event[] = [];
    const s = open(events);
    for (const pattern of ["bash(*)", "bash", "bash(kubectl *)", "bash(kubectl:*)", "write(**)", "write(~/**)"]) {
      const p = await s.proposePlan([bash("npm test"), { pattern }]);
      expect(p.ok, pattern).toBe(false);
      if (!p.ok)
        expect(
          p.errors.map((e) => [e.step, e.code]),
          pattern,
        ).toEqual([[1, "RG6010"]]);
    }
    const bad = await s.proposePlan([{ pattern: "bash(kubectl rollout" }]);
    expect(!bad.ok && bad.errors[0]?.code).toBe("RG1003");
    const empty = await s.proposePlan([]);
    expect(!empty.ok && empty.errors[0]?.code).toBe("plan-empty");
    expect(events).toEqual([]);
    // Narrow enough: a subcommand, an exact single command, a directory.
    for (const pattern of ["bash(kubectl rollout restart*)", "bash(make)", "write(src/**)"])
      expect((await s.proposePlan([{ pattern }])).ok, pattern).toBe(true);
  });
});

describe("an approved plan", () => {
  it("lets a matching call pass its approve-gates, and gates a deviating call again", async () => {
    const s = open();
    const p = await s.proposePlan([bash("git push --force origin main"), bash("npm publish --tag next")]);
    if (!p.ok) throw new Error("plan refused");
    expect(await s.approvePlan(p.planId)).toEqual({ ok: true, planId: "plan-1", approved: [0, 1], refused: [] });
    const push = await s.decide(bash("git push --force origin main"));
    expect([push.decision, push.approval]).toEqual(["allow", "approved"]);
    expect(push.reason).toContain("step 0 of the approved plan plan-1");
    // The same words with other blanks are the same action (signature); another branch is not.
    const deviating = await s.decide(bash("git push --force origin feature"));
    expect([deviating.decision, deviating.gates]).toEqual(["ask", ["levels"]]);
    expect(deviating.reason).toContain("not a step of the approved plan plan-1");
    const publish = await s.decide(bash("npm  publish --tag next"));
    expect([publish.decision, publish.stage, publish.gates]).toEqual([
      "allow",
      "permissions.ask",
      ["permissions.ask", "levels"],
    ]);
  });

  it("matches a pattern step as an allow pattern would: every simple command covered", async () => {
    const s = open();
    const p = await s.proposePlan([{ pattern: "bash(git push --force origin feature-*)" }]);
    if (!p.ok) throw new Error("plan refused");
    await s.approvePlan(p.planId);
    expect((await s.decide(bash("git push --force origin main"))).decision).toBe("ask");
    expect((await s.decide(bash("git push --force origin feature-1 && rm -rf legacy"))).decision).toBe("ask");
    expect((await s.decide(bash("git push --force origin feature-1"))).decision).toBe("allow");
  });

  it("approves a subset only, and never a step whose preview is a denial", async () => {
    const s = open();
    const p = await s.proposePlan([
      bash("git push --force origin main"),
      bash("rm -rf legacy"),
      bash("git push --force origin prod"),
    ]);
    if (!p.ok) throw new Error("plan refused");
    expect(await s.approvePlan(p.planId, [1, 2])).toEqual({ ok: true, planId: "plan-1", approved: [1], refused: [2] });
    expect((await s.decide(bash("git push --force origin main"))).decision).toBe("ask");
    expect((await s.decide(bash("rm -rf legacy"))).decision).toBe("allow");
    expect((await s.decide(bash("git push --force origin prod"))).stage).toBe("permissions.deny");
    expect(await s.approvePlan("plan-9")).toMatchObject({ ok: false, code: "unknown-plan" });
  });

  it("ends when its approved steps ran, on /plan clear, on /reset, and when rejected", async () => {
    const s = open();
    const first = await s.proposePlan([bash("rm -rf legacy"), bash("rm -rf vendor")]);
    if (!first.ok) throw new Error("plan refused");
    await s.approvePlan(first.planId);
    expect((await s.decide(bash("rm -rf legacy"))).decision).toBe("allow");
    expect(s.state.plans.map((p) => p.done)).toEqual([[0]]);
    // A step is one execution: the same call again is gated.
    expect((await s.decide(bash("rm -rf legacy"))).decision).toBe("ask");
    expect((await s.decide(bash("rm -rf vendor"))).decision).toBe("allow");
    expect(s.state.plans).toEqual([]);

    for (const end of ["/plan clear", "/reset"]) {
      const p = await s.proposePlan([bash("rm -rf assets")]);
      if (!p.ok) throw new Error("plan refused");
      await s.approvePlan(p.planId);
      expect((await s.command(end)).ok).toBe(true);
      expect(s.state.plans).toEqual([]);
      expect((await s.decide(bash("rm -rf assets"))).decision).toBe("ask");
    }
    const rejected = await s.proposePlan([bash("rm -rf scratch")]);
    if (!rejected.ok) throw new Error("plan refused");
    expect(await s.approvePlan(rejected.planId, [])).toMatchObject({ ok: true, approved: [] });
    expect(s.state.plans).toEqual([]);
  });

  it("never lifts FORBIDDEN, hard-deny, credential or permissions.deny stages", async () => {
    const s = open();
    const steps = [
      bash("nukectl everything"),
      bash("mkfs.ext4 /dev/sda1"),
      bash("cat ~/.ssh/id_rsa"),
      bash("git push --force origin prod"),
    ];
    const p = await s.proposePlan(steps);
    if (!p.ok) throw new Error("plan refused");
    expect(p.steps.map((x) => x.decision.stage)).toEqual(["levels", "hard_deny", "credentials", "permissions.deny"]);
    expect((await s.approvePlan(p.planId)).ok).toBe(true);
    for (const step of steps) expect((await s.decide(step)).decision, step.input.command).toBe("deny");
  });
});

describe("plan mode", () => {
  it("runs DESTRUCTIVE and EXPENSIVE calls only as steps of an approved plan", async () => {
    const s = open();
    await s.command("/plan on");
    const outside = await s.decide(bash("rm -rf legacy"));
    expect([outside.decision, outside.stage]).toEqual(["deny", "levels"]);
    expect(outside.reason).toBe("DESTRUCTIVE is deny in plan mode: it runs only as a step of an approved plan");
    const p = await s.proposePlan([bash("rm -rf legacy"), bash("terraform apply"), bash("nukectl all")]);
    if (!p.ok) throw new Error("plan refused");
    // As a plan step it has act mode's gates; FORBIDDEN stays a denial.
    expect(p.steps.map((x) => [x.decision.decision, x.decision.gates])).toEqual([
      ["ask", ["levels"]],
      ["ask", ["levels"]],
      ["deny", []],
    ]);
    await s.approvePlan(p.planId, [0]);
    const inside = await s.decide(bash("rm -rf legacy"));
    expect([inside.decision, inside.approval]).toEqual(["allow", "approved"]);
    // EXPENSIVE was proposed but not approved: still "must be in a plan".
    const notApproved = await s.decide(bash("terraform apply"));
    expect([notApproved.decision, notApproved.stage]).toEqual(["deny", "levels"]);
  });
});

describe("replay", () => {
  it("folds the plan events to the same state and re-derives every decision", async () => {
    const events: Event[] = [];
    const s = open(events);
    await s.command("/plan on");
    const p = await s.proposePlan([bash("rm -rf legacy"), { pattern: "bash(git push --force origin feature-*)" }]);
    if (!p.ok) throw new Error("plan refused");
    await s.approvePlan(p.planId);
    await s.decide(bash("rm -rf legacy"));
    await s.decide(bash("rm -rf vendor"));
    await s.command("/plan off");
    await s.decide(bash("git push --force origin feature-2"));
    expect(replay(POLICY, events)).toEqual(s.state);
    expect(s.state.plans).toEqual([]);
    // The log, written as `rules eval --log` writes it, verifies: every decision re-derives.
    const path = join(await newDir(), "plan.jsonl");
    const log = await openLog(path);
    await log.append(events);
    await log.close();
    const result = await replayLog(path, { policy: POLICY, home: HOME, analyzer });
    expect(result.verification).toEqual({ ok: true, reason: null });
    expect(result.calls.map((c) => [c.recorded.decision, c.replayed?.decision, c.changed])).toEqual([
      ["allow", "allow", false],
      ["deny", "deny", false],
      ["allow", "allow", false],
    ]);
  });
});
