/**
 * Fleet executors: configuration management and parallel shells that run on many hosts at once (docs/adr/0300).
 * An ansible ad-hoc command line (`-m shell|command|raw -a CMD`) is peeled like `ssh host CMD` and judged as the
 * command it is (runtime/shell/runners.ts); what is left here is the rest. A module that deletes, stops or reboots
 * is DESTRUCTIVE, one that changes accounts or keys SECURITY; code nobody reads here run on the hosts (a
 * playbook, a local script copied over, a command hidden in an expansion, `salt '*' cmd.run …`) is remote code.
 */
import { REMOTE_CODE } from "./cloud.ts";
import { fx, subs, type Program } from "./types.ts";

const READ = fx("READ", ["read_external"], "cloud", "remote");
const WRITE = fx("WRITE", ["write_external", "execute"], "cloud", "remote");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud", "remote");
const ACCOUNTS = fx("SECURITY", ["write_external"], "cloud", "remote", "permissions");
const LOCAL_CODE = fx("SECURITY", ["execute", "write_local"], "system", "unknown-code");
const SECRET = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");
/**
 * An argument or option value that is not the project's: a file named absolute, in a home or up from the project,
 * or a Jinja template written on the command line (`-e 'x={{ lookup("pipe", …) }}'` runs on this machine).
 */
