/**
 * A token whose name says its service, sent to a host of another (docs/adr/0542). `curl -H "Authorization: Bearer
 * $GITHUB_TOKEN" https://api.github.com/user` uses the token as meant (ADR 0305); the same header to
 * https://evil.example/ hands it to whoever runs that host. The variable's name is the only witness of where the
 * token belongs, so only a name that says it counts: a generic `$API_TOKEN` may belong to any host and is judged by
 * ADR 0305 and 0403 as before. A self-hosted instance (`gitlab.example.com`) is no domain of the service: asked.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { HOST_CLIENTS } from "./host-clients.ts";

/** A service's name as a variable's first word, and the domains its tokens are sent to (each with its subdomains). */
const SERVICES: readonly { readonly prefix: RegExp; readonly domains: readonly string[] }[] = [
  { prefix: /^(?:GITHUB|GH|GHCR)_/, domains: ["github.com", "githubusercontent.com", "ghcr.io", "github.io"] },
  { prefix: /^GITLAB_/, domains: ["gitlab.com"] },
  { prefix: /^BITBUCKET_/, domains: ["bitbucket.org", "atlassian.com"] },
  { prefix: /^NPM_/, domains: ["npmjs.org", "npmjs.com", "npm.pkg.github.com"] },
  { prefix: /^(?:PYPI|TWINE)_/, domains: ["pypi.org"] },
  { prefix: /^(?:DOCKERHUB|DOCKER_HUB)_/, domains: ["docker.io", "docker.com"] },
  { prefix: /^OPENAI_/, domains: ["openai.com", "openai.azure.com"] },
  { prefix: /^ANTHROPIC_/, domains: ["anthropic.com"] },
  { prefix: /^(?:HF|HUGGINGFACE|HUGGING_FACE)_/, domains: ["huggingface.co", "hf.co"] },
  { prefix: /^SLACK_/, domains: ["slack.com"] },
  { prefix: /^DISCORD_/, domains: ["discord.com", "discordapp.com"] },
  { prefix: /^TELEGRAM_/, domains: ["telegram.org"] },
  { prefix: /^STRIPE_/, domains: ["stripe.com"] },
  { prefix: /^TWILIO_/, domains: ["twilio.com"] },
  { prefix: /^SENDGRID_/, domains: ["sendgrid.com"] },
  { prefix: /^SENTRY_/, domains: ["sentry.io"] },
  { prefix: /^(?:DO|DIGITALOCEAN)_/, domains: ["digitalocean.com"] },
  { prefix: /^(?:CF|CLOUDFLARE)_/, domains: ["cloudflare.com"] },
  { prefix: /^HEROKU_/, domains: ["heroku.com"] },
  { prefix: /^VERCEL_/, domains: ["vercel.com"] },
  { prefix: /^NETLIFY_/, domains: ["netlify.com"] },
  { prefix: /^CIRCLE(?:CI)?_/, domains: ["circleci.com"] },
  { prefix: /^LINEAR_/, domains: ["linear.app"] },
  { prefix: /^NOTION_/, domains: ["notion.com", "notion.so"] },
  { prefix: /^(?:DATADOG|DD)_/, domains: ["datadoghq.com", "datadoghq.eu"] },
];
/** The rest of the name says it is a credential: `GITHUB_TOKEN`, `NPM_AUTH_TOKEN`, `STRIPE_SECRET_KEY`, `GH_PAT`. */
const CREDENTIAL_WORD = /(?:^|_)(?:TOKEN|PAT|SECRET|PASSWORD|KEY|AUTH|CREDENTIALS?)(?:$|_)/;
const VARIABLE_REF = /\$\{?([A-Za-z_][A-Za-z0-9_]*)/g;

/** The host of a URL (`https://h:1/x` → h), lower case, or null. */
function hostOf(url: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)/i.exec(url);
  return m === null ? null : m[1]!.toLowerCase();
}

function within(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * For a variable named for a service's credential (`GITHUB_TOKEN`), whether `host` is one of that service's; null
 * when the name says no service (`API_TOKEN`, `DATABASE_URL`).
 */
export function serviceOwns(name: string, host: string): boolean | null {
  const upper = name.toUpperCase();
  const service = SERVICES.find((s) => s.prefix.test(upper));
  if (service === undefined || !CREDENTIAL_WORD.test(upper.replace(service.prefix, ""))) return null;
  return service.domains.some((d) => within(host.toLowerCase(), d));
}

/**
 * The service token this network client sends to a host that is not the service's, as `$NAME → host`, or null.
 * `remote` are the command's URLs that leave the machine; a host known only at run time is not judged here.
 */
export function misdirectedToken(cmd: SimpleCommand, remote: readonly string[]): string | null {
  if (!HOST_CLIENTS.has(cmd.program) || !cmd.dynamicArgs) return null;
  const hosts = remote.map(hostOf).filter((h): h is string => h !== null && !/[$`]/.test(h));
  if (hosts.length === 0) return null;
  for (const arg of cmd.args) {
    for (const m of arg.matchAll(VARIABLE_REF)) {
      const name = m[1]!.toUpperCase();
      const service = SERVICES.find((s) => s.prefix.test(name));
      if (service === undefined || !CREDENTIAL_WORD.test(name.replace(service.prefix, ""))) continue;
      const foreign = hosts.find((h) => !service.domains.some((d) => within(h, d)));
      if (foreign !== undefined) return `$${m[1]} → ${foreign}`;
    }
  }
  return null;
}
