import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLine, openLog, sealLine, verifyLog } from "../../../runtime/log/index.ts";
import { sampleEvents, tempDirs } from "./temp.ts";

const newDir = tempDirs();

/** The few lines of code SPEC §4 promises anyone can write to verify a log, using only node:crypto + canonicalize. */
function independentVerify(text: string): { seq: number; hash: string }[] {
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  let prev: string | null = null;
  return lines.map((line, i) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    const { hash, ...rest } = event;
    const recomputed = createHash("sha256").update(Buffer.from(canonicalize(rest) ?? "", "utf8")).digest("hex");
    expect(recomputed).toBe(hash);
    expect(rest.seq).toBe(i + 1);
    expect(rest.prev).toBe(prev);
    prev = recomputed;
    return { seq: i + 1, hash: recomputed };
  });
}

describe("hash chain", () => {
  it("hashes the first line of a fixed event to the value sha256sum gives for its canonical text", () => {
    const event = { type: "session_started", session: "s1", at: "2026-01-01T00:00:00.000Z", policy: "p" };
    // printf '%s' '{"at":…,"policy":"p","prev":null,"seq":1,"session":"s1","type":"session_started"}' | sha256sum
    expect(sealLine(event, 1, null).hash).toBe("6fa9df38ead7ab98cbbd7855a7bec3b8d3ef6ce2cae62f6b5a0ad7c719d74f67");
  });

  it("writes a log that an independent verifier accepts line by line", async () => {
    const path = join(await newDir(), "s1.jsonl");
    const log = await openLog(path);
    await log.append(sampleEvents(3));
    await log.append(sampleEvents(2, "s2"));
    await log.close();
    const text = await readFile(path, "utf8");
    const independent = independentVerify(text);
    expect(independent).toHaveLength(5);
    const ours = await verifyLog(path);
    expect(ours).toEqual({ ok: true, count: 5, head: { seq: 5, hash: independent[4]?.hash, end: Buffer.byteLength(text) } });
  });

  it("reports seq, prev and hash of each append so the caller can snapshot at that point", async () => {
    const path = join(await newDir(), "s1.jsonl");
    const log = await openLog(path);
    const a = await log.append(sampleEvents(2));
    const b = await log.append(sampleEvents(3));
    await log.close();
    expect([a.first, a.head.seq, b.first, b.head.seq]).toEqual([1, 2, 3, 5]);
    const independent = independentVerify(await readFile(path, "utf8"));
    expect(b.head.hash).toBe(independent[4]?.hash);
  });

  it("verifies a line in any key order or spacing exactly as the spec defines its hash", () => {
    const { line } = sealLine({ type: "t", session: "s", at: "now", z: [1, { b: 2, a: "x" }] }, 1, null);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()), null, 1).replace(/\n/g, " ");
    expect(checkLine(reordered, { seq: 1, prev: null })).toMatchObject({ ok: true, hash: parsed.hash });
  });

  it("agrees with the canonicalize package on arbitrary JSON payloads (fast path = reference)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (payload) => {
        const event = Object.fromEntries(Object.entries(payload).filter(([k]) => !["seq", "prev", "hash"].includes(k)));
        const { line, hash } = sealLine(event, 7, "a".repeat(64));
        const { hash: _h, ...rest } = JSON.parse(line) as Record<string, unknown>;
        expect(createHash("sha256").update(canonicalize(rest) ?? "").digest("hex")).toBe(hash);
        expect(checkLine(line, { seq: 7, prev: "a".repeat(64) })).toMatchObject({ ok: true, hash });
      }),
      { numRuns: 300 },
    );
  });

  it.each(["seq", "prev", "hash"])("refuses an event that carries its own %s field", (key) => {
    expect(() => sealLine({ type: "t", [key]: 1 }, 1, null)).toThrow(TypeError);
  });
});
