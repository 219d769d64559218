import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLine, openLog, scanLog, sealLine, verifyLog } from "../../../runtime/log/index.ts";
import { sampleEvents, tempDirs } from "./temp.ts";

const newDir = tempDirs();

/** The few lines of code docs/reference/event-log.md promises anyone can write to verify a log, using only node:crypto + canonicalize. */
function independentVerify(text: string): { seq: number; hash: string }[] {
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  let prev: string | null = null;
  return lines.map((line, i) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    const { hash, ...rest } = event;
    const recomputed = createHash("sha256")
      .update(Buffer.from(canonicalize(rest) ?? "", "utf8"))
      .digest("hex");
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
    expect(ours).toEqual({
      ok: true,
      count: 5,
      head: { seq: 5, hash: independent[4]?.hash, end: Buffer.byteLength(text) },
    });
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
        expect(
          createHash("sha256")
            .update(canonicalize(rest) ?? "")
            .digest("hex"),
        ).toBe(hash);
        expect(checkLine(line, { seq: 7, prev: "a".repeat(64) })).toMatchObject({ ok: true, hash });
      }),
      { numRuns: 300 },
    );
  });

  it("gives every line its byte offsets, with multi-byte text and lines that straddle the 1 MiB read chunks", async () => {
    const path = join(await newDir(), "s1.jsonl");
    const log = await openLog(path);
    // ~2.5 MiB: ASCII chunks, chunks with é/✓/emoji, and lines cut by chunk ends inside a UTF-8 sequence.
    const text = (i: number) => (i % 3 === 0 ? "plain ascii ".repeat(40) : `é ✓ 😀 ${"x".repeat(i % 97)}`.repeat(9));
    for (let b = 0; b < 20; b++)
      await log.append(
        Array.from({ length: 400 }, (_, k) => ({ type: "t", session: "s", at: "now", text: text(b * 400 + k) })),
      );
    await log.close();
    const bytes = await readFile(path);
    const expected: [number, number][] = [];
    for (let start = 0; start < bytes.length; ) {
      const end = bytes.indexOf(0x0a, start) + 1;
      expected.push([start, end]);
      start = end;
    }
    expect(bytes.length).toBeGreaterThan(2 * (1 << 20));
    const seen: [number, number][] = [];
    const r = await scanLog(path, (e) => void seen.push([e.start, e.end]));
    expect(r).toMatchObject({ ok: true, count: 8000, head: { end: bytes.length } });
    expect(seen).toEqual(expected);
  });

  it("stops at a line whose bytes are not UTF-8, and the good part ends just before it", async () => {
    const path = join(await newDir(), "s1.jsonl");
    const log = await openLog(path);
    await log.append(sampleEvents(3));
    await log.close();
    const bytes = await readFile(path);
    const second = bytes.indexOf(0x0a) + 1;
    const at = bytes.indexOf(Buffer.from("é"), second); // in line 2
    const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3]), bytes.subarray(at + 2)]);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path, broken);
    expect(await verifyLog(path)).toMatchObject({
      ok: false,
      seq: 2,
      reason: "bad-hash",
      count: 1,
      head: { seq: 1, end: second },
    });
  });

  it.each(["seq", "prev", "hash"])("refuses an event that carries its own %s field", (key) => {
    expect(() => sealLine({ type: "t", [key]: 1 }, 1, null)).toThrow(TypeError);
  });
});
