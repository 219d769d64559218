import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseHookInput } from "../../../adapters/claude-code/input.ts";

const FIXTURES = new URL("../../fixtures/hooks/", import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), "utf8");
const fixtureNames = readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));

describe("parseHookInput on the JSON the real Claude Code sent", () => {
  it.each(fixtureNames)("accepts %s", (name) => {
    const raw = JSON.parse(fixture(name)) as { hook_event_name: string; session_id: string };
    const result = parseHookInput(fixture(name));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.input.event).toBe(raw.hook_event_name);
      expect(result.input.sessionId).toBe(raw.session_id);
    }
  });

  it("reads tool name, input and id of a PreToolUse", () => {
    const result = parseHookInput(fixture("pre-tool-use-bash.json"));
    expect(result).toMatchObject({
      ok: true,
      input: {
        event: "PreToolUse",
        toolName: "Bash",
        toolInput: { command: "touch allowed.txt" },
        permissionMode: "default",
      },
    });
  });

  it("keeps the failure text of a PostToolUseFailure", () => {
    const result = parseHookInput(fixture("post-tool-use-failure-bash.json"));
    expect(result).toMatchObject({
      ok: true,
      input: { event: "PostToolUseFailure", error: "Exit code 1", interrupted: false },
    });
  });

  it("reads the permission mode of a plan-mode call and none on SessionStart", () => {
    expect(parseHookInput(fixture("pre-tool-use-edit-plan.json"))).toMatchObject({
      ok: true,
      input: { permissionMode: "plan" },
    });
    expect(parseHookInput(fixture("session-start.json"))).toMatchObject({
      ok: true,
      input: { permissionMode: null, source: "startup" },
    });
  });
});

const base = JSON.parse(fixture("pre-tool-use-bash.json")) as Record<string, unknown>;

describe("parseHookInput refuses input it cannot act on safely", () => {
  it.each([
    ["text that is not JSON", "{not json", /not JSON/],
    ["a JSON array", "[]", /not a JSON object/],
    ["a missing event name", JSON.stringify({ ...base, hook_event_name: undefined }), /hook_event_name/],
    ["a session id with a path in it", JSON.stringify({ ...base, session_id: "../../etc/passwd" }), /session_id/],
    ["an empty session id", JSON.stringify({ ...base, session_id: "" }), /session_id/],
    ["a relative cwd", JSON.stringify({ ...base, cwd: "proj" }), /cwd/],
    ["a call without tool_use_id", JSON.stringify({ ...base, tool_use_id: undefined }), /tool_use_id/],
    ["a call whose tool_input is a string", JSON.stringify({ ...base, tool_input: "rm -rf /" }), /tool_input/],
    ["an event rulegate does not handle", JSON.stringify({ ...base, hook_event_name: "Stop" }), /not handled/],
  ])("rejects %s", (_name, text, message) => {
    const result = parseHookInput(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("never throws, whatever arrives on stdin", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ ...base, tool_input: v, session_id: v })),
        ),
        (text) => {
          const result = parseHookInput(text);
          expect(typeof result.ok).toBe("boolean");
        },
      ),
    );
  });
});
