import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadWithCodeCache } from "../../cli/code-cache.ts";

/** The hook's loader (dist/hook.mjs runs dist/hook-main.cjs through it): V8's code cache in rulegate's own directory. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function bundle(source: string): { file: string; cache: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "rg-code-cache-"));
  dirs.push(dir);
  const file = join(dir, "main.cjs");
  writeFileSync(file, source);
  return { file, cache: join(dir, "cache", "hook-v1.v8cache"), dir };
}

const SOURCE = `const path = require("node:path");
exports.answer = function answer(x) { return path.basename(__filename) + ":" + (x * 2); };
module.exports.dir = __dirname;`;

describe("loading a CommonJS bundle through V8's code cache", () => {
  it("runs the bundle with require, __filename and __dirname, then writes its cache; the next load uses it", () => {
    const { file, cache, dir } = bundle(SOURCE);
    const first = loadWithCodeCache(file, cache);
    expect((first.exports["answer"] as (x: number) => string)(21)).toBe("main.cjs:42");
    expect(first.exports["dir"]).toBe(dir);
    expect(first.fromCache).toBe(false);
    first.save();
    expect(existsSync(cache)).toBe(true);
    const second = loadWithCodeCache(file, cache);
    expect(second.fromCache).toBe(true);
    expect((second.exports["answer"] as (x: number) => string)(1)).toBe("main.cjs:2");
  });

  it("ignores a damaged cache, runs the bundle as usual and writes a good one", () => {
    const { file, cache } = bundle(SOURCE);
    mkdirSync(join(cache, ".."), { recursive: true });
    writeFileSync(cache, Buffer.from("not a code cache at all"));
    const loaded = loadWithCodeCache(file, cache);
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports["answer"] as (x: number) => string)(2)).toBe("main.cjs:4");
    loaded.save();
    expect(loadWithCodeCache(file, cache).fromCache).toBe(true);
  });

  it("removes the caches of other builds when it writes a new one", () => {
    const { file, cache } = bundle(SOURCE);
    const older = join(cache, "..", "hook-v0.v8cache");
    const unrelated = join(cache, "..", "policy-abc.json");
    mkdirSync(join(cache, ".."), { recursive: true });
    writeFileSync(older, "x");
    writeFileSync(unrelated, "{}");
    loadWithCodeCache(file, cache).save();
    expect(readdirSync(join(cache, "..")).sort()).toEqual(["hook-v1.v8cache", "policy-abc.json"]);
  });

  it("still runs when the cache directory is a file", () => {
    const { file, dir } = bundle(SOURCE);
    writeFileSync(join(dir, "cache"), "in the way");
    const loaded = loadWithCodeCache(file, join(dir, "cache", "hook-v1.v8cache"));
    expect(() => loaded.save()).not.toThrow();
    expect(loaded.exports["dir"]).toBe(dir);
  });
});
