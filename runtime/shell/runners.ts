import { ownEntry } from "../../core/index.ts";
/**
 * Programs that run a command given to them (docs/adr/0115): package runners (`npx`, `npm exec`, `pnpm
 * dlx`, `uv run`, …), tracers and sandboxes (`strace`, `unshare`, `firejail`, `script -c`), and the remote
 * and container executors (`ssh HOST CMD`, `docker exec C CMD`, `kubectl exec P -- CMD`, `nsenter`), plus
 * AppleScript's `do shell script`. Each is peeled like `sudo` or `timeout`: the command it runs is judged.
 * A remote command runs in a directory nobody here knows: its relative paths are unknown.
 */
import { ansibleLine, chefLine, chefResources, moduleArgs, saltLine } from "./config-lines.ts";
import { containerRun } from "./container-run.ts";
import { type Ecosystem, ownBin, PLAIN_VERSION, wellKnownPackage } from "./known-packages.ts";
import { hasOption, optionValue, parseOptions, type OptionSpec, type ParsedOption } from "./options.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

/** Wrapper labels whose command is fetched from a registry: unknown code, whatever its name. */
const BASE_FETCHING_RUNNERS: readonly string[] = [
  "npx",
  "npm exec",
  "pnpm dlx",
  "pnpx",
  "yarn dlx",
  "bunx",
  "bun x",
  "uvx",
  "pipx run",
  "npx --yes",
  "npm exec --yes",
  "pnpx --yes",
  "bunx --yes",
  "pnpm dlx --yes",
  "yarn dlx --yes",
];

/**
 * The label's mark when the package a runner fetches is no well-known tool (docs/adr/0372): `npx evil`, `bunx
 * evil`, `uvx --from evil x`, `uv run --with evil x` run as `npx (new package)`, … .
 */
export const NEW_PACKAGE_MARK = " (new package)";
/** The fetching runners' labels, also with the mark of a new package; `uv run` fetches only what `--with` adds. */
export const FETCHING_RUNNERS: ReadonlySet<string> = new Set([
  ...BASE_FETCHING_RUNNERS,
  ...[...BASE_FETCHING_RUNNERS, "uv run", "uv run --yes"].map((w) => `${w}${NEW_PACKAGE_MARK}`),
]);

/** Fetching runners told to install a package the project does not have, without asking: `npx -y`, `pnpm dlx`, `yarn dlx`. */
export const UNASKED_FETCH: ReadonlySet<string> = new Set(
  [...FETCHING_RUNNERS].filter((w) => w.includes(" --yes") || / dlx(?: |$)/.test(w)),
);
/** Fetching runners whose package is no well-known tool: a new dependency, run at once. */
export const NEW_PACKAGE_FETCH: ReadonlySet<string> = new Set(
  [...FETCHING_RUNNERS].filter((w) => w.endsWith(NEW_PACKAGE_MARK)),
);

/**
 * Labels (first word) that change what or where a command runs, so an allow pattern must name them
 * (`bash(npx prettier *)`, `bash(ssh build-host *)`) and a bare `bash(prettier *)` does not cover them.
 */
export const RUNNER_PROGRAMS: ReadonlySet<string> = new Set([
  "npx",
  "npm",
  "pnpm",
  "pnpx",
  "yarn",
  "bunx",
  "bun",
  "uv",
  "uvx",
  "poetry",
  "pipx",
  "ssh",
  "docker",
  "podman",
  "kubectl",
  "oc",
  "nsenter",
  "osascript",
  "ansible",
  "chef-apply",
  "salt-call",
  "vagrant",
  "docker-machine",
  "multipass",
  "gdbserver",
  "wsl",
  "wsl.exe",
  "orb",
  "orbctl",
  "lxc",
  "incus",
  "minikube",
  "limactl",
  "colima",
  "lima",
  "heroku",
]);

const NONE: Peel = { kind: "none" };
/** A package given by its address rather than a registry name. */
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/|git\+|git@|github:|gitlab:|bitbucket:|gist:)/i;
/** A registry package with a version or tag: `x@latest`, `@scope/x@1.2.3`. */
const VERSIONED = /^(?:@[^/\s@]+\/)?[^@\s/]+@\S+$/;
/** A nix flake reference or expression fetched from a forge or URL (also as `-I name=URL`). */
const NIX_REMOTE = /^(?:[\w-]+=)?(?:github:|gitlab:|sourcehut:|git\+|hg\+|tarball\+|https?:\/\/)/i;
const REMOTE_DIR: Word = { value: "", dynamic: true, raw: "(a remote directory)" };

/** systemd-run options that start the command from a timer, a path or a socket instead of now. */
const SYSTEMD_RUN_LATER = [
  "--on-active",
  "--on-boot",
  "--on-startup",
  "--on-unit-active",
  "--on-unit-inactive",
  "--on-calendar",
  "--on-timezone-change",
  "--on-clock-change",
  "--timer-property",
  "--path-property",
  "--socket-property",
];

/** script's log options (util-linux): their files are written like the typescript. */
const SCRIPT_LOGS: ReadonlySet<string> = new Set([
  "-I",
  "-O",
  "-B",
  "-T",
  "--log-in",
  "--log-out",
  "--log-io",
  "--log-timing",
]);

function peel(label: string, words: readonly Word[], workdir: Word | null = null, writes: readonly Word[] = []): Peel {
  return words.length === 0
    ? NONE
    : {
        kind: "peel",
        label,
        words,
        assignments: [],
        workdir,
        dynamicArgs: false,
        ...(writes.length > 0 ? { writes } : {}),
      };
}

