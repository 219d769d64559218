import { readFile, rename, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openLog, stampOf } from "../../../runtime/log/index.ts";
import {
  loadSession,
  saveSnapshot,
  snapshotAfterAppend,
  snapshotDue,
  type Folder,
} from "../../../runtime/snapshot/index.ts";
import { tempDirs } from "../log/temp.ts";

const newDir = tempDirs();

/**
 * A small order-sensitive fold standing in for the session fold: counts, a running checksum that depends
 * on the order of events, and a bounded "last types" list (like the denial history).
 */
interface Tally {
  readonly count: number;
  readonly mix: number;
  readonly last: readonly string[];
}
const tally: Folder<Tally> = {
  policyHash: "sha256:policy-a",
  initial: () => ({ count: 0, mix: 7, last: [] }),
  fold: (s, e) =>
    typeof e.type !== "string"
      ? "event without a type"
      : { count: s.count + 1, mix: (s.mix * 31 + Number(e.n ?? 0)) % 1_000_003, last: [...s.last, e.type].slice(-3) },
};

const eventArb = fc.record({ type: fc.constantFrom("a", "b", "c"), n: fc.integer({ min: 0, max: 1000 }) });

async function setup(
  batches: readonly (readonly object[])[],
): Promise<{ log: string; snap: string; heads: { seq: number; hash: string | null; end: number }[] }> {
  const dir = await newDir();
  const log = join(dir, "s.jsonl");
  const writer = await openLog(log);
  const heads = [];
  for (const batch of batches) heads.push((await writer.append(batch)).head);
  await writer.close();
  return { log, snap: join(dir, "snapshots", "s.json"), heads };
}

