import { describe, expect, it } from "vitest";
import { loadRulesFile } from "../../compiler/load.ts";
import { makeSource } from "../../compiler/source.ts";

function codes(text: string): string[] {
  return loadRulesFile(makeSource("r.yaml", text)).diagnostics.map((d) => `${d.code}@${d.span.line}:${d.span.column}`);
}

describe("the schema validator", () => {
  it.each([
    ["an unknown top-level key", "setings: {}\n", ["RG2002@1:1"]],
    ["an unknown nested key", "settings:\n  modle: {}\n", ["RG2002@2:3"]],
    ["a string where a number belongs", "settings:\n  denial_history: many\n", ["RG2003@2:19"]],
    ["a duration without a unit", "settings:\n  approval_timeout: 300\n", ["RG2005@2:21"]],
    ["a duration in words", "settings:\n  model: { timeout: 5 minutes }\n", ["RG2005@2:21"]],
    ["an unknown decision", "settings:\n  default: allwo\n", ["RG2006@2:12"]],
    ["an unknown level name as a key", "levels:\n  plan: { REED: allow }\n", ["RG2002@2:11"]],
    ["an unknown level policy", "levels:\n  act: { WRITE: block }\n", ["RG2006@2:17"]],
    ["version 2", "version: 2\n", ["RG2007@1:10"]],
    ["a duplicate key", "settings: {}\nsettings: {}\n", ["RG2008@2:1"]],
    ["a YAML syntax error", "permissions:\n  deny: [a, b\n", ["RG2001@3:1"]],
    ["a rule without id and mode", "rules:\n  - match: x\n", ["RG2004@2:5", "RG2004@2:5"]],
    ["a zero max_tokens", "settings:\n  model: { max_tokens: 0 }\n", ["RG2009@2:24"]],
    ["a skill entry of neither kind", "skills:\n  - command: x\n", ["RG2004@2:5"]],
  ])("reports %s", (_name, text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it.each([
    ["an empty file", ""],
    ["every duration unit", "settings:\n  approval_timeout: 500ms\n  model: { timeout: 1h }\n"],
    ["minutes", "settings:\n  approval_timeout: 5m\n"],
    ["an empty section", "settings:\n"],
    ["$defaults in a list section", "paths:\n  protected: [$defaults, deploy/**]\n"],
  ])("accepts %s", (_name, text) => {
    expect(codes(text)).toEqual([]);
  });

  it("gives a did-you-mean hint for a near-miss key", () => {
    const d = loadRulesFile(makeSource("r.yaml", "premissions: {}\n")).diagnostics[0];
    expect(d?.hint).toBe("did you mean 'permissions'?");
  });

  it("yields durations in milliseconds", () => {
    const { config } = loadRulesFile(makeSource("r.yaml", "settings:\n  approval_timeout: 5m\n"));
    expect(config?.settings?.approval_timeout?.value).toBe(300_000);
  });
});
