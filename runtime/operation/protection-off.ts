/**
 * Cloud changes that take a protection away, said with a modify/update/set verb (docs/adr/0513): `aws rds
 * modify-db-instance --backup-retention-period 0`, `aws s3api put-bucket-versioning … Status=Suspended`, `gcloud sql
 * instances patch db --no-backup`, `aws ec2 modify-image-attribute --launch-permission 'Add=[{Group=all}]'`, `az
 * storage account update --default-action Allow`, `aws iam add-user-to-group --group-name Admins`, `helm upgrade …
 * --set replicaCount=0`, `kubectl patch pv … persistentVolumeReclaimPolicy: Delete`. Nothing is deleted by the
 * command, so the destroying verbs never see it, but the next accident or attacker finds no backup, no log, a public
 * copy or an admin. Every cloud CLI spells such changes as a setting and a value, so the settings are read, not the
 * commands: a protective setting turned off or to zero, a grant to everyone or to an admin group or role, a count
 * scaled to zero, a login password set, a workload pointed at another database, or any change in a namespace,
 * project or profile that says production.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { targetSetting } from "./switched-targets.ts";

/** The CLIs of clouds, clusters and hosting platforms. */
const CLOUD_CLIS: ReadonlySet<string> = new Set([
  "aws",
  "gcloud",
  "gsutil",
  "az",
  "kubectl",
  "oc",
  "helm",
  "helmfile",
  "doctl",
  "oci",
  "ibmcloud",
  "hcloud",
  "linode-cli",
  "scw",
  "flyctl",
  "fly",
  "heroku",
  "eksctl",
  "aliyun",
  "openstack",
  "civo",
  "exo",
  "vultr-cli",
]);
/** Verbs that change what they name (`modify-db-instance`, `put-bucket-versioning`, `set-policy`, `patch`). */
const CHANGES =
  /^(?:add|set|put|attach|assign|grant|update|modify|patch|upgrade|install|apply|resize|scale|create|enable|disable|edit|replace|change|configure|restart|rollout)(?:-|$)/i;
const LEADING = 4;

/** Settings that protect data or access: backups, versioning, logs, deletion protection, encryption, networks. */
const PROTECTIVE =
  /backup|versioning|logging|audit|deletion[-_.]?protection|termination[-_.]?protection|encrypt|authori[sz]|point[-_]?in[-_]?time|pitr|retention|persistence|protect|mfa|monitoring|firewall|shielded|secure[-_]?boot|http[-_]?tokens|private|soft[-_]?delete|purge[-_]?protection|immutab/i;
/** Values that turn a setting off. */
const OFF = /^(?:false|off|disabled?|suspended|none|0|no|\{\}|\[\]|""|''|optional)$/i;
/** Keys naming who is granted something, and values meaning everyone or everything. */
const GRANTEE = /group|principal|values-to-add|member|grantee|permission|acl|launch|user|identit|role|scope/i;
const EVERYONE =
  /^(?:all|allusers|allauthenticatedusers|\*|everyone|public|public-read|public-read-write|authenticated-read)$/i;
/** Keys naming a group, role, account or scope given; values naming an admin one. */
const ASSIGNED = /group|role|service-?account|serviceaccount|scopes?|member|policy|clusterrole/i;
const ADMIN =
  /(?:^|[^a-z])(?:admins?|administrators?|administratoraccess|owners?|root|superusers?|cluster-admin|poweruser|contributor|cloud-platform)(?:[^a-z]|$)/i;
/** Counts and limits that stop a service at zero. */
const COUNT =
  /replica|num-nodes|nodes?$|size$|count$|capacity|desired|ratelimit|burstlimit|throttl|concurrency|instances$/i;
/** Options that choose where the change lands. */
const WHERE = new Set([
  "-n",
  "--namespace",
  "--context",
  "--kube-context",
  "--project",
  "--profile",
  "--subscription",
  "--environment",
  "--env",
  "--app",
  "-a",
]);
const PRODUCTION = /(?:^|[^a-z])(?:prod|production|prd|live)(?:[^a-z]|$)/i;
const PASSWORD = /^--?(?:password|admin-password|new-password|master-user-password|ssh-key-value|ssh-key-values)$/i;

