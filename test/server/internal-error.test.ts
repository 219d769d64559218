import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { createAuth } from "../../server/auth.ts";
import { createMetrics } from "../../server/metrics.ts";
import { createPolicyStore } from "../../server/policy-store.ts";
import { preToolUse } from "./support.ts";

/**
 * An internal failure of the server (here the policy store throws, as a bug would) answers non-2xx, which
 * Claude Code's `onFailure: "block"` turns into a block, and is logged: on the server's log, in its failure
 * metric and in the session's own log.
 */
describe("rules serve: an internal failure", () => {
  it("answers 500 serve-hook-blocked, logs it, counts it and notes it in the session log", async () => {
    const root = mkdtempSync(join(tmpdir(), "rg-serve-fail-"));
    const rulegateHome = join(root, "rulegate");
    const lines: string[] = [];
    const metrics = createMetrics(() => 0);
    const app = buildApp({
      auth: createAuth("t".repeat(43)),
      hook: {
        env: {},
        home: join(root, "home"),
        rulegateHome,
        policyFile: null,
        cache: null,
        approver: null,
        policies: () => Promise.reject(new Error("the policy store broke")),
      },
      policies: createPolicyStore({}),
      approvals: null,
      metrics,
      log: (line) => lines.push(line),
      port: () => 80,
      live: () => new Set(),
    });
    const res = await app.inject({
      method: "POST",
      url: "/v1/hooks/claude-code",
      headers: { host: "127.0.0.1:80", authorization: `Bearer ${"t".repeat(43)}`, "content-type": "application/json" },
      payload: JSON.stringify(preToolUse("broken", root, "Bash", { command: "echo hi" })),
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    const error = (res.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("serve-hook-blocked");
    expect(error.message).toMatch(/internal error/);
    expect(lines.join("\n")).toMatch(/hook PreToolUse blocked: .*internal error/);
    expect(await metrics.registry.metrics()).toMatch(/rulegate_hook_failures_total\{event="PreToolUse"\} 1/);
    const log = readFileSync(join(rulegateHome, "sessions", "broken.jsonl"), "utf8");
    expect(log).toMatch(/"type":"failure"/);
    expect(log).toContain("the policy store broke");
  });
});