/** An argv no shell splits, as a command line that parses back to the same words (an unknown word keeps its text). */
function argvLine(words: readonly Word[]): Word {
  const quote = (w: Word): string => (w.dynamic ? w.raw : `'${w.value.replace(/'/g, `'\\''`)}'`);
  return { value: words.map(quote).join(" "), dynamic: false, raw: words.map((w) => w.raw).join(" ") };
}

function joined(label: string, words: readonly Word[], workdir?: Word): Peel {
  if (words.length === 0) return NONE;
  const code: Word = {
    value: words.map((w) => w.value).join(" "),
    dynamic: words.some((w) => w.dynamic),
    raw: words.map((w) => w.raw).join(" "),
  };
  return {
    kind: "code",
    label,
    code,
    sameShell: false,
    assignments: [],
    ...(workdir !== undefined ? { workdir } : {}),
  };
}

/** npx/npm exec/pnpm dlx/yarn dlx/bunx: `-c 'cmd'` runs a command line; otherwise the first operand is the package's command. */
function packageRunner(label: string, args: readonly Word[], spec: OptionSpec): Peel {
  const o = parseOptions(args, spec);
  const call = optionValue(o, "-c", "--call");
  if (call !== null) return { kind: "code", label, code: call, sameShell: false, assignments: [] };
  // Another registry or npm configuration changes where every package comes from: the runner stays the program and
  // its knowledge judges the source, pinned or not (docs/adr/0788).
  if (
    o.options.some((x) =>
      /^--(?:registry|userconfig|globalconfig|index-url|extra-index-url|index|default-index)$/.test(x.name),
    )
  )
    return NONE;
  // A package named by its address (`npx https://…/x.tgz`, `npx github:u/r`) is no command name: the runner stays
  // the program, and its knowledge judges the source (docs/adr/0205).
  const sources = [
    args[o.rest],
    ...o.options.filter((x) => PACKAGE_OPTIONS.has(x.name) || EXTRA_PACKAGE_OPTIONS.has(x.name)).map((x) => x.value),
  ];
  // Nor is a package pinned to a version or tag (`npx tool@latest`): it is fetched from the registry, never the
  // project's own bin, so the runner's knowledge judges it as a new dependency (docs/adr/0344). uv and uvx name
  // their packages with `--from`, `--with` (docs/adr/0372).
  if (sources.some((w) => ADDRESS.test(w?.value ?? ""))) return NONE;
  if (sources.some((w) => VERSIONED.test(w?.value ?? ""))) {
    // A package manager run pinned (`npx -y npm@10 publish`) is that package manager (docs/adr/0659); what `--yes`
    // fetches is the registry's own manager, as a pinned tool's fetch is judged by the runner's knowledge.
    const manager = pinnedManager(args[o.rest], sources) ?? pinnedTool(label, args[o.rest], sources);
    return manager === null ? NONE : peel(label, [manager, ...args.slice(o.rest + 1)]);
  }
  // `--yes` installs a package the project does not have, without asking (docs/adr/0312): the label keeps it.
  const yes = o.options.some((x) => x.name === "--yes" || /^-[A-Za-z]*y/.test(x.name));
  const mark = fetchesNewPackage(label, args[o.rest], o.options) ? NEW_PACKAGE_MARK : "";
  const peeled = peel(`${yes ? `${label} --yes` : label}${mark}`, args.slice(o.rest));
  // `--node-options` is NODE_OPTIONS for every node the command starts (docs/adr/0862): the command is judged as run
  // with that variable, so a preload from outside the project or a `data:` module is what it would be there.
  const nodeOptions = o.options.flatMap((x) =>
    x.name === "--node-options" && x.value !== null ? [{ name: "NODE_OPTIONS", value: x.value }] : [],
  );
  return peeled.kind === "peel" && nodeOptions.length > 0 ? { ...peeled, assignments: nodeOptions } : peeled;
}

/** A version, a range or a dist-tag after a package's name (no `:` or `/`: no alias, address or path). */
const PINNED_VERSION = new RegExp(`@${PLAIN_VERSION}$`);

/** Package managers published on the npm registry, run by a runner at a pinned version. */
const PINNED_MANAGERS = new Set(["npm", "pnpm", "yarn"]);

/**
 * The package manager a runner runs when every versioned package it names is one (`npm@10`, `pnpm@9`) and the
 * command is that manager (`npx npm@10 …`, `npm exec --package=npm@10 -- npm …`), as the bare command word; or null.
 */
function pinnedManager(command: Word | undefined, sources: readonly (Word | null | undefined)[]): Word | null {
  const name = (w: Word | null | undefined) => (w?.dynamic === false ? w.value.replace(PINNED_VERSION, "") : "");
  if (sources.some((w) => VERSIONED.test(w?.value ?? "") && !PINNED_MANAGERS.has(name(w)))) return null;
  const manager = name(command);
  return command !== undefined && PINNED_MANAGERS.has(manager) ? { ...command, value: manager } : null;
}

/**
 * A well-known tool run pinned (`npx -y vercel@37 deploy --prod`, `uvx twine@5 upload dist/*`, `npx lerna@8
 * publish`) is that tool, judged by what its words do (docs/adr/0732), as the unpinned `npx vercel deploy` is: the
 * version changes which release runs, not what the command does. Only the command word itself pinned, with no other
 * package named beside it; a name nobody knows stays the runner's (a new dependency, ADR 0344).
 */
function pinnedTool(
  label: string,
  command: Word | undefined,
  sources: readonly (Word | null | undefined)[],
): Word | null {
  const ecosystem = ownEntry(FETCHES_FROM, label);
  if (ecosystem === undefined || command === undefined || command.dynamic) return null;
  // Only a version, a range or a tag after `@`: `x@npm:other` is another package, `x@github:o/r` a place.
  const unpinned = (w: Word): string => w.value.replace(PINNED_VERSION, "");
  const known = (w: Word | null | undefined): boolean =>
    w?.dynamic === false && !ownBin(unpinned(w)) && wellKnownPackage(unpinned(w), ecosystem);
  // The package named by `-p`/`--package`, pinned (`npx -p @microsoft/rush@5 rush publish`): the command is its bin,
  // judged as itself, as it is unpinned.
  const others = sources.filter((w) => w !== command);
  if (others.length > 0) return others.every(known) && !PINNED_VERSION.test(command.value) ? command : null;
  const name = unpinned(command);
  // `npx rules@1` is the registry's package `rules`, not this project's launcher of that name.
  if (name === command.value || ownBin(name) || !wellKnownPackage(name, ecosystem)) return null;
  return { ...command, value: name };
}

/** What each fetching runner fetches from: its ecosystem's registry. */
const FETCHES_FROM: Readonly<Record<string, Ecosystem>> = {
  npx: "js",
  "npm exec": "js",
  "pnpm dlx": "js",
  pnpx: "js",
  "yarn dlx": "js",
  bunx: "js",
  "bun x": "js",
  uvx: "python",
  "pipx run": "python",
  "uv run": "python",
};
/** Options that name the package a runner fetches (instead of the command's name). */
const PACKAGE_OPTIONS = new Set(["-p", "--package", "--from", "--spec"]);
/** Options that name more packages installed beside it (`uvx --with x`, `uv run --with a,b`). */
const EXTRA_PACKAGE_OPTIONS = new Set(["--with", "--with-editable"]);

/**
 * Whether the runner fetches a package that is no well-known tool (docs/adr/0372): the packages its options name,
 * else the command's own name; `uv run` runs the project's environment and fetches only what `--with` adds.
 */
function fetchesNewPackage(label: string, command: Word | undefined, options: readonly ParsedOption[]): boolean {
  const ecosystem = ownEntry(FETCHES_FROM, label);
  if (ecosystem === undefined) return false;
  const named = options.filter((x) => PACKAGE_OPTIONS.has(x.name)).map((x) => x.value);
  const extra = options.filter((x) => EXTRA_PACKAGE_OPTIONS.has(x.name)).map((x) => x.value);
  const main = label === "uv run" ? [] : named.length > 0 ? named : [command];
  const words = [...main, ...extra].filter((w): w is Word => w !== undefined);
  return words.some(
    (w) =>
      w === null ||
      w.dynamic ||
      w.value
        .split(",")
        .filter((n) => n !== "")
        .some((n) => !wellKnownPackage(n, ecosystem)),
  );
}

const SSH: OptionSpec = { short: "BbcDEeFIiJLlmOoPpQRSWw" };

/**
 * ssh options that forward traffic into this machine or through the remote one (`-R`, `-D`, `-w`, `-g`, `-o
 * RemoteForward=…`), or lend it the user's agent (`-A`, `-o ForwardAgent=yes`, docs/adr/0402).
 */
function opensTunnel(o: ParsedOption): boolean {
  if (["-R", "-D", "-w", "-g"].includes(o.name)) return true;
  const value = o.value?.value ?? "";
  return o.name === "-o" && /^\s*(?:RemoteForward|DynamicForward|Tunnel|GatewayPorts)\b/i.test(value);
}

/** `-A`, `-o ForwardAgent=yes`: the user's agent lent to the remote host for the session (docs/adr/0402). */
function lendsAgent(o: ParsedOption): boolean {
  const value = o.value?.value ?? "";
  return o.name === "-A" || (o.name === "-o" && /^\s*ForwardAgent\s*[= ]\s*(?!no\b)/i.test(value));
}

const NPX: OptionSpec = {
  short: "pcw",
  long: ["--package", "--call", "--workspace", "--prefix", "--registry", "--cache", "--userconfig", "--node-options"],
};
const UV: OptionSpec = {
  short: "pw",
  long: [
    "--with",
    "--with-editable",
    "--with-requirements",
    "--python",
    "--project",
    "--directory",
    "--package",
    "--extra",
    "--group",
    "--only-group",
    "--no-group",
    "--env-file",
    "--index",
    "--default-index",
    "--index-url",
    "--extra-index-url",
    "--find-links",
    "--from",
    "--script",
    "--cache-dir",
    "--config-file",
    "--color",
    "--index-strategy",
    "--keyring-provider",
    "--resolution",
    "--prerelease",
    "--exclude-newer",
    "--link-mode",
    "--refresh-package",
    "--reinstall-package",
    "--upgrade-package",
    "--python-platform",
  ],
};

/** setarch's per-architecture names: `linux32 CMD` is `setarch i386 CMD` (util-linux installs them as links). */
const SETARCH_ALIASES = ["linux32", "linux64", "i386", "i486", "i586", "i686", "x86_64", "uname26", "ppc32", "ppc64"];

export const RUNNER_SPECS: Readonly<Record<string, (args: readonly Word[]) => Peel>> = {
  npx: (args) => packageRunner("npx", args, NPX),
  pnpx: (args) => packageRunner("pnpx", args, NPX),
  bunx: (args) => packageRunner("bunx", args, NPX),
  uvx: (args) => packageRunner("uvx", args, UV),
  npm(all) {
    const [sub, args] = afterManagerOptions(all, NPM_OPTIONS);
    if (sub === "run" || sub === "run-script" || sub === "rum" || sub === "urn") return npmRunEnv(args);
    // `npm explore PKG -- CMD…` runs CMD in the package's folder (docs/adr/0637).
    if (sub === "explore") {
      const at = args.findIndex((w) => w.value === "--");
      return at < 0 ? NONE : joined("npm explore", args.slice(at + 1));
    }
    return sub === "exec" || sub === "x" ? packageRunner("npm exec", args, NPX) : NONE;
  },
  pnpm(all) {
    const [sub, args] = afterManagerOptions(all, PNPM_OPTIONS);
    if (sub === "dlx") return packageRunner("pnpm dlx", args, NPX);
    return sub === "exec" ? packageRunner("pnpm exec", args, NPX) : NONE;
  },
  yarn(args) {
    const sub = args[0]?.value;
    if (sub === "dlx") return packageRunner("yarn dlx", args.slice(1), NPX);
    // `yarn node ARGS` is node with the project's resolution (round 12).
    if (sub === "node") return peel("yarn node", [{ ...args[0]!, value: "node" }, ...args.slice(1)]);
    // `yarn workspaces foreach [OPTIONS] exec CMD` runs CMD in every workspace (round 12), as `pnpm -r exec` does.
    if (sub === "workspaces" && args[1]?.value === "foreach") {
      const o = parseOptions(args.slice(2), {
        short: "j",
        long: ["--jobs", "--include", "--exclude", "--from", "--since"],
      });
      const rest = args.slice(2 + o.rest);
      return rest[0]?.value === "exec" ? joined("yarn workspaces foreach exec", rest.slice(1)) : NONE;
    }
    // `yarn exec` runs its words as a shell script (Berry's portable shell): `yarn exec 'rm -rf ~/x'` is that line.
    return sub === "exec" ? joined("yarn exec", args.slice(1)) : NONE;
  },
  // `lerna exec [OPTIONS] [--] CMD` and `nx exec -- CMD` run CMD in every package (round 12).
  lerna(args) {
    if (args[0]?.value !== "exec") return NONE;
    const at = args.findIndex((w) => w.value === "--");
    if (at >= 0) return joined("lerna exec", args.slice(at + 1));
    const o = parseOptions(args.slice(1), { short: "", long: ["--scope", "--ignore", "--concurrency", "--since"] });
    return joined("lerna exec", args.slice(1 + o.rest));
  },
  nx(args) {
    if (args[0]?.value !== "exec") return NONE;
    const at = args.findIndex((w) => w.value === "--");
    return at < 0 ? NONE : joined("nx exec", args.slice(at + 1));
  },
  bun(args) {
    return args[0]?.value === "x" ? packageRunner("bun x", args.slice(1), NPX) : NONE;
  },
  uv(args) {
    if (args[0]?.value === "run") return packageRunner("uv run", args.slice(1), UV);
    return args[0]?.value === "tool" && args[1]?.value === "run" ? packageRunner("uvx", args.slice(2), UV) : NONE;
  },
  poetry(args) {
    if (args[0]?.value !== "run") return NONE;
    const o = parseOptions(args.slice(1), { short: "CP", long: ["--directory", "--project"] });
    return peel("poetry run", args.slice(1 + o.rest));
  },
  pipx(args) {
    if (args[0]?.value !== "run") return NONE;
    const o = parseOptions(args.slice(1), { short: "", long: ["--spec", "--python", "--index-url", "--pip-args"] });
    // A spec by address (`--spec git+https://…`) leaves pipx the program, as for npx (docs/adr/0205, 0372).
    const spec = optionValue(o, "--spec");
    if (spec !== null && (ADDRESS.test(spec.value) || spec.dynamic)) return NONE;
    const mark = fetchesNewPackage("pipx run", args[1 + o.rest], o.options) ? NEW_PACKAGE_MARK : "";
    return peel(`pipx run${mark}`, args.slice(1 + o.rest));
  },
  script(args) {
    const spec: OptionSpec = {
      short: "cEIOBTm",
      long: ["--command", "--echo", "--log-in", "--log-out", "--log-io", "--log-timing", "--logging-format"],
    };
    const o = parseOptions(args, spec);
    // util-linux takes options after the log file too: `script -q /dev/null -c 'cmd'`.
    const after = parseOptions(args.slice(o.rest + 1), spec);
    const command = optionValue(o, "-c", "--command") ?? optionValue(after, "-c", "--command");
    // The typescript and the logs are script's own writes (ADR 0471): `script -q -c true ~/.profile` overwrites it.
    // A typescript sent to /dev/null (the usual way to get a terminal for a command) writes nothing.
    const file = args[o.rest]?.value === "/dev/null" ? undefined : args[o.rest];
    const logs = [...o.options, ...after.options].some(
      (x) => SCRIPT_LOGS.has(x.name) && x.value?.value !== "/dev/null",
    );
    if (command !== null)
      return {
        kind: "code",
        label: "script -c",
        code: command,
        sameShell: false,
        assignments: [],
        ...(file !== undefined || logs ? { wrapperToo: "always" as const } : {}),
      };
    // BSD and macOS: `script [-q] FILE COMMAND ARGS…`.
    return peel("script", args.slice(o.rest + 1), null, file === undefined ? [] : [file]);
  },
  chronic(args) {
    const o = parseOptions(args, { short: "" });
    return peel("chronic", args.slice(o.rest));
  },
  "systemd-run"(args) {
    const o = parseOptions(args, {
      short: "upEMHd",
      long: [
        "--unit",
        "--property",
        "--description",
        "--slice",
        "--setenv",
        "--working-directory",
        "--machine",
        "--host",
        "--uid",
        "--gid",
        "--nice",
        "--service-type",
        "--on-active",
        "--on-boot",
        "--on-startup",
        "--on-unit-active",
        "--on-unit-inactive",
        "--on-calendar",
        "--on-timezone-change",
        "--on-clock-change",
        "--timer-property",
        "--path-property",
        "--socket-property",
        "--expand-environment",
      ],
    });
    // Without --user the unit runs under the system manager, as root unless --uid says otherwise: a privilege wrapper.
    // A timer, path or socket option makes it a transient unit that runs the command later, again and again: the
    // label says so, and the persistence check reads it (docs/adr/0321).
    const later = hasOption(o, ...SYSTEMD_RUN_LATER) ? " --timer" : "";
    const label = `${hasOption(o, "--user") ? "systemd-run --user" : "systemd-run"}${later}`;
    return peel(label, args.slice(o.rest), optionValue(o, "--working-directory"));
  },
  tmux: tmuxCommand,
  // Process wrappers: profilers, proxies, clocks, display and session helpers (docs/adr/0206).
  valgrind: simple("valgrind", ""),
  proxychains: simple("proxychains", "f"),
  proxychains4: simple("proxychains4", "f"),
  torsocks: simple("torsocks", "upaP"),
  "xvfb-run": simple("xvfb-run", "nsfepw", ["--server-num", "--server-args", "--auth-file", "--error-file"]),
  caffeinate: simple("caffeinate", "wt"),
  faketime: simple("faketime", "p", [], { skip: 1 }),
  "dbus-run-session": simple("dbus-run-session", "", ["--config-file", "--dbus-daemon"]),
  "cross-env": simple("cross-env", "", [], { assignments: true }),
  "env-cmd": simple("env-cmd", "fer", ["--file", "--environments", "--rc-file"]),
  dotenv: simple("dotenv", "evcp"),
  "flatpak-spawn": simple("flatpak-spawn", "", ["--env", "--directory", "--forward-fd"]),
  fakeroot: simple("fakeroot", "ls", ["--lib", "--faked"]),
  proot: simple("proot", "rbwqkm", ["--rootfs", "--bind", "--cwd", "--qemu", "--kernel-release", "--mount"]),
  // Personality, NUMA, CPU and resource-limit wrappers run the command after their options (docs/adr/0410);
  // setarch's first operand is the architecture unless options come first (then it is this machine's); its
  // aliases (linux32, i386, …) take none.
  setarch: (args) => simple("setarch", "")(args[0]?.value.startsWith("-") === true ? args : args.slice(1)),
  ...Object.fromEntries(SETARCH_ALIASES.map((name) => [name, simple(name, "")])),
  numactl: simple("numactl", "ipPmNCw", [
    "--interleave",
    "--preferred",
    "--preferred-many",
    "--membind",
    "--cpunodebind",
    "--physcpubind",
    "--weighted-interleave",
  ]),
  cpulimit: simple("cpulimit", "lpePc", ["--limit", "--pid", "--exe", "--path", "--cpu"]),
  prlimit: simple("prlimit", "po", ["--pid", "--output"]),
  // `chrt -o 0 CMD` (other, batch, idle) only lowers the priority: the command is what runs. A real-time policy
  // (or none, which is round-robin) stays chrt, whose knowledge asks about starving the machine (docs/adr/0348).
  chrt(args) {
    const o = parseOptions(args, { short: "TPD", long: ["--sched-runtime", "--sched-period", "--sched-deadline"] });
    const gentle = hasOption(o, "-o", "-b", "-i", "--other", "--batch", "--idle");
    const realTime = hasOption(o, "-f", "-r", "-d", "--fifo", "--rr", "--deadline");
    if (!gentle || realTime || hasOption(o, "-p", "--pid", "-m", "--max")) return NONE;
    return peel("chrt", args.slice(o.rest + 1)); // the first operand is the priority
  },
  // Terminal emulators run the command they are given (`xterm -e CMD…`, `gnome-terminal -- CMD…`).
  xterm: terminal("xterm", "-e"),
  uxterm: terminal("uxterm", "-e"),
  konsole: terminal("konsole", "-e"),
  alacritty: terminal("alacritty", "-e", "--command"),
  "gnome-terminal": terminal("gnome-terminal", "--"),
  kitty: (args) => peel("kitty", args.slice(parseOptions(args, { short: "coT", long: ["--config", "--title"] }).rest)),
  entr(args) {
    const o = parseOptions(args, { short: "" });
    const rest = args.slice(o.rest);
    // `entr -s 'line'` hands the line to a shell; otherwise the operands are the command.
    if (hasOption(o, "-s") && rest[0] !== undefined)
      return { kind: "code", label: "entr -s", code: rest[0], sameShell: false, assignments: [] };
    return peel("entr", rest);
  },
  perf(args) {
    if (!["stat", "record", "trace"].includes(args[0]?.value ?? "")) return NONE;
    const o = parseOptions(args.slice(1), {
      short: "eoptrxGCIFmcDMu",
      long: ["--event", "--output", "--pid", "--tid", "--repeat", "--field-separator", "--cgroup", "--cpu", "--freq"],
    });
    return peel(`perf ${args[0]!.value}`, args.slice(1 + o.rest));
  },
  // Version and environment managers: the command runs with the project's tool versions or environment.
  mise: managerExec("mise", ["exec", "x"]),
  asdf: managerExec("asdf", ["exec"]),
  pyenv: managerExec("pyenv", ["exec"]),
  rbenv: managerExec("rbenv", ["exec"]),
  nodenv: managerExec("nodenv", ["exec"]),
  goenv: managerExec("goenv", ["exec"]),
  bundle: managerExec("bundle exec", ["exec"]),
  bundler: managerExec("bundle exec", ["exec"]),
  pipenv: managerExec("pipenv run", ["run"]),
  pdm: managerExec("pdm run", ["run"]),
  hatch: managerExec("hatch run", ["run"]),
  rye: managerExec("rye run", ["run"]),
  // Round 8 (docs/adr/0622): more managers that run a command in their environment.
  opam: managerExec("opam exec", ["exec"]),
  cabal: managerExec("cabal exec", ["exec"]),
  stack: managerExec("stack exec", ["exec"]),
  pixi(args) {
    // `pixi exec [--spec PKG]… CMD…` (a throwaway environment), `pixi run CMD…` (a task or a command).
    if (!["exec", "run", "x"].includes(args[0]?.value ?? "")) return NONE;
    const o = parseOptions(args.slice(1), {
      short: "sce",
      long: ["--spec", "--channel", "--environment", "--manifest-path", "--platform", "--with"],
    });
    // A task from another manifest is that manifest's code: pixi stays the program (docs/adr/0623).
    if (o.options.some((x) => x.name === "--manifest-path")) return NONE;
    return peel(`pixi ${args[0]!.value}`, args.slice(1 + o.rest));
  },
  volta(args) {
    // `volta run [--node V] [--npm V] … CMD…`
    if (args[0]?.value !== "run") return NONE;
    const o = parseOptions(args.slice(1), { short: "", long: ["--node", "--npm", "--yarn", "--pnpm", "--env"] });
    return peel("volta run", args.slice(1 + o.rest));
  },
  guix(args) {
    // `guix shell PKG… -- CMD…`, `guix environment PKG -- CMD…`: the words after `--` are the command.
    if (!["shell", "environment"].includes(args[0]?.value ?? "")) return NONE;
    const dash = args.findIndex((w) => w.value === "--");
    return dash < 0 ? NONE : peel(`guix ${args[0]!.value}`, args.slice(dash + 1));
  },
  mispipe(args) {
    // `mispipe CMD1 CMD2`: both are shell lines, the first piped into the second.
    if (args.length < 2) return NONE;
    const [a, b] = [args[0]!, args[1]!];
    return joined("mispipe", [a, { value: "|", dynamic: false, raw: "|" }, b]);
  },
  go(args) {
    // `go test|run -exec 'PROG ARGS'`: the test or program binary is run through that command line (docs/adr/0622).
    if (!["test", "run"].includes(args[0]?.value ?? "")) return NONE;
    for (let i = 1; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === "-exec" && args[i + 1] !== undefined)
        return { kind: "code", label: "go -exec", code: args[i + 1]!, sameShell: false, assignments: [] };
      if (v.startsWith("-exec=")) {
        const code = { ...args[i]!, value: v.slice(6), raw: args[i]!.raw.replace(/^-exec=/, "") };
        return { kind: "code", label: "go -exec", code, sameShell: false, assignments: [] };
      }
    }
    return NONE;
  },
  "watchman-make"(args) {
    // `watchman-make -p GLOB --run 'CMD'`: the command line runs on every change.
    const at = args.findIndex((w) => w.value === "--run" || w.value === "-r");
    return at < 0 || args[at + 1] === undefined
      ? NONE
      : { kind: "code", label: "watchman-make --run", code: args[at + 1]!, sameShell: false, assignments: [] };
  },
  conda: condaRun("conda"),
  mamba: condaRun("mamba"),
  micromamba: condaRun("micromamba"),
  direnv(args) {
    // `direnv exec DIR CMD…`: the command runs in DIR's environment.
    return args[0]?.value === "exec" ? peel("direnv exec", args.slice(2), args[1] ?? null) : NONE;
  },
  "nix-shell"(args) {
    // An expression fetched from elsewhere (`nix-shell https://…`, `-I nixpkgs=github:…`): the program stays, and its
    // knowledge judges the source (docs/adr/0371).
    if (args.some((w) => NIX_REMOTE.test(w.value))) return NONE;
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if ((v === "--run" || v === "--command") && args[i + 1] !== undefined)
        return { kind: "code", label: "nix-shell --run", code: args[i + 1]!, sameShell: false, assignments: [] };
    }
    return NONE;
  },
  nix(args) {
    // `nix run FLAKE#PKG -- ARGS…` runs the package's program (its attribute name) with ARGS (docs/adr/0622).
    if (args[0]?.value === "run") {
      const dash = args.findIndex((w) => w.value === "--");
      const ref = args.slice(1, dash < 0 ? undefined : dash).find((w) => !w.value.startsWith("-"));
      if (ref === undefined || ref.dynamic || NIX_REMOTE.test(ref.value)) return NONE;
      const name = ref.value.split("#")[1]?.split(".").pop();
      if (name === undefined || name === "" || !/^[\w+-]+$/.test(name)) return NONE;
      return peel("nix run", [{ value: name, dynamic: false, raw: name }, ...(dash < 0 ? [] : args.slice(dash + 1))]);
    }
    // `nix develop -c CMD…`, `nix shell PKG… -c CMD…`: the words after -c/--command are the command.
    if (!["develop", "shell"].includes(args[0]?.value ?? "")) return NONE;
    const at = args.findIndex((w) => w.value === "-c" || w.value === "--command");
    if (at >= 0 && args.slice(0, at).some((w) => NIX_REMOTE.test(w.value))) return NONE;
    return at < 0 ? NONE : peel(`nix ${args[0]!.value}`, args.slice(at + 1));
  },
  concurrently(args) {
    // Every operand is a shell command line, run side by side.
    const o = parseOptions(args, {
      short: "ncpslrt",
      long: ["--names", "--prefix-colors", "--prefix", "--success", "--restart-tries", "--timestamp-format"],
    });
    const lines = args.slice(o.rest);
    if (lines.length === 0) return NONE;
    const code: Word = {
      value: lines.map((w) => w.value).join("\n"),
      dynamic: lines.some((w) => w.dynamic),
      raw: lines.map((w) => w.raw).join(" "),
    };
    return { kind: "code", label: "concurrently", code, sameShell: false, assignments: [] };
  },
  nodemon(args) {
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if ((v === "--exec" || v === "-x") && args[i + 1] !== undefined)
        return { kind: "code", label: "nodemon --exec", code: args[i + 1]!, sameShell: false, assignments: [] };
    }
    return NONE;
  },
  screen(args) {
    // `screen [-dmS name] CMD ARGS…` runs CMD in a new (detached) session; `-X stuff TEXT` types into one.
    const o = parseOptions(args, { short: "cehpsStTX" });
    const stuff = optionValue(o, "-X");
    if (stuff?.value === "stuff" && args[o.rest] !== undefined) return typed("screen -X stuff", args[o.rest]!);
    return peel("screen", args.slice(o.rest));
  },
  strace(args) {
    const o = parseOptions(args, {
      short: "abeEIoOpPsSuUX",
      long: [
        "--output",
        "--attach",
        "--signal",
        "--trace",
        "--string-limit",
        "--user",
        "--env",
        "--trace-path",
        "--columns",
      ],
    });
    const out = optionValue(o, "-o", "--output");
    // `-o '|CMD'` and `-o '!CMD'` pipe the trace into a shell command line (docs/adr/0637): both lines run.
    if (out !== null && /^[|!]/.test(out.value)) {
      const traced = argvLine(args.slice(o.rest));
      const line: Word = {
        value: `${traced.value}\n${out.value.slice(1)}`,
        dynamic: out.dynamic || traced.dynamic,
        raw: `${traced.raw} ${out.raw}`,
      };
      return { kind: "code", label: "strace -o |", code: line, sameShell: false, assignments: [] };
    }
    return peel("strace", args.slice(o.rest), null, out === null ? [] : [out]);
  },
  ltrace(args) {
    const o = parseOptions(args, {
      short: "aAeDFlnopsuwxX",
      long: ["--output", "--align", "--indent", "--library", "--config"],
    });
    const out = optionValue(o, "-o", "--output");
    return peel("ltrace", args.slice(o.rest), null, out === null ? [] : [out]);
  },
  unshare(args) {
    const o = parseOptions(args, {
      short: "SGRw",
      long: [
        "--setuid",
        "--setgid",
        "--map-user",
        "--map-group",
        "--map-users",
        "--map-groups",
        "--root",
        "--wd",
        "--propagation",
        "--setgroups",
      ],
    });
    return peel("unshare", args.slice(o.rest), optionValue(o, "-w", "--wd"));
  },
  nsenter(args) {
    const o = parseOptions(args, { short: "tSG", long: ["--target", "--setuid", "--setgid", "--env"] });
    // Without a command nsenter runs the user's shell; with -t 1 it is the host's.
    return peel("nsenter", args.slice(o.rest), REMOTE_DIR);
  },
  firejail(args) {
    const o = parseOptions(args, { short: "" });
    return peel("firejail", args.slice(o.rest));
  },
  ssh(args) {
    const o = parseOptions(args, SSH);
    const host = args[o.rest];
    if (host === undefined) return NONE;
    // OpenSSH reads options after the host too (`ssh host -N -f`): the remote command starts after them.
    const after = parseOptions(args.slice(o.rest + 1), SSH);
    // A tunnel is what such a call does (`ssh -R 2222:localhost:22 host`, docs/adr/0307): ssh stays the program,
    // and its knowledge judges the forward.
    const options = [...o.options, ...after.options];
    if (options.some(opensTunnel)) return NONE;
    // The words after the host are joined into one command line for the remote shell. The login name given with
    // -l joins the host in the label, as `user@host` would (`ssh -l root localhost`: root on this machine).
    const user = optionValue(o, "-l")?.value;
    const target = user !== undefined && !host.value.includes("@") ? `${user}@${host.value}` : host.value;
    const code = joined(`ssh ${target}`, args.slice(o.rest + 1 + after.rest), REMOTE_DIR);
    // ssh itself stays judged beside the remote command (docs/adr/0458): with the agent lent always, else when it
    // carries data piped in from here (`docker save app | ssh host docker load`).
    // So is ssh given a configuration file of its own (`-F FILE`, docs/adr/0750): the file's ProxyCommand and
    // LocalCommand run here, so where it comes from is judged on ssh's own words.
    const always = options.some((x) => lendsAgent(x) || x.name === "-F");
    return code.kind === "code" ? { ...code, wrapperToo: always ? "always" : "fed" } : code;
  },
  // Remote machines and VMs reached through a tool of their own (docs/adr/0313): the command still runs.
  vagrant: (args) =>
    args[0]?.value === "ssh" ? commandOption("vagrant ssh", args.slice(1), ["-c", "--command"]) : NONE,
  "docker-machine": (args) =>
    args[0]?.value === "ssh" && args[1] !== undefined
      ? joined(`docker-machine ssh ${args[1].value}`, args.slice(2), REMOTE_DIR)
      : NONE,
  multipass: (args) => afterDashes("multipass exec", args, "exec"),
  // gdbserver starts the program after its address (`gdbserver :2345 ./app ARGS`), through a shell unless told not
  // to (then as argv, which the same words spell): the program and its arguments are a command run here (ADR 0788).
  gdbserver(args) {
    const o = parseOptions(args, { short: "", long: ["--debug-file", "--debug-format", "--wrapper"] });
    if (o.options.some((x) => x.name === "--attach" || x.name === "--multi")) return NONE;
    const program = args.slice(o.rest + 1);
    // Listening beyond loopback, gdbserver is judged itself: a listener, which asks (ADR 0770).
    const loopback = /^(?:tcp\d?:)?(?:localhost|127(?:\.\d+){3}|\[::1\]):\d+$/i.test(args[o.rest]?.value ?? "");
    if (program.length === 0 || !loopback) return NONE;
    // Through the shell the words arrive as written here (gdb quotes them), so they are read as this string wrote them.
    const code: Word = {
      value: program.map((w) => w.raw).join(" "),
      dynamic: program.some((w) => w.dynamic),
      raw: program.map((w) => w.raw).join(" "),
    };
    return { kind: "code", label: "gdbserver", code, sameShell: false, assignments: [] };
  },
  // The Linux of WSL and OrbStack's machines run a command on the same disks (`/mnt/c`, `/mnt/mac`): it is still a
  // command, judged as one (docs/adr/0780).
  wsl: wslCommand,
  "wsl.exe": wslCommand,
  orb: orbCommand,
  orbctl: (args) => (args[0]?.value === "run" ? orbCommand(args.slice(1)) : NONE),
  lxc: (args) => afterDashes("lxc exec", args, "exec"),
  incus: (args) => afterDashes("incus exec", args, "exec"),
  minikube: (args) => (args[0]?.value === "ssh" ? afterDashes("minikube ssh", args, "ssh", true) : NONE),
  // The VM that runs the container engine (docs/adr/0387): `colima ssh -- sudo sh`, `lima sudo sh`.
  colima: (args) => (args[0]?.value === "ssh" ? afterDashes("colima ssh", args, "ssh", true) : NONE),
  lima: (args) => joined("lima", args, REMOTE_DIR),
  limactl: (args) =>
    args[0]?.value === "shell" && args[1] !== undefined
      ? joined(`limactl shell ${args[1].value}`, args.slice(2), REMOTE_DIR)
      : NONE,
  heroku(args) {
    if (args[0]?.value !== "run") return NONE;
    const o = parseOptions(args.slice(1), { short: "arseo", long: ["--app", "--remote", "--size", "--env", "--type"] });
    return joined(
      "heroku run",
      args.slice(1 + o.rest).filter((w, i) => i > 0 || w.value !== "--"),
      REMOTE_DIR,
    );
  },
  buildah: (args) => (args[0]?.value === "unshare" ? unshared("buildah", args.slice(1)) : NONE),
  docker: (args) => containerExec("docker", args),
  podman: (args) => containerExec("podman", args),
  nerdctl: (args) => containerExec("nerdctl", args),
  "docker-compose": (args) => containerExec("docker-compose", args),
  kubectl: (args) => kubeExec("kubectl", args),
  oc: (args) => kubeExec("oc", args),
  ansible: ansibleAdHoc,
  "chef-apply": chefApply,
  "salt-call": saltCall,
  // Terminal emulators told to run a command in the new window (docs/adr/0637).
  wezterm(args) {
    if (args[0]?.value !== "start" && args[0]?.value !== "cli") return NONE;
    const at = args.findIndex((w) => w.value === "--");
    if (at >= 0) return peel("wezterm start", args.slice(at + 1));
    const o = parseOptions(args.slice(1), {
      short: "",
      long: ["--cwd", "--class", "--workspace", "--position", "--domain"],
    });
    return peel("wezterm start", args.slice(1 + o.rest));
  },
  tilix: terminal("tilix", "-e"),
  "xfce4-terminal": terminal("xfce4-terminal", "-x"),
  // `pm2 start 'CMD ARGS'` runs a command line given as one string (a file stays the app it starts).
  pm2(args) {
    const line = args[0]?.value === "start" ? args.slice(1).find((w) => !w.value.startsWith("-")) : undefined;
    return line !== undefined && /\s/.test(line.value) ? joined("pm2 start", [line]) : NONE;
  },
  osascript(args) {
    // `osascript -e 'do shell script "…"'`: the quoted text is a shell command line; anything else is AppleScript.
    const scripts = args.filter((_, i) => args[i - 1]?.value === "-e");
    if (scripts.length !== 1 || scripts[0]!.dynamic) return NONE;
    const m = /^\s*do shell script\s+"((?:[^"\\]|\\.)*)"\s*(?:with administrator privileges\s*)?$/.exec(
      scripts[0]!.value,
    );
    if (m === null) return NONE;
    const text = m[1]!.replace(/\\(.)/g, "$1");
    return {
      kind: "code",
      label: "osascript do shell script",
      code: { value: text, dynamic: false, raw: scripts[0]!.raw },
      sameShell: false,
      assignments: [],
    };
  },
};