interface Setting {
  readonly key: string;
  readonly value: string;
}

/** Key/value pairs inside a value: `a=b,c=d`, `Key=K,Value=V`, `path=P,value=V`, JSON `"k": "v"`. */
function innerPairs(key: string, value: string): Setting[] {
  const out: Setting[] = [];
  const text = value.replace(/\\/g, "");
  for (const m of text.matchAll(/"([\w.-]+)"\s*:\s*"?([^",{}[\]]*)"?/g))
    out.push({ key: `${key}.${m[1]}`, value: m[2]!.trim() });
  const items = text.split(/[,\s[\]{}]+/).filter((i) => i.includes("="));
  const item = (name: string): string | undefined =>
    items.find((i) => i.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
  const k = item("key") ?? item("path") ?? item("name");
  const v = item("value") ?? item("values");
  if (k !== undefined && v !== undefined) out.push({ key: `${key}.${k}`, value: v });
  for (const i of items) {
    const eq = i.indexOf("=");
    out.push({ key: `${key}.${i.slice(0, eq)}`, value: i.slice(eq + 1) });
  }
  return out;
}

/** Every setting the words make: options with values, `--no-X`, and the pairs inside values and operands. */
function settings(args: readonly string[]): Setting[] {
  const out: Setting[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (/^--(?:no|disable)-/.test(a) && !a.includes("=")) {
      out.push({ key: a.replace(/^--(?:no|disable)-/, ""), value: "false" });
      continue;
    }
    if (a.startsWith("-")) {
      const eq = a.indexOf("=");
      const key = eq > 0 ? a.slice(0, eq) : a;
      const next = args[i + 1];
      const value = eq > 0 ? a.slice(eq + 1) : next !== undefined && !next.startsWith("-") ? next : undefined;
      if (value === undefined) continue;
      if (eq < 0) i++;
      out.push({ key, value }, ...innerPairs(key, value));
      continue;
    }
    out.push(...innerPairs("", a));
  }
  return out;
}

/** Why a cloud CLI's change takes a protection away, or null. */
export function protectionOff(cmd: SimpleCommand): string | null {
  if (!CLOUD_CLIS.has(cmd.program)) return null;
  const leading = cmd.args.filter((a) => !a.startsWith("-")).slice(0, LEADING);
  if (!leading.some((w) => CHANGES.test(w))) return null;
  const verbs = leading.join(" ");
  for (const { key, value } of settings(cmd.args)) {
    const v = value.trim().replace(/^['"]|['"]$/g, "");
    const last = key.split(".").pop() ?? key;
    if (PROTECTIVE.test(key) && OFF.test(v)) return `${key} ${v} turns a protection off`;
    if (/default[-_]?action/i.test(key) && /^allow$/i.test(v)) return `${key} ${v} opens the network rules`;
    if (/reclaim|deletion[-_]?policy/i.test(key) && /^delete$/i.test(v)) return `${key} ${v} deletes data on release`;
    if (GRANTEE.test(key) && EVERYONE.test(v)) return `${key} ${v} grants to everyone or everything`;
    if (ASSIGNED.test(key) && ADMIN.test(v)) return `${key} ${v} grants an admin group, role or scope`;
    if (COUNT.test(last) && /^0+$/.test(v)) return `${key} ${v} scales to zero`;
    if (PASSWORD.test(key) || (key === "-p" && /\buser\b/.test(verbs))) return `${key} sets a login credential`;
    if (WHERE.has(key) && PRODUCTION.test(v)) return `${cmd.program} ${leading[0]} changes ${v}`;
    const pair = /^([A-Za-z_][A-Za-z0-9_]*)$/.test(last) ? targetSetting(last, v) : null;
    if (pair !== null) return `a workload's ${pair}`;
  }
  // `kubectl set serviceaccount deploy api cluster-admin-sa`: the account given is an operand.
  if (/serviceaccount|role|group|binding/i.test(verbs) && cmd.args.some((a) => !a.startsWith("-") && ADMIN.test(a)))
    return `${cmd.program} ${verbs} grants an admin account or role`;
  return null;
}
