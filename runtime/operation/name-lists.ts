/**
 * Files that list the names an archiver or copier takes (docs/adr/0748): `tar -T LIST`, `--files-from=LIST`,
 * `rsync --files-from=LIST`, 7-Zip's `@LIST` operand and `-i@LIST` switch. The list is read (a name list given a
 * key prints it back line by line in its errors), and the names in it are paths nobody can see here: they may be
 * credential paths (`printf '%s\n' ~/.ssh/id_ed25519 > /tmp/l && tar czf /tmp/c.tgz -T /tmp/l`), so they stay
 * unresolved and gate as the names `xargs` reads do (ADR 0094). 7-Zip's `-i!WILDCARD` names members directly:
 * `7z a a.7z -ir!/home/dev/.aws/*` reads what the wildcard names, below it with `r`.
 *
 * Lists read from stdin (`-T -`, `zip -@`, `cpio -o`) are classify-command's stdinNames; this module skips them.
 */
import type { CommandWords } from "./command-words.ts";

/** Spellings of stdin as a list file: the stdin rule reads those. */
export const STDIN_FILES: readonly string[] = ["-", "/dev/stdin", "/proc/self/fd/0"];

export interface ListedName {
  readonly word: string;
  /** Where in the arguments the list or name was given (names below a `-C DIR` given before it). */
  readonly at: number;
  readonly kind: "list" | "names" | "member";
}

/** The list files named by these options, the unknown names they hold, and 7-Zip's include switches. */
export function listedNames(options: readonly string[], sevenZip: boolean, w: CommandWords): ListedName[] {
  const out: ListedName[] = [];
  const list = (file: string, at: number): void => {
    if (file === "" || STDIN_FILES.includes(file)) return;
    out.push({ word: file, at, kind: "list" }, { word: `$(names read from ${file})`, at, kind: "names" });
  };
  for (const o of options) (w.options.get(o) ?? []).forEach((v, i) => list(v, w.optionAt.get(o)?.[i] ?? 0));
  if (!sevenZip) return out;
  w.positionals.forEach((p, i) => {
    if (p.startsWith("@")) list(p.slice(1), w.positionalAt[i] ?? 0);
  });
  (w.options.get("-i") ?? []).forEach((v, i) => {
    const m = /^r?[-0]?([!@])(.*)$/.exec(v);
    if (m === null) return;
    const at = w.optionAt.get("-i")?.[i] ?? 0;
    if (m[1] === "@") list(m[2]!, at);
    else if (m[2] !== "") out.push({ word: m[2]!, at, kind: "member" });
  });
  return out;
}
