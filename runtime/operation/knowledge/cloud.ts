/**
 * Cloud, cluster and container CLIs. list/get/describe are READs of external state; delete/destroy are
 * DESTRUCTIVE; creating resources costs money (EXPENSIVE); every other change is an external WRITE.
 * Verbs are matched as whole positional words (gcloud/az/kubectl) or as prefixes of the aws operation.
 */
import { fx, type Program, type Rule, type When } from "./types.ts";

const READ = fx("READ", ["read_external"], "cloud");
const WRITE = fx("WRITE", ["write_external"], "cloud");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud");
const SPEND = fx("EXPENSIVE", ["write_external"], "cloud");
const SECRET = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");

const DESTROY_WORDS = ["delete", "destroy", "remove", "rm", "rb", "terminate", "purge", "drain", "cordon", "taint", "uninstall", "prune", "wipe", "reset"];
const READ_WORDS = ["list", "ls", "describe", "get", "show", "logs", "top", "explain", "status", "version", "info", "search", "history", "inspect",
  "api-resources", "api-versions", "cluster-info", "whoami", "view", "plan", "validate", "fmt", "output", "graph", "providers", "lint", "template", "diff", "images", "ps", "stats", "events", "port", "help", "images"];
const SPEND_WORDS = ["create", "run", "start", "scale", "deploy", "provision", "allocate", "purchase"];

const ESCAPE = fx("SECURITY", ["execute", "write_local"], "container", "host-access");
/** docker/podman options that take the next word as their value (so the image and its command are positionals). */
export const CONTAINER_VALUES = ["-f", "--file", "-p", "--project-name", "--publish", "-e", "--env", "-v", "--volume", "--name", "-w", "--workdir",
  "-u", "--user", "--network", "--net", "--platform", "--tag", "--entrypoint", "--mount", "-H", "--host", "--context", "--pid", "--ipc",
  "--uts", "--userns", "--cgroupns", "--cap-add", "--cap-drop", "--device", "--security-opt", "--restart", "-l", "--label", "-h", "--hostname",
  "-m", "--memory", "--cpus", "--gpus", "--env-file", "--add-host", "--dns", "--log-driver", "--shm-size", "--ulimit", "--tmpfs", "--group-add",
  "--runtime", "--volumes-from", "--network-alias", "--health-cmd", "--stop-signal", "--pull"];
/**
 * Host directories a container must not get: the root, the home directories, system configuration, the
 * container runtime's socket and state, kernel interfaces. `SRC:` of `-v SRC:DST`, `source=`/`src=` of `--mount`.
 */
const HOST_DIR = String.raw`(?:\/|~[^:,/]*|\$\{?HOME\}?|\/home(?:\/[^:,/]+)?|\/root|\/etc|\/var|\/var\/lib\/docker|\/usr|\/boot|\/proc|\/sys|\/dev|\/lib|\/bin|\/sbin|\/run|\/Users(?:\/[^:,/]+)?|[^:,]*docker\.sock|[^:,]*containerd\.sock|[^:,]*podman\.sock)\/?`;
const HOST_MOUNT = new RegExp(String.raw`^${HOST_DIR}:|(?:^|,)(?:source|src)=${HOST_DIR}(?:,|$)`);
/** The three ways a container reaches the host: its powers, its namespaces or devices, its files. */
const HOST_ACCESS: readonly When[] = [
  { flag: ["--privileged"] },
  { option: { "--pid": ["host"], "--ipc": ["host"], "--uts": ["host"], "--userns": ["host"], "--cgroupns": ["host"],
    "--cap-add": ["ALL", "SYS_ADMIN", "CAP_SYS_ADMIN", "SYS_PTRACE", "CAP_SYS_PTRACE", "SYS_MODULE", "CAP_SYS_MODULE", "DAC_READ_SEARCH", "CAP_DAC_READ_SEARCH", "SYS_RAWIO", "CAP_SYS_RAWIO"],
    "--security-opt": ["apparmor=unconfined", "apparmor:unconfined", "seccomp=unconfined", "seccomp:unconfined", "label=disable", "label:disable", "systempaths=unconfined"] } },
  { flag: ["--device"] },
  { text: HOST_MOUNT },
];

