/**
 * The JSON Claude Code writes to a command hook's stdin, validated once into a tagged union. Samples of
 * every event, captured from the real client, are in test/fixtures/hooks/. Fields we do not use (prompt_id,
 * effort, duration_ms, transcript_path) are accepted and ignored, so newer clients keep working.
 */

export type PermissionMode =
  | "default"
  | "plan"
  | "acceptEdits"
  | "bypassPermissions"
  | "dontAsk"
  | "auto"
  | (string & {});

interface Common {
  readonly sessionId: string;
  readonly cwd: string;
  /** Absent on SessionStart and SessionEnd. */
  readonly permissionMode: PermissionMode | null;
}

export type HookInput =
  | (Common & { readonly event: "SessionStart"; readonly source: string })
  /** The session is over (`claude -p` at its end, /clear, logout): its log is whole. */
  | (Common & { readonly event: "SessionEnd"; readonly reason: string })
  | (Common & { readonly event: "UserPromptSubmit"; readonly prompt: string })
  | (Common & {
      readonly event: "PreToolUse";
      readonly toolName: string;
      readonly toolInput: Readonly<Record<string, unknown>>;
      readonly toolUseId: string;
    })
  | (Common & {
      readonly event: "PostToolUse";
      readonly toolName: string;
      readonly toolInput: Readonly<Record<string, unknown>>;
      readonly toolUseId: string;
      readonly toolResponse: unknown;
    })
  | (Common & {
      readonly event: "PostToolUseFailure";
      readonly toolName: string;
      readonly toolInput: Readonly<Record<string, unknown>>;
      readonly toolUseId: string;
      readonly error: string;
      /** An interrupted call may not have run to its end, but it started: it still counts as executed. */
      readonly interrupted: boolean;
    });

export type HookEvent = HookInput["event"];
export const HOOK_EVENTS: readonly HookEvent[] = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "SessionStart",
  "SessionEnd",
];

export type ParseResult =
  | { readonly ok: true; readonly input: HookInput }
  | { readonly ok: false; readonly error: string };

/**
 * A session id names a log file under $RULEGATE_HOME, so it must be a plain file name: Claude Code uses
 * UUIDs; anything with a path separator or dots is refused rather than sanitized into a collision.
 */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function parseHookInput(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return fail(`hook input is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isRecord(raw)) return fail("hook input is not a JSON object");
  const event = raw["hook_event_name"];
  if (typeof event !== "string") return fail("hook input has no hook_event_name");
  const sessionId = raw["session_id"];
  if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId))
    return fail(`hook input has no usable session_id (got ${JSON.stringify(sessionId)})`);
  const cwd = raw["cwd"];
  if (typeof cwd !== "string" || !cwd.startsWith("/"))
    return fail(`hook input has no absolute cwd (got ${JSON.stringify(cwd)})`);
  const mode = raw["permission_mode"];
  const common: Common = { sessionId, cwd, permissionMode: typeof mode === "string" ? mode : null };

  switch (event) {
    case "SessionStart":
      return ok({ ...common, event, source: typeof raw["source"] === "string" ? raw["source"] : "unknown" });
    case "SessionEnd":
      return ok({ ...common, event, reason: typeof raw["reason"] === "string" ? raw["reason"] : "unknown" });
    case "UserPromptSubmit": {
      const prompt = raw["prompt"];
      if (typeof prompt !== "string") return fail("UserPromptSubmit input has no prompt");
      return ok({ ...common, event, prompt });
    }
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure": {
      const toolName = raw["tool_name"];
      const toolInput = raw["tool_input"];
      const toolUseId = raw["tool_use_id"];
      if (typeof toolName !== "string" || toolName === "") return fail(`${event} input has no tool_name`);
      if (!isRecord(toolInput)) return fail(`${event} input has no tool_input object`);
      // Without the id a later PostToolUse cannot be paired with this call; refuse rather than guess.
      if (typeof toolUseId !== "string" || toolUseId === "") return fail(`${event} input has no tool_use_id`);
      const call = { ...common, toolName, toolInput, toolUseId };
      if (event === "PreToolUse") return ok({ ...call, event });
      if (event === "PostToolUse") return ok({ ...call, event, toolResponse: raw["tool_response"] });
      return ok({
        ...call,
        event,
        error: typeof raw["error"] === "string" ? raw["error"] : "",
        interrupted: raw["is_interrupt"] === true,
      });
    }
    default:
      return fail(
        `hook event ${JSON.stringify(event)} is not handled by rulegate (register it for: ${HOOK_EVENTS.join(", ")})`,
      );
  }
}

function ok(input: HookInput): ParseResult {
  return { ok: true, input };
}

function fail(error: string): ParseResult {
  return { ok: false, error };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
