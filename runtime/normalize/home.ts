/**
 * `~` and `~user` expansion. The home directory is injected (tests, hooks running for another user); other
 * users' homes come from the password database. An unknown user keeps the literal word and is marked, so
 * callers fail closed instead of guessing.
 */
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";

let passwd: ReadonlyMap<string, string> | null = null;

function passwdHomes(): ReadonlyMap<string, string> {
  if (passwd !== null) return passwd;
  const homes = new Map<string, string>();
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const fields = line.split(":");
      const name = fields[0];
      const dir = fields[5];
      if (name !== undefined && name !== "" && dir !== undefined && dir !== "") homes.set(name, dir);
    }
  } catch {
    // No password database (Windows, sandboxes): every `~user` but the current one stays unknown.
  }
  passwd = homes;
  return homes;
}

function currentUser(): string | null {
  try {
    return userInfo().username;
  } catch {
    return null;
  }
}

export interface Expanded {
  readonly text: string;
  /** `~name` named a user we cannot find: the text is returned unchanged. */
  readonly unknownUser: boolean;
}

/** Expands a leading `~` or `~user` (followed by `/` or the end). Anything else is returned as is. */
export function expandTilde(word: string, home: string): Expanded {
  if (!word.startsWith("~")) return { text: word, unknownUser: false };
  const slash = word.indexOf("/");
  const name = slash === -1 ? word.slice(1) : word.slice(1, slash);
  const rest = slash === -1 ? "" : word.slice(slash);
  if (name === "") return { text: home + rest, unknownUser: false };
  if (name === currentUser()) return { text: home + rest, unknownUser: false };
  const dir = passwdHomes().get(name);
  return dir === undefined ? { text: word, unknownUser: true } : { text: dir + rest, unknownUser: false };
}
