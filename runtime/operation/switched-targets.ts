import { ownEntry } from "../../core/index.ts";
/**
 * Pointing later commands at another target or identity (docs/adr/0511): `kubectl config use-context prod-admin`,
 * `gcloud config set project company-prod`, `az account set --subscription prod`, `terraform workspace select prod`,
 * `export AWS_PROFILE=prod`, `export DATABASE_URL=postgres://prod-db.internal/app`, `export RAILS_ENV=production`.
 * The command changes nothing itself; every later `kubectl apply`, `terraform apply` or `rails db:migrate` the
 * agent runs, judged WRITE by its own words, lands on the other cluster, account or database. A switch of context,
 * project, account, subscription, workspace or stack is SECURITY whatever its name (names disguise: `kubectl config
 * rename-context prod-admin kind-dev`); a database address or an application environment only when it leaves the
 * machine or says production.
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

/** Why the command switches later commands to another target or identity, or null. */
export function switchedTarget(cmd: SimpleCommand): string | null {
  const words = cmd.args.filter((a) => !a.startsWith("-")).slice(0, LEADING);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.toLowerCase();
    if (JOINED.test(w)) return `${cmd.program} ${w} points later commands at another target`;
    // `heroku git:remote -a app`: the git remote every later push deploys to.
    if (w === "git:remote") return `${cmd.program} ${w} points later pushes at another app`;
    const next = words[i + 1]?.toLowerCase();
    if (next === undefined) continue;
    if (OBJECTS.has(w) && SELECTS.has(next) && !(next === "set" && w !== "account" && w !== "cloud"))
      return `${cmd.program} ${w} ${next} points later commands at another ${w}`;
    // `gcloud config set project x`, `az config set defaults.group=x`, `kubectl config set current-context x`.
    if (w === "config" && next === "set") {
      const key = (words[i + 2] ?? "").split("=")[0]!;
      if (TARGET_KEYS.test(key)) return `${cmd.program} config set ${key} points later commands at another target`;
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
/** A name that says production. */
const PRODUCTION = /(?:^|[^a-z])(?:prod|production|prd|live)(?:[^a-z]|$)/i;
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
  if (kind === "identity") return `${name} switches the account, project or credentials later commands use`;
  if (kind === "environment") return PRODUCTION.test(v) ? `${name}=${v} runs later tasks against production` : null;
  // A variable reference or substitution names nothing readable here; a socket or file path is local.
  if (/^[$`]/.test(v) || v.startsWith("/")) return null;
  const host = hostOf(v);
  if (host === "" || LOCAL_HOST.test(host)) return null;
  if (PRODUCTION.test(host) || host.includes(".") || /^\d/.test(host))
    return `${name} points later database commands at ${host}`;
  return null;
}
