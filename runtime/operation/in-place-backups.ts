/**
 * perl's and ruby's in-place backup (docs/adr/0785): `perl -i.bak -pe … f` keeps the original of f as `f.bak`, and
 * `perl -i'dir/*' …` as `dir/f`, each `*` replaced by the file's name as given. The original is moved there, so
 * the backup name is a path written (and replaced), wherever it points: `-i'/home/dev/.bash*' … rc` writes
 * `~/.bashrc`, `-i'.git/hooks/*' … pre-commit` plants a hook.
 */

/**
 * Switches that take no value and may come before `i` in one cluster (`-pi.bak`, `-lpi.orig`, `-0777pi`); a
 * letter that takes a value (`-I`, `-M`, `-e`, ...) would swallow the rest of the word instead.
 */
const IN_PLACE = /^-[acnpsStTuUvwWl0-9]*i(.+)$/;

/** The backup names of the operands, or none when no `-i` carries a suffix. */
export function backupNames(args: readonly string[], operands: readonly string[]): string[] {
  let suffix: string | null = null;
  for (const a of args) {
    if (a === "--") break;
    const m = IN_PLACE.exec(a);
    if (m !== null) suffix = m[1]!;
  }
  if (suffix === null) return [];
  const spec = suffix;
  return operands.filter((f) => f !== "-").map((f) => (spec.includes("*") ? spec.replaceAll("*", f) : `${f}${spec}`));
}
