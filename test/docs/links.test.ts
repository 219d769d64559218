/**
 * Every relative link in README.md and docs/**\/*.md resolves inside the repository: the file exists, and a
 * `#anchor` into a Markdown file names one of its headings (GitHub's slugs). A user reads these pages without
 * the lead's workspace, so a link out of the repository (../shared/SPEC.md) is as broken as a missing file.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(".");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
  );
}

/** The text outside fenced code blocks and inline code spans, where a `](…)` is a link. */
function prose(text: string): string {
  return unfenced(text).replace(/`[^`\n]*`/g, "");
}

/** The text outside fenced code blocks. */
function unfenced(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** GitHub's heading anchors: lower case, punctuation (backticks too) dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of unfenced(markdown).split("\n")) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h === null) continue;
    const text = (h[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

export function brokenLinks(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const problems: string[] = [];
  for (const m of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [path, anchor] = target.split("#", 2) as [string, string | undefined];
    const where = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
    const rel = relative(ROOT, where);
    const show = `${relative(ROOT, file)}: (${target})`;
    if (rel.startsWith(`..${sep}`) || rel === "..") {
      problems.push(`${show} leaves the repository`);
      continue;
    }
    if (!existsSync(where)) {
      problems.push(`${show} does not exist`);
      continue;
    }
    if (anchor !== undefined && anchor !== "" && where.endsWith(".md") && statSync(where).isFile()) {
      if (!anchors(readFileSync(where, "utf8")).has(anchor.toLowerCase()))
        problems.push(`${show} names no heading of ${rel}`);
    }
  }
  return problems;
}

describe("links in README.md and docs/", () => {
  it("every relative link resolves to a file in the repository, and every #anchor to a heading", () => {
    const files = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("catches a missing file, a link out of the repository and an unknown anchor", () => {
    expect(anchors("## Safety levels (`op.level`)\n## Verify by hand\n## Verify by hand\n")).toEqual(
      new Set(["safety-levels-oplevel", "verify-by-hand", "verify-by-hand-1"]),
    );
    const dir = join(ROOT, "docs", "reference");
    const probe = join(dir, "__probe__.md");
    writeFileSync(
      probe,
      "[a](nope.md) [b](../../../shared/SPEC.md) [c](paths.md#no-such-heading) [d](paths.md#path-globs) `[e](x.md)`\n",
    );
    try {
      expect(brokenLinks(probe)).toEqual([
        "docs/reference/__probe__.md: (nope.md) does not exist",
        "docs/reference/__probe__.md: (../../../shared/SPEC.md) leaves the repository",
        "docs/reference/__probe__.md: (paths.md#no-such-heading) names no heading of docs/reference/paths.md",
      ]);
    } finally {
      rmSync(probe);
    }
  });
});
