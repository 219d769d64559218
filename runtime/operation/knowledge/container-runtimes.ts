/**
 * Container runtimes beside docker, podman and LXD (docs/adr/0660), read like them: a container given the host's
 * files, powers or confinement is the host. The classic LXC tools (`lxc-attach` enters any container of the host
 * the way `crictl exec` does; `lxc-start`/`lxc-execute -s KEY=VALUE` settings that bind the host's root, drop no
 * capability or run unconfined), and the HPC runtimes Apptainer and Singularity, whose `--bind /etc:/e` makes a
 * host directory the container's. Starting, listing and stopping containers stays ordinary work; binds of the
 * project or of a data directory stay allowed.
 */
import { ESCAPE, HOST_DIR, HOST_MOUNT, OUTSIDE_MANIFEST } from "./cloud.ts";
import { PUBLISH } from "./publication.ts";
import { fx, subs, type Program, type Rule } from "./types.ts";

const RUN = fx("WRITE", ["execute", "write_local"], "container");
const READ = fx("READ", ["read_local"], "container");
const DESTROY = fx("DESTRUCTIVE", ["write_local"], "container");

/**
 * LXC settings that take the container's walls down: a host root, system or home directory bound in
 * (`lxc.mount.entry=/ host none bind 0 0`), AppArmor or seccomp off, every capability kept, host devices allowed,
 * a namespace shared with the host, a hook run on the host, the host's root as the container's.
 */
const LXC_HOST_SETTING = new RegExp(
  [
    String.raw`^lxc\.mount\.entry\s*=\s*${HOST_DIR}\s`,
    String.raw`^lxc\.mount\.auto\s*=.*\b(?:proc|sys|cgroup):rw`,
    String.raw`^lxc\.apparmor\.(?:profile\s*=\s*unconfined|allow_nesting\s*=\s*1)`,
    String.raw`^lxc\.seccomp\.profile\s*=\s*$`,
    String.raw`^lxc\.cap\.(?:drop\s*=\s*$|keep\s*=)`,
    String.raw`^lxc\.cgroup2?\.devices\.allow\s*=`,
    String.raw`^lxc\.namespace\.(?:keep|share\.\w+)\s*=`,
    String.raw`^lxc\.hook\.`,
    String.raw`^lxc\.rootfs\.path\s*=\s*(?:dir:)?\/*$`,
  ].join("|"),
  "i",
);

/** The options of lxc-start, lxc-execute and lxc-create that take a value. */
const LXC_VALUES = [
  ...["-n", "--name", "-P", "--lxcpath", "-f", "--rcfile", "-s", "--define", "-t", "--template"],
  ...["-B", "--bdev", "-p", "--pidfile", "-L", "--console-log", "-c", "--console", "-o", "--logfile"],
  ...["-l", "--logpriority", "-u", "--uid", "-g", "--gid", "--share-net", "--share-ipc", "--share-uts"],
];
const LXC_START_RULES: readonly Rule[] = [
  { optionText: { "-s": LXC_HOST_SETTING, "--define": LXC_HOST_SETTING }, then: ESCAPE },
  // A configuration file from outside the project is unreviewed, like a foreign compose file (docs/adr/0336).
  { optionText: { "-f": OUTSIDE_MANIFEST, "--rcfile": OUTSIDE_MANIFEST }, then: ESCAPE },
];

/** One or more Apptainer binds (`SRC[:DST[:OPTS]]`, comma-separated) of which one is a host directory. */
const HOST_BINDS = new RegExp(String.raw`(?:^|,)${HOST_DIR}(?::|,|$)`);
/** Capabilities that reach the host from the container (Apptainer's `--add-caps`, comma-separated). */
const HOST_CAPS = /(?:^|,)\s*(?:all|(?:cap_)?sys_(?:admin|ptrace|module|rawio)|(?:cap_)?dac_read_search)\s*(?:,|$)/i;

