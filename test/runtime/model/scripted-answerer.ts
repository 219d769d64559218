import type { RecordedRequest } from "../../support/messages-server.ts";

/**
 * Reads what the adapter sent, as a model would: the questions listed after the data sections, the action JSON,
 * the rule texts. Used by the tests and the bench to answer deterministically from the request itself.
 */
export interface SentQuestion {
  readonly id: string;
  readonly kind: "trigger" | "effect" | "classify" | "review";
  readonly ruleId: string | null;
  /** The data section a lazy trigger question is about (`earlier_action_1`), or null for the action itself. */
  readonly about: string | null;
  readonly text: string | null;
}

export interface SentPrompt {
  readonly system: string;
  readonly user: string;
  readonly nonce: string;
  readonly sections: Readonly<Record<string, unknown>>;
  readonly questions: readonly SentQuestion[];
}

export function readPrompt(request: RecordedRequest): SentPrompt {
  const body = request.body as { system?: unknown; messages?: { content?: unknown }[] };
  const system = typeof body.system === "string" ? body.system : "";
  const content = body.messages?.[0]?.content;
  const user = typeof content === "string" ? content : "";
  const nonce = /<data-([0-9a-z]+) name=/.exec(user)?.[1] ?? "";
  const sections: Record<string, unknown> = {};
  const sectionPattern = new RegExp(`<data-${nonce} name="([a-z_0-9]+)">\\n([\\s\\S]*?)\\n</data-${nonce}>`, "g");
  for (const match of user.matchAll(sectionPattern)) sections[match[1] ?? ""] = JSON.parse(match[2] ?? "null");
  const afterData = user.slice(user.lastIndexOf(`</data-${nonce}>`));
  const questions: SentQuestion[] = [];
  for (const match of afterData.matchAll(
    /^- (q\d+) (trigger|effect|classify|review)(?: \(rule ("[^"]*")\))?(?: about ([a-z_0-9]+))?[^\n]*?(?:\? ("(?:[^"\\]|\\.)*"))?$/gm,
  )) {
    questions.push({
      id: match[1] ?? "",
      kind: match[2] as SentQuestion["kind"],
      ruleId: match[3] !== undefined ? (JSON.parse(match[3]) as string) : null,
      about: match[4] ?? null,
      text: match[5] !== undefined ? (JSON.parse(match[5]) as string) : null,
    });
  }
  return { system, user, nonce, sections, questions };
}

/** An answer entry per question, produced by `decide`, as the JSON text a model would reply. */
export function answerAll(
  prompt: SentPrompt,
  decide: (q: SentQuestion, prompt: SentPrompt) => Record<string, unknown>,
): string {
  return JSON.stringify({
    answers: prompt.questions.map((q) => ({ id: q.id, reason: `scripted ${q.kind}`, ...decide(q, prompt) })),
  });
}

/** A fixed, plausible answer per kind (holds=false, a local write, allow). */
export function defaultAnswer(q: SentQuestion): Record<string, unknown> {
  switch (q.kind) {
    case "trigger":
    case "effect":
      return { holds: false };
    case "classify":
      return { types: ["write_local"], level: "WRITE", categories: ["filesystem"] };
    case "review":
      return { decision: "allow", tier: "none" };
  }
}
