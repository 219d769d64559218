/**
 * The technique reading of docs/adr/0650 on masked code directly: the amounts it reads as written, and the bounds
 * each technique is judged by.
 */
import { describe, expect, it } from "vitest";
import { amount, exhaustion } from "../../../runtime/shell/code-exhaustion.ts";

const NO_LOOP = { iterations: 1, endless: false };

describe("amounts are read as written", () => {
  it.each([
    ["64", 64],
    ["10**6", 1e6],
    ["2**32-1", 2 ** 32 - 1],
    ["2 ** 32 + 1", 2 ** 32 + 1],
    ["1e12", 1e12],
    ["1_000_000", 1e6],
    ["(10**6)", 1e6],
    ["10**6 * 8", 8e6],
    ["2n**40n", 2 ** 40],
    ["x", 0],
  ])("%s is %d", (text, want) => {
    expect(amount(text)).toBe(want);
  });
});

describe("each technique has a bound", () => {
  it.each([
    ["[os.fork() for _ in range(12)]", { iterations: 12, endless: false, counted: [{ at: 24, passes: 12 }] }, true],
    ["[os.fork() for _ in range(11)]", { iterations: 11, endless: false, counted: [{ at: 24, passes: 11 }] }, false],
    [
      `os.fork(); ${"x".repeat(80)}; [print(i) for i in range(100)]`,
      { iterations: 100, endless: false, counted: [{ at: 100, passes: 100 }] },
      false,
    ],
    ["os.fork()\nos._exit(0)", { iterations: 64, endless: false, counted: [{ at: 0, passes: 64 }] }, false],
    ["s = \u0001; s = s + s", { iterations: 32, endless: false }, true],
    ["s = \u0001; s = s + s", { iterations: 31, endless: false }, false],
    ["l = [1]; l = l * 2", { iterations: 40, endless: false }, true],
    ["x = 1; x = x + x", { iterations: 64, endless: false }, false],
    ["bytes(2**32)", NO_LOOP, true],
    ["bytes(2**31)", NO_LOOP, false],
    ["math.factorial(10**8)", NO_LOOP, true],
    ["math.factorial(10**6)", NO_LOOP, false],
  ] as const)("%s over %j: %s", (text, loops, bomb) => {
    expect(exhaustion(text, [], loops) !== null).toBe(bomb);
  });

  it("a backtracking pattern needs a long input", () => {
    expect(exhaustion("re.match(\u0001, \u0001*25)", ["(a+)+$", "a"], NO_LOOP)).not.toBeNull();
    expect(exhaustion("re.match(\u0001, \u0001*24)", ["(a+)+$", "a"], NO_LOOP)).toBeNull();
    expect(exhaustion("re.match(\u0001, \u0001*64)", ["(ab)+$", "a"], NO_LOOP)).toBeNull();
  });
});
