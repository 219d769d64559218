import { describe, expect, it } from "vitest";
import { analyzeBash, loadShellAnalyzer } from "../../../runtime/shell/index.ts";

describe("the analyzer", () => {
  it("loads the grammar once per process", async () => {
    const [a, b] = await Promise.all([loadShellAnalyzer(), loadShellAnalyzer()]);
    expect(a).toBe(b);
    expect(await loadShellAnalyzer()).toBe(a);
  });

  it("returns the cached analysis for the same command string", async () => {
    const a = await loadShellAnalyzer();
    expect(a.analyze("git status && ls")).toBe(a.analyze("git status && ls"));
  });

  it("gives the same result with and without the cache", async () => {
    const a = await loadShellAnalyzer();
    const command = "sudo bash -c 'rm -rf /' | tee >(cat) 2>&1";
    expect(a.analyzeUncached(command)).toEqual(a.analyze(command));
  });

  it("returns deeply frozen data", async () => {
    const result = await analyzeBash('TMPDIR=/ rm -rf "$TMPDIR" > log');
    const [rm] = result.commands;
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.commands)).toBe(true);
    expect(Object.isFrozen(rm?.args)).toBe(true);
    expect(Object.isFrozen(rm?.redirects[0])).toBe(true);
    expect(Object.isFrozen(rm?.context.wrappers)).toBe(true);
  });

  it("reports the source it analysed", async () => {
    expect((await analyzeBash("ls -la")).source).toBe("ls -la");
  });

  it("refuses to parse enormous input and fails closed instead", async () => {
    const a = await analyzeBash("echo " + "x".repeat(1_000_001));
    expect(a.unanalysable).toBe(true);
    expect(a.commands).toEqual([]);
  });

  it("fails closed on pathological nesting without overflowing the stack", async () => {
    const a = await analyzeBash("echo " + "$(".repeat(400) + "ls" + ")".repeat(400));
    expect(a.unanalysable).toBe(true);
  });
});