export const CLOUD: readonly Program[] = [
  { names: ["aws"], values: ["--region", "--profile", "--output", "--query", "--endpoint-url", "--cli-input-json"], base: WRITE,
    rules: [
      { sub: ["configure", "get"], then: SECRET }, { sub: ["configure", "export-credentials"], then: SECRET },
      { sub: ["secretsmanager", "get-secret-value"], then: SECRET }, { sub: ["ssm", "get-parameter"], flag: ["--with-decryption"], then: SECRET },
      { wordPrefix: ["delete", "terminate-", "remove-", "deregister-", "purge-", "destroy-", "disable-"], then: DESTROY },
      { word: ["rm", "rb"], then: DESTROY },
      { sub: ["s3", "sync"], flag: ["--delete"], then: DESTROY },
      { wordPrefix: ["describe-", "list-", "get-", "head-", "lookup-", "search-", "scan", "query"], then: READ },
      { word: ["ls", "help", "wait"], then: READ }, { sub: ["sts", "get-caller-identity"], then: READ },
      { wordPrefix: ["create-", "run-", "start-", "allocate-", "request-", "purchase-", "launch-"], then: SPEND },
    ] },
  { names: ["gcloud", "gsutil", "az", "doctl", "linode-cli", "hcloud", "flyctl", "fly", "heroku", "vercel", "netlify", "firebase", "wrangler", "oci", "ibmcloud"],
    values: ["--project", "--region", "--zone", "--format", "--filter", "--account", "-g", "--resource-group", "--subscription", "-o", "--output", "--query"], base: WRITE,
    rules: [
      { word: ["print-access-token", "print-identity-token", "get-access-token", "application-default"], then: SECRET },
      { word: DESTROY_WORDS, then: DESTROY },
      { word: ["deploy"], then: SPEND },
      { word: READ_WORDS, then: READ },
      { wordPrefix: ["list-", "describe-", "get-"], then: READ },
      { word: SPEND_WORDS, then: SPEND },
    ] },
  { names: ["kubectl", "oc", "k9s"], values: ["-n", "--namespace", "-o", "--output", "-l", "--selector", "--context", "-c", "--container", "-f", "--filename", "--kubeconfig"], base: WRITE,
    paths: { options: { "-f": "read", "--filename": "read" } },
    rules: [
      { sub: ["get"], word: ["secret", "secrets"], then: SECRET },
      { sub: ["config", "view"], flag: ["--raw"], then: SECRET },
      { sub: ["delete"], then: DESTROY }, { sub: ["drain"], then: DESTROY }, { sub: ["cordon"], then: DESTROY }, { sub: ["taint"], then: DESTROY },
      { sub: ["replace"], flag: ["--force"], then: DESTROY },
      { sub: ["config"], word: ["view", "get-contexts", "current-context", "get-clusters"], then: READ },
      ...["get", "describe", "logs", "top", "explain", "api-resources", "api-versions", "cluster-info", "version", "diff", "events", "auth", "wait"].map((s) => ({ sub: [s], then: READ })),
      { sub: ["exec"], then: fx("WRITE", ["write_external", "execute"], "cloud") },
      { sub: ["scale"], then: SPEND },
    ] },
  { names: ["terraform", "tofu", "terragrunt", "pulumi", "cdk", "cdktf", "serverless", "sls"], values: ["-var", "-var-file", "-target", "-chdir", "--stack", "-s"], base: WRITE,
    rules: [
      { sub: ["destroy"], then: DESTROY }, { sub: ["apply"], flag: ["-destroy", "--destroy"], then: DESTROY },
      { sub: ["state", "rm"], then: DESTROY }, { sub: ["workspace", "delete"], then: DESTROY }, { sub: ["stack", "rm"], then: DESTROY }, { sub: ["remove"], then: DESTROY },
      { sub: ["apply"], then: SPEND }, { sub: ["up"], then: SPEND }, { sub: ["deploy"], then: SPEND },
      ...["plan", "show", "validate", "fmt", "output", "graph", "providers", "version", "preview", "synth", "diff", "list", "ls", "console", "stack"].map((s) => ({ sub: [s], then: READ })),
      { sub: ["state", "list"], then: READ }, { sub: ["state", "show"], then: READ },
      { sub: ["init"], then: fx("WRITE", ["read_external", "write_local"], "cloud") },
    ] },
  // Entering another process's namespaces (`nsenter -t 1`: the host's, from a container) is a root's act.
  { names: ["nsenter"], base: ESCAPE },
  { names: ["ctr"], values: ["--mount", "--label", "--env", "--runtime", "-n", "--namespace"], base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: HOST_ACCESS.map((w): Rule => ({ sub: ["run"], ...w, then: ESCAPE })) },
  { names: ["helm"], values: ["-n", "--namespace", "-f", "--values", "--set", "--version", "--kube-context"], base: WRITE,
    rules: [
      { sub: ["uninstall"], then: DESTROY }, { sub: ["delete"], then: DESTROY }, { sub: ["rollback"], then: DESTROY },
      ...["list", "ls", "status", "get", "show", "template", "lint", "search", "history", "version", "env", "diff"].map((s) => ({ sub: [s], then: READ })),
    ] },
  { names: ["docker", "podman", "nerdctl", "docker-compose"], values: CONTAINER_VALUES,
    base: fx("WRITE", ["execute", "write_local"], "container"),
    paths: { positional: "read", pathLike: true, volumes: ["-v", "--volume"], options: { "--env-file": "read", "-f": "read", "--file": "read" } },
    rules: [
      // A container that shares the host's powers, processes or files is the host (container-escape.ts has the facts).
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["run"], ...w, then: ESCAPE })),
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["create"], ...w, then: ESCAPE })),
      ...HOST_ACCESS.map((w): Rule => ({ sub: ["container", "run"], ...w, then: ESCAPE })),
      { word: ["rm", "rmi", "prune", "kill"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      { sub: ["compose", "down"], flag: ["-v", "--volumes", "--rmi"], then: fx("DESTRUCTIVE", ["write_local"], "container") },
      { sub: ["push"], then: fx("WRITE", ["write_external", "read_local"], "container", "network") },
      { sub: ["login"], then: fx("SECURITY", ["credential_access", "write_local"], "container", "credentials") },
      { sub: ["pull"], then: fx("WRITE", ["read_external", "write_local"], "container", "network") },
      ...["ps", "images", "logs", "inspect", "version", "info", "stats", "top", "history", "search", "port", "diff", "events", "ls", "config"].map((w) => ({ word: [w], then: fx("READ", ["read_local"], "container") })),
    ] },
];
