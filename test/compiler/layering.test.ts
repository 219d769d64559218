import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../core/diagnostic.ts";
import { mergeLayers } from "../../compiler/merge.ts";
import { builtinLayer, loadChain, type Layer, type Trust } from "../../compiler/sources.ts";

/** A rules file says its version (issue 12 §9); the texts below are about layering, so it is added here. */
const versioned = (text: string) => (/^version:/m.test(text) ? text : `version: 1\n${text}`);

/** Merges the built-ins and the given texts (lowest first), each with its trust. */
function merge(...files: [text: string, trust: Trust][]) {
  const base = builtinLayer().layer;
  if (!base) throw new Error("built-ins must load");
  const layers: Layer[] = [base];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  files.forEach(([text, trust], i) => {
    const chain = loadChain({ text: versioned(text), file: `f${i}.yaml`, dir: "/nowhere" }, trust, seen);
    layers.push(...chain.layers);
    diagnostics.push(...chain.diagnostics);
  });
  const r = mergeLayers(layers);
  return { merged: r.merged, diagnostics: [...diagnostics, ...r.diagnostics] };
}

const values = (list: readonly { value: string }[]) => list.map((l) => l.value);

describe("layering of rules files", () => {
  const builtinProtected = values(merge().merged.paths.protected);
  const builtinChecks = values(merge().merged.hardDeny);

  it("starts from the built-in lists", () => {
    expect(builtinProtected).toContain(".git/**");
    expect(builtinChecks).toContain("pipe-to-shell");
  });

  it("splices the inherited list where $defaults stands", () => {
    const { merged } = merge(['paths:\n  protected: ["deploy/**", $defaults]\n', "trusted"]);
    expect(values(merged.paths.protected)).toEqual(["deploy/**", ...builtinProtected]);
  });

  it("replaces the list when $defaults is left out, for that section only", () => {
    const { merged } = merge(['paths:\n  protected: ["deploy/**"]\n', "trusted"]);
    expect(values(merged.paths.protected)).toEqual(["deploy/**"]);
    expect(merged.paths.credentials.length).toBeGreaterThan(0);
  });

  it("removes one built-in check with -name", () => {
    const { merged } = merge(["hard_deny: [$defaults, -fork-bomb]\n", "trusted"]);
    expect(values(merged.hardDeny)).toEqual(builtinChecks.filter((n) => n !== "fork-bomb"));
  });

  it("lets a later file override settings and single level entries", () => {
    const { merged } = merge(
      ["settings: { default: allow }\nlevels:\n  act: { DESTRUCTIVE: ask }\n", "trusted"],
      ["settings: { fail: ask }\nlevels:\n  act: { EXPENSIVE: deny }\n", "trusted"],
    );
    expect(merged.settings.default).toBe("allow");
    expect(merged.settings.fail).toBe("ask");
    expect(merged.levels.act).toEqual({ FORBIDDEN: "deny", DESTRUCTIVE: "ask", EXPENSIVE: "deny", SECURITY: "ask" });
    expect(merged.levels.plan.WRITE).toBe("log");
  });

  it("accumulates permission patterns and rules across files", () => {
    const { merged } = merge(
      ['permissions: { deny: ["bash(a)"] }\n', "trusted"],
      ['permissions: { deny: ["bash(b)"], ask: ["bash(c)"] }\n', "project"],
    );
    expect(values(merged.permissions.deny)).toEqual(["bash(a)", "bash(b)"]);
    expect(values(merged.permissions.ask)).toEqual(["bash(c)"]);
  });

  it.each([
    ["an allow pattern", 'permissions: { allow: ["bash(curl *)"] }\n', "add the allow pattern 'bash(curl *)'"],
    ["a settings change", "settings: { default: allow }\n", "change settings.default"],
    ["turning read-only bash off", "settings: { read_only_bash: false }\n", "change settings.read_only_bash"],
    ["dropping $defaults", 'paths:\n  credentials: ["x.key"]\n', "drop inherited entries of paths.credentials"],
    ["disabling a hard-deny check", "hard_deny: [$defaults, -fork-bomb]\n", "disable the hard-deny check 'fork-bomb'"],
    ["a read-only tool", "read_only_tools: [$defaults, bash]\n", "add read-only tools ('bash')"],
    ["a log rule", "rules:\n  - { id: x, match: op.type == execute, mode: log }\n", "add the rule 'x' with mode log"],
    [
      "a more permissive level",
      "levels:\n  act: { FORBIDDEN: ask }\n",
      "make FORBIDDEN more permissive in act mode (deny → ask)",
    ],
    [
      "a level allow where none was set",
      "levels:\n  act: { WRITE: allow }\n",
      "make WRITE more permissive in act mode (unset → allow)",
    ],
    ["turning the classifier off", "classifier: { enabled: false }\n", "turn the classifier off"],
    [
      "a classifier allow line",
      "classifier:\n  allow: [$defaults, anything goes]\n",
      "add classifier allow exceptions ('anything goes')",
    ],
    ["skills", "skills:\n  - { tool: rm, default: READ }\n", "declare safety levels in 'skills'"],
  ])("refuses %s in a project file", (_name, text, action) => {
    const trusted = text.includes("classifier: { enabled: false }")
      ? "classifier: { enabled: true }\n"
      : "version: 1\n";
    const { diagnostics } = merge([trusted, "trusted"], [text, "project"]);
    const messages = diagnostics.filter((d) => d.code === "RG3004").map((d) => d.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(action);
    expect(diagnostics[0]?.span.file).toBe("f1.yaml");
  });

  it.each([
    ["deny and ask patterns", 'permissions: { deny: ["bash(rm *)"], ask: ["bash(git push*)"] }\n'],
    ["protected paths with $defaults", "paths:\n  protected: [$defaults, deploy/**]\n"],
    ["a blocking rule", "rules:\n  - { id: x, match: op.type == execute, mode: block }\n"],
    ["a stricter level", "levels:\n  act: { DESTRUCTIVE: ask }\n"],
    ["settings equal to the inherited ones", "settings: { default: ask }\n"],
    ["extra soft-deny lines", "classifier:\n  soft_deny: [$defaults, no pushing]\n"],
  ])("lets a project file add %s", (_name, text) => {
    expect(merge([text, "project"]).diagnostics).toEqual([]);
  });

  it("reports an extends cycle at the extends entry", () => {
    const dir = mkdtempSync(join(tmpdir(), "rulegate-extends-"));
    writeFileSync(join(dir, "a.yaml"), versioned("extends: [./b.yaml]\n"));
    writeFileSync(join(dir, "b.yaml"), versioned("extends: [./a.yaml]\n"));
    const chain = loadChain({ text: versioned("extends: [./b.yaml]\n"), file: "a.yaml", dir }, "trusted", new Set());
    expect(chain.diagnostics.map((d) => [d.code, d.span.file, d.span.line, d.span.column])).toEqual([
      ["RG3002", "b.yaml", 2, 11],
    ]);
    expect(chain.diagnostics[0]?.message).toContain("a.yaml → b.yaml → a.yaml");
  });

  it("applies a file extended twice only once", () => {
    const dir = mkdtempSync(join(tmpdir(), "rulegate-extends-"));
    writeFileSync(join(dir, "base.yaml"), versioned('permissions: { deny: ["bash(x)"] }\n'));
    writeFileSync(join(dir, "mid.yaml"), versioned("extends: [./base.yaml]\n"));
    const chain = loadChain(
      { text: versioned("extends: [./base.yaml, ./mid.yaml]\n"), file: "top.yaml", dir },
      "trusted",
      new Set(),
    );
    expect(chain.layers.map((l) => l.source.file)).toEqual(["base.yaml", "mid.yaml", "top.yaml"]);
  });
});
