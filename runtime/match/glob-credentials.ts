/**
 * A path word bash did not expand, or the selection `find` hands to `-exec … {}` (`./**\/*.pyc`), names files
 * nobody can list before it runs. Against a credential list it counts when some path matches both the word and
 * a credential glob (glob-overlap.ts, docs/adr/0212): `cat .en[v]`, `cat ~/.ss[h]/id_*` and
 * `find ~/x -name '*.pem' -exec cat {} +` hit; `find . -name '*.pyc' -delete` does not.
 * - A find walk (a `**` segment in the word) is judged by the names it selects: a name glob that matches at any
 *   depth (`.env`, `*.pem`) counts for the entry itself, not for what a directory of that name may hold, as a
 *   literal `rm -rf build` is judged by `build` and not by a `.env` somewhere below it;
 * - a word whose every match ends in a suffix the list declares not secret (`!*.pub`: `cat ~/.ssh/*.pub`) is none.
 */
import { memoByObjectAndKey } from "../../core/index.ts";
import { type PathAccess, accessForms } from "../operation/index.ts";
import { globsOverlap } from "./glob-overlap.ts";
import type { CompiledList, CompiledPathGlob } from "./path-glob.ts";

/** What bash expands in a word (braces are expanded before a command runs, and the analysis splits them). */
const GLOB_CHARS = /[*?[]/;

/** Whether an access is a word nothing expanded: it still holds glob characters and no expansion of it was listed. */
export function unexpandedGlob(a: PathAccess, all: readonly PathAccess[]): boolean {
  if (!GLOB_CHARS.test(a.path)) return false;
  return !all.some(
    (b) => b !== a && b.guardedGlob !== true && b.raw !== undefined && b.raw === a.raw && !GLOB_CHARS.test(b.path),
  );
}

/** The credential glob an unexpanded word may name (as written in the list), or null. */
export function globOverlapHit(
  list: CompiledList,
  a: PathAccess,
  anchors: { home: string; cwd: string },
): string | null {
  for (const form of accessForms(a)) {
    if (!GLOB_CHARS.test(form)) continue;
    const walk = form.includes("/**/") || form.endsWith("/**");
    if (notSecret(list, form)) continue;
    const names = walk ? withLeadingDot(form) : [form];
    for (const e of list.entries) {
      if (e.negated) continue;
      const globs = absoluteGlobs(e.glob, anchors, walk);
      if (globs.some((g) => names.some((n) => globsOverlap(n, g, true)))) return `${form} (may name ${e.text})`;
    }
  }
  return null;
}

/**
 * A credential glob as absolute globs, each name at its canonical form: a `*` inside a name matches nothing
 * (`id_rsa*` → `id_rsa`, `*.pem` → `.pem`), a whole-name `*` or `**` stays. Otherwise every word would meet the
 * prefix globs (`src/*.ts` and `id_rsa*` share `id_rsa.ts`). A find walk meets a name glob by the name alone.
 */
function absoluteGlobs(g: CompiledPathGlob, anchors: { home: string; cwd: string }, walk: boolean): readonly string[] {
  return absoluteGlobsOnce(g, `${walk ? "w" : "-"}${anchors.home}\0${anchors.cwd}`);
}

/** Once per list entry and anchors: a call's every unexpanded word meets the same globs (docs/adr/0495). */
const absoluteGlobsOnce = memoByObjectAndKey((g: CompiledPathGlob, key: string): readonly string[] => {
  const [home = "", cwd = ""] = key.slice(1).split("\0");
  return absoluteGlobsOf(g, { home, cwd }, key.startsWith("w"));
});

function absoluteGlobsOf(
  g: CompiledPathGlob,
  anchors: { home: string; cwd: string },
  walk: boolean,
): readonly string[] {
  // A walk visits what a matched directory holds as entries of its own, each tested by name: the glob's first form
  // (the path itself), not its `/**` form (what a directory of that name may hold), as for names found anywhere.
  const forms = walk ? g.globs.slice(0, 1) : g.globs;
  const base = (b: string): readonly string[] =>
    g.all ? [`${b === "/" ? "" : b}/**`] : forms.map((x) => `${b === "/" ? "" : b}/${canonical(x)}`);
  switch (g.anchor) {
    case "anywhere":
      return forms.map((x) => `/${canonical(x)}`);
    case "absolute":
      return base("/");
    case "home":
      return base(anchors.home);
    case "cwd": {
      let d = anchors.cwd;
      for (let i = 0; i < g.up; i++) d = d.slice(0, Math.max(d.lastIndexOf("/"), 1));
      return base(d);
    }
  }
}

/**
 * A walk's name test matches a leading dot with its first wildcard, as find's and git's do (`-name '*env'`
 * selects `.env`; bash's `*` would not): the name is also tried with that dot written (docs/adr/0441).
 */
function withLeadingDot(form: string): readonly string[] {
  const cut = form.lastIndexOf("/") + 1;
  const name = form.slice(cut);
  if (name.startsWith("*")) return [form, `${form.slice(0, cut)}.${name}`];
  if (name.startsWith("?")) return [form, `${form.slice(0, cut)}.${name.slice(1)}`];
  return [form];
}

/** Every name the word ends in carries a suffix a negated name glob of the list exempts (`!*.pub`). */
function notSecret(list: CompiledList, form: string): boolean {
  const last = form.slice(form.lastIndexOf("/") + 1);
  return list.entries.some((e) => {
    if (!e.negated || e.glob.anchor !== "anywhere") return false;
    const m = /^\*([^*?[\]{}()/\\]+)$/.exec(e.text);
    if (m === null) return false;
    const suffix = m[1]!;
    return last.toLowerCase().endsWith(suffix.toLowerCase()) && !GLOB_CHARS.test(last.slice(-suffix.length));
  });
}

function canonical(glob: string): string {
  return glob
    .split("/")
    .map((seg) => (seg === "*" || seg === "**" ? seg : seg.replace(/\*/g, "")))
    .join("/");
}
