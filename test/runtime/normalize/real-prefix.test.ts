import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { resolvePath } from "../../../runtime/normalize/index.ts";

/** Symlinks resolve through the longest existing prefix; missing, dangling, looping and file-parent paths each keep a defined form. */
const root = realpathSync(mkdtempSync(join(tmpdir(), "rulegate-real-prefix-")));
mkdirSync(join(root, "real/dir"), { recursive: true });
writeFileSync(join(root, "real/file"), "x");
symlinkSync(join(root, "real"), join(root, "link"));
symlinkSync(join(root, "nowhere"), join(root, "dangling"));
symlinkSync(join(root, "loop-b"), join(root, "loop-a"));
symlinkSync(join(root, "loop-a"), join(root, "loop-b"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const resolved = (raw: string) => resolvePath(raw, { cwd: root, home: "/home/nobody" });

describe("resolving a path against the filesystem", () => {
  test.each([
    ["an existing file through a symlinked directory", "link/file", "real/file"],
    ["a missing tail under a symlinked directory", "link/dir/new/deeper.txt", "real/dir/new/deeper.txt"],
    ["a missing file next to existing ones", "real/missing.txt", "real/missing.txt"],
    ["a dangling symlink keeps its own name", "dangling/x", "dangling/x"],
    ["a path under a regular file is kept as written", "real/file/x", "real/file/x"],
  ])("%s", (_what, raw, expected) => {
    const r = resolved(raw);
    expect(r.path).toBe(join(root, expected));
    expect(r.lexical).toBe(join(root, raw));
    expect(r.marks).toEqual([]);
  });

  test("a symlink loop is marked and keeps the lexical path", () => {
    expect(resolved("loop-a/x")).toEqual({
      path: join(root, "loop-a/x"),
      lexical: join(root, "loop-a/x"),
      marks: ["symlink-loop"],
    });
  });
});
