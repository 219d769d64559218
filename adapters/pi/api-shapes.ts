/**
 * The event shapes that differ between the pi releases the extension runs under (docs/adr/0241): 1.x
 * (`@earendil-works/pi-coding-agent`, the API of 1.5.2) and 0.73 (`@mariozechner/pi-coding-agent`, the
 * last release under that name). Everything else the extension uses is the same in both.
 */
import { PI_SYSTEM_NOTE } from "../common/index.ts";

/** Section key of the note in pi 1.x's structured system prompt (rendered as `<rulegate>…</rulegate>`). */
export const NOTE_SECTION = "rulegate";

/**
 * `before_agent_start` of either shape: 1.2+ is a union on `messageType` (`"user"` carries the prompt,
 * `"custom"`, a run started by an extension's message, carries none); 0.73 has no `messageType` and always
 * a prompt. Neither is read here: the user's words reach the session through the `input` event.
 */
export interface AgentStartLike {
  readonly messageType?: "user" | "custom" | undefined;
  readonly systemPrompt: string;
  readonly systemPromptOptions?: { sections?: Record<string, string> | undefined } | undefined;
}

/**
 * The note goes into every run, whichever started it. pi 1.x builds its prompt from sections and patches
 * only a changed one, so the note is a section there (the prompt stays cached); 0.73 only takes a whole
 * new system prompt.
 */
export function withSystemNote(event: AgentStartLike): { systemPrompt: string } | undefined {
  const sections = event.systemPromptOptions?.sections;
  if (event.messageType !== undefined && sections !== undefined && sections !== null) {
    sections[NOTE_SECTION] = PI_SYSTEM_NOTE;
    return undefined;
  }
  return event.systemPrompt.includes(PI_SYSTEM_NOTE)
    ? undefined
    : { systemPrompt: `${event.systemPrompt}\n\n${PI_SYSTEM_NOTE}` };
}

/** Why a gate cannot be asked: pi 1.x names its mode (`print`, `json`); 0.73 has no `ctx.mode`. */
export function noUserInterface(mode: string | undefined): string {
  return mode === undefined
    ? "There is no user interface to ask, so it is denied."
    : `There is no user interface to ask in pi's ${mode} mode, so it is denied.`;
}

/** A custom tool's answer to the agent: one text part, no details (the same shape in 1.x and 0.73). */
export function toolText(text: string) {
  return { content: [{ type: "text" as const, text }], details: undefined };
}