/** The command line an option carries (`vagrant ssh -c CMD`, `--command=CMD`), run on a machine nobody here sees. */
function commandOption(label: string, args: readonly Word[], names: readonly string[]): Peel {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    const eq = v.indexOf("=");
    if (names.includes(v) && args[i + 1] !== undefined) return joined(label, [args[i + 1]!], REMOTE_DIR);
    if (eq > 0 && names.includes(v.slice(0, eq)))
      return joined(label, [{ ...args[i]!, value: v.slice(eq + 1), raw: args[i]!.raw.slice(eq + 1) }], REMOTE_DIR);
    const glued = names.find((n) => n.length === 2 && v.startsWith(n) && v.length > 2);
    if (glued !== undefined) return joined(label, [{ ...args[i]!, value: v.slice(2) }], REMOTE_DIR);
  }
  return NONE;
}

/** `multipass exec VM -- CMD…`, `lxc exec C -- CMD…`, `minikube ssh -- CMD` (or `minikube ssh 'CMD'`). */
/** `wsl [-d D] [-u U] [--cd DIR] [-e|--exec|--] CMD…`: the command after wsl's own options; its admin options run none. */
function wslCommand(args: readonly Word[]): Peel {
  const o = parseOptions(args, { short: "du", long: ["--distribution", "--user", "--cd", "--distribution-id"] });
  const rest = args.slice(o.rest);
  const exec = o.options.find((x) => x.name === "-e" || x.name === "--exec");
  // `-e` runs its words as they are, without a shell; otherwise wsl's default shell reads them joined.
  if (exec !== undefined)
    return peel("wsl -e", args.slice(args.findIndex((w) => w.value === exec.name) + 1), REMOTE_DIR);
  if (o.options.some((x) => !["-d", "-u", "--distribution", "--user", "--cd", "--distribution-id"].includes(x.name)))
    return NONE;
  return joined("wsl", rest, REMOTE_DIR);
}

