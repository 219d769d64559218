/**
 * git config given through the environment (docs/adr/0291): `GIT_CONFIG_COUNT=n` with `GIT_CONFIG_KEY_i` /
 * `GIT_CONFIG_VALUE_i`, and `GIT_CONFIG_PARAMETERS` (`'key'='value'` pairs, as git passes `-c` to its children).
 * git reads them as it reads `git -c key=value`, so they are judged the same way: a key whose value git runs as a
 * command line is code. Every numbered pair counts, whatever the count says (a lower count is no promise the
 * command keeps: the value is set and may be read by a later git), and a value that cannot be read is code unknown.
 */
import type { Assignment } from "./walk.ts";
import type { Word } from "./words.ts";

const NUMBERED = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/;
/** One `'key'='value'` or `'key'` entry of GIT_CONFIG_PARAMETERS (single-quoted as git writes it). */
const PARAMETER = /'([^']*)'(?:='((?:[^']|'\\'')*)')?/g;

/** The config pairs in these assignments, keys lower-cased, each with the assignment its value came from. */
function pairs<A>(assignments: readonly A[], text: (a: A) => { name: string; value: string }) {
  const keys = new Map<string, string>();
  const values = new Map<string, A>();
  const out: { key: string; value: string; from: A }[] = [];
  for (const a of assignments) {
    const { name, value } = text(a);
    const m = NUMBERED.exec(name);
    if (m !== null) {
      if (m[1] === "KEY") keys.set(m[2]!, value);
      else values.set(m[2]!, a);
    } else if (name === "GIT_CONFIG_PARAMETERS") {
      for (const p of value.matchAll(PARAMETER)) {
        const inline = /^([^=]+)=(.*)$/.exec(p[1]!);
        const key = (inline?.[1] ?? p[1]!).toLowerCase();
        out.push({ key, value: p[2] !== undefined ? p[2].replace(/'\\''/g, "'") : (inline?.[2] ?? ""), from: a });
      }
    }
  }
  for (const [n, key] of keys) {
    const from = values.get(n);
    if (from !== undefined) out.push({ key: key.toLowerCase(), value: text(from).value, from });
  }
  return out;
}

export function gitEnvConfig(assignments: readonly Assignment[]): { key: string; value: Word }[] {
  return pairs(assignments, (a) => ({ name: a.name, value: a.value.value })).map((p) => ({
    key: p.key,
    value: { ...p.from.value, value: p.value },
  }));
}

/** The same pairs from a recorded command's assignments (plain text), for the program knowledge. */
export function gitEnvSettings(
  assignments: readonly { readonly name: string; readonly value: string }[],
): { key: string; value: string }[] {
  return pairs(assignments, (a) => a).map(({ key, value }) => ({ key, value }));
}
