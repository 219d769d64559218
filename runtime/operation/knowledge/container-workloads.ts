/**
 * What a container or cluster workload runs and how long it stays (docs/adr/0380, 0381): an image from outside
 * Docker Hub's official library is code nobody here reviewed; a workload the daemon or the cluster restarts,
 * reschedules or runs on a timer persists; a container with its process or memory limits taken off can take the
 * host down with it. Rules for the docker/podman/nerdctl and kubectl tables of cloud.ts (`raises`: they add to
 * whatever the subcommand does).
 */
import { fx, type Rule } from "./types.ts";

/**
 * An image reference that is not an official library image (`alpine`, `node:20`, `library/postgres`,
 * `docker.io/library/nginx:alpine`, an image id or digest) nor one in a registry on this machine
 * (`localhost:5000/app`): a namespace on Docker Hub (`attacker/miner`), another registry (`quay.io/x/y`,
 * `evil.example.com/img`), or a name built from an expansion nobody can read here (`$IMAGE`).
 */
export const FOREIGN_IMAGE =
  /^(?!(?:(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\/)?(?:library\/)?[a-z0-9][\w.-]*(?::[\w.-]+)?(?:@sha256:[a-f0-9]+)?$)(?!(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\/[^$`]*$)/i;
/** The opposite, for a name a foreign image is given under (`docker tag attacker/x alpine`). */
const OFFICIAL_IMAGE = new RegExp(`^(?!${FOREIGN_IMAGE.source.slice(1)})`, "i");

export const UNVETTED_IMAGE = fx("SECURITY", ["execute", "read_external"], "container", "unvetted-source");
export const PERSISTENT = fx("SECURITY", ["execute", "write_external"], "container", "persistence");
const UNBOUNDED = fx("EXPENSIVE", ["execute"], "container", "resource-exhaustion");

/** docker/podman/nerdctl subcommands whose first operand is the image they start. */
const STARTS_IMAGE = [["run"], ["create"], ["container", "run"], ["container", "create"], ["service", "create"]];

/** Restart policies that bring a container back after it exits and after the daemon or the machine restarts. */
const RESTARTS = /^(?:always|unless-stopped)$/i;
/** `--pids-limit -1` (or 0): no bound on processes, so a fork loop inside fills the host's process table. */
const NO_PID_LIMIT = /^(?:-1|0)$/;
/** `--ulimit nproc=-1`, `nproc=unlimited:unlimited`: the same through the process-count rlimit. */
const NO_NPROC_LIMIT = /^nproc=(?:-1|unlimited)(?::|$)/i;

export const CONTAINER_RAISES: readonly Rule[] = [
  ...STARTS_IMAGE.map((sub): Rule => ({ sub, firstWord: FOREIGN_IMAGE, then: UNVETTED_IMAGE })),
  // A foreign image given an official-looking local name: a later `docker run alpine` runs it (docs/adr/0380).
  ...[["tag"], ["image", "tag"]].map(
    (sub): Rule => ({ sub, firstWord: FOREIGN_IMAGE, lastWord: OFFICIAL_IMAGE, minWords: 2, then: UNVETTED_IMAGE }),
  ),
  // Brought back after every exit and after the daemon or the machine restarts (docs/adr/0381). A swarm service
  // of an official image stays as ADR 0363 left it: a deployment, not a foothold.
  { optionText: { "--restart": RESTARTS }, then: PERSISTENT },
  { optionText: { "--pids-limit": NO_PID_LIMIT, "--ulimit": NO_NPROC_LIMIT }, then: UNBOUNDED },
  { flag: ["--oom-kill-disable"], notFlag: ["-m", "--memory"], then: UNBOUNDED },
];

/** kubectl/oc: the image of a workload made from the command line (`kubectl run x --image=…`). */
const KUBE_IMAGE = { "--image": FOREIGN_IMAGE };
/** A manifest's kind that runs on a schedule or on every node (`kind: CronJob`, `"kind": "DaemonSet"`). */
const PERSISTENT_KIND = /kind"?\s*:\s*"?(?:CronJob|DaemonSet)\b/;

export const KUBE_WORKLOADS: readonly Rule[] = [
  // A job on a timer, or a manifest of one (read on stdin: `kubectl apply -f - <<< 'kind: CronJob…'`).
  { sub: ["create", "cronjob"], then: PERSISTENT },
  { sub: ["create", "cj"], then: PERSISTENT },
  ...["apply", "create", "replace"].map((verb): Rule => ({ sub: [verb], text: PERSISTENT_KIND, then: PERSISTENT })),
  ...[["run"], ["create", "deployment"], ["create", "deploy"], ["create", "job"], ["debug"]].map(
    (sub): Rule => ({ sub, optionText: KUBE_IMAGE, then: UNVETTED_IMAGE }),
  ),
  { sub: ["new-app"], firstWord: FOREIGN_IMAGE, then: UNVETTED_IMAGE },
];