/** OrbStack's subcommands that manage machines or files rather than run a command in one. */
const ORB_ADMIN: ReadonlySet<string> = new Set(
  ["create", "delete", "list", "ls", "start", "stop", "restart", "shell", "push", "pull", "config", "info"].concat([
    "logs",
    "default",
    "update",
    "version",
    "help",
    "rename",
    "clone",
    "export",
    "import",
    "status",
    "docker",
    "k8s",
  ]),
);

/** `orb [-m MACHINE] [-u USER] [-w DIR] CMD…` or `orb run …`: the command runs in the machine. */
function orbCommand(args: readonly Word[]): Peel {
  const words = args[0]?.value === "run" ? args.slice(1) : args;
  const o = parseOptions(words, { short: "muw", long: ["--machine", "--user", "--workdir"] });
  const rest = words.slice(o.rest);
  if (rest.length === 0 || (words === args && ORB_ADMIN.has(rest[0]!.value))) return NONE;
  return joined("orb", rest, REMOTE_DIR);
}

function afterDashes(label: string, args: readonly Word[], sub: string, operandIsCommand = false): Peel {
  if (args[0]?.value !== sub) return NONE;
  const dashes = args.findIndex((w) => w.value === "--");
  if (dashes >= 0) return joined(label, args.slice(dashes + 1), REMOTE_DIR);
  if (!operandIsCommand) return NONE;
  return joined(
    label,
    args.slice(1).filter((w) => !w.value.startsWith("-")),
    REMOTE_DIR,
  );
}

