import { randomBytes } from "node:crypto";

/**
 * How untrusted text enters a prompt: every data section is one JSON document (so quotes and newlines cannot
 * end a value early) with `<`, `>` and `&` written as \u escapes (so no data can spell a tag), wrapped in tags
 * carrying a random per-request nonce (so nothing written in advance can close a section). Documented in
 * docs/adr/0072.
 */
export const LIMITS = {
  /** Each project instruction file, truncated in the middle. */
  instructionChars: 4_000,
  /** Each transcript entry (user message or tool call), truncated in the middle. */
  transcriptEntryChars: 2_000,
  /** The newest transcript entries kept; older ones are dropped. */
  transcriptEntries: 40,
  /** The JSON of the action's input. */
  actionChars: 6_000,
  /** The JSON of an earlier action's input (a lazily asked trigger). */
  earlierActionChars: 2_000,
} as const;

export function randomNonce(): string {
  return randomBytes(8).toString("hex");
}

/** JSON with the characters that could form markup escaped; JSON.parse reads it back unchanged. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Keeps the head and the tail, since both ends of a long command or file tend to matter. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = (omitted: number): string => `\n…[${omitted} characters omitted]…\n`;
  const room = Math.max(0, max - marker(text.length).length);
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return text.slice(0, head) + marker(text.length - room) + (tail > 0 ? text.slice(text.length - tail) : "");
}

export function dataSection(nonce: string, name: string, value: unknown): string {
  return `<data-${nonce} name="${name}">\n${safeJson(value)}\n</data-${nonce}>`;
}
