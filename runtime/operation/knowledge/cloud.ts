/**
 * Cloud, cluster and container CLIs. list/get/describe are READs of external state; delete/destroy are
 * DESTRUCTIVE; creating resources costs money (EXPENSIVE); every other change is an external WRITE.
 * Verbs are matched as whole positional words (gcloud/az/kubectl) or as prefixes of the aws operation.
 */
import {
  ACCESS_RULES,
  ACCESS_VALUES,
  AWS_TAKE_AWAY_RULES,
  CLI_SETTING_RULES,
  PAAS_SECRET_RULES,
  TAKE_AWAY_PREFIXES,
} from "./cloud-access.ts";
import { COMPOUND_DESTROY } from "../destroying-verbs.ts";
import { SQL_DESTROYS } from "./database.ts";
import { NEW_DEP, UNVETTED } from "./outside-code.ts";
import { ARTIFACT_PUBLISH_RULES, EXPOSE, PUBLISH } from "./publication.ts";
import { CONTAINER_RAISES, KUBE_WORKLOADS } from "./container-workloads.ts";
import { KUBECONFIG_RULES } from "./tool-config.ts";
import { fx, type Program, type Rule, type When } from "./types.ts";
import { CONTAINER_VALUES } from "../../shell/index.ts";

const READ = fx("READ", ["read_external"], "cloud");
const WRITE = fx("WRITE", ["write_external"], "cloud");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud");
const SPEND = fx("EXPENSIVE", ["write_external"], "cloud");
/** A build output that goes to a registry, as `-o VALUE` or `--output=VALUE`: `type=registry`, `type=image,push=true`. */
const REGISTRY_OUTPUT = /(?:^|[,=])(?:type=registry|push=true)(?:,|$)/i;
/** An image on a registry of this machine: `localhost:5000/app:dev`, `127.0.0.1:5001/x` (docs/adr/0550). */
const LOCAL_REGISTRY = /^(?:localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?\/\S+$/i;
const LOCAL_PUSH = fx("WRITE", ["write_local"], "container");
/** Image destinations on this machine: containers/image transports that write files or local stores, a local registry. */
const LOCAL_IMAGE_DESTINATION =
  /^(?:oci|dir|docker-archive|oci-archive|docker-daemon|containers-storage):|^(?:docker:\/\/)?(?:localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?\//i;
const DB_DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud", "database");
const SECRET = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");
/** kubectl's output formats that print names and columns, not objects: `-o wide`, `-o name`. */
const LISTINGS = ["wide", "name"];
/** Turns off or rewrites what records and detects activity (audit trails, threat detection): the cover of an attack. */
const AUDIT = fx("SECURITY", ["write_external"], "cloud", "audit");
/** A store's objects copied on, as they come, to a destination the configuration names (docs/adr/0733). */
const REPLICATED = fx("SECURITY", ["write_external"], "cloud", "replication");
/** Metadata keys whose value a VM runs at boot (GCE startup and shutdown scripts, cloud-init user data). */
const BOOT_SCRIPT_KEY = /(?:^|,)(?:startup-script|shutdown-script|windows-startup-script-\w+|user-data)(?:-url)?=/;
/** Runs a command on remote machines that nobody reads here (`aws ssm send-command`, `az vm run-command`). */

export const REMOTE_CODE = fx("DESTRUCTIVE", ["write_external", "execute"], "cloud", "remote-code");
/** Replaces what production runs or where its traffic goes (function code, DNS records, a stack): the old state is gone. */
const REPLACE = fx("DESTRUCTIVE", ["write_external"], "cloud", "replace");
/** Applies what a URL serves (a manifest, a chart) to a cluster: code from outside, unread, run with the cluster's rights. */
const REMOTE_SOURCE = fx("SECURITY", ["read_external", "write_external", "execute"], "cloud", "remote-source");
const REMOTE_CHART = ["oci://", "http://", "https://", "git+", "git@", "github.com/"];
/** A chart, manifest or kustomization named by a URL or an OCI reference rather than a local file. */
const REMOTE_REF = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/i;

const DESTROY_WORDS = [
  "delete",
  "destroy",
  "remove",
  "rm",
  "rb",
  "terminate",
  "purge",
  "drain",
  "cordon",
  "taint",
  "uninstall",
  "prune",
  "wipe",
  "reset",
  // A deployment or environment taken down (`railway down`, `… teardown`).
  "down",
  "teardown",
  // Stopping or powering off a machine or a job is an outage of what runs on it.
  "stop",
  "halt",
  "poweroff",
  "power-off",
  "shutdown",
  "deallocate",
  "suspend",
  "kill",
  "leave",
  "force-leave",
  "disable",
];
const READ_WORDS = [
  "list",
  "ls",
  "describe",
  "get",
  "show",
  "logs",
  "top",
  "explain",
  "status",
  "version",
  "info",
  "search",
  "history",
  "inspect",
  "api-resources",
  "api-versions",
  "cluster-info",
  "whoami",
  "view",
  "plan",
  "validate",
  "fmt",
  "output",
  "graph",
  "providers",
  "lint",
  "template",
  "diff",
  "images",
  "ps",
  "stats",
  "events",
  "port",
  "help",
  "images",
];
const SPEND_WORDS = ["create", "run", "start", "scale", "deploy", "provision", "allocate", "purchase"];

/** Operations of the cloud CLIs that print keys, connection strings or publishing credentials. */
const SECRET_WORDS = [
  "list-keys",
  "show-connection-string",
  "list-connection-strings",
  "list-publishing-credentials",
  "list-publishing-profiles",
  "get-secret",
  // A token minted for the logged-in account, and a key pair's private half, printed (docs/adr/0636).
  "config-helper",
  "download-default-key-pair",
];
const AWS_READ_PREFIXES = ["describe-", "list-", "get-", "head-", "lookup-", "search-", "scan", "query", "filter-"];
/** aws services that record or detect what happens in an account. */
const AUDIT_SERVICES = [
  "cloudtrail",
  "guardduty",
  "configservice",
  "securityhub",
  "inspector",
  "inspector2",
  "macie",
  "macie2",
  "detective",
  "accessanalyzer",
  "cloudtrail-data",
];
/** aws operations that replace the code production runs or where its traffic goes. */
/** Flags that take off a resource's guard against deletion or termination (aws, every service). */
const PROTECTION_OFF = [
  "--no-disable-api-termination",
  "--no-disable-api-stop",
  "--no-deletion-protection",
  "--no-enable-termination-protection",
  "--no-termination-protection",
  "--no-enable-deletion-protection",
];
/** Profile keys that hold or yield credentials (`aws configure set aws_access_key_id …`, `profile.x.role_arn`). */
const AWS_CREDENTIAL_KEY =
  /^(?:[\w.-]+\.)?(?:aws_access_key_id|aws_secret_access_key|aws_session_token|credential_process|role_arn|source_profile|credential_source|sso_\w+|web_identity_token_file)$/i;
/** Editors a person types in: what they save is what the person reviewed. */
const INTERACTIVE_EDITOR =
  /^(?:vim?|nvim|nano|emacs(?:client)?(?:\s+-nw)?|micro|hx|helix|kak|joe|ne|pico|code\s+(?:-w|--wait)|subl\s+(?:-w|--wait))$/;
/** A terraform output whose name says it holds a secret. */
const OUTPUT_SECRET_NAME = /pass|secret|token|key|cred|cert|private|auth|dsn|conn|database_url|kubeconfig/i;
/** Another account's keys put in place of the user's. */
const CREDENTIAL_SWAP = fx("SECURITY", ["credential_access", "write_local"], "cloud", "credentials");
/** Verbs that set or reset an account's password, in the cloud CLIs. */
const ACCOUNT_PASSWORD = ["set-password", "reset-password", "reset-admin-password", "reset-credentials"];
const AWS_REPLACE = [
  "update-function-code",
  "update-function-configuration",
  "change-resource-record-sets",
  "update-service",
  "update-stack",
  "execute-change-set",
  "deploy",
  "update-environment",
  "put-bucket-lifecycle-configuration",
  "update-distribution",
  "modify-listener",
];

/** `kubectl delete pod` flags that reach more than the named pods, or skip their graceful end. */
const POD_SWEEP = [
  "--all",
  "-A",
  "--all-namespaces",
  "-l",
  "--selector",
  "--field-selector",
  "-f",
  "--filename",
  "-k",
  "--kustomize",
  "--force",
  "--grace-period",
  "--now",
];
/** A `TYPE/NAME` word for a resource other than a pod. */
const OTHER_RESOURCE = /^(?!(?:pods?|po)\/)[A-Za-z][\w.-]*\/[\w.-]+$/;
const RESTART = fx("WRITE", ["write_external"], "cloud", "restart");
/** A docker `--format` template that prints a container's environment, or its whole configuration with it. */
const CONTAINER_ENV = /\bEnv\b|\.Config\s*\}\}|\{\{\s*json\s+\.\s*\}\}/;
const CONTAINER_SECRET = fx("SECURITY", ["credential_access", "read_local"], "container", "credentials");