/** Ansible modules whose `-a` text is a command line run on every host of the pattern (`command` is the default). */
const ANSIBLE_COMMANDS: ReadonlySet<string> = new Set(
  ["command", "shell", "raw", "win_shell", "win_command"].flatMap((m) => [
    m,
    `ansible.builtin.${m}`,
    `ansible.windows.${m}`,
  ]),
);

/**
 * `ansible PATTERN [-m shell|command|raw] -a 'CMD'`: an ad-hoc command on every host of PATTERN, judged like
 * `ssh host CMD` (docs/adr/0300). Options come before or after the pattern. Other modules stay ansible's own.
 */
function ansibleAdHoc(args: readonly Word[]): Peel {
  let module = "command";
  let command: Word | null = null;
  let pattern: string | null = null;
  let become = false;
  let connection: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    const long = /^--(module-name|args)=(.*)$/s.exec(v);
    const glued = /^-([ma])(.+)$/s.exec(v);
    const name =
      long?.[1] ?? glued?.[1] ?? (/^(?:-m|--module-name)$/.test(v) ? "m" : /^(?:-a|--args)$/.test(v) ? "a" : null);
    if (/^-[a-zA-Z]*b[a-zA-Z]*$|^--become$/.test(v) && !/^-[ma]/.test(v)) become = true;
    if (/^(?:-c|--connection)$/.test(v)) connection = args[i + 1]?.value ?? null;
    const conn = /^(?:-c|--connection=)(.+)$/.exec(v);
    if (conn !== null) connection = conn[1]!;
    if (name === null) {
      if (!v.startsWith("-") && pattern === null && args[i - 1]?.value.startsWith("-") !== true) pattern = v;
      continue;
    }
    const value: Word | undefined =
      long !== null || glued !== null
        ? { value: long?.[2] ?? glued![2]!, dynamic: args[i]!.dynamic, raw: args[i]!.raw }
        : args[++i];
    if (value === undefined) return NONE;
    if (name === "m" || name === "module-name") module = value.value;
    else command = value;
  }
  if (command === null) return NONE;
  if (!ANSIBLE_COMMANDS.has(module)) {
    // Another module is the write, fetch or change its arguments name (docs/adr/0734).
    const line = command.dynamic ? null : ansibleLine(module, moduleArgs(command.value), become);
    if (line === null) return NONE;
    const local = connection === "local" || /^(?:localhost|127\.0\.0\.1)$/.test(pattern ?? "");
    return written(`ansible ${pattern ?? "(hosts)"}`, line, command.raw, local ? null : REMOTE_DIR);
  }
  return {
    kind: "code",
    label: `ansible ${pattern ?? "(hosts)"}`,
    code: command,
    sameShell: false,
    assignments: [],
    workdir: REMOTE_DIR,
  };
}