describe("loadSession", () => {
  it("gives the same state from a snapshot plus the tail as from a full fold (random logs, random snapshot points)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(eventArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        async (batches, pick) => {
          const { log, snap, heads } = await setup(batches);
          const full = await loadSession(log, join(log, "..", "none.json"), tally);
          const at = heads[pick % heads.length]!;
          const upTo = batches.slice(0, (pick % heads.length) + 1).flat();
          const partial = upTo.reduce<Tally>((s, e) => tally.fold(s, e) as Tally, tally.initial());
          await saveSnapshot(snap, tally, partial, at);
          const fromSnapshot = await loadSession(log, snap, tally);
          expect(fromSnapshot.source).toBe("snapshot");
          expect(fromSnapshot.folded).toBe(full.head.seq - at.seq);
          expect(fromSnapshot.state).toEqual(full.state);
          expect(fromSnapshot.head).toEqual(full.head);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("folds from the start when the snapshot belongs to another policy", async () => {
    const { log, snap, heads } = await setup([[{ type: "a", n: 1 }], [{ type: "b", n: 2 }]]);
    await saveSnapshot(snap, tally, { count: 99, mix: 0, last: [] }, heads[0]!);
    const loaded = await loadSession(log, snap, { ...tally, policyHash: "sha256:policy-b" });
    expect(loaded).toMatchObject({ source: "full", fallback: "policy-changed", state: { count: 2 } });
  });

  it.each([
    ["log-mismatch", async (log: string) => writeFile(log, (await readFile(log, "utf8")).replace('"n":1', '"n":5'))],
    ["log-shorter", async (log: string) => truncate(log, 10)],
  ] as const)("folds from the start (%s) when the log no longer holds the snapshot's line", async (reason, damage) => {
    const { log, snap, heads } = await setup([[{ type: "a", n: 1 }], [{ type: "b", n: 2 }]]);
    await saveSnapshot(snap, tally, { count: 99, mix: 0, last: [] }, heads[0]!);
    await damage(log);
    const loaded = await loadSession(log, snap, tally);
    expect(loaded.source).toBe("full");
    expect(loaded.fallback).toBe(reason);
    expect(loaded.state.count).not.toBe(100);
  });

  it("ignores a snapshot file that is not one", async () => {
    const { log, snap, heads } = await setup([[{ type: "a", n: 1 }]]);
    await saveSnapshot(snap, tally, tally.initial(), heads[0]!);
    await writeFile(snap, "{not json");
    expect(await loadSession(log, snap, tally)).toMatchObject({
      source: "full",
      fallback: "unreadable",
      state: { count: 1 },
    });
  });

  it("starts a new session from the initial state when neither log nor snapshot exist", async () => {
    const dir = await newDir();
    const loaded = await loadSession(join(dir, "new.jsonl"), join(dir, "new.json"), tally);
    expect(loaded).toMatchObject({
      source: "full",
      fallback: "missing",
      state: tally.initial(),
      head: { seq: 0 },
      log: { ok: true },
    });
  });

  it("stops at an event the fold rejects and reports its seq", async () => {
    const { log, snap } = await setup([[{ type: "a", n: 1 }, { n: 2 }, { type: "c", n: 3 }]]);
    const loaded = await loadSession(log, snap, tally);
    expect(loaded.log).toMatchObject({ ok: false, seq: 2, reason: "invalid-event" });
    expect(loaded.state.count).toBe(1);
  });

  it.each([
    [0, 199, false],
    [0, 200, true],
    [400, 599, false],
    [400, 650, true],
  ])("says a snapshot is due from base %i at seq %i: %s", (base, seq, due) => {
    expect(snapshotDue({ base }, { seq, hash: "h", end: 0 })).toBe(due);
  });
});

describe("snapshotAfterAppend", () => {
  async function hookRound(interleave: boolean): Promise<{ saved: boolean; snap: string; log: string }> {
    const { log, snap } = await setup([Array.from({ length: 5 }, (_, n) => ({ type: "a", n }))]);
    const loaded = await loadSession(log, snap, tally);
    if (interleave) {
      const other = await openLog(log);
      await other.append([{ type: "b", n: 100 }]);
      await other.close();
    }
    const mine = [{ type: "c", n: 7 }];
    const writer = await openLog(log);
    const appended = await writer.append(mine);
    await writer.close();
    const state = mine.reduce<Tally>((s, e) => tally.fold(s, e) as Tally, loaded.state);
    return { saved: await snapshotAfterAppend(snap, tally, loaded, { state, appended, every: 3 }), snap, log };
  }

  it("saves the state after this process's own append when a snapshot is due", async () => {
    const { saved, snap, log } = await hookRound(false);
    expect(saved).toBe(true);
    const again = await loadSession(log, snap, tally);
    expect(again).toMatchObject({
      source: "snapshot",
      folded: 0,
      state: (await loadSession(log, `${snap}.none`, tally)).state,
    });
  });

  it("does not save when another writer appended between the load and this append", async () => {
    const { saved } = await hookRound(true);
    expect(saved).toBe(false);
  });
});

describe("a warm state with the log's stamp (docs/adr/0225)", () => {
  async function warmAfter(batches: readonly (readonly object[])[]) {
    const { log, snap, heads } = await setup(batches);
    const full = await loadSession(log, snap, tally);
    const head = heads[heads.length - 1]!;
    const stamp = stampOf(log);
    const warm = {
      policyHash: tally.policyHash,
      seq: head.seq,
      hash: head.hash as string,
      offset: head.end,
      state: full.state,
      stamp,
    };
    return { log, snap, warm, full };
  }

  it("is used without reading the log while the log is as its append left it", async () => {
    const { log, snap, warm, full } = await warmAfter([[{ type: "a", n: 1 }], [{ type: "b", n: 2 }]]);
    const loaded = await loadSession(log, snap, tally, warm);
    expect(loaded).toMatchObject({ source: "warm", folded: 0, state: full.state, head: full.head });
  });

  it("folds another writer's append made after it", async () => {
    const { log, snap, warm } = await warmAfter([[{ type: "a", n: 1 }]]);
    const other = await openLog(log);
    await other.append([{ type: "c", n: 5 }]);
    await other.close();
    const loaded = await loadSession(log, snap, tally, warm);
    expect(loaded).toMatchObject({ source: "warm", folded: 1 });
    expect(loaded.state).toEqual((await loadSession(log, join(log, "..", "none.json"), tally)).state);
  });

  it("is not trusted when the log was replaced by one of the same size", async () => {
    const { log, snap, warm } = await warmAfter([[{ type: "a", n: 1 }]]);
    const text = await readFile(log, "utf8");
    await writeFile(`${log}.new`, text.replace('"n":1', '"n":2'));
    await rename(`${log}.new`, log);
    const loaded = await loadSession(log, snap, tally, warm);
    // The long way reads the replacement and finds its line's hash wrong.
    expect(loaded.source).not.toBe("warm");
    expect(loaded.log.ok).toBe(false);
  });
});
