/**
 * $RULEGATE_HOME/serve.json (README.md): `{url, token, pid}`, mode 0600, a credential path for every tool call.
 * The token outlives a run (ADR 0181): the HTTP hook settings carry it, so a restart reuses it, and a stopped
 * server leaves the file with `pid: null`. A live pid in the file means another server owns the home.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface ServeFile {
  readonly url: string | null;
  readonly token: string;
  readonly pid: number | null;
}

export function serveFilePath(rulegateHome: string): string {
  return join(rulegateHome, "serve.json");
}

export function readServeFile(rulegateHome: string): ServeFile | null {
  try {
    const json = JSON.parse(readFileSync(serveFilePath(rulegateHome), "utf8")) as Partial<ServeFile>;
    if (typeof json.token !== "string" || json.token.length < 32) return null;
    return {
      url: typeof json.url === "string" ? json.url : null,
      token: json.token,
      pid: typeof json.pid === "number" ? json.pid : null,
    };
  } catch {
    return null;
  }
}

export function writeServeFile(rulegateHome: string, file: ServeFile): void {
  mkdirSync(rulegateHome, { recursive: true, mode: 0o700 });
  const path = serveFilePath(rulegateHome);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token of this home: the one in serve.json, or a new one written there (pid and url null). */
export function ensureToken(rulegateHome: string): string {
  const existing = readServeFile(rulegateHome);
  if (existing !== null) return existing.token;
  const token = newToken();
  writeServeFile(rulegateHome, { url: null, token, pid: null });
  return token;
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
