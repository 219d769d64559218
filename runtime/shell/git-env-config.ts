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

export function gitEnvConfig(assignments: readonly Assignment[]): { key: string; value: Word }[] {
  const keys = new Map<string, Word>();
  const values = new Map<string, Word>();
  const out: { key: string; value: Word }[] = [];
  for (const a of assignments) {
    const m = NUMBERED.exec(a.name);
    if (m !== null) (m[1] === "KEY" ? keys : values).set(m[2]!, a.value);
    else if (a.name === "GIT_CONFIG_PARAMETERS") {
      for (const p of a.value.value.matchAll(PARAMETER)) {
        const inline = /^([^=]+)=(.*)$/.exec(p[1]!);
        const key = (inline?.[1] ?? p[1]!).toLowerCase();
        const value = p[2] !== undefined ? p[2].replace(/'\\''/g, "'") : (inline?.[2] ?? "");
        out.push({ key, value: { ...a.value, value } });
      }
    }
  }
  for (const [n, key] of keys) {
    const value = values.get(n);
    if (value !== undefined) out.push({ key: key.value.toLowerCase(), value });
  }
  return out;
}