/** A command line written here from a tool's own resource language (config-lines.ts): judged as if typed. */
function written(label: string, line: string, raw: string, workdir: Word | null): Peel {
  return {
    kind: "code",
    label,
    code: { value: line, dynamic: false, raw },
    sameShell: false,
    assignments: [],
    ...(workdir !== null ? { workdir } : {}),
  };
}

/**
 * `chef-apply -e RECIPE`: when every resource of the inline recipe is one config-lines.ts reads, the recipe is the
 * command lines they amount to (docs/adr/0734); otherwise chef-apply stays its program (fleet.ts).
 */
function chefApply(args: readonly Word[]): Peel {
  const at = args.findIndex((w) => w.value === "-e" || w.value === "--execute");
  const recipe = args[at + 1];
  if (at < 0 || recipe === undefined || recipe.dynamic) return NONE;
  const lines = chefResources(recipe.value)?.map(chefLine);
  if (lines === undefined || lines.length === 0 || lines.some((l) => l === null)) return NONE;
  return written("chef-apply", lines.join("\n"), recipe.raw, null);
}

/** `salt-call --local MODULE.FUNCTION ARGS`: the function read as its command line (docs/adr/0734), on this machine. */
function saltCall(args: readonly Word[]): Peel {
  if (!args.some((w) => w.value === "--local") || args.some((w) => w.dynamic)) return NONE;
  const rest = args.filter((w) => !w.value.startsWith("-")).map((w) => w.value);
  const fn = rest[0];
  const line = fn === undefined ? null : saltLine(fn, rest.slice(1));
  return line === null ? NONE : written("salt-call", line, args.map((w) => w.raw).join(" "), null);
}

