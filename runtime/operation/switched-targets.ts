import { ownEntry } from "../../core/index.ts";
/**
 * Pointing later commands at another target or identity (docs/adr/0511): `kubectl config use-context prod-admin`,
 * `gcloud config set project company-prod`, `az account set --subscription prod`, `terraform workspace select prod`,
 * `export AWS_PROFILE=prod`, `export DATABASE_URL=postgres://prod-db.internal/app`, `export RAILS_ENV=production`.
 * The command changes nothing itself; every later `kubectl apply`, `terraform apply` or `rails db:migrate` the
 * agent runs, judged WRITE by its own words, lands on the other cluster, account or database. A switch of who acts
 * (account, identity, credentials) or a rename (`rename-context prod-admin kind-dev`) is SECURITY whatever the name;
 * a context, project, workspace or stack when it says production or is an opaque id; a database address or an
 * application environment when it leaves the machine or says production.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Objects whose selection decides where later commands act. */
const OBJECTS = new Set([
  "context",
  "contexts",
  "workspace",
  "stack",
  "account",
  "project",
  "profile",
  "subscription",
  "configurations",
  "configuration",
  "cloud",
  "tenant",
  "org",
  "organization",
  "auth",
  "env",
  "environment",
]);
/** Verbs that select one of them for what follows (`new` and `init` select the one they make). */
const SELECTS = new Set(["select", "use", "switch", "activate", "set", "new"]);
/** Joined verbs (`kubectl config use-context`, `set-context`, `gcloud auth activate-service-account`). */
const JOINED =
  /^(?:use|set|switch|rename|select|activate)-(?:context|cluster|credentials|project|account|profile|service-account)s?$/;
/** Keys of a `config set KEY VALUE` that name the target or identity (`project`, `core/account`, `defaults.group`). */
const TARGET_KEYS =
  /(?:^|[/._-])(?:project|account|impersonate_service_account|impersonate-service-account|subscription|tenant|context|current-context|profile|cloud|org|organization)$|^defaults?\.|^(?:core|auth)\/(?:project|account|impersonate_service_account)$/i;
/** Leading words read for the subcommand. */
const LEADING = 4;

/** Switches of who acts (an account, an identity, a cloud) or disguises of a target: whatever the name. */
const IDENTITY = /account|auth|cloud|tenant|impersonate|credentials|rename/i;
/** A name that says production, or an id nobody can read as one (a subscription UUID, an account number). */
const PRODUCTION = /(?:^|[^a-z])(?:prod|production|prd|live)(?:[^a-z]|$)/i;
const OPAQUE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{6,})$/i;
function sensitive(values: readonly string[]): boolean {
  return values.some((v) => PRODUCTION.test(v) || OPAQUE.test(v));
}

/** Why the command switches later commands to another target or identity, or null. */
export function switchedTarget(cmd: SimpleCommand): string | null {
  const found = switchWord(cmd);
  if (found === null) return null;
  const { word, at } = found;
  // What it switches to: the operands and option values after the verb (`--subscription prod`, `--namespace=prod`).
  const after = cmd.args.slice(at + 1).flatMap((a) => (a.includes("=") ? [a.slice(a.indexOf("=") + 1)] : [a]));
  if (IDENTITY.test(word) || sensitive(after)) return `${cmd.program} ${word} points later commands at another target`;
  return null;
}

/** The switching verb and where it stands among the arguments, or null. */
function switchWord(cmd: SimpleCommand): { word: string; at: number } | null {
  if (cmd.program === "docker" || cmd.program === "podman") return null;
  const leading = cmd.args.map((a, at) => ({ a, at })).filter(({ a }) => !a.startsWith("-"));
  const words = leading.slice(0, LEADING);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.a.toLowerCase();
    const at = words[i]!.at;
    if (JOINED.test(w)) return { word: w, at };
    // `heroku git:remote -a app`: the git remote every later push deploys to.
    if (w === "git:remote") return { word: w, at };
    const next = words[i + 1];
    if (next === undefined) continue;
    const n = next.a.toLowerCase();
    if (OBJECTS.has(w) && SELECTS.has(n) && !(n === "set" && w !== "account" && w !== "cloud"))
      return { word: `${w} ${n}`, at: next.at };
    // `gcloud config set project x`, `az config set defaults.group=x`, `kubectl config set current-context x`.
    if (w === "config" && n === "set") {
      const key = (words[i + 2]?.a ?? "").split("=")[0]!;
      if (TARGET_KEYS.test(key))
        return { word: `config set ${key}`, at: words[i + 2]!.at - (words[i + 2]!.a.includes("=") ? 1 : 0) };
    }
  }
  return null;
}

/** Why a name matters. */
type Kind = "identity" | "database" | "environment";

