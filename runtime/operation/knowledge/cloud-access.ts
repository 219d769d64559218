/**
 * Who may reach a cloud account's resources, and what its CLIs are told to trust (docs/adr/0390), as classes the
 * cloud table (cloud.ts) applies to every CLI it knows rather than per command:
 * - a password, secret, token or key put in place by an option (`--master-user-password`, `--public-key-material`,
 *   `--admin-password`, `--ssh-key-value`): whoever chose the value logs in;
 * - a rule open to every address (`0.0.0.0/0`, `::/0`, a source of `*`/`Internet`/`Any`);
 * - verbs that take access or wiring away (detach, revoke, disassociate, release): an outage like a delete;
 * - a batch or transaction of writes whose items are not read here: it may hold deletes;
 * - CLI settings that switch prompts off or send traffic through another endpoint, proxy or certificate store;
 * - a PaaS's stored variables printed (`railway variables`, `eb printenv`, `dokku config:show`).
 */
import { EXPOSE } from "./publication.ts";
import { fx, type Program, type Rule } from "./types.ts";

/** A credential set or replaced: whoever chose it can log in, or it replaces what the owner logs in with. */
export const CREDENTIAL_SET = fx("SECURITY", ["write_external"], "cloud", "credentials", "permissions");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud");
/** A CLI told to stop asking, or to talk through an endpoint, proxy or CA it did not use before. */
const CLI_SETTING = fx("SECURITY", ["write_local"], "cloud", "config", "env-redirect");
const SECRETS_PRINTED = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");

/**
 * Options whose value is a credential: `--password`, `--master-user-password`, `--admin-password`,
 * `--new-password`, `--secret-string`, `--auth-token`, `--public-key-material`, `--ssh-public-key-body`,
 * `--ssh-key-value(s)`, `--private-key`, `--certificate-body`, `--key-material`. Not `--manage-master-user-password`
 * (the service keeps the secret) nor `--no-…` nor an id naming a secret (`--secret-id`).
 */
export const CREDENTIAL_OPTION =
  /^--(?!manage-|no-)(?:[\w-]*-)?(?:password|passwd|secret-string|secret-binary|secret-value|client-secret|auth-token|public-key(?:-material|-body|-file|-from-file)?|ssh-public-keys?(?:-body)?|ssh-key-values?|ssh-keys?|private-key|key-material|certificate-body|certificate-chain)(?:=|$)/i;