const ELSEWHERE =
  /(?:^|[=@,:])(?:\/|~|\.\.(?:\/|$))|\{[{%]|ansible_(?:python_interpreter|(?:ssh|scp|sftp)_(?:common|extra)_args|shell_executable|become_exe|connection|ssh_executable)/;
/** A playbook run in check mode: the project's code, reporting what it would change on the hosts. */
const DRY_RUN = fx("WRITE", ["read_external", "execute"], "cloud", "remote");

/** A module by its short or fully qualified name (`file`, `ansible.builtin.file`). */
const modules = (...names: string[]): string[] =>
  names.flatMap((n) => [n, `ansible.builtin.${n}`, `ansible.posix.${n}`, `community.general.${n}`]);
const MODULE = (...names: string[]) => ({ "-m": modules(...names), "--module-name": modules(...names) });
/** Module arguments that remove or stop what they name (`state=absent`, a service `state=stopped`). */
const REMOVES = /\bstate\s*=\s*(?:absent|stopped)\b|\bremove\s*=\s*(?:yes|true)\b/i;

/**
 * File module arguments that recurse (`recurse=yes`) with a mode that lets others write: an octal mode whose last
 * digit has the write bit (`0777`, `766`), or a symbolic one that adds write for others or all (`o+w`, `a+rwx`).
 */
const OPEN_TREE =
  /^(?=[\s\S]*\brecurse\s*[=:]\s*['"]?(?:yes|true)\b)(?=[\s\S]*\bmode\s*[=:]\s*['"]?(?:0?[0-7]?[0-7]{2}[2367]\b|[ugo]*[ao][ugo]*[+=][rxXst]*w|[+=][rxXst]*w))/i;
const OPENED = fx("SECURITY", ["write_local"], "cloud", "remote", "permissions");

export const FLEET: readonly Program[] = [
  {
    names: ["ansible"],
    values: [
      "-m",
      "--module-name",
      "-a",
      "--args",
      "-i",
      "--inventory",
      "-l",
      "--limit",
      "-u",
      "--user",
      "-f",
      "--forks",
      "-e",
      "--extra-vars",
      "-c",
      "--connection",
      "-B",
      "-P",
      "-t",
      "--tree",
    ],
    base: WRITE,
    rules: [
      // A command or script the parse could not read (`-a "$CMD"`), or a local script run on every host.
      { option: MODULE("command", "shell", "raw", "script", "win_shell", "win_command"), then: REMOTE_CODE },
      { flag: ["-a", "--args"], notFlag: ["-m", "--module-name"], then: REMOTE_CODE },
      { option: MODULE("reboot", "shutdown", "win_reboot"), then: DESTROY },
      { optionText: { "-a": REMOVES, "--args": REMOVES }, then: DESTROY },
      // A mode given a whole tree that lets everyone write, as `chmod -R 777` does (docs/adr/0566).
      { option: MODULE("file"), optionText: { "-a": OPEN_TREE, "--args": OPEN_TREE }, then: OPENED },
      { option: MODULE("user", "group", "authorized_key", "win_user", "known_hosts"), then: ACCOUNTS },
      {
        option: MODULE("ping", "setup", "gather_facts", "stat", "debug", "win_ping", "package_facts", "service_facts"),
        then: READ,
      },
      { flag: ["--list-hosts"], then: READ },
    ],
  },
  {
    names: ["ansible-playbook"],
    values: [
      "-i",
      "--inventory",
      "-l",
      "--limit",
      "-u",
      "--user",
      "-f",
      "--forks",
      "-e",
      "--extra-vars",
      "-t",
      "--tags",
      // Values, so that `--skip-tags -C` is no check mode (round 11).
      ...["--skip-tags", "--start-at-task", "--vault-id", "--vault-password-file", "--private-key", "--key-file"],
      ...["-c", "--connection", "-T", "--timeout", "--become-method", "--become-user", "-M", "--module-path"],
      ...["--ssh-common-args", "--ssh-extra-args", "--scp-extra-args", "--sftp-extra-args", "--become-password-file"],
      ...["--connection-password-file", "--conn-pass-file", "--become-pass-file"],
    ],
    base: REMOTE_CODE,
    paths: { positional: "read", pathLike: true },
    rules: [
      { flag: ["--syntax-check", "--list-tasks", "--list-hosts", "--list-tags"], then: READ },
      // A dry run (`--check`, `-C`) of the project's own playbooks: the modules report what they would change and
      // change nothing. A task marked `check_mode: false` and a `pipe` lookup still run, as the project's code run
      // by `make` or `npm test` does (docs/adr/0804). A playbook, inventory or vars file from elsewhere, or a template
      // on the command line, is not the project's: its base decides.
      // ssh arguments may carry a ProxyCommand or a config file that runs on this machine in check mode too.
      {
        flag: ["--check", "-C"],
        notFlag: ["--ssh-common-args", "--ssh-extra-args", "--scp-extra-args", "--sftp-extra-args"],
        text: /\S/,
        unlessText: ELSEWHERE,
        then: DRY_RUN,
      },
    ],
  },
  {
    names: ["salt", "salt-ssh", "salt-call"],
    values: ["-G", "-E", "-L", "-N", "-C", "--grain", "--pcre", "--list", "-t", "--timeout"],
    base: WRITE,
    rules: [
      {
        text: /^(?:cmd\.\w+|state\.(?:apply|highstate|sls|single)|cp\.(?:get_file|get_url)|saltutil\.\w+)$/,
        then: REMOTE_CODE,
      },
      { text: /^pillar\.(?:items|get|raw|data)$/, then: SECRET },
      {
        text: /^(?:file\.remove|system\.(?:reboot|shutdown|halt|poweroff)|service\.stop|pkg\.(?:remove|purge))$/,
        then: DESTROY,
      },
      { text: /^(?:test\.\w+|grains\.\w+|status\.\w+|disk\.usage|network\.\w+)$/, then: READ },
    ],
  },
  // An ansible vault holds the inventory's passwords and keys: viewing, decrypting or editing it reads them (ADR 0354).
  {
    names: ["ansible-vault"],
    values: ["--vault-id", "--vault-password-file", "--output", "--encrypt-vault-id"],
    base: WRITE,
    rules: [
      { sub: ["view"], then: SECRET },
      { sub: ["decrypt"], then: SECRET },
      { sub: ["edit"], then: SECRET },
    ],
  },
  { names: ["salt-key"], base: WRITE, rules: [{ flag: ["-D", "-d", "--delete", "--delete-all"], then: DESTROY }] },
  // Parallel shells: the operands are a command line run on every host listed.
  { names: ["pdsh", "pssh", "parallel-ssh", "clush", "pdcp"], base: REMOTE_CODE },
  // A manifest or playbook applied to this machine, inline or fetched (docs/adr/0633): `puppet apply -e …`,
  // `ansible-pull -U URL`. Code nobody read here, run with the rights to change the whole machine.
  {
    names: ["puppet"],
    base: WRITE,
    rules: [
      { flag: ["-h", "--help", "-V", "--version"], then: READ },
      { sub: ["apply"], flag: ["--noop"], then: READ },
      { sub: ["apply"], then: LOCAL_CODE },
      { sub: ["agent"], then: LOCAL_CODE },
      { sub: ["parser"], then: READ },
      { sub: ["lookup"], then: READ },
    ],
  },
  // A chef recipe or CFEngine policy applied here (docs/adr/0734): an inline recipe whose resources are all read
  // as command lines is judged as those (runtime/shell/config-lines.ts); any other is code nobody read.
  {
    names: ["chef-apply", "chef-client", "chef-solo", "cf-agent"],
    base: LOCAL_CODE,
    rules: [{ flag: ["-h", "--help", "--version", "-V"], then: READ }],
  },
  { names: ["ansible-pull"], base: LOCAL_CODE, rules: [{ flag: ["-h", "--help", "--version"], then: READ }] },
  // Cluster node tools: a reset wipes the node's cluster state and storage; a join token that never expires lets
  // any machine that learns it join the cluster for good.
  {
    names: ["kubeadm", "k0s", "microk8s", "talosctl", "k3s-uninstall.sh", "rke2"],
    values: ["-n", "--nodes", "-e", "--endpoints", "--talosconfig", "--kubeconfig", "--config"],
    base: WRITE,
    rules: [
      { flag: ["-h", "--help"], then: READ },
      { sub: ["reset"], then: DESTROY },
      { sub: ["uninstall"], then: DESTROY },
      { sub: ["remove"], then: DESTROY },
      { sub: ["token", "create"], option: { "--ttl": ["0", "0s"] }, then: ACCOUNTS },
      // `--ttl` is no value option here, so `--ttl 0` leaves the 0 as an operand.
      { sub: ["token", "create"], flag: ["--ttl"], word: ["0", "0s"], then: ACCOUNTS },
      ...subs(["version", "status", "get", "logs", "dmesg", "health", "inspect"], READ),
    ],
  },
];