/** Variables that choose the account, project, workspace or credentials later commands use. */
const NAMES: Readonly<Record<string, Kind>> = {
  AWS_PROFILE: "identity",
  AWS_DEFAULT_PROFILE: "identity",
  AWS_ROLE_ARN: "identity",
  AWS_WEB_IDENTITY_TOKEN_FILE: "identity",
  CLOUDSDK_CORE_PROJECT: "identity",
  CLOUDSDK_CORE_ACCOUNT: "identity",
  CLOUDSDK_ACTIVE_CONFIG_NAME: "identity",
  CLOUDSDK_AUTH_IMPERSONATE_SERVICE_ACCOUNT: "identity",
  CLOUDSDK_AUTH_ACCESS_TOKEN_FILE: "identity",
  GOOGLE_CLOUD_PROJECT: "identity",
  GCLOUD_PROJECT: "identity",
  GOOGLE_APPLICATION_CREDENTIALS: "identity",
  GOOGLE_IMPERSONATE_SERVICE_ACCOUNT: "identity",
  TF_WORKSPACE: "identity",
  PULUMI_STACK: "identity",
  HELM_KUBECONTEXT: "identity",
  ARM_SUBSCRIPTION_ID: "identity",
  ARM_TENANT_ID: "identity",
  ARM_CLIENT_ID: "identity",
  AZURE_SUBSCRIPTION_ID: "identity",
  AZURE_TENANT_ID: "identity",
  AZURE_CLIENT_ID: "identity",
  AZURE_DEFAULTS_GROUP: "identity",
  DIGITALOCEAN_CONTEXT: "identity",
  HEROKU_APP: "identity",
  VAULT_NAMESPACE: "identity",
  // The agent every later ssh and git push signs with.
  SSH_AUTH_SOCK: "identity",
  RAILS_ENV: "environment",
  RACK_ENV: "environment",
  APP_ENV: "environment",
  DJANGO_ENV: "environment",
  FLASK_ENV: "environment",
  ASPNETCORE_ENVIRONMENT: "environment",
  DOTNET_ENVIRONMENT: "environment",
  SPRING_PROFILES_ACTIVE: "environment",
};
/** Addresses of a database, cache or queue (`DATABASE_URL`, `PGHOST`, `PGSERVICE`, `REDIS_URL`, `MONGODB_URI`). */
const DATABASE_NAME =
  /^(?:[A-Z0-9]+_)*(?:DATABASE|DB|PG|POSTGRES|POSTGRESQL|MYSQL|MARIADB|REDIS|MONGO|MONGODB|AMQP|RABBITMQ|ELASTICSEARCH|KAFKA|CLICKHOUSE|NEO4J|MEMCACHED|CASSANDRA)_?(?:URL|URI|HOST|HOSTADDR|DSN|SERVER|ADDR|ADDRESS|SERVICE|BROKERS?)$/;
/** Variables naming credentials or an identity rather than a target: any value is another identity. */
const CREDENTIAL_NAMES = /CREDENTIALS|IMPERSONATE|ROLE_ARN|TOKEN|SSH_AUTH_SOCK|ACCOUNT|CLIENT_ID|TENANT/;
/** Hosts of this machine or of a local container network named by one word (`db`, `postgres`). */
const LOCAL_HOST = /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|[^.]+\.localhost)$/i;

/** The host a database address names: a URL's authority, or the value itself. */
function hostOf(value: string): string {
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^:/?,]*)/i.exec(value);
  const host = url !== null ? url[1]! : (value.split(/[:/]/)[0] ?? "");
  return host.replace(/^\[|\]$/g, "");
}

/** Why a variable points later commands at another target or identity, or null. */
export function targetSetting(name: string, value: string): string | null {
  const upper = name.toUpperCase();
  const v = value.trim();
  if (v === "" || v === `$${name}` || v === `\${${name}}`) return null;
  const kind = ownEntry(NAMES, upper) ?? (DATABASE_NAME.test(upper) ? "database" : null);
  if (kind === null) return null;
  if (kind === "identity")
    return CREDENTIAL_NAMES.test(upper) || PRODUCTION.test(v) || OPAQUE.test(v)
      ? `${name} switches the account, project or credentials later commands use`
      : null;
  if (kind === "environment") return PRODUCTION.test(v) ? `${name}=${v} runs later tasks against production` : null;
  // A variable reference or substitution names nothing readable here; a socket or file path is local.
  if (/^[$`]/.test(v) || v.startsWith("/")) return null;
  const host = hostOf(v);
  if (host === "" || LOCAL_HOST.test(host)) return null;
  if (PRODUCTION.test(host) || host.includes(".") || /^\d/.test(host))
    return `${name} points later database commands at ${host}`;
  return null;
}