/** docker/podman options before the subcommand that take a value: `docker -H tcp://… exec`, `podman -c remote exec`. */
const CONTAINER_GLOBALS: OptionSpec = {
  short: "Hcl",
  long: [
    "--host",
    "--context",
    "--config",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--connection",
    "--url",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
    "--cgroup-manager",
    "--events-backend",
    "--module",
    "--namespace",
    "--address",
  ],
};
/** kubectl/oc options before the subcommand that take a value: `kubectl -n prod exec …`. */
const KUBE_GLOBALS: OptionSpec = {
  short: "nsv",
  long: [
    "--namespace",
    "--context",
    "--kubeconfig",
    "--cluster",
    "--user",
    "--token",
    "--server",
    "--as",
    "--as-group",
    "--as-uid",
    "--request-timeout",
    "--certificate-authority",
    "--client-certificate",
    "--client-key",
    "--tls-server-name",
    "--cache-dir",
    "--profile",
    "--profile-output",
  ],
};

/**
 * `docker exec [OPTIONS] CONTAINER CMD…` (also `docker container exec`, `docker compose exec SERVICE CMD…`),
 * after any global options (`docker -H host exec`, `docker --context prod exec`).
 */
function containerExec(program: string, args: readonly Word[]): Peel {
  const globals = parseOptions(args, CONTAINER_GLOBALS).rest;
  // A new container's command is judged too, and so is the run that starts it (docs/adr/0531).
  const run = containerRun(program, globals, args);
  if (run !== null)
    return {
      kind: "code",
      label: run.label,
      code: argvLine(run.words),
      sameShell: false,
      assignments: [],
      wrapperToo: "always",
    };
  let rest = args.slice(globals);
  // `podman unshare CMD` runs CMD here, as root of a user namespace that maps the user's own files (docs/adr/0660).
  if (rest[0]?.value === "unshare") return unshared(program, rest.slice(1));
  let label = `${program} exec`;
  if (rest[0]?.value === "container" || rest[0]?.value === "compose") {
    if (rest[0].value === "compose") label = `${program} compose exec`;
    rest = rest.slice(1);
  }
  if (rest[0]?.value !== "exec") return NONE;
  const o = parseOptions(rest.slice(1), {
    short: "euw",
    long: ["--env", "--env-file", "--user", "--workdir", "--detach-keys", "--index"],
  });
  const target = rest[1 + o.rest];
  if (target === undefined) return NONE;
  const workdir = optionValue(o, "-w", "--workdir");
  // Every capability of the host, for this one process: the label says so, classify-command.ts makes it SECURITY.
  const privileged = o.options.some((opt) => opt.name === "--privileged") ? " --privileged" : "";
  return peel(
    `${label}${privileged} ${target.value}`,
    rest.slice(2 + o.rest),
    workdir?.value.startsWith("/") ? workdir : REMOTE_DIR,
  );
}

/**
 * `podman unshare CMD`, `buildah unshare CMD` (docs/adr/0660): CMD runs on this machine, in its directory, as the
 * root of the rootless user namespace: owner of every file the user owns. What it does to them is judged as if
 * run plainly (`podman unshare chmod -R 777 ~` is `chmod -R 777 ~`). Without a command it opens a shell: unpeeled.
 */
function unshared(program: string, args: readonly Word[]): Peel {
  const o = parseOptions(args, { short: "" });
  return program === "docker" || program === "docker-compose" ? NONE : peel(`${program} unshare`, args.slice(o.rest));
}

