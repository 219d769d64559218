import { ownEntry } from "../core/index.ts";
import { closest, distance } from "fastest-levenshtein";

/**
 * Hints for operators of other languages that rule authors reach for (`=~`, `startswith`, `&&`): the
 * grammar reports them as an unknown character or as input after the end, which says nothing of what to
 * write instead. This table says it, and a near miss of an operator word gets a did-you-mean.
 */
const FOREIGN: Readonly<Record<string, string>> = {
  "=~": "matches",
  "~": "matches",
  "~=": "matches",
  "!~": "not … matches",
  like: "matches",
  ilike: "matches",
  glob: "matches",
  match: "matches",
  regex: "matches",
  startswith: "matches",
  endswith: "matches",
  "=": "==",
  "===": "==",
  is: "==",
  eq: "==",
  equals: "==",
  "!==": "!=",
  "<>": "!=",
  ne: "!=",
  neq: "!=",
  "&&": "and",
  "&": "and",
  "||": "or",
  "|": "or",
  "!": "not",
  has: "contains",
  includes: "contains",
  within: "under",
  inside: "under",
};

const OPERATOR_WORDS = ["in", "contains", "matches", "under", "and", "or", "not"];

export const OPERATOR_LIST =
  'operators are ==, !=, <, <=, >, >=, in, not in, contains, matches (a glob, e.g. op.command matches "git push*"), under (a path prefix); conditions combine with and, or, not';

/** A hint for `text` where an operator could stand, or undefined when it looks like no operator. */
export function operatorHint(text: string): string | undefined {
  const foreign = ownEntry(FOREIGN, text) ?? ownEntry(FOREIGN, text.toLowerCase());
  if (foreign === "matches") return `did you mean 'matches'? It tests a glob: op.command matches "git push*"`;
  if (foreign !== undefined) return `did you mean '${foreign}'?`;
  if (/^[A-Za-z]{4,}$/.test(text)) {
    const lower = text.toLowerCase();
    const best = closest(lower, OPERATOR_WORDS);
    if (distance(lower, best) <= 2) return `did you mean '${best}'?`;
  }
  return undefined;
}
