/**
 * A program's command word as the program itself resolves it (docs/adr/0521): npm runs `npm pub` as `npm publish`,
 * so a table written for the full names must see the full name. A word that is no command, no alias and no unique
 * prefix of one stays as written.
 */
import { ownEntry } from "../../core/index.ts";
import type { CommandSpelling } from "./knowledge/types.ts";

export function resolveCommand(word: string, spelling: CommandSpelling): string {
  const kebab = spelling.camelCase === true ? word.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`) : word;
  const known = [...spelling.commands, ...Object.keys(spelling.aliases)];
  const found = known.includes(kebab) ? kebab : uniquePrefix(kebab, known);
  if (found === undefined) return word;
  let name: string = found;
  // Aliases lead to commands, never to another alias in npm's table; the bound keeps a bad table from looping.
  for (let hops = 0; hops < 4; hops++) {
    const next: string | undefined = ownEntry(spelling.aliases, name);
    if (next === undefined) break;
    name = next;
  }
  return name;
}

function uniquePrefix(word: string, known: readonly string[]): string | undefined {
  if (word === "") return undefined;
  const matches = known.filter((k) => k.startsWith(word));
  return matches.length === 1 ? matches[0] : undefined;
}
