import { describe, expect, it } from "vitest";
import { NOTE_SECTION, noUserInterface, withSystemNote } from "../../../adapters/pi/api-shapes.ts";
import { PI_SYSTEM_NOTE } from "../../../adapters/common/guidance.ts";

describe("before_agent_start of each pi release", () => {
  it.each(["user", "custom"] as const)(
    "pi 1.x, a run started by a %s message: the note is a prompt section",
    (messageType) => {
      const sections: Record<string, string> = { other: "kept" };
      const event = { messageType, systemPrompt: "base", systemPromptOptions: { sections } };
      expect(withSystemNote(event)).toBeUndefined();
      expect(sections).toEqual({ other: "kept", [NOTE_SECTION]: PI_SYSTEM_NOTE });
    },
  );

  it("pi 0.73 (no messageType, no sections): the note is appended to the system prompt, once", () => {
    const first = withSystemNote({ systemPrompt: "base", systemPromptOptions: {} });
    expect(first).toEqual({ systemPrompt: `base\n\n${PI_SYSTEM_NOTE}` });
    expect(withSystemNote({ systemPrompt: first!.systemPrompt })).toBeUndefined();
  });

  it("a 1.x event without sections still gets the note, in the system prompt", () => {
    expect(withSystemNote({ messageType: "custom", systemPrompt: "base" })).toEqual({
      systemPrompt: `base\n\n${PI_SYSTEM_NOTE}`,
    });
  });
});

describe("a gate without a user interface", () => {
  it("names pi 1.x's mode, and says the same without one (0.73)", () => {
    expect(noUserInterface("print")).toBe("There is no user interface to ask in pi's print mode, so it is denied.");
    expect(noUserInterface(undefined)).toBe("There is no user interface to ask, so it is denied.");
  });
});
