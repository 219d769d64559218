import { describe, expect, it } from "vitest";
import { renderReplayReport } from "../../cli/render/replay-report.ts";
import type { CallReplay, DecisionView, ReplayResult } from "../../runtime/replay/types.ts";

const allow: DecisionView = {
  decision: "allow",
  stage: "permissions.allow",
  rules: [],
  gates: [],
  approval: null,
  reason: "allowed by bash(npm test)",
};
const deny: DecisionView = {
  decision: "deny",
  stage: "hard_deny",
  rules: [],
  gates: [],
  approval: null,
  reason: "recursive delete of /",
};

function call(seq: number, subject: string, recorded: DecisionView, replayed: DecisionView | null): CallReplay {
  const changed = replayed !== null && replayed.decision !== recorded.decision;
  return {
    seq,
    session: "s1",
    line: seq,
    tool: "bash",
    subject,
    recorded,
    replayed,
    changed,
    note: replayed === null ? "model answer not recorded" : null,
  };
}

function result(calls: CallReplay[], chainOk = true, changes: ReplayResult["policy"]["changes"] = []): ReplayResult {
  return {
    log: "/tmp/s1.jsonl",
    chain: chainOk
      ? { ok: true, count: 9, head: { seq: 9, hash: "a".repeat(64), end: 900 } }
      : {
          ok: false,
          seq: 4,
          reason: "bad-hash",
          detail: "hash does not match",
          count: 3,
          head: { seq: 3, hash: "b".repeat(64), end: 300 },
        },
    events: 9,
    sessions: ["s1"],
    open: [],
    policy: { recorded: "sha256:1111", replay: "sha256:2222", changes, missing: [], problems: [] },
    calls,
    approvals: [{ seq: 5, session: "s1", signature: "sha256:abc", answer: "approved" }],
    rederived: true,
    verification:
      chainOk && calls.every((c) => c.replayed !== null && !c.changed)
        ? { ok: true, reason: null }
        : { ok: false, reason: "differs" },
  };
}

describe("the HTML audit report", () => {
  it("escapes every value that comes from the log", () => {
    const html = renderReplayReport(
      result([call(1, `<script>alert("x")</script> & rm -rf /`, allow, allow)]),
      "2026-11-22T00:00:00Z",
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; rm -rf /");
  });

  it("says where the rules in force changed during the log", () => {
    const html = renderReplayReport(
      result([call(1, "npm test", allow, allow)], true, [
        { seq: 7, session: "s1", from: "sha256:1111", to: "sha256:3333" },
      ]),
      "now",
    );
    expect(html).toMatch(/the rules changed once during the log \(seq 7: [^)]*1111[^)]*→[^)]*3333/);
  });

  it("is self-contained: no external resource and no script", () => {
    const html = renderReplayReport(result([call(1, "npm test", allow, allow)]), "now");
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
  });

  it.each([
    ["an intact chain", true, "valid, 9 lines"],
    ["a broken chain", false, "broken at seq 4: bad-hash (hash does not match)"],
  ])("states the chain status for %s", (_name, ok, text) => {
    expect(renderReplayReport(result([], ok), "now")).toContain(text);
  });

  it("lists changed and unreplayable decisions in their own section", () => {
    const html = renderReplayReport(
      result([call(1, "npm test", allow, allow), call(2, "rm -rf /", allow, deny), call(3, "curl x", allow, null)]),
      "now",
    );
    expect(html).toContain("Changed decisions (2)");
    expect(html).toContain("model answer not recorded");
    expect(html).toContain("2 differ");
  });

  it("shows approvals with their answer", () => {
    expect(renderReplayReport(result([]), "now")).toMatch(/<td>approved<\/td><td class="mono">sha256:abc<\/td>/);
  });
});
