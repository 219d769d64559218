import { describe, expect, it } from "vitest";
import { memoByObjectAndKey } from "../../core/memo.ts";

describe("memoByObjectAndKey", () => {
  it("computes once per object and key, and apart for another object or key", () => {
    let calls = 0;
    const f = memoByObjectAndKey((o: { n: number }, k: string) => `${o.n}:${k}:${++calls}`);
    const a = { n: 1 };
    const b = { n: 1 };
    expect(f(a, "x")).toBe("1:x:1");
    expect(f(a, "x")).toBe("1:x:1");
    expect(f(a, "y")).toBe("1:y:2");
    expect(f(b, "x")).toBe("1:x:3");
    expect(calls).toBe(3);
  });

  it("keeps at most its limit of keys per object, recomputing what it let go", () => {
    let calls = 0;
    const f = memoByObjectAndKey((_o: object, k: string) => `${k}${++calls}`, 2);
    const o = {};
    f(o, "a");
    f(o, "b");
    f(o, "c"); // the third key clears the two before it
    expect(f(o, "c")).toBe("c3");
    expect(f(o, "a")).toBe("a4");
  });
});
