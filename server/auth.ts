/**
 * Who may talk to the server (README.md, ADR 0181). The agent runs as the same user and reaches loopback, so
 * every endpoint needs a secret it cannot read: the bearer token of serve.json (a credential path for every
 * tool call), or the UI's cookie, which only a browser that opened the one-time link holds. The Host header
 * must name the loopback address, so a web page cannot reach the server through DNS rebinding.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export interface Auth {
  readonly token: string;
  /** A new one-time code for `/login?once=…`; each works once. */
  loginCode(): string;
  /** Spends a one-time code; returns the cookie value of a UI session, or null. */
  login(code: string): string | null;
  allowed(headers: Readonly<Record<string, string | string[] | undefined>>): boolean;
  /** Only the browser that opened the one-time link: for what reads files the user names (the what-if). */
  uiSession(headers: Readonly<Record<string, string | string[] | undefined>>): boolean;
  hostAllowed(host: string | undefined, port: number): boolean;
}

export const UI_COOKIE = "rulegate_ui";

export function createAuth(token: string): Auth {
  const codes = new Set<string>();
  const uiSessions = new Set<string>();
  const uiSession = (headers: Readonly<Record<string, string | string[] | undefined>>) => {
    const cookie = cookieValue(headers["cookie"], UI_COOKIE);
    return cookie !== null && [...uiSessions].some((s) => same(cookie, s));
  };
  return {
    token,
    loginCode() {
      const code = randomBytes(24).toString("base64url");
      codes.add(code);
      return code;
    },
    login(code) {
      if (!codes.delete(code)) return null;
      const cookie = randomBytes(32).toString("base64url");
      uiSessions.add(cookie);
      return cookie;
    },
    allowed(headers) {
      const auth = headers["authorization"];
      if (typeof auth === "string" && auth.startsWith("Bearer ") && same(auth.slice(7).trim(), token)) return true;
      return uiSession(headers);
    },
    uiSession,
    hostAllowed(host, port) {
      if (host === undefined) return false;
      return ["127.0.0.1", "localhost", "[::1]"].some((h) => host === `${h}:${port}`);
    },
  };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(header: string | string[] | undefined, name: string): string | null {
  const text = Array.isArray(header) ? header.join("; ") : (header ?? "");
  for (const part of text.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}