/** `kubectl [-n NS] exec [-it] POD [-c C] [-n NS] -- CMD…`. */
function kubeExec(program: string, given: readonly Word[]): Peel {
  const args = given.slice(parseOptions(given, KUBE_GLOBALS).rest);
  if (args[0]?.value !== "exec") return NONE;
  const rest = args.slice(1);
  const dash = rest.findIndex((w) => w.value === "--");
  const o = parseOptions(rest, {
    short: "cnf",
    long: [
      "--container",
      "--namespace",
      "--context",
      "--kubeconfig",
      "--filename",
      "--pod-running-timeout",
      "--cluster",
      "--user",
    ],
  });
  const target = rest[o.rest];
  if (target === undefined) return NONE;
  const words = dash >= 0 ? rest.slice(dash + 1) : rest.slice(o.rest + 1);
  return hasOption(o, "--help") ? NONE : peel(`${program} exec ${target.value}`, words, REMOTE_DIR);
}

/** tmux subcommands that run a shell command line given as their operands, with their value-taking option letters. */
const TMUX_RUNS: Readonly<Record<string, string>> = {
  new: "cefFnstxy",
  "new-session": "cefFnstxy",
  "new-window": "cefFnt",
  neww: "cefFnt",
  "split-window": "cefFlt",
  splitw: "cefFlt",
  "respawn-pane": "cet",
  respawnp: "cet",
  "respawn-window": "cet",
  respawnw: "cet",
  "run-shell": "cdt",
  run: "cdt",
  "display-popup": "bcdehsSTtwxy",
  popup: "bcdehsSTtwxy",
};

/**
 * `tmux [-L s] [-c LINE] SUBCOMMAND [OPTIONS] [LINE…]`: the operands of a command-running subcommand are one shell
 * command line (`tmux new -d 'rm -rf ~'`), `-c LINE` runs one too, and `send-keys … Enter` types one into a shell.
 */
function tmuxCommand(args: readonly Word[]): Peel {
  const o = parseOptions(args, { short: "cfLST" });
  const line = optionValue(o, "-c");
  if (line !== null) return { kind: "code", label: "tmux -c", code: line, sameShell: false, assignments: [] };
  const sub = args[o.rest]?.value;
  if (sub === undefined) return NONE;
  const rest = args.slice(o.rest + 1);
  if (sub === "send-keys" || sub === "send") {
    const k = parseOptions(rest, { short: "cNt" });
    const keys = rest.slice(k.rest);
    if (!keys.some((w) => ENTER_KEYS.has(w.value))) return NONE;
    const text = keys.filter((w) => !ENTER_KEYS.has(w.value));
    return text.length === 0 ? NONE : joined("tmux send-keys", text);
  }
  if (!Object.hasOwn(TMUX_RUNS, sub)) return NONE;
  const so = parseOptions(rest, { short: ownEntry(TMUX_RUNS, sub)! });
  return joined(`tmux ${sub}`, rest.slice(so.rest));
}

const ENTER_KEYS: ReadonlySet<string> = new Set(["Enter", "C-m", "C-j", "KPEnter"]);

/** Text typed into a running shell session (`screen -X stuff 'cmd\n'`): a command line once it ends a line. */
function typed(label: string, text: Word): Peel {
  const value = text.value.replace(/\\n|\\r|\^M/g, "\n");
  return { kind: "code", label, code: { ...text, value }, sameShell: false, assignments: [] };
}

/**
 * A wrapper whose command follows its options (`short` value letters, `long` value options), after `skip` more
 * operands (faketime's timestamp); `assignments`: leading `NAME=value` words are its environment (cross-env).
 */
/**
 * `npm run env [--] ARGS…`: npm's built-in env script runs `env` with the arguments appended, so the arguments are
 * a command (`npm run-script env -- rm -rf ~`); bare, it prints the environment like `env` (docs/adr/0410).
 */
/** The package manager's own options before its command: `-w PKG`, `--prefix DIR`. */
const NPM_OPTIONS: OptionSpec = { short: "w", long: ["--workspace", "--prefix", "--registry", "--location"] };
/** pnpm's: `-r`, `--filter PKG`, `-C DIR` (docs/adr/0521). */
const PNPM_OPTIONS: OptionSpec = { short: "CF", long: ["--filter", "--filter-prod", "--dir", "--workspace"] };

/**
 * The command word after the package manager's own options, and the words after it: `pnpm -r exec npm publish`
 * runs `npm publish` in every workspace as `pnpm exec npm publish` does in one (docs/adr/0521).
 */
function afterManagerOptions(args: readonly Word[], spec: OptionSpec): [string | undefined, readonly Word[]] {
  const o = parseOptions(args, spec);
  return [args[o.rest]?.value, args.slice(o.rest + 1)];
}

function npmRunEnv(args: readonly Word[]): Peel {
  const o = parseOptions(args, { short: "w", long: ["--workspace", "--prefix", "--script-shell"] });
  const name = args[o.rest];
  if (name?.value !== "env" || name.dynamic) return NONE;
  let rest = args.slice(o.rest + 1);
  if (rest[0]?.value === "--") rest = rest.slice(1);
  return peel("npm run env", [{ value: "env", dynamic: false, raw: name.raw }, ...rest]);
}

function simple(
  label: string,
  short: string,
  long: readonly string[] = [],
  how: { readonly skip?: number; readonly assignments?: true } = {},
): (args: readonly Word[]) => Peel {
  const skip = how.skip ?? 0;
  const assignments = how.assignments === true;
  return (args) => {
    const o = parseOptions(args, { short, long });
    let rest = args.slice(o.rest + skip);
    if (assignments) while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0]?.value ?? "")) rest = rest.slice(1);
    return peel(label, rest);
  };
}

/** `TOOL exec [TOOL@VERSION…] -- CMD…` (mise), `TOOL exec CMD…`, `TOOL run CMD…`; `-c LINE` is a command line. */
function managerExec(label: string, subs: readonly string[]): (args: readonly Word[]) => Peel {
  return (args) => {
    const sub = args.findIndex((w) => !w.value.startsWith("-"));
    if (sub < 0 || !subs.includes(args[sub]!.value)) return NONE;
    const rest = args.slice(sub + 1);
    const dash = rest.findIndex((w) => w.value === "--");
    if (dash >= 0) return peel(label, rest.slice(dash + 1));
    const c = rest.findIndex((w) => w.value === "-c" || w.value === "--command");
    if (c >= 0 && rest[c + 1] !== undefined)
      return { kind: "code", label, code: rest[c + 1]!, sameShell: false, assignments: [] };
    const o = parseOptions(rest, { short: "Ee", long: ["--env", "--environment"] });
    return peel(label, rest.slice(o.rest));
  };
}

/** `conda run [-n ENV | -p PREFIX] [--cwd DIR] CMD…` (mamba, micromamba). */
function condaRun(program: string): (args: readonly Word[]) => Peel {
  return (args) => {
    if (args[0]?.value !== "run") return NONE;
    const o = parseOptions(args.slice(1), { short: "np", long: ["--name", "--prefix", "--cwd"] });
    return peel(`${program} run`, args.slice(1 + o.rest), optionValue(o, "--cwd"));
  };
}

/** A terminal emulator: the words after its command option (`-e`, `--`) are the command it runs. */
function terminal(label: string, ...marks: string[]): (args: readonly Word[]) => Peel {
  return (args) => {
    const at = args.findIndex((w) => marks.includes(w.value));
    if (at < 0) return NONE;
    // On another machine's X server (`xterm -display evil:1 -e sh`) the terminal itself is the danger: left
    // unpeeled, its own knowledge judges it (remote-access.ts, docs/adr/0360).
    if (args.some((w, i) => w.value === "-display" && !/^(?:unix|localhost)?:\d/.test(args[i + 1]?.value ?? "")))
      return NONE;
    const rest = args.slice(at + 1);
    // One word with blanks is a command line the terminal hands to a shell (`xterm -e 'make && ./run'`).
    if (rest.length === 1 && /\s/.test(rest[0]!.value))
      return { kind: "code", label, code: rest[0]!, sameShell: false, assignments: [] };
    return peel(label, rest);
  };
}
