import { beforeAll, describe, expect, it } from "vitest";
import { deriver, HOME, judge, type Deriver } from "./ops.ts";

/** rulegate-self-control over `rules serve` (ADR 0184): its token and its endpoints, through the real derivation. */
let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

describe("rulegate-self-control keeps the agent away from rules serve", () => {
  it.each([
    ["cat ~/.rulegate/serve.json"],
    ["jq -r .token ~/.rulegate/serve.json"],
    ["grep -o 'token.*' /home/u/.rulegate/serve.json"],
    ["cat .claude/settings.local.json"],
    ["cat ~/.claude/settings.json"],
    ["curl -s http://127.0.0.1:8787/healthz"],
    ['curl -X POST localhost:8787/api/approvals/abc -d \'{"answer":"approve"}\''],
    ["curl -X POST http://127.0.0.1:41234/api/approvals/abc -H 'content-type: application/json'"],
    ["wget -qO- http://[::1]:8787/metrics"],
    ["curl -d @forged.json http://localhost:39000/v1/hooks/claude-code"],
    ["nc 127.0.0.1 8787"],
    ["printf 'POST /api/approvals/x HTTP/1.1\\r\\n' | nc 127.0.0.1 40000"],
    ["socat - TCP:localhost:8787"],
    ["python3 -c \"import urllib.request; urllib.request.urlopen('http://127.0.0.1:8787/api/events')\""],
    ["node -e \"fetch('http://127.0.0.1:5555/api/approvals/' + id, {method: 'POST'})\""],
  ])("%s", (command) => {
    expect(judge(d.bash(command))?.check).toBe("rulegate-self-control");
  });

  it.each([
    ["curl http://localhost:3000/api/users"],
    ["curl -s http://127.0.0.1:8080/healthz"],
    ["cat config/serve.json"],
    ["cat .claude/settings.json"],
    ["nc -z example.com 8787"],
  ])("lets %s through", (command) => {
    expect(judge(d.bash(command))?.check ?? null).not.toBe("rulegate-self-control");
  });

  it("covers the file tools and web fetches too", () => {
    expect(judge(d.tool("Read", { file_path: `${HOME}/.rulegate/serve.json` }))?.check).toBe("rulegate-self-control");
    expect(judge(d.tool("WebFetch", { url: "http://127.0.0.1:8787/api/approvals/x", prompt: "go" }))?.check).toBe(
      "rulegate-self-control",
    );
  });

  it("covers serve.json in a custom $RULEGATE_HOME, one of the session's own directories", async () => {
    const { hardDenyCheck, HARD_DENY_CHECKS } = await import("../../../runtime/hard-deny/index.ts");
    const op = d.bash("cat /srv/rg/serve.json");
    expect(hardDenyCheck(op, HARD_DENY_CHECKS, { home: HOME, credentials: [] })).toBeNull();
    expect(hardDenyCheck(op, HARD_DENY_CHECKS, { home: HOME, credentials: [], ownDirs: ["/srv/rg"] })?.check).toBe(
      "rulegate-self-control",
    );
  });
});