export const ESCAPE = fx("SECURITY", ["execute", "write_local"], "container", "host-access");
/**
 * Pod-spec fields that hand a pod the node itself, as JSON (`--overrides='{…"hostPID":true…}'`) or YAML
 * (`hostPID: true`, `hostPath:`, `add: [SYS_ADMIN]`), in an argument or a manifest read on stdin.
 */
const HOST_SPEC =
  /(?:hostPID|hostNetwork|hostIPC|privileged|allowPrivilegeEscalation)"?\s*:\s*"?true\b|hostPath"?\s*:|\b(?:CAP_)?SYS_(?:ADMIN|PTRACE|MODULE)\b/;
/** `kubectl cp SRC DST` whose destination is in a pod (`[NAMESPACE/]POD:/path`): files written into what runs there. */
const IN_POD = /^(?:[\w.-]+\/)?[\w.-]+:(?!\/\/)/;
const REMOTE_SHELL = fx("SECURITY", ["execute", "write_external"], "container", "remote-code");
/** A name that says production, in ADR 0511's words (`prod`, `production`, `prd`, `live`), not inside a word. */
const PRODUCTION_NAME = /(?:^|[^a-z])(?:prod|production|prd|live)(?:[^a-z]|$)/i;
/** `CONTAINER:PATH` or `NAMESPACE/POD:PATH` whose container, pod or namespace says production. */
const IN_PRODUCTION = /^(?:[^:\s]*[^a-z:\s])?(?:prod|production|prd|live)(?:[^a-z:\s][^:\s]*)?:(?!\/\/)/i;
/** Files copied out of a production container or pod: its data (database files, uploads, keys) now here (docs/adr/0564). */
const PRODUCTION_DATA = fx("SECURITY", ["read_external", "write_local"], "container", "exfiltration");
/** A daemon elsewhere: every later command, and its mounts, go to that host (docs/adr/0382). */
const REMOTE_DAEMON = /^(?:tcp|ssh|https?|fd):\/\//i;
/** Contexts that name this machine's own daemon (Docker Desktop, rootless, colima, OrbStack). */
const LOCAL_CONTEXT =
  /^(?:default|desktop-linux|desktop-windows|rootless|colima(?:-[\w-]+)?|orbstack|podman-machine-default)$/;
const NOT_LOCAL_CONTEXT = new RegExp(`^(?!(?:${LOCAL_CONTEXT.source.slice(1, -1)})$)`);
const OTHER_DAEMON = fx("SECURITY", ["execute", "write_external"], "container", "endpoint");
const SWARM_DESTROY = fx("DESTRUCTIVE", ["write_external"], "container", "cluster");
const PERMISSIONS = fx("SECURITY", ["write_external"], "cloud", "permissions");
const PUBLIC_ACLS = ["public-read", "public-read-write", "authenticated-read"];
/** aws operations that change who may do what: put-bucket-acl, put-bucket-policy, attach-role-policy, authorize-security-group-ingress, create-access-key. */
const PERMISSION_OPERATION =
  /^(?:put|attach|update|set|modify|add|authorize|create|replace)-[a-z-]*?(?:acl|policy|permissions?|public-access-block|ingress|access-key|login-profile|grant)(?:-[a-z-]+)?$/;
/** gcloud, gsutil and az grants: IAM bindings, ACL changes, role assignments. */
const GRANTS: readonly Rule[] = [
  { wordPrefix: ["add-iam-policy-binding", "set-iam-policy"], then: PERMISSIONS },
  ...["ch", "set"].flatMap((verb) =>
    ["iam", "acl", "defacl"].map((what): Rule => ({ sub: [what, verb], then: PERMISSIONS })),
  ),
  { sub: ["role", "assignment", "create"], then: PERMISSIONS },
];
/** `-p 0.0.0.0:5432:5432`: a port published on every interface, written out (the default is a choice nobody wrote). */
const ALL_INTERFACES = /^(?:0\.0\.0\.0|\[?::\]?):/;
/** Container environment that switches a service's authentication off. */
const NO_AUTH =
  /^[A-Z_]*(?:AUTH_METHOD=trust|ALLOW_EMPTY_PASSWORD=(?:yes|true|1)|RANDOM_ROOT_PASSWORD=no|DISABLE_AUTH=(?:yes|true|1))$|^[A-Z_]*_AUTH(?:ENTICATION)?=(?:none|false|off|0|disabled)$/i;
/** A container whose service is reachable from the network: on every interface, or without authentication. */
const EXPOSED: readonly When[] = [
  { optionText: { "-p": ALL_INTERFACES, "--publish": ALL_INTERFACES } },
  { flag: ["-p", "--publish", "-P", "--publish-all"], optionText: { "-e": NO_AUTH, "--env": NO_AUTH } },
];
/**
 * An absolute source spelled with `.` or `..` segments (`/.`, `/tmp/../`, `/srv/./x`): where it lands is only
 * known after normalising, and no project mount needs that spelling, so it counts as a host directory (ADR 0517).
 */
const DOTTED_SOURCE = String.raw`\/(?:[^:,]*\/)?\.\.?(?=[:,/]|$)[^:,]*`;
/**
 * Host directories a container must not get: the root, the home directories, system configuration, the
 * container runtime's socket and state, kernel interfaces, and anything below the system ones (`/etc/sudoers.d`,
 * `/usr/local/bin`, `/root/.ssh`: docs/adr/0336). `SRC:` of `-v SRC:DST`, `source=`/`src=` of `--mount`.
 */
export const HOST_DIR = String.raw`(?:${DOTTED_SOURCE}|\/|~[^:,/]*|\$\{?HOME\}?|\/home(?:\/[^:,/]+)?|\/Users(?:\/[^:,/]+)?|\/var|(?:\/root|\/etc|\/var\/lib|\/var\/run|\/usr|\/boot|\/proc|\/sys|\/dev|\/lib|\/lib64|\/bin|\/sbin|\/run)(?:\/[^:,]*)?|[^:,]*docker\.sock|[^:,]*containerd\.sock|[^:,]*podman\.sock)\/?`;
/** containerd namespaces of the system's own containers: Kubernetes' (CRI), docker's, LinuxKit's services. */
const SYSTEM_NAMESPACE = /^(?:k8s\.io|moby|services\.linuxkit)$/;
/** Stopping every container or VM of the host, or a deployment from outside the project (ADR 0518). */
const STOP_ALL = fx("SECURITY", ["execute", "write_local"], "container", "system");
/** `cp SRC DST` between a container or pod and this machine: the local source is read, the destination written. */
const COPY_PATHS = { positional: "read", last: "write", pathLike: true } as const;
/** A manifest path outside the project: absolute, in a home, above the working directory, or an expansion. */
export const OUTSIDE_MANIFEST = /^(?:\/|~|\$|\.\.(?:\/|$)|(?:[^/]+\/)*\.\.\/)/;
/** The same, or stdin or a URL: a stack or pod file nobody here has read (docs/adr/0661). */
const FOREIGN_MANIFEST = new RegExp(`${OUTSIDE_MANIFEST.source}|^-$|^https?:\\/\\/`, "i");
/** Kubernetes namespaces of the control plane: its API server, etcd, controllers and their keys (docs/adr/0662). */
const CONTROL_PLANE_NS = /^(?:kube-system|openshift-(?:etcd|kube-[\w-]+|config[\w-]*))$/;
/** `NAMESPACE/POD:PATH` in a control-plane namespace (`kube-system/kube-apiserver-master:/etc/kubernetes/pki`). */
const CONTROL_PLANE_POD = new RegExp(`^${CONTROL_PLANE_NS.source.slice(1, -1)}\\/[\\w.-]+:`);
/** Files copied out of or into the control plane's pods: the cluster's CA and keys, or what runs as it. */
const CONTROL_PLANE = fx("SECURITY", ["credential_access", "read_external", "write_local"], "container", "host-access");
/** Acting as another user or group (`--as=system:admin`, `--as-group=system:masters`): their rights, not ours. */
const IMPERSONATE = fx("SECURITY", ["write_external"], "cloud", "permissions");
/**
 * BuildKit entitlements that let a build step run privileged or on the host's network (`--allow security.insecure`,
 * a builder started with `--allow-insecure-entitlement`), and a build on the host network (docs/adr/0387).
 */
