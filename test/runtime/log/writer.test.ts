import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LogError, openLog, verifyLog } from "../../../runtime/log/index.ts";
import { sampleEvents, tempDirs } from "./temp.ts";

const newDir = tempDirs();

async function logWith(n: number): Promise<string> {
  const path = join(await newDir(), "deep", "dir", "s.jsonl");
  const log = await openLog(path);
  await log.append(sampleEvents(n));
  await log.close();
  return path;
}

describe("the writer after a crash", () => {
  it("cuts only an incomplete final line, keeps its bytes in <log>.torn, and continues the chain", async () => {
    const path = await logWith(3);
    await appendFile(path, '{"at":"2026","session":"s1","ty');
    expect(await verifyLog(path)).toMatchObject({ ok: false, seq: 4, reason: "truncated-tail" });

    const log = await openLog(path);
    const result = await log.append(sampleEvents(2));
    await log.close();
    expect(result).toMatchObject({ first: 4, repaired: 31, head: { seq: 5 } });
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 5 });
    expect(await readFile(`${path}.torn`, "utf8")).toBe('{"at":"2026","session":"s1","ty\n');
  });

  it("refuses to repair a torn tail when it runs without the lock", async () => {
    const path = await logWith(2);
    await appendFile(path, "{");
    const log = await openLog(path, { lock: false });
    await expect(log.append(sampleEvents(1))).rejects.toMatchObject({ code: "truncated-tail" });
    await log.close();
  });

  it.each([
    ["a changed last line", (t: string) => t.replace(/"n":2/, '"n":9')],
    ["a last line that is not JSON", (t: string) => `${t}not json\n`],
  ])("refuses to append after %s", async (_name, corrupt) => {
    const path = await logWith(3);
    await writeFile(path, corrupt(await readFile(path, "utf8")));
    const before = await readFile(path, "utf8");
    const log = await openLog(path);
    await expect(log.append(sampleEvents(1))).rejects.toBeInstanceOf(LogError);
    await log.close();
    expect(await readFile(path, "utf8")).toBe(before);
  });

  it("rejects an event without a JSON form and writes nothing of its batch", async () => {
    const path = await logWith(1);
    const log = await openLog(path);
    await expect(log.append([{ type: "ok" }, { type: "bad", text: "\ud800" }])).rejects.toThrow();
    // The writer stays usable: the failed batch left no trace.
    await log.append([{ type: "after" }]);
    await log.close();
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 2 });
  });

  it("rejects appends after close", async () => {
    const path = await logWith(1);
    const log = await openLog(path);
    await log.close();
    await expect(log.append(sampleEvents(1))).rejects.toMatchObject({ code: "closed" });
  });

  it("finds the tail behind a last line longer than its read chunk", async () => {
    const path = await logWith(1);
    const log = await openLog(path);
    await log.append([{ type: "big", content: "x".repeat(200_000) }]);
    const next = await log.append([{ type: "small" }]);
    await log.close();
    expect(next.head.seq).toBe(3);
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 3 });
  });
});

describe("a sole writer", () => {
  it("checks the tail once, then chains from the head it wrote: the log verifies", async () => {
    const path = await logWith(2);
    const log = await openLog(path, { lock: false, sole: true });
    for (let i = 0; i < 5; i++) await log.append(sampleEvents(2));
    await log.close();
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 12 });
  });

  it("still refuses a damaged log on its first append", async () => {
    const path = await logWith(2);
    await writeFile(path, (await readFile(path, "utf8")).replace(/"n":1/, '"n":9'));
    const log = await openLog(path, { lock: false, sole: true });
    await expect(log.append(sampleEvents(1))).rejects.toBeInstanceOf(LogError);
    await log.close();
  });
});

describe("an append with the head the caller expects (docs/adr/0225)", () => {
  it("chains from that head when the log is still that long, and from the real tail when another writer appended", async () => {
    const path = await logWith(2);
    const mine = await openLog(path);
    const first = await mine.append(sampleEvents(1));
    const other = await openLog(path);
    await other.append(sampleEvents(3));
    await other.close();
    // Stale: the other writer's 3 lines came after it. The chain must go on after theirs.
    const second = await mine.append(sampleEvents(1), first.head);
    expect(second.first).toBe(first.head.seq + 4);
    const third = await mine.append(sampleEvents(1), second.head);
    expect(third.first).toBe(second.head.seq + 1);
    await mine.close();
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 8 });
  });

  it("still repairs a torn tail left after the expected head", async () => {
    const path = await logWith(2);
    const mine = await openLog(path);
    const first = await mine.append(sampleEvents(1));
    await appendFile(path, '{"seq":4,"half a li');
    const second = await mine.append(sampleEvents(1), first.head);
    expect(second.repaired).toBeGreaterThan(0);
    await mine.close();
    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 4 });
  });
});