/**
 * docker-run options handed through to every container a local CI runner starts (`act --container-options`,
 * docs/adr/0741): privileged, the host's process namespace, or a host root, system or home directory mounted.
 */
const HOST_CONTAINER_OPTIONS = new RegExp(
  String.raw`(?:^|\s)(?:--privileged\b|--pid[=\s]+host\b|(?:-v|--volume|--mount)[=\s]+(?:\S*(?:source|src)=)?${HOST_DIR}(?::|,|\s|$))`,
);

export const CONTAINER_RUNTIMES: readonly Program[] = [
  // Local CI runners (docs/adr/0741): GitHub Actions jobs under act, Earthfile targets under earthly, each in
  // containers. Told to run them privileged (`act --privileged`, `earthly --allow-privileged`, `-P`), or with host
  // mounts passed through, every step of a workflow nobody reviewed here is root on the host.
  {
    names: ["act"],
    values: [
      ...["-j", "--job", "-W", "--workflows", "-P", "--platform", "-e", "--eventpath", "-s", "--secret"],
      ...["--secret-file", "--var", "--var-file", "--env", "--env-file", "--input", "--input-file", "-C"],
      ...["--directory", "--container-options", "--container-architecture", "--container-cap-add", "-a"],
      ...["--container-cap-drop", "--container-daemon-socket", "--network", "--matrix", "--actor"],
    ],
    base: RUN,
    rules: [
      { flag: ["--privileged"], then: ESCAPE },
      { optionText: { "--container-options": HOST_CONTAINER_OPTIONS }, then: ESCAPE },
      { optionText: { "--container-cap-add": HOST_CAPS }, then: ESCAPE },
    ],
  },
  {
    names: ["earthly"],
    base: RUN,
    rules: [
      { flag: ["--allow-privileged", "-P"], then: ESCAPE },
      // `--push` pushes the images the targets build (docs/adr/0625), read here now that earthly is described.
      { flag: ["--push"], then: PUBLISH },
    ],
  },
  // A process started in a running container of the host, whoever's it is (like `crictl exec`, ADR 0517).
  {
    names: ["lxc-attach", "lxc-console", "lxc-device"],
    values: ["-n", "--name", "-P", "--lxcpath", "-s", "--namespaces", "-v", "--set-var", "-u", "--uid", "-g"],
    base: ESCAPE,
  },
  { names: ["lxc-start", "lxc-execute", "lxc-create"], values: LXC_VALUES, base: RUN, rules: LXC_START_RULES },
  { names: ["lxc-destroy"], base: DESTROY },
  {
    names: ["lxc-ls", "lxc-info", "lxc-checkconfig", "lxc-config", "lxc-top", "lxc-monitor", "lxc-wait"],
    base: READ,
  },
  { names: ["lxc-stop", "lxc-freeze", "lxc-unfreeze", "lxc-copy", "lxc-snapshot", "lxc-autostart"], base: RUN },
  {
    names: ["apptainer", "singularity"],
    values: [
      ...["-B", "--bind", "--mount", "-H", "--home", "-o", "--overlay", "-W", "--workdir", "--env", "--env-file"],
      ...["--security", "--network", "--network-args", "--app", "-S", "--scratch", "--fusemount", "--pwd"],
      ...["--hostname", "--dns", "--apply-cgroups", "--add-caps", "--drop-caps", "--nv-ccli", "--oci"],
    ],
    base: RUN,
    rules: [
      { optionText: { "-B": HOST_BINDS, "--bind": HOST_BINDS, "--fusemount": HOST_BINDS }, then: ESCAPE },
      { optionText: { "--mount": HOST_MOUNT }, then: ESCAPE },
      { optionText: { "--add-caps": HOST_CAPS }, then: ESCAPE },
      { optionText: { "--security": /(?:seccomp|apparmor|selinux):unconfined/i }, then: ESCAPE },
      ...subs(["version", "inspect", "search", "remote", "cache"], READ),
    ],
  },
];