const INSECURE_BUILD = /(?:^|[\s=,'"])(?:security\.insecure|network\.host)\b|--allow-insecure-entitlement/;
const BUILDS = [
  ["build"],
  ["buildx", "build"],
  ["buildx", "bake"],
  ["image", "build"],
  ["builder", "build"],
  ["compose", "build"],
];
export const HOST_MOUNT = new RegExp(
  String.raw`^${HOST_DIR}:|(?:^|,)(?:source|src|volume-opt=device)=${HOST_DIR}(?:,|$)|^device=${HOST_DIR}$`,
);

/** Kubernetes access control objects, as a kind word or `kind/name`. */
const RBAC_KIND = /^(?:cluster)?role(?:binding)?s?(?:\.rbac\.authorization\.k8s\.io)?(?:\/|$)/i;
/** The host's root as a machine directory: `/`, `/.`, `//`. */
const HOST_ROOT = /^\/[/.]*$/;
/** A bind of a host directory that is the root, a home or a system directory (`--bind=/`, `--bind=/etc:/x`). */
const HOST_BIND = new RegExp(`^${HOST_DIR}(?::|$)`);
/** LXD/Incus settings that make container root the host's root or hand it raw kernel/LXC settings. */
const LXC_HOST_SETTING =
  /^(?:security\.(?:privileged|nesting|idmap\.isolated|syscalls\.intercept\.\w+)|raw\.(?:lxc|idmap|apparmor|seccomp|qemu))(?:=|$)/i;

/**
 * A `-f` compose file that is not one the project keeps under a compose name (`compose.yaml`,
 * `docker-compose.prod.yml`, in the project's own folders): a file from elsewhere, stdin, or any other name.
 */
const FOREIGN_COMPOSE = /^(?!(?:\.\/)?(?:(?!\.\.\/)[\w.-]+\/)*(?:docker-)?compose(?:\.[\w-]+)*\.ya?ml$)/;
/** `CONTAINER:PATH` whose PATH is where credentials live inside it: shadow files, sudoers, keys, tokens. */
const CONTAINER_SECRET_PATH =
  /^[\w./-]*[\w-]:.*(?:\/etc\/(?:g?shadow|sudoers|ssl\/private)|\/\.ssh\/|\/\.aws\/|\/\.kube\/|\/\.docker\/config|\/\.git-credentials|\/\.netrc|\/\.pgpass|\/\.my\.cnf|\/\.env(?:$|\.)|\/secrets?\/|\/run\/secrets|\.pem$|\.key$|\/id_(?:rsa|dsa|ecdsa|ed25519)\b)/;
/** The three ways a container reaches the host: its powers, its namespaces or devices, its files. */
const HOST_ACCESS: readonly When[] = [
  { flag: ["--privileged"] },
  {
    option: {
      "--pid": ["host"],
      "--ipc": ["host"],
      "--uts": ["host"],
      "--userns": ["host"],
      "--cgroupns": ["host"],
      "--cap-add": [
        "ALL",
        "SYS_ADMIN",
        "CAP_SYS_ADMIN",
        "SYS_PTRACE",
        "CAP_SYS_PTRACE",
        "SYS_MODULE",
        "CAP_SYS_MODULE",
        "DAC_READ_SEARCH",
        "CAP_DAC_READ_SEARCH",
        "SYS_RAWIO",
        "CAP_SYS_RAWIO",
      ],
      "--security-opt": [
        "apparmor=unconfined",
        "apparmor:unconfined",
        "seccomp=unconfined",
        "seccomp:unconfined",
        "label=disable",
        "label:disable",
        "systempaths=unconfined",
      ],
    },
  },
  // A device cgroup rule lets the container open host devices by number (`'a *:* rwm'`: every disk), docs/adr/0478.
  { flag: ["--device", "--device-cgroup-rule"] },
  { text: HOST_MOUNT },
  // Another container's processes or volumes (`--pid=container:prod-db`, `--volumes-from prod-db`): its
  // environment, memory and data, whoever owns it (ADR 0517).
  { optionText: { "--pid": /^container:/i } },
  { flag: ["--volumes-from"] },
  // Kernel powers that reach the host from any namespace (eBPF, perf events), and the network admin power on
  // the host's own network stack: its firewall and routes (`--cap-add=NET_ADMIN --net=host`, ADR 0517).
  { option: { "--cap-add": ["BPF", "CAP_BPF", "PERFMON", "CAP_PERFMON", "SYS_BOOT", "CAP_SYS_BOOT"] } },
  ...["--net", "--network"].map(
    (net): When => ({
      option: { "--cap-add": ["NET_ADMIN", "CAP_NET_ADMIN", "NET_RAW", "CAP_NET_RAW"] },
      optionText: { [net]: /^host$/i },
    }),
  ),
];

/**
 * kubectl plugins whose purpose is a shell on a node (docs/adr/0478): a privileged pod in the node's namespaces
 * (`kubectl node-shell node-1`, `ssh-jump`, `nsenter`, `node-admin`, `enter`, `ssh`). Run as `kubectl NAME` or as
 * the plugin's own program, `kubectl-node_shell`.
 */
const NODE_SHELL_PLUGINS = ["node-shell", "ssh-jump", "nsenter", "node-admin", "enter", "ssh", "node-ssh"];

export const CLOUD: readonly Program[] = [
  {
    names: NODE_SHELL_PLUGINS.flatMap((p) => [`kubectl-${p}`, `kubectl-${p.replaceAll("-", "_")}`]).filter(
      (n, i, all) => all.indexOf(n) === i,
    ),
    base: ESCAPE,
  },
  {
    names: ["aws"],
    values: [
      "--region",
      "--profile",
      "--output",
      "--query",
      "--endpoint-url",
      "--cli-input-json",
      "--acl",
      "--sql",
      "--query-string",
      "--statement",
      "--desired-capacity",
      "--max-size",
      "--desired-count",
      "--reserved-concurrent-executions",
      "--attribute",
      "--request-items",
      "--transact-items",
    ],
    base: WRITE,
    rules: [
      // A key pair's private half printed (docs/adr/0636).
      { sub: ["lightsail", "download-default-key-pair"], then: SECRET },
      // A key of the profile read back: the credential keys print a secret, `region` or `output` do not (docs/adr/0393).
      { sub: ["configure", "get"], text: AWS_CREDENTIAL_KEY, then: SECRET },
      { sub: ["configure", "get"], text: /(?:^|\.)(?:aws_\w+|\w*(?:secret|token|password|key)\w*)$/i, then: SECRET },
      { sub: ["configure", "get"], then: READ },
      // Keys written into the profile: every later call acts as whoever owns them (docs/adr/0353).
      { sub: ["configure", "set"], text: AWS_CREDENTIAL_KEY, then: CREDENTIAL_SWAP },
      { sub: ["configure", "import"], then: CREDENTIAL_SWAP },
      // The guard against deleting a resource taken off, or a fleet scaled to nothing: both an outage waiting.
      { flag: PROTECTION_OFF, then: DESTROY },
      {
        option: {
          "--desired-capacity": ["0"],
          "--max-size": ["0"],
          "--desired-count": ["0"],
          // A function's reserved concurrency of 0 throttles every call to it (docs/adr/0733).
          "--reserved-concurrent-executions": ["0"],
        },
        then: DESTROY,
      },
      { wordPrefix: ["batch-delete", "batch-remove", "batch-terminate", "batch-stop"], then: DESTROY },
      // Endpoints, proxies, CA bundles and pagers for every later call (docs/adr/0390).
      ...CLI_SETTING_RULES,
      ...ARTIFACT_PUBLISH_RULES,
      { sub: ["configure", "export-credentials"], then: SECRET },
      { sub: ["secretsmanager"], word: ["get-secret-value", "batch-get-secret-value"], then: SECRET },
      // Parameters decrypted (`get-parameter`, `get-parameters`, `get-parameters-by-path`), data keys and ciphertext decrypted.
      { sub: ["ssm"], flag: ["--with-decryption"], then: SECRET },
      { sub: ["kms"], word: ["decrypt"], then: SECRET },
      // SQL sent through a data API (`rds-data`, `redshift-data`, `athena`) is judged like any SQL client's.
      {
        optionText: { "--sql": SQL_DESTROYS, "--query-string": SQL_DESTROYS, "--statement": SQL_DESTROYS },
        then: DB_DESTROY,
      },
      // Audit trails, configuration recorders and threat detection: anything but reading them hides what happens next.
      ...AUDIT_SERVICES.flatMap((svc): Rule[] => [
        { sub: [svc], wordPrefix: AWS_READ_PREFIXES, then: READ },
        { sub: [svc], then: AUDIT },
      ]),
      // A command run on instances (a fleet, by tag): what it runs is not read here.
      { sub: ["ssm"], word: ["send-command", "start-automation-execution"], then: REMOTE_CODE },
      { sub: ["ssm", "start-session"], flag: ["--parameters"], then: REMOTE_CODE },
      { sub: ["ecs", "execute-command"], then: REMOTE_CODE },
      { sub: ["ec2", "modify-instance-attribute"], flag: ["--user-data"], then: REMOTE_CODE },
      { sub: ["ec2", "modify-instance-attribute"], option: { "--attribute": ["userData"] }, then: REMOTE_CODE },
      // Every later object copied into a bucket the configuration names, another account's as easily (docs/adr/0733).
      { wordText: /^(?:put-bucket-replication|(?:create|put)-replication-configuration)$/, then: REPLICATED },
      // A user put in a group gets the group's rights: `cognito-idp admin-add-user-to-group`, `iam add-user-to-group`.
      { wordText: /^(?:admin-)?add-user-to-group$/, then: PERMISSIONS },
      { sub: ["ec2-instance-connect"], then: fx("SECURITY", ["write_external"], "cloud", "credentials") },
      { word: AWS_REPLACE, then: REPLACE },
      // Operations that mint and print credentials: temporary keys, registry passwords, auth tokens.
      {
        sub: ["sts"],
        word: [
          "get-session-token",
          "assume-role",
          "assume-role-with-saml",
          "assume-role-with-web-identity",
          "get-federation-token",
        ],
        then: SECRET,
      },
      {
        word: [
          "get-login-password",
          "get-authorization-token",
          "get-login",
          "generate-db-auth-token",
          "get-cluster-credentials",
        ],
        then: SECRET,
      },
      // Who may read or change a resource: ACLs, resource policies, public-access blocks, ingress rules, keys.
      { option: { "--acl": PUBLIC_ACLS }, then: EXPOSE },
      { text: PERMISSION_OPERATION, then: PERMISSIONS },
      {
        wordPrefix: [
          "delete",
          "terminate-",
          "remove-",
          "deregister-",
          "purge-",
          "destroy-",
          "disable-",
          // `schedule-key-deletion`: what the key encrypted becomes unreadable; stopped or rebooted machines are an outage.
          "schedule-",
          "stop-",
          "reboot-",
          "leave-",
          "close-",
          "reset-",
          "deactivate-",
          "suspend-",
          "force-",
          "empty-",
        ],
        then: DESTROY,
      },
      { word: ["rm", "rb"], then: DESTROY },
      { sub: ["s3", "sync"], flag: ["--delete"], then: DESTROY },
      // Access, wiring or addresses taken away, batches of unread items, values overwritten (docs/adr/0390).
      ...AWS_TAKE_AWAY_RULES,
      { wordPrefix: AWS_READ_PREFIXES, then: READ },
      { word: ["ls", "help", "wait"], then: READ },
      { sub: ["sts", "get-caller-identity"], then: READ },
      // Credentials put in place and rules open to every address, in any service (docs/adr/0390).
      ...ACCESS_RULES,
      { wordPrefix: ["create-", "run-", "start-", "allocate-", "request-", "purchase-", "launch-"], then: SPEND },
    ],
  },
  {
    names: [
      "gcloud",
      "gsutil",
      "az",
      "doctl",
      "linode-cli",
      "hcloud",
      "flyctl",
      "fly",
      "heroku",
      "vercel",
      "netlify",
      "firebase",
      "wrangler",
      "oci",
      "ibmcloud",
      "eksctl",
      "openstack",
      "scw",
      "civo",
      "vultr-cli",
      "exo",
      "aliyun",
      "tccli",
      "yc",
      "ionosctl",
      "upctl",
      "databricks",
      "railway",
      "azd",
      "nomad",
      // Elastic Beanstalk and dokku: `eb printenv`, `dokku config:show` print the app's stored secrets.
      "eb",
      "dokku",
      // Serverless and GitOps CLIs: `sam delete`, `argocd app delete`, `flux suspend kustomization --all`.
      "sam",
      "copilot",
      "amplify",
      "sst",
      "argocd",
      "flux",
    ],
    values: [
      "--project",
      "--region",
      "--zone",
      "--format",
      "--filter",
      "--account",
      "-g",
      "--resource-group",
      "--subscription",
      "-o",
      "--output",
      "--query",
      "--command",
      "--sql",
      "--querytext",
      "--scripts",
      "-a",
      "--app",
      // `az artifacts universal publish --version 1`: a value, not the request to print one (docs/adr/0491).
      "--version",
      ...ACCESS_VALUES,
    ],
    base: WRITE,
    rules: [
      { word: ["print-access-token", "print-identity-token", "get-access-token", "application-default"], then: SECRET },
      // Secret values and account keys printed: Secret Manager, Key Vault, storage keys and connection strings,
      // an app's config vars (`heroku config`, `netlify env:get`), env files pulled (`vercel env pull`).
      { sub: ["secrets", "versions", "access"], then: SECRET },
      // A service principal's new password or a reset credential is printed once, to whoever ran it.
      { sub: ["ad", "sp", "create-for-rbac"], then: SECRET },
      // A cluster's kubeconfig written to stdout (`--file -`) is its admin credentials printed (docs/adr/0636).
      { sub: ["aks", "get-credentials"], flag: ["--file", "-f"], word: ["-"], then: SECRET },
      { word: ["credential"], text: /^reset$/, then: SECRET },
      { sub: ["sql", "generate-login-token"], then: SECRET },
      { sub: ["keyvault", "secret"], word: ["show", "download"], then: SECRET },
      { word: SECRET_WORDS, then: SECRET },
      { sub: ["storage", "account", "keys", "list"], then: SECRET },
      { sub: ["cosmosdb", "keys", "list"], then: SECRET },
      { sub: ["iam", "service-accounts", "keys", "create"], then: SECRET },
      { sub: ["config"], bare: true, then: SECRET },
      { sub: ["env", "pull"], then: SECRET },
      ...PAAS_SECRET_RULES,
      ...CLI_SETTING_RULES,
      ...ARTIFACT_PUBLISH_RULES,
      { text: /^(?:config:get|env:get|env:list|functions:config:get|config:show)$/, then: SECRET },
      // A command on remote machines nobody reads here (`gcloud compute ssh vm --command …`, `az vm run-command invoke`).
      { sub: ["compute", "ssh"], flag: ["--command"], then: REMOTE_CODE },
      // Where and which logs are kept (`gcloud logging sinks update _Default --log-filter=…`): docs/adr/0733.
      { sub: ["logging"], word: ["update", "create"], then: AUDIT },
      // A dump imported into a managed database writes over what it holds (`gcloud sql import sql prod-pg gs://…`).
      { sub: ["sql"], word: ["import"], then: DESTROY },
      { word: ["run-command"], then: REMOTE_CODE },
      // A boot script set in a machine's metadata runs as root at its next start (docs/adr/0633).
      {
        optionText: { "--metadata": BOOT_SCRIPT_KEY, "--metadata-from-file": BOOT_SCRIPT_KEY, "--user-data": /./ },
        then: REMOTE_CODE,
      },
      // A token of the logged-in account printed (`doctl auth token`, `heroku auth:token`, `fly auth token`).
      { sub: ["auth", "token"], then: SECRET },
      { text: /^auth:token$/, then: SECRET },
      // An account's password set or reset (`gcloud sql users set-password root …`): whoever chose it logs in.
      { word: ACCOUNT_PASSWORD, then: PERMISSIONS },
      // GitOps: a sync that prunes what the repository lacks, or a rollback, replaces the live state.
      { sub: ["app", "sync"], flag: ["--prune", "--force", "--replace"], then: REPLACE },
      { sub: ["app", "rollback"], then: REPLACE },
      { sub: ["ssh", "console"], flag: ["-C", "--command"], then: REMOTE_CODE },
      { sub: ["alloc", "exec"], then: REMOTE_CODE },
      // SQL through a cloud CLI (`gcloud spanner databases execute-sql --sql=…`, `az … execute --querytext …`).
      { optionText: { "--sql": SQL_DESTROYS, "--querytext": SQL_DESTROYS }, then: DB_DESTROY },
      // Everyone on the internet, as a member of a policy or an ACL (`gsutil iam ch allUsers:objectViewer gs://b`).
      { text: /\ball(?:Authenticated)?Users\b/, then: EXPOSE },
      // A production deploy of the working tree (`vercel --prod`, `netlify deploy --prod`) publishes it, as surge
      // does (docs/adr/0309).
      { flag: ["--prod", "--production", "--prod-if-unlocked"], then: PUBLISH },
      ...GRANTS,
      // heroku and friends name the verb after a colon: `apps:destroy`, `pg:reset`, `addons:destroy`.
      { text: /^[a-z][\w-]*:(?:destroy|delete|remove|reset|wipe|purge|rm|kill|unset|stop)$/, then: DESTROY },
      // A sync that deletes what the source lacks (`gsutil rsync -d`, `gcloud storage rsync --delete-unmatched-…`).
      { sub: ["rsync"], flag: ["-d"], then: DESTROY },
      { wordPrefix: ["rsync"], flag: ["--delete-unmatched-destination-objects"], then: DESTROY },
      { word: DESTROY_WORDS, then: DESTROY },
      // `az storage blob delete-batch`, `gcloud … delete-access-config`, `az … purge-deleted`.
      { wordPrefix: ["delete-", "destroy-", "purge-", "wipe-", ...TAKE_AWAY_PREFIXES], then: DESTROY },
      // The verb inside a compound, as other clouds' CLIs spell it (docs/adr/0633): `ibmcloud resource
      // service-instance-delete`, `aliyun ecs DeleteInstance`, `tccli cvm TerminateInstances`.
      { wordText: COMPOUND_DESTROY, then: DESTROY },
      // `wrangler publish` is the old name of `wrangler deploy`; firebase names the verb after colons
      // (`hosting:channel:deploy`, `appdistribution:distribute`) (docs/adr/0341).
      // `az webapp deployment source config-zip --src app.zip` puts the archive live (docs/adr/0733).
      { word: ["deploy", "publish", "config-zip"], then: SPEND },
      // The platforms' other deploy verbs (docs/adr/0552): `up` builds the working tree and deploys it (`az webapp up`,
      // `railway up`, `azd up`), and heroku's `container:release` puts a pushed image live (`container:push` sends it).
      { word: ["up"], then: SPEND },
      { text: /^[a-z][\w-]*(?::[\w-]+)*:(?:deploy|publish|distribute|release|push)$/, then: SPEND },
      { word: READ_WORDS, then: READ },
      { wordPrefix: ["list-", "describe-", "get-"], then: READ },
      ...ACCESS_RULES,
      { word: SPEND_WORDS, then: SPEND },
    ],
  },
  {
    names: ["kubectl", "oc", "k9s"],
    values: [
      "-n",
      "--namespace",
      "-o",
      "--output",
      "-l",
      "--selector",
      "--context",
      "-c",
      "--container",
      "-f",
      "--filename",
      "--kubeconfig",
      "--type",
      "--port",
      "--address",
      "-p",
      "--patch",
      "--overrides",
      "--image",
      "-k",
      "--kustomize",
      "--replicas",
      "--as",
      "--as-group",
      "--as-uid",
    ],
    base: WRITE,
    paths: { options: { "-f": "read", "--filename": "read" } },
    raises: [
      ...KUBE_WORKLOADS,
      // Impersonation: whatever the verb, it runs with another identity's rights (docs/adr/0662). Asking the
      // cluster what that identity may do (`auth can-i --as=…`) is the everyday check of a role, and reads.
      { flag: ["--as", "--as-group", "--as-uid"], unlessText: /^can-i$/, then: IMPERSONATE },
    ],
    rules: [
      // A kubectl plugin is a program on the PATH from the krew index, or from any index added (docs/adr/0371).
      { sub: ["krew", "install"], then: NEW_DEP },
      { sub: ["krew", "index", "add"], then: UNVETTED },
      // A kubeconfig's server, CA, proxy, credentials or exec plugin (docs/adr/0392).
      ...KUBECONFIG_RULES,
      // Listing secrets prints their names, types and ages; only an output format that prints objects (yaml, json,
      // a jsonpath or template) shows the values (docs/adr/0543). hard-deny/secrets.ts denies those as well.
      ...[["secret"], ["secrets"]].flatMap((word): Rule[] => [
        { sub: ["get"], word, notFlag: ["-o", "--output"], then: READ },
        { sub: ["get"], word, option: { "-o": LISTINGS, "--output": LISTINGS }, then: READ },
      ]),
      { sub: ["get"], word: ["secret", "secrets"], then: SECRET },
      { sub: ["get"], text: /^secrets?(?:\/|,)|,secrets?(?:,|$)/, then: SECRET },
      { sub: ["view-secret"], then: SECRET },
      { sub: ["extract"], text: /^secrets?\//, then: SECRET },
      // Manifests or a kustomization fetched from a URL and applied: what they create is not read here.
      ...["apply", "create", "replace"].map(
        (verb): Rule => ({
          sub: [verb],
          optionText: { "-f": REMOTE_REF, "--filename": REMOTE_REF, "-k": REMOTE_REF, "--kustomize": REMOTE_REF },
          then: REMOTE_SOURCE,
        }),
      ),
      { sub: ["rollout", "undo"], then: REPLACE },
      // `kubectl set env deploy/x --list --resolve` prints the values the Secrets and ConfigMaps give the pods.
      { sub: ["set", "env"], flag: ["--resolve"], then: SECRET },
      { sub: ["config", "view"], flag: ["--raw"], then: SECRET },
      // A pod spec that takes the node's namespaces, devices or root (`kubectl run --overrides='{…"hostPID":true…}'`),
      // or a debug pod on a node (it mounts the host's root): the host, not a container.
      { sub: ["run"], optionText: { "--overrides": HOST_SPEC }, then: ESCAPE },
      // The same fields in a manifest whose text is here: a here-string or heredoc on stdin (docs/adr/0383).
      ...["apply", "create", "replace"].map((verb): Rule => ({ sub: [verb], text: HOST_SPEC, then: ESCAPE })),
      // A manifest from outside the project (`-f /tmp/hostpath-pod.yaml`, `~/x.yaml`, `../x`) is unreviewed, like a
      // foreign compose file (docs/adr/0336): it may ask for the node's namespaces or root (docs/adr/0387).
      ...["apply", "create", "replace"].map(
        (verb): Rule => ({
          sub: [verb],
          optionText: { "-f": OUTSIDE_MANIFEST, "--filename": OUTSIDE_MANIFEST },
          then: ESCAPE,
        }),
      ),
      { sub: ["run"], flag: ["--privileged"], notFlag: ["--privileged=false"], then: ESCAPE },
      { sub: ["debug"], text: /^node\//, then: ESCAPE },
      ...NODE_SHELL_PLUGINS.map((plugin): Rule => ({ sub: [plugin], then: ESCAPE })),
      // `kubectl sudo VERB …` impersonates the system:masters group: cluster-admin for the one command.
      { sub: ["sudo"], then: PERMISSIONS },
      { sub: ["create", "token"], then: SECRET },
      // Who may do what in the cluster: a (cluster) role or its binding made or changed hands out its powers,
      // cluster-admin included (docs/adr/0336). Reading them stays a read.
      ...["create", "patch", "edit", "replace", "set", "label", "annotate"].map(
        (verb): Rule => ({ sub: [verb], text: RBAC_KIND, then: PERMISSIONS }),
      ),
      { sub: ["auth", "reconcile"], then: PERMISSIONS },
      // A namespace's pod security relaxed: privileged pods, the host's namespaces and mounts are admitted.
      ...["label", "annotate", "patch", "edit"].map(
        (verb): Rule => ({ sub: [verb], text: /pod-security\.kubernetes\.io\/\w+[=:]\s*"?privileged/, then: ESCAPE }),
      ),
      // A Secret opened in an editor shows its values, and what is saved replaces them (docs/adr/0353).
      { sub: ["edit"], word: ["secret", "secrets"], then: SECRET },
      { sub: ["edit"], text: /^secrets?\//, then: SECRET },
      // Workloads scaled to nothing, or their image swapped: an outage, or other code running as them.
      { sub: ["scale"], option: { "--replicas": ["0"] }, then: DESTROY },
      { sub: ["patch"], text: /"?replicas"?\s*:\s*0\b/, then: DESTROY },
      { sub: ["set", "image"], then: REPLACE },
      // A dry run (client or server side) changes nothing, pruning or not (docs/adr/0393); finalizers taken off let
      // a stuck delete through and orphan what they guarded; an edit whose editor is a command
      // (`KUBE_EDITOR="sed -i …" kubectl edit`) is a change nobody reads.
      { sub: ["apply"], flag: ["--dry-run"], unlessText: /^--dry-run=none$/, then: READ },
      { text: /"?finalizers"?\s*:\s*(?:null|\[\s*\])|"path"\s*:\s*"\/metadata\/finalizers/, then: DESTROY },
      {
        sub: ["edit"],
        setting: { key: /^(?:kube_editor|editor|visual)$/, unlessValue: INTERACTIVE_EDITOR },
        then: REPLACE,
      },
      // Named pods deleted one by one are restarted by their controller (the everyday restart, docs/adr/0303); all
      // pods, a selection, a forced delete or another kind of resource beside them is not that.
      ...["pod", "pods", "po"].map((kind): Rule => ({ sub: ["delete", kind], notFlag: POD_SWEEP, then: RESTART })),
      { sub: ["delete"], text: /^(?:pods?|po)\//, unlessText: OTHER_RESOURCE, notFlag: POD_SWEEP, then: RESTART },
      { sub: ["delete"], then: DESTROY },
      { sub: ["drain"], then: DESTROY },
      { sub: ["cordon"], then: DESTROY },
      { sub: ["taint"], then: DESTROY },
      { sub: ["replace"], flag: ["--force"], then: DESTROY },
      // `--prune` deletes every live object of the selection the files do not name (an empty folder: all of
      // them); `--force` deletes and recreates what cannot be patched (docs/adr/0383). A dry run is read above.
      { sub: ["apply"], flag: ["--prune", "--force"], then: DESTROY },
      // Files copied into a running pod replace what it runs (`kubectl cp ./evil prod/api-0:/app/server`); out
      // of one, from where its credentials live, they are a credential read. Local paths are read or written.
      // Either way between here and the control plane's pods (docs/adr/0662): its keys out, or its programs replaced.
      { sub: ["cp"], wordText: CONTROL_PLANE_POD, then: CONTROL_PLANE, paths: COPY_PATHS },
      {
        sub: ["cp"],
        wordText: IN_POD,
        optionText: { "-n": CONTROL_PLANE_NS, "--namespace": CONTROL_PLANE_NS },
        then: CONTROL_PLANE,
        paths: COPY_PATHS,
      },
      { sub: ["cp"], lastWord: IN_POD, then: REPLACE, paths: COPY_PATHS },
      { sub: ["cp"], text: CONTAINER_SECRET_PATH, then: SECRET, paths: COPY_PATHS },
      { sub: ["cp"], firstWord: IN_PRODUCTION, then: PRODUCTION_DATA, paths: COPY_PATHS },
      {
        sub: ["cp"],
        firstWord: IN_POD,
        optionText: { "-n": PRODUCTION_NAME, "--namespace": PRODUCTION_NAME },
        then: PRODUCTION_DATA,
        paths: COPY_PATHS,
      },
      { sub: ["cp"], then: WRITE, paths: COPY_PATHS },
      // An interactive shell in a pod: what runs is typed in later, unseen here (`kubectl attach -it`, `kubectl
      // debug -it`, `oc rsh`; `kubectl exec -it pod -- sh` is peeled, remote-shell.ts judges it).
      { sub: ["attach"], flag: ["-i", "--stdin"], then: REMOTE_SHELL },
      { sub: ["debug"], flag: ["-i", "--stdin"], then: REMOTE_SHELL },
      { sub: ["rsh"], then: REMOTE_SHELL },
      { sub: ["config"], word: ["view", "get-contexts", "current-context", "get-clusters"], then: READ },
      ...[
        "get",
        "describe",
        "logs",
        "top",
        "explain",
        "api-resources",
        "api-versions",
        "cluster-info",
        "version",
        "diff",
        "events",
        "auth",
        "wait",
      ].map((s) => ({ sub: [s], then: READ })),
      { sub: ["exec"], then: fx("WRITE", ["write_external", "execute"], "cloud") },
      // A service of type LoadBalancer or NodePort is reachable from outside the cluster.
      { sub: ["expose"], option: { "--type": ["LoadBalancer", "NodePort"] }, then: EXPOSE },
      { sub: ["patch"], text: /\b(?:LoadBalancer|NodePort)\b/, then: EXPOSE },
      { sub: ["port-forward"], option: { "--address": ["0.0.0.0", "::", "all"] }, then: EXPOSE },
      // The API server's proxy on every interface: whoever reaches the port has this user's cluster rights.
      { sub: ["proxy"], option: { "--address": ["0.0.0.0", "::"] }, then: EXPOSE },
      { sub: ["scale"], then: SPEND },
    ],
  },
  {
    names: ["terraform", "tofu", "terragrunt", "pulumi", "cdktf", "serverless", "sls"],
    values: ["-var", "-var-file", "-target", "-chdir", "--stack", "-s"],
    base: WRITE,
    rules: [
      // A provider plugin runs with the credentials of every deployment (docs/adr/0371).
      { sub: ["plugin", "install"], then: NEW_DEP },
      // A package (an SDK, a provider) published to the registry everyone installs from (docs/adr/0402).
      { sub: ["package", "publish"], then: PUBLISH },
      // State and outputs hold every secret the resources were made with (passwords, keys) in plain text.
      { sub: ["state", "pull"], then: SECRET },
      // A stack's config values, secrets decrypted (`pulumi config get dbPassword`, `--show-secrets`, ADR 0636).
      { sub: ["config", "get"], then: SECRET },
      { sub: ["config"], flag: ["--show-secrets"], then: SECRET },
      // One output named: a secret by its name prints it; `vpc_id` is no secret (docs/adr/0393). All of them
      // with -json/-raw print the sensitive ones in plain text.
      { sub: ["output"], wordText: OUTPUT_SECRET_NAME, then: SECRET },
      { sub: ["output"], minWords: 1, then: READ },
      { sub: ["output"], flag: ["-json", "-raw", "--json", "--raw"], then: SECRET },
      { sub: ["show"], flag: ["-json", "--json"], then: SECRET },
      { flag: ["--show-secrets"], then: SECRET },
      { sub: ["destroy"], then: DESTROY },
      { sub: ["destroy-all"], then: DESTROY },
      { sub: ["run-all"], word: ["destroy"], then: DESTROY },
      { sub: ["run"], word: ["destroy"], flag: ["--all", "-all"], then: DESTROY },
      { sub: ["apply"], flag: ["-destroy", "--destroy"], then: DESTROY },
      { sub: ["state", "rm"], then: DESTROY },
      // A resource moved to another address is destroyed and remade at the next apply when the code still names the
      // old one (docs/adr/0513); a provider replaced the same for every resource of it.
      { sub: ["state", "mv"], then: DESTROY },
      { sub: ["state", "replace-provider"], then: DESTROY },
      // A lock broken lets two applies write the state at once; a tainted or replaced resource is destroyed and remade.
      { sub: ["force-unlock"], then: DESTROY },
      { sub: ["taint"], then: DESTROY },
      { sub: ["apply"], text: /^-?-replace(?:=|$)/, then: DESTROY },
      // A state pushed over the remote one (or a resource dropped from it) makes the tool forget what it manages.
      { sub: ["state", "push"], then: DESTROY },
      { sub: ["state", "delete"], then: DESTROY },
      { sub: ["stack", "export"], flag: ["--show-secrets"], then: SECRET },
      { sub: ["workspace", "delete"], then: DESTROY },
      { sub: ["stack", "rm"], then: DESTROY },
      { sub: ["remove"], then: DESTROY },
      { sub: ["apply"], then: SPEND },
      { sub: ["up"], then: SPEND },
      { sub: ["deploy"], then: SPEND },
      ...[
        "plan",
        "show",
        "validate",
        "fmt",
        "output",
        "graph",
        "providers",
        "version",
        "preview",
        "synth",
        "diff",
        "list",
        "ls",
        "console",
        "stack",
      ].map((s) => ({ sub: [s], then: READ })),
      { sub: ["state", "list"], then: READ },
      { sub: ["state", "show"], then: READ },
      { sub: ["init"], then: fx("WRITE", ["read_external", "write_local"], "cloud") },
    ],
  },
  // Entering another process's namespaces (`nsenter -t 1`: the host's, from a container) is a root's act.
  { names: ["nsenter"], base: ESCAPE },
  // A machine container over the host's root or with host directories bound in is the host (docs/adr/0336).
  {
    names: ["systemd-nspawn"],
    values: ["-D", "--directory", "-i", "--image", "-M", "--machine", "-u", "--user", "--bind", "--bind-ro"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      { optionText: { "-D": HOST_ROOT, "--directory": HOST_ROOT }, then: ESCAPE },
      { optionText: { "--bind": HOST_BIND, "--bind-ro": HOST_BIND }, then: ESCAPE },
      { flag: ["--capability", "--private-users=no"], then: ESCAPE },
    ],
  },
  // LXD/Incus: a privileged container, raw LXC settings, or a disk device whose source is a host directory
  // (`lxc config device add c host disk source=/ path=/mnt/host`, the classic lxd-group escalation).
  {
    names: ["lxc", "incus"],
    values: ["-c", "--config", "-p", "--profile", "--project", "--target", "-t", "--type"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      { text: LXC_HOST_SETTING, then: ESCAPE },
      { text: HOST_MOUNT, then: ESCAPE },
      { sub: ["delete"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      { sub: ["rm"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      // Every instance stopped at once: the host's services with them (ADR 0518).
      { sub: ["stop"], flag: ["--all"], then: STOP_ALL },
      ...["list", "ls", "info", "version", "image", "remote"].map(
        (w): Rule => ({ sub: [w], then: fx("READ", ["read_local"], "container") }),
      ),
    ],
  },
  {
    names: ["ctr"],
    values: ["--mount", "--label", "--env", "--runtime", "-n", "--namespace", "--exec-id"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["run"], ...w, then: ESCAPE })),
      // A process started in a running task below docker and Kubernetes (`ctr -n k8s.io tasks exec … sh`): the
      // cluster's own containers, the API server and etcd among them (ADR 0517).
      { sub: ["tasks", "exec"], then: ESCAPE },
      { sub: ["task", "exec"], then: ESCAPE },
      { sub: ["t", "exec"], then: ESCAPE },
    ],
  },
  {
    // The runtimes below docker and Kubernetes (ADR 0517): `crictl exec -it ID sh`, `runc exec --cap … ID sh`
    // run a command in any container on the node, the control plane's included; what they list or inspect reads.
    // gVisor's `runsc` is one of them; `runsc do CMD` runs CMD in a sandbox over the host's own root (docs/adr/0660).
    names: ["crictl", "runc", "crun", "runsc"],
    values: ["-r", "--runtime-endpoint", "-i", "--image-endpoint", "--root", "--cap", "-c", "--process", "-u"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      { sub: ["exec"], then: ESCAPE },
      { sub: ["attach"], then: ESCAPE },
      { sub: ["run"], then: ESCAPE },
      { sub: ["do"], then: ESCAPE },
      ...[
        "ps",
        "pods",
        "images",
        "img",
        "inspect",
        "inspectp",
        "inspecti",
        "logs",
        "stats",
        "info",
        "version",
        "list",
        "state",
      ].map((s): Rule => ({ sub: [s], then: fx("READ", ["read_local"], "container") })),
    ],
  },
  {
    // A build container given the host's powers or files (`buildah run --cap-add=ALL c -- sh`, ADR 0517).
    names: ["buildah"],
    values: [
      "-v",
      "--volume",
      "--mount",
      "--cap-add",
      "--cap-drop",
      "--security-opt",
      "--device",
      "--pid",
      "--network",
      "--net",
    ],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["run"], ...w, then: ESCAPE })),
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["from"], ...w, then: ESCAPE })),
      // `buildah push IMG [DEST]` publishes like `podman push` (docs/adr/0671); a destination on this machine (an
      // `oci:` or `dir:` layout, an archive, the local daemon or storage, a localhost registry) reaches nobody.
      ...[["push"], ["manifest", "push"]].flatMap((sub): Rule[] => [
        { sub, lastWord: LOCAL_IMAGE_DESTINATION, then: LOCAL_PUSH },
        { sub, then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] } },
      ]),
    ],
  },
  {
    names: ["helm"],
    values: ["-n", "--namespace", "-f", "--values", "--set", "--version", "--kube-context", "--repo"],
    base: WRITE,
    rules: [
      // A chart named by a URL or an OCI reference (or fetched from a `--repo` URL) runs its templates and hooks unread.
      ...["install", "upgrade"].flatMap((verb): Rule[] => [
        { sub: [verb], wordPrefix: REMOTE_CHART, then: REMOTE_SOURCE },
        { sub: [verb], flag: ["--repo"], then: REMOTE_SOURCE },
      ]),
      { sub: ["plugin", "install"], wordPrefix: REMOTE_CHART, then: REMOTE_SOURCE },
      // A chart repository added is where every later `helm install NAME/chart` comes from (docs/adr/0371).
      { sub: ["repo", "add"], then: REMOTE_SOURCE },
      // A release's values and manifests hold the passwords it was installed with (docs/adr/0636).
      { sub: ["get", "values"], then: SECRET },
      { sub: ["get", "all"], then: SECRET },
      { sub: ["uninstall"], then: DESTROY },
      { sub: ["delete"], then: DESTROY },
      { sub: ["rollback"], then: DESTROY },
      // `--force` deletes and recreates what changed (pods restart, PVC-backed data may go).
      ...["upgrade", "install"].map(
        (verb): Rule => ({ sub: [verb], flag: ["--force", "--force-replace"], then: DESTROY }),
      ),
      { sub: ["push"], then: PUBLISH },
      { sub: ["cm-push"], then: PUBLISH },
      ...["list", "ls", "status", "get", "show", "template", "lint", "search", "history", "version", "env", "diff"].map(
        (s) => ({ sub: [s], then: READ }),
      ),
    ],
  },
  {
    names: ["docker", "podman", "nerdctl", "docker-compose"],
    // nerdctl's containerd namespace (`-n k8s.io`), and a stack's compose file (`stack deploy -c FILE`).
    values: [...CONTAINER_VALUES, "-n", "--namespace", "-c", "--compose-file"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    paths: {
      positional: "read",
      pathLike: true,
      volumes: ["-v", "--volume"],
      options: { "--env-file": "read", "-f": "read", "--file": "read" },
    },
    raises: [
      ...CONTAINER_RAISES,
      // Every command sent to a daemon elsewhere, for this run or from now on (docs/adr/0382).
      { optionText: { "-H": REMOTE_DAEMON, "--host": REMOTE_DAEMON }, then: OTHER_DAEMON },
      { optionText: { "--context": NOT_LOCAL_CONTEXT }, then: OTHER_DAEMON },
    ],
    rules: [
      // Kubernetes' own containers under containerd, the API server and etcd among them (`nerdctl -n k8s.io exec
      // -it kube-apiserver sh`), or docker's seen from below it: like `ctr -n k8s.io tasks exec` (docs/adr/0660).
      ...[["exec"], ["container", "exec"], ["attach"], ["cp"], ["container", "cp"], ["commit"]].map(
        (sub): Rule => ({ sub, optionText: { "-n": SYSTEM_NAMESPACE, "--namespace": SYSTEM_NAMESPACE }, then: ESCAPE }),
      ),
      // A container that shares the host's powers, processes or files is the host (container-escape.ts has the facts).
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["run"], ...w, then: ESCAPE })),
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["create"], ...w, then: ESCAPE })),
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["container", "run"], ...w, then: ESCAPE })),
      // A named volume whose device is a host directory (`volume create --opt o=bind --opt device=/`) is that
      // directory under another name for every later `-v NAME:/x` (ADR 0517).
      { sub: ["volume", "create"], text: HOST_MOUNT, then: ESCAPE },
      // The same powers through compose and exec (docs/adr/0336): `docker compose run --privileged app`,
      // `docker exec --privileged web sh` (a process with every capability in a running container).
      // A swarm service is a container the daemon keeps running, with the same powers (docs/adr/0363).
      ...[
        ["compose", "run"],
        ["compose", "create"],
        ["compose", "exec"],
        ["exec"],
        ["container", "exec"],
        ["service", "create"],
        ["service", "update"],
        // podman's VM, whose volumes every container it runs may mount (docs/adr/0741).
        ["machine", "init"],
        ["machine", "set"],
      ].flatMap((sub) => HOST_ACCESS.map((w): Rule => ({ sub, ...w, then: ESCAPE }))),
      // A compose file the project does not keep under a compose name is unreviewed: it may declare privileged
      // services, host mounts or the docker socket, and nothing reads it here (docs/adr/0336).
      {
        word: ["up", "run", "create", "start", "restart", "watch"],
        optionText: { "-f": FOREIGN_COMPOSE, "--file": FOREIGN_COMPOSE },
        then: ESCAPE,
      },
      // The same for a swarm stack's compose file and a pod file played by podman (docs/adr/0661), read from
      // outside the project, stdin or a URL: `docker stack deploy -c /tmp/x.yml`, `podman kube play /tmp/pod.yaml`.
      ...[
        ["stack", "deploy"],
        ["stack", "up"],
      ].map(
        (sub): Rule => ({
          sub,
          optionText: { "-c": FOREIGN_MANIFEST, "--compose-file": FOREIGN_MANIFEST },
          then: ESCAPE,
        }),
      ),
      ...[
        ["kube", "play"],
        ["play", "kube"],
      ].flatMap((sub): Rule[] => [
        { sub, firstWord: FOREIGN_MANIFEST, then: ESCAPE },
        { sub, text: HOST_SPEC, then: ESCAPE },
      ]),
      // A plugin runs as root in the daemon with the powers it asks for (`--grant-all-permissions` grants them
      // unseen); a context or daemon address elsewhere sends every later command, and its mounts, to that host.
      { sub: ["plugin", "install"], then: ESCAPE },
      { sub: ["plugin", "enable"], then: ESCAPE },
      { sub: ["context", "create"], text: /host=(?:tcp|ssh|https?):\/\//i, then: ESCAPE },
      { sub: ["context", "update"], text: /host=(?:tcp|ssh|https?):\/\//i, then: ESCAPE },
      // Build steps run privileged or on the host's network (docs/adr/0387).
      { sub: ["buildx", "create"], text: INSECURE_BUILD, then: ESCAPE },
      ...BUILDS.flatMap((sub): Rule[] => [
        { sub, text: INSECURE_BUILD, then: ESCAPE },
        { sub, option: { "--network": ["host"], "--net": ["host"] }, then: ESCAPE },
      ]),
      // Everything the engine keeps (containers, images, volumes, networks) gone at once (docs/adr/0387).
      { sub: ["system", "reset"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      { sub: ["machine", "reset"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      // Named containers removed are remade by the next run or compose up; their volumes stay (docs/adr/0387).
      // All of them, a selection from an expansion or their anonymous volumes (`-v`) are not that.
      ...[["rm"], ["container", "rm"]].map(
        (sub): Rule => ({
          sub,
          notFlag: ["-v", "--volumes"],
          unlessText: /[$`*?]|^-[a-z]*v[a-z]*$/,
          then: fx("WRITE", ["write_local"], "container"),
        }),
      ),
      { sub: ["context", "use"], firstWord: LOCAL_CONTEXT, then: fx("WRITE", ["write_local"], "container") },
      { sub: ["context", "use"], then: OTHER_DAEMON },
      { sub: ["context", "import"], then: OTHER_DAEMON },
      // A swarm left by force, or rebuilt from this node, loses its services and its quorum; a node drained
      // stops what ran there. The join token and unlock key let any machine join or decrypt it (docs/adr/0383).
      { sub: ["swarm", "leave"], then: SWARM_DESTROY },
      { sub: ["swarm", "init"], flag: ["--force-new-cluster"], then: SWARM_DESTROY },
      { sub: ["node", "demote"], then: SWARM_DESTROY },
      { sub: ["node", "update"], option: { "--availability": ["drain", "pause"] }, then: SWARM_DESTROY },
      { sub: ["swarm", "join-token"], notFlag: ["--rotate"], then: CONTAINER_SECRET },
      { sub: ["swarm", "unlock-key"], notFlag: ["--rotate"], then: CONTAINER_SECRET },
      // Attached to a running container's main process: what runs is typed in later (docs/adr/0383).
      { sub: ["attach"], then: REMOTE_SHELL },
      { sub: ["container", "attach"], then: REMOTE_SHELL },
      // Files copied out of a container from where credentials live in it (`docker cp web:/etc/shadow .`). The
      // local side is a path like cp's: `docker cp web:/payload /etc/` writes /etc (docs/adr/0384).
      { sub: ["cp"], text: CONTAINER_SECRET_PATH, then: CONTAINER_SECRET, paths: COPY_PATHS },
      { sub: ["container", "cp"], text: CONTAINER_SECRET_PATH, then: CONTAINER_SECRET, paths: COPY_PATHS },
      ...[["cp"], ["container", "cp"]].map(
        (sub): Rule => ({ sub, firstWord: IN_PRODUCTION, then: PRODUCTION_DATA, paths: COPY_PATHS }),
      ),
      { sub: ["cp"], then: fx("WRITE", ["write_local"], "container"), paths: COPY_PATHS },
      { sub: ["container", "cp"], then: fx("WRITE", ["write_local"], "container"), paths: COPY_PATHS },
      // Dangling images and build cache are made again by the next build (dcg: `docker system prune` passes).
      {
        sub: ["image", "prune"],
        notFlag: ["-a", "--all", "--filter"],
        then: fx("WRITE", ["write_local"], "container"),
      },
      { sub: ["builder", "prune"], notFlag: ["-a", "--all"], then: fx("WRITE", ["write_local"], "container") },
      { word: ["rm", "rmi", "prune", "kill"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      // Every container stopped at once, or a deployment the project does not keep taken down (`compose -f
      // /srv/prod/compose.yml down`): the host's services, not the project's (ADR 0518).
      ...[["stop"], ["container", "stop"], ["restart"], ["pause"]].map(
        (sub): Rule => ({ sub, flag: ["-a", "--all"], then: STOP_ALL }),
      ),
      {
        word: ["down", "stop", "kill", "rm", "pause", "restart"],
        optionText: { "-f": OUTSIDE_MANIFEST, "--file": OUTSIDE_MANIFEST, "--project-directory": OUTSIDE_MANIFEST },
        then: STOP_ALL,
      },
      {
        sub: ["compose", "down"],
        flag: ["-v", "--volumes", "--rmi"],
        then: fx("DESTRUCTIVE", ["write_local"], "container"),
      },
      // An image pushed is published: whoever pulls the tag gets what it holds, and the old image under it is gone.
      // A registry on this machine (`localhost:5000/app`, a kind or k3d dev registry) reaches nobody else: a local
      // write (docs/adr/0550).
      ...[["push"], ["image", "push"]].map((sub): Rule => ({ sub, firstWord: LOCAL_REGISTRY, then: LOCAL_PUSH })),
      { sub: ["push"], then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] } },
      { sub: ["image", "push"], then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] } },
      // The same push spelled as a build's output, a manifest list, a compose project or an index (docs/adr/0341):
      // `docker buildx build --push`, `-o type=registry`, `docker manifest push`, `docker compose push`.
      ...[["build"], ["buildx", "build"], ["buildx", "bake"], ["image", "build"], ["compose", "build"]].flatMap(
        (sub): Rule[] => [
          { sub, flag: ["--push"], then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] } },
          { sub, text: REGISTRY_OUTPUT, then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] } },
        ],
      ),
      // A build sends its whole context folder to the builder, where any COPY can take any file of it: the context is
      // read as a tree, so `docker build -t x ~` reads ~/.ssh as `tar czf x ~` does (docs/adr/0692).
      ...[["build"], ["buildx", "build"], ["image", "build"], ["builder", "build"]].map(
        (sub): Rule => ({
          sub,
          then: fx("WRITE", ["execute", "write_local"], "container"),
          paths: {
            positional: "read",
            pathLike: true,
            options: { "--env-file": "read", "-f": "read", "--file": "read" },
            recursive: { docker: true, podman: true, nerdctl: true },
          },
        }),
      ),
      ...[
        ["manifest", "push"],
        ["compose", "push"],
        ["buildx", "imagetools", "create"],
      ].map(
        (sub): Rule => ({
          sub,
          notFlag: ["--dry-run"],
          then: { ...PUBLISH, categories: ["container", ...PUBLISH.categories] },
        }),
      ),
      ...EXPOSED.map((w): Rule => ({ sub: ["run"], ...w, then: EXPOSE })),
      ...EXPOSED.map((w): Rule => ({ sub: ["create"], ...w, then: EXPOSE })),
      { sub: ["login"], then: fx("SECURITY", ["credential_access", "write_local"], "container", "credentials") },
      // A container's environment (its database passwords, API keys) picked out: `--format '{{.Config.Env}}'`,
      // `{{json .Config}}` (docs/adr/0302). The plain record is the everyday look at ports, mounts and health, a
      // READ (docs/adr/0386 reverses 0302 there).
      ...[["inspect"], ["container", "inspect"]].map(
        (sub): Rule => ({
          sub,
          optionText: { "--format": CONTAINER_ENV, "-f": CONTAINER_ENV },
          then: CONTAINER_SECRET,
        }),
      ),
      { sub: ["pull"], then: fx("WRITE", ["read_external", "write_local"], "container", "network") },
      ...[
        "ps",
        "images",
        "logs",
        "inspect",
        "version",
        "info",
        "stats",
        "top",
        "history",
        "search",
        "port",
        "diff",
        "events",
        "ls",
        "config",
      ].map((w) => ({ word: [w], then: fx("READ", ["read_local"], "container") })),
    ],
  },
];
