import type { MessagesHandler } from "../../support/messages-server.ts";
import { answerAll, readPrompt, type SentPrompt, type SentQuestion } from "./scripted-answerer.ts";

/**
 * A deterministic stand-in for the model, for the bench and end-to-end tests that run offline: it answers
 * holds=false except where the action plainly matches the English text's obvious keywords. Crude on purpose:
 * it exists to count requests, not to judge well.
 */
const CONDITIONS: readonly (readonly [RegExp, (action: string) => boolean])[] = [
  [/internet|web/i, (a) => /"tool":"(webfetch|websearch)"/i.test(a) || /https?:\/\//.test(a)],
  [/sensitive personal data|finances|health/i, (a) => /financ|statement|bank|medical|health|passport|payslip/i.test(a)],
  [/skill instructions|activated a skill/i, (a) => /"tool":"read".*SKILL\.md/i.test(a)],
];

const WRITE_TOOL = /"tool":"(write|edit|multiedit|notebookedit)"/i;
const OUTBOUND = (a: string): boolean => /mcp__mail|curl[^"]* (-X ?POST|-d |--data)|sendmail|"to":/i.test(a);
const SHELL_READ_ONLY = /^(ls|cat|head|tail|grep|rg|find|wc|git (status|diff|log|show)|pwd|echo)\b/;

const RESTRICTIONS: readonly (readonly [RegExp, (action: string) => boolean])[] = [
  [/finance database/i, (a) => /finance\.db|INSERT INTO|UPDATE .* SET|DELETE FROM/i.test(a)],
  [/skills folder/i, (a) => WRITE_TOOL.test(a) && /\/skills\//.test(a)],
  [/memory files/i, (a) => WRITE_TOOL.test(a) && /\/memory\/|CLAUDE\.md|AGENTS\.md/.test(a)],
  [/shell commands that write or execute/i, (a) => /"tool":"bash"/i.test(a) && !SHELL_READ_ONLY.test(commandOf(a))],
  [/password manager|credential/i, (a) => /\bop read\b|\bpass show\b|security find-generic-password|bw get/i.test(a)],
  [/outbound communication/i, OUTBOUND],
  [
    /write operations/i,
    (a) =>
      WRITE_TOOL.test(a) ||
      OUTBOUND(a) ||
      (/"tool":"bash"/i.test(a) && /( > |>>|\btee\b|\brm\b|\bmv\b|\bcp\b|install|commit|INSERT)/.test(a)),
  ],
];

function commandOf(action: string): string {
  try {
    const parsed = JSON.parse(action) as { input?: { command?: unknown } };
    return typeof parsed.input?.command === "string" ? parsed.input.command.trim() : "";
  } catch {
    return "";
  }
}

function holds(table: typeof CONDITIONS, text: string | null, action: string): boolean {
  return table.some(([pattern, test]) => text !== null && pattern.test(text) && test(action));
}

export function keywordAnswer(q: SentQuestion, prompt: SentPrompt): Record<string, unknown> {
  const action = JSON.stringify(prompt.sections[q.about ?? "action"] ?? null);
  switch (q.kind) {
    case "trigger":
      return { holds: holds(CONDITIONS, q.text, action) };
    case "effect":
      return { holds: holds(RESTRICTIONS, q.text, action) };
    case "classify":
      return /mcp__mail/i.test(action)
        ? { types: ["write_external"], level: "WRITE", categories: ["email"] }
        : { types: ["read_local"], level: "READ", categories: [] };
    case "review":
      return { decision: "allow", tier: "none" };
  }
}

export const keywordAnswerer: MessagesHandler = (req) => ({ text: answerAll(readPrompt(req), keywordAnswer) });
