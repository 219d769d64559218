import { describe, expect, it } from "vitest";
import { parsePromptCommand } from "../../../adapters/claude-code/prompt-command.ts";

describe("parsePromptCommand", () => {
  it.each([
    ["/rulegate disable no-write-after-web", { kind: "session", command: "/disable no-write-after-web" }],
    ["  /rulegate   enable x  ", { kind: "session", command: "/enable x" }],
    ["/rulegate reset", { kind: "session", command: "/reset" }],
    ["/rulegate plan on", { kind: "session", command: "/plan on" }],
    ["/rulegate plan clear", { kind: "session", command: "/plan clear" }],
    ["/rulegate automode off", { kind: "session", command: "/automode off" }],
    ["/rulegate approve-all bash", { kind: "session", command: "/approve-all bash" }],
    ["/rulegate", { kind: "status" }],
    ["/rulegate status", { kind: "status" }],
    ["/rulegate help", { kind: "help", problem: null }],
  ])("reads %j as a rulegate command", (prompt, expected) => {
    expect(parsePromptCommand(prompt)).toEqual(expected);
  });

  it.each([
    ["/rulegate disable", /one argument/],
    ["/rulegate plan maybe", /on, off or clear/],
    ["/rulegate reset now", /no argument/],
    ["/rulegate frobnicate", /unknown rulegate command/],
  ])("answers %j with help and the problem", (prompt, problem) => {
    const parsed = parsePromptCommand(prompt);
    expect(parsed?.kind).toBe("help");
    if (parsed?.kind === "help") expect(parsed.problem).toMatch(problem);
  });

  it.each(["please disable the rule", "rulegate disable x", "/rulegatex disable x", "/review the /rulegate code"])(
    "leaves %j to the model",
    (prompt) => {
      expect(parsePromptCommand(prompt)).toBeNull();
    },
  );
});