/** Instance metadata that installs login keys (`--metadata ssh-keys=…`, `--metadata-from-file ssh-keys=key.pub`). */
const SSH_KEYS_METADATA = /^(?:[\w-]+=[^,]*,)*(?:ssh-keys|sshKeys|block-project-ssh-keys)=/;
/** Every address on the internet, in a CIDR or as a cloud's word for it. */
const ANY_ADDRESS = /(?:^|[=:,[{"'\s])(?:0\.0\.0\.0\/0|::\/0)(?:$|[,\]}"'\s])/;
/** Switches that make a resource public, as `--x` or `--x=true` (valued ones are ACCESS_RULES' `option`s). */
const PUBLIC_SWITCH =
  /^--(?:publicly-accessible|allow-unauthenticated|enable-public-ip|associate-public-ip-address)(?:=(?:true|yes|1))?$|(?:^|,)assignPublicIp=ENABLED\b/i;
const ANY_SOURCE = ["*", "Internet", "Any", "0.0.0.0", "0.0.0.0/0"];

/** aws operation prefixes that take access, wiring or an address away, or drop work in progress. */
export const AWS_TAKE_AWAY = [
  "detach-",
  "revoke-",
  "disassociate-",
  "unassign-",
  "release-",
  "deprovision-",
  "abort-",
  // A batch or a transaction of item writes: DeleteRequest/Delete items sit in a file nobody reads here.
  "batch-write",
  "transact-write",
];
/** Request items known here that hold no delete (`--request-items '{"t":[{"PutRequest":…}]}'`). */
const NO_DELETE_ITEMS = /^(?![\s\S]*\bDelete(?:Request)?\b)\s*[[{]/;
/** The same take-away verbs as gcloud, az and the others spell them: `remove-iam-policy-binding`, `detach-disk`. */
export const TAKE_AWAY_PREFIXES = ["remove-", "detach-", "revoke-", "disassociate-", "unassign-", "release-"];

/**
 * CLI setting keys that switch confirmation prompts off, turn certificate checks off or replace the CA, or send
 * the CLI's calls (and its tokens) through another endpoint or proxy: az `core.disable_confirmation_prompt`,
 * `extension.use_dynamic_install` / `extension.index_url`, gcloud `core/disable_prompts`, `proxy/*`,
 * `api_endpoint_overrides/*`, `auth/disable_ssl_validation`, `core/custom_ca_certs_file`, `auth/token_host`, aws
 * `ca_bundle`, `endpoint_url`, `cli_pager`.
 */
export const CLI_SETTING_KEY =
  /(?:^|[./_])(?:disable_(?:confirmation_)?prompts?|(?:disable_)?ssl_validation|ssl_verify|verify_ssl|insecure|custom_ca_certs_file|ca_?bundle|ca_?cert\w*|proxy(?:[/_.]\w+)?|api_endpoint_overrides(?:\/\w+)?|endpoint(?:_url)?|token_host|index_url|use_dynamic_install|cli_pager|pager|editor|browser)(?:=|$|[/.])/i;

/** The options ACCESS_RULES read the value of: the CLIs that use them take the next word as that value. */
export const ACCESS_VALUES = [
  "--allow-blob-public-access",
  "--public-network-access",
  "--public-access",
  "--metadata",
  "--metadata-from-file",
  "--source-address-prefixes",
  "--source-address-prefix",
  "--source-ranges",
  "--remote-ip-prefix",
  "--source-ips",
  "--sources",
];

/** The rules every cloud CLI shares, tried after its deletes and before its reads. */
export const ACCESS_RULES: readonly Rule[] = [
  { text: CREDENTIAL_OPTION, then: CREDENTIAL_SET },
  // A stored secret's value replaced: every app that reads it now holds what the command chose.
  { sub: ["keyvault", "secret", "set"], then: CREDENTIAL_SET },
  { sub: ["secrets", "versions", "add"], then: CREDENTIAL_SET },
  {
    optionText: { "--metadata": SSH_KEYS_METADATA, "--metadata-from-file": SSH_KEYS_METADATA },
    then: CREDENTIAL_SET,
  },
  { text: ANY_ADDRESS, then: EXPOSE },
  // A database, storage account or service made reachable from the internet (`--publicly-accessible`,
  // `--allow-unauthenticated`, `--public-network-access Enabled`, `--public-access blob`).
  { text: PUBLIC_SWITCH, then: EXPOSE },
  {
    option: {
      "--allow-blob-public-access": ["true"],
      "--public-network-access": ["Enabled"],
      "--public-access": ["blob", "container"],
    },
    then: EXPOSE,
  },
  {
    option: {
      "--source-address-prefixes": ANY_SOURCE,
      "--source-address-prefix": ANY_SOURCE,
      "--source-ranges": ANY_SOURCE,
      "--remote-ip-prefix": ANY_SOURCE,
      "--source-ips": ANY_SOURCE,
      "--sources": ANY_SOURCE,
    },
    then: EXPOSE,
  },
];

/** aws: batches with unread items, and the take-away verbs. Before the cloud table's own writes. */
export const AWS_TAKE_AWAY_RULES: readonly Rule[] = [
  {
    wordPrefix: ["batch-write", "transact-write"],
    optionText: { "--request-items": NO_DELETE_ITEMS, "--transact-items": NO_DELETE_ITEMS },
    then: fx("WRITE", ["write_external"], "cloud"),
  },
  { wordPrefix: AWS_TAKE_AWAY, then: DESTROY },
  // A value replaced in place (`ssm put-parameter --overwrite`): what every reader of it gets is gone.
  { flag: ["--overwrite"], then: fx("DESTRUCTIVE", ["write_external"], "cloud", "replace") },
];

/** `CLI config set KEY VALUE` (az, gcloud, doctl…) and `aws configure set KEY VALUE` of such a key. */
export const CLI_SETTING_RULES: readonly Rule[] = [
  { sub: ["config", "set"], text: CLI_SETTING_KEY, then: CLI_SETTING },
  { sub: ["configure", "set"], text: CLI_SETTING_KEY, then: CLI_SETTING },
  // Another cloud's endpoints registered or changed (`az cloud register --endpoint-resource-manager URL`).
  { sub: ["cloud"], text: /^--(?:endpoint|suffix)-/, then: CLI_SETTING },
];

/**
 * A PaaS's stored variables printed, secrets among them: `railway variables` (without `--set`), `eb printenv`,
 * `dokku config APP`, `config:show`/`config:export`, `heroku config --shell`. Names-only listings (`vercel env ls`,
 * `fly secrets list`, which shows digests) stay reads.
 */
export const PAAS_SECRET_RULES: readonly Rule[] = [
  { sub: ["variables", "set"], then: fx("WRITE", ["write_external"], "cloud") },
  { sub: ["variables", "delete"], then: DESTROY },
  { sub: ["variables"], notFlag: ["--set", "--help", "-h"], then: SECRETS_PRINTED },
  { sub: ["variable", "list"], then: SECRETS_PRINTED },
  { sub: ["printenv"], then: SECRETS_PRINTED },
  { text: /^config:(?:show|export|get)$/, then: SECRETS_PRINTED },
];

/**
 * Secret stores a project's variables live in: `doppler secrets` prints every value, `doppler secrets get|download`,
 * `infisical secrets`, `infisical export` too. Setting one is a write of it, deleting one a delete; `run` starts a
 * command with the secrets in its environment (what it does with them is that command's to judge).
 */
export const SECRET_STORES: readonly Program[] = [
  {
    names: ["doppler", "infisical"],
    values: ["-p", "--project", "-c", "--config", "--env", "--path", "--format", "--token"],
    base: fx("WRITE", ["write_external"], "cloud", "credentials"),
    rules: [
      { sub: ["secrets"], flag: ["--only-names"], then: fx("READ", ["read_external"], "cloud") },
      { sub: ["secrets"], word: ["set", "upload"], then: fx("WRITE", ["write_external"], "cloud", "credentials") },
      { sub: ["secrets"], word: ["delete", "rm"], then: DESTROY },
      { sub: ["secrets"], then: SECRETS_PRINTED },
      { sub: ["export"], then: SECRETS_PRINTED },
      { sub: ["run"], then: fx("WRITE", ["execute"], "cloud", "credentials") },
      ...["login", "logout", "setup", "init", "me", "projects", "configs", "environments", "--version", "help"].map(
        (s): Rule => ({ sub: [s], then: fx("READ", ["read_external"], "cloud") }),
      ),
    ],
  },
];
