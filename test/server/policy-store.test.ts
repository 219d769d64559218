import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPolicyStore } from "../../server/policy-store.ts";

// A real rules file, and the same with one rule renamed: an edit of the same size.
const GUARD = readFileSync(join(import.meta.dirname, "../../rules/examples/guard.yaml"), "utf8");
const rules = (id: string) => GUARD.replace("id: no-write-after-web", `id: ${id}`);

/**
 * Between watched changes the store checks its sources with one stat each per call (ADR 0226): a call made
 * right after an edit, before the watch has reported it, is still decided under the edited rules.
 */
describe("the policy store between watched changes", () => {
  it("compiles an edit on the next call, without waiting for the watch, and reuses the policy when nothing changed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rg-store-"));
    const file = join(dir, "rules.yaml");
    writeFileSync(file, rules("first-rule-a"));
    const store = createPolicyStore({});
    try {
      const source = { kind: "file", path: file } as const;
      const a = await store.load(source);
      expect(a.ok).toBe(true);
      const again = await store.load(source);
      expect(a.ok && again.ok && again.policy).toBe(a.ok && a.policy);
      writeFileSync(file, rules("first-rule-b"));
      const b = await store.load(source);
      expect(b.ok && b.policy.rules.map((r) => r.id)).toContain("first-rule-b");
    } finally {
      store.close();
    }
  });

  it("does not read a settled source whose inode, size and time are unchanged (the stat is the whole check)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rg-store-"));
    const file = join(dir, "rules.yaml");
    const past = new Date(Date.now() - 60_000);
    writeFileSync(file, rules("first-rule-a"));
    utimesSync(file, past, past);
    const store = createPolicyStore({});
    try {
      const source = { kind: "file", path: file } as const;
      await store.load(source);
      // Same inode, same size, and the time put back: only a deliberate rewrite looks like this.
      writeFileSync(file, rules("first-rule-b"));
      utimesSync(file, past, past);
      const same = await store.load(source);
      expect(same.ok && same.policy.rules.map((r) => r.id)).toContain("first-rule-a");
      // Any real edit moves the time: read and compiled again.
      writeFileSync(file, rules("first-rule-c"));
      const edited = await store.load(source);
      expect(edited.ok && edited.policy.rules.map((r) => r.id)).toContain("first-rule-c");
    } finally {
      store.close();
    }
  });
});
