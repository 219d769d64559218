/**
 * webfetch specs (docs/adr/0092): `domain:example.com` is that host and its subdomains, case-insensitive,
 * compared label by label (so `evilexample.com` is not `example.com`); `domain:*.example.com` is the
 * subdomains only; `domain:*` is every host. A URL glob is a `*`-only text glob; to allow, the URL must parse
 * and its host must match the glob's authority part, so a `*` there cannot reach into the path
 * (`https://*.example.com/*` does not allow `https://evil.com/#.example.com/`).
 */
import { domainToASCII } from "node:url";
import { starGlob, type TextMatcher } from "../../core/index.ts";

export type HostMatcher = (host: string) => boolean;

export function compileDomain(domain: string): HostMatcher {
  const d = domain.trim().toLowerCase().replace(/\.$/, "");
  if (d === "*" || d === "") return d === "*" ? () => true : () => false;
  if (d.startsWith("*.") && !d.slice(2).includes("*")) {
    const suffix = `.${asciiHost(d.slice(2))}`;
    return (host) => host.endsWith(suffix);
  }
  if (d.includes("*")) return starGlob(d, false, { lowerCase: true });
  const exact = asciiHost(d);
  const suffix = `.${exact}`;
  return (host) => host === exact || host.endsWith(suffix);
}

/** Lower-case ASCII (punycode) host without a trailing dot: how URL parsing spells it. */
export function asciiHost(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (/^[\x00-\x7f]*$/.test(h)) return h;
  return domainToASCII(h) || h;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `git@github.com:org/repo.git`, `host:path` (scp syntax). */
const SCP = /^(?:[^@/\s]+@)?([^:/\s[\]]+):/;

/** The host a URL or a remote target names (`https://x/y`, `github.com`, `git@github.com:a/b`), or null. */
export function hostOf(target: string): string | null {
  const s = target.trim();
  if (s === "") return null;
  if (SCHEME.test(s)) return parsedHost(s);
  const scp = SCP.exec(s);
  if (scp?.[1] !== undefined && !/^\d+$/.test(s.slice(scp[0].length).split("/")[0] ?? "")) return asciiHost(scp[1]);
  return parsedHost(`http://${s}`);
}

function parsedHost(s: string): string | null {
  const u = parseUrl(s);
  return u === null || u.hostname === "" ? null : asciiHost(u.hostname);
}

export function parseUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

export interface CompiledUrlGlob {
  readonly text: TextMatcher;
  /** The glob's authority (`*.example.com`, `example.com:8080`) when it names a scheme; matched against url.host. */
  readonly authority: TextMatcher | null;
}

export function compileUrlGlob(glob: string): CompiledUrlGlob {
  const scheme = glob.indexOf("://");
  if (scheme === -1) return { text: starGlob(glob), authority: null };
  const rest = glob.slice(scheme + 3);
  const end = rest.search(/[/?#]/);
  const authority = (end === -1 ? rest : rest.slice(0, end)).replace(/^[^@]*@/, "");
  return { text: starGlob(glob), authority: starGlob(authority, false, { lowerCase: true }) };
}

/** Deny side: the glob matches the URL as written or as parsed. */
export function urlHits(c: CompiledUrlGlob, raw: string): boolean {
  if (c.text(raw)) return true;
  const u = parseUrl(raw);
  return u !== null && c.text(u.href);
}

/** Allow side: the URL parses, the glob matches it, and the parsed host matches the glob's authority. */
export function urlAllows(c: CompiledUrlGlob, raw: string): boolean {
  const u = parseUrl(raw);
  if (u === null) return false;
  if (!c.text(u.href) && !c.text(raw)) return false;
  return c.authority === null || c.authority(u.host);
}
