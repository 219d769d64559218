import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openLog, verifyLog } from "../../../runtime/log/index.ts";
import { tempDirs } from "./temp.ts";

const newDir = tempDirs();
const worker = fileURLToPath(new URL("./append-worker.ts", import.meta.url));

function run(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("parallel writers", () => {
  it("lose no event and keep one valid chain when 4 processes append 50 batches each", async () => {
    const path = join(await newDir(), "shared.jsonl");
    const writers = ["w1", "w2", "w3", "w4"];
    const results = await Promise.all(writers.map((w) => run([path, w, "50"])));
    expect(results.map((r) => r.stderr)).toEqual(writers.map(() => ""));
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);

    expect(await verifyLog(path)).toMatchObject({ ok: true, count: 4 * 50 * 3 });
    const events = (await readFile(path, "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { session: string; batch: number; k: number });
    const keys = events.map((e) => `${e.session}/${e.batch}/${e.k}`);
    expect(new Set(keys).size).toBe(600);
    // A batch is written under one lock hold, so its three events stay adjacent and in order.
    for (let i = 0; i < events.length; i += 3) {
      expect(events.slice(i, i + 3).map((e) => `${e.session}/${e.batch}/${e.k}`)).toEqual(
        [0, 1, 2].map((k) => `${events[i]?.session}/${events[i]?.batch}/${k}`),
      );
    }
  }, 120_000);

  it("keeps concurrent appends of one writer in call order", async () => {
    const path = join(await newDir(), "one.jsonl");
    const log = await openLog(path);
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.append([{ type: "t", i }])));
    await log.close();
    const order = (await readFile(path, "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => (JSON.parse(l) as { i: number }).i);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
