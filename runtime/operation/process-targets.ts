/**
 * Signals and container stops whose targets nobody can see at review time (docs/adr/0318). A reviewer who
 * reads `kill 48213` or `kill %1` knows what stops; one who reads `kill -STOP $(pgrep dockerd)`,
 * `kill $(pidof Xorg)`, `p=$(pgrep -u dev); kill -9 $p`, `ps aux | awk '/node/{print $2}' | xargs kill` or
 * `docker stop $(docker ps -q)` does not: the targets are computed when it runs. And a name or pattern that
 * every shared runtime answers to (`killall -9 node`, `pkill python`, `pkill sh`) reaches the agent's host.
 *
 * A computed target is followed where it can be: `$(pgrep ARGS)` is read as `pkill ARGS`, `$(pidof NAMES)` as
 * `killall NAMES`; a pid file (`$(cat app.pid)`), a port's holder (`$(lsof -t -i :3000)`), the shell's own jobs
 * (`$!`, `$(jobs -p)`) and a variable from the environment name one known process. Anything else — a pipeline,
 * another program, a container listing — selects processes nobody reviewed.
 */
import { type SimpleCommand, stageBefore } from "../shell/index.ts";
import { isDevServerPort, SHARED_PROCESSES, SYSTEM_DAEMONS } from "./knowledge/processes.ts";

const NOT_THE_PROJECT: readonly string[] = [...SYSTEM_DAEMONS, ...SHARED_PROCESSES];

/** pkill/pgrep options that take a value. */
export const PGREP_VALUES: ReadonlySet<string> = new Set([
  "-u",
  "-U",
  "-g",
  "-G",
  "-P",
  "-s",
  "-t",
  "-F",
  "--signal",
  "--euid",
  "--uid",
  "--user",
  "--group",
  "--pgroup",
  "--parent",
  "--session",
  "--terminal",
  "--pidfile",
  "--ns",
  "--nslist",
]);
/** Selections that reach every process of a user. */
const BY_USER = /^(?:-[A-Za-z]*[uU]|--euid|--uid|--user)(?:=.*)?$/;
/** Container subcommands that stop, remove or change running containers. */
const CONTAINER_STOPS = new Set(["stop", "kill", "pause", "update", "restart", "rm", "unpause"]);
const CONTAINER_CLIS = new Set(["docker", "podman", "nerdctl"]);
/** Sources that name one process the project knows: a pid file, a port's holder, the shell's own jobs. */
const KNOWN_SOURCES = new Set(["cat", "head", "tail", "lsof", "jobs", "fuser"]);

/** Why some command of this string signals processes nobody can see here, or null. */
export function unseenTargets(commands: readonly SimpleCommand[]): string | null {
  const assigned = new Map<string, string>();
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    for (const a of cmd.assignments) assigned.set(a.name, a.value);
    const why = judge(cmd, stageBefore(commands, i), assigned);
    if (why !== null) return why;
  }
  return null;
}

function judge(
  cmd: SimpleCommand,
  upstream: SimpleCommand | null,
  assigned: ReadonlyMap<string, string>,
): string | null {
  const p = cmd.program;
  // A port's holder killed by its port: the project's only on a dev server's port (docs/adr/0432).
  if ((p === "fuser" && cmd.args.some((a) => /^-[A-Za-z]*k|^--kill$/.test(a))) || PORT_KILLERS.has(p))
    return portReach(p, cmd.args);
  if (p === "pkill" || p === "skill") return patternReach(cmd.args, p);
  if (p === "killall") return namesReach(cmd.args);
  if (p === "kill") {
    if (cmd.context.argsFromStdin) return producerReach(upstream, "kill");
    for (const target of killTargets(cmd.args)) {
      const why = computedReach(target, assigned);
      if (why !== null) return `kill ${target}: ${why}`;
    }
    return null;
  }
  if (CONTAINER_CLIS.has(p)) {
    const words = cmd.args.filter((a) => !a.startsWith("-"));
    const sub = words[0] === "container" ? words[1] : words[0];
    if (sub === undefined || !CONTAINER_STOPS.has(sub)) return null;
    if (cmd.context.argsFromStdin) return `${p} ${sub} of containers read from stdin`;
    const computed = cmd.args.find((a) => /\$\(|`/.test(a) || fromSubstitution(a, assigned));
    return computed === undefined ? null : `${p} ${sub} ${computed}: the containers are chosen when it runs`;
  }
  return null;
}

/** The operands of `kill`: not options, not a signal (`-9`, `-s KILL`, `-SIGTERM`). */
function killTargets(args: readonly string[]): string[] {
  const out: string[] = [];
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // `-$(pgrep x)`: the process group of a computed pid is a target, not a signal.
    if (rest || !a.startsWith("-") || /^-\d+$/.test(a) || /^-["$`]/.test(a)) out.push(a);
    else if (a === "--") rest = true;
    else if (a === "-s" || a === "-n" || a === "--signal") i++;
  }
  // The first `-N` is the signal when more follow (`kill -9 123`); alone it is a target (`kill -1`, the table's).
  return out.length > 1 && /^-\d+$/.test(out[0]!) && !args.includes("--") ? out.slice(1) : out;
}

/** Why a kill target computed at run time reaches processes nobody reviewed, or null. */
function computedReach(word: string, assigned: ReadonlyMap<string, string>): string | null {
  const target = word.replace(/^-(?=["$`])/, "");
  if (/^(?:%\S*|-?\d+|\$!|\$\{!\}|\$\$|"\$!"|"\$\$")$/.test(target)) return null;
  const inner = substitutionText(target);
  if (inner !== null) return sourceReach(inner);
  const variable = /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$/.exec(target)?.[1];
  if (variable !== undefined) {
    const value = assigned.get(variable);
    if (value === undefined) return null;
    const from = substitutionText(value);
    return from === null ? null : sourceReach(from);
  }
  return /[$`]/.test(target) ? "the target is built when it runs" : null;
}

/** Whether an argument is a variable assigned from a command substitution earlier in the string. */
function fromSubstitution(arg: string, assigned: ReadonlyMap<string, string>): boolean {
  const variable = /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$/.exec(arg)?.[1];
  const value = variable === undefined ? undefined : assigned.get(variable);
  return value !== undefined && substitutionText(value) !== null;
}

/** `$(pgrep x)`, `` `pidof y` ``, `"$(…)"` → the command text inside; null when the word is no substitution. */
function substitutionText(word: string): string | null {
  const m = /^"?(?:\$\((.*)\)|`(.*)`)"?$/s.exec(word.trim());
  return m === null ? null : (m[1] ?? m[2] ?? "").trim();
}

/** Why the processes a source command prints are not the project's, or null when they are known. */
function sourceReach(text: string): string | null {
  // `$(< app.pid)`: bash reads the file.
  const file = /^<\s*([^\s|;&<>]+)$/.exec(text)?.[1];
  if (file !== undefined) return knownReach("cat", [file]);
  if (/[|;&<>]/.test(text)) return "a pipeline chooses the targets when it runs";
  const words = splitWords(text);
  const program = words[0]?.replace(/^.*\//, "") ?? "";
  if (program === "pgrep") return patternReach(words.slice(1), "pgrep");
  if (program === "pidof") return namesReach(words.slice(1));
  if (KNOWN_SOURCES.has(program)) return knownReach(program, words.slice(1));
  return `${program || "a command"} chooses the targets when it runs`;
}

/** `pgrep -f vite | xargs kill` reads as `pkill -f vite`; other producers choose targets unseen. */
function producerReach(upstream: SimpleCommand | null, what: string): string | null {
  if (upstream === null) return `${what} of processes read from stdin`;
  if (upstream.program === "pgrep") return patternReach(upstream.args, "pgrep");
  if (upstream.program === "pidof") return namesReach(upstream.args);
  if (KNOWN_SOURCES.has(upstream.program)) return knownReach(upstream.program, upstream.args);
  return `${what} of the processes ${upstream.program} prints`;
}

/**
 * A pid file of the project (a relative path or temp space; a daemon's `/run/sshd.pid` is not), a port's holder
 * (`lsof -t -i :3000`; `lsof -t /` is every process using the root), or the shell's jobs: null; else why not.
 */
function knownReach(program: string, args: readonly string[]): string | null {
  if (program === "jobs") return null;
  if (program === "lsof" || program === "fuser")
    return args.some((a) => /^-[A-Za-z]*i|^[\w.-]*:\d+$|^\d+\/(?:tcp|udp)$/.test(a))
      ? portReach(program, args)
      : `${program} lists every process using a file`;
  const files = args.filter((a) => !a.startsWith("-"));
  const outside = files.find((f) => /^[/~$]/.test(f) && !/^\/(?:tmp|var\/tmp)\//.test(f));
  return outside === undefined ? null : `${outside} is a pid file the project did not write`;
}

/** Programs that kill whatever holds the ports they are given (`npx kill-port 3000`, `fkill :3000`). */
const PORT_KILLERS: ReadonlySet<string> = new Set(["kill-port", "fkill", "killport", "port-kill"]);

/** The ports a word names: `7777/tcp`, `:7777`, `-i:7777`, `-iTCP:7777`, `localhost:7777`, a bare `7777`. */
function portsOf(word: string): number[] {
  const m = /^(\d{1,5})(?:\/(?:tcp|udp))?$/.exec(word) ?? /[:=](\d{1,5})$/.exec(word);
  return m === null ? [] : [Number(m[1])];
}

/**
 * Whatever holds a port that no dev server of the project uses (a database, a broker, the gate's own server on
 * the port `rules serve --port` was given) is not known to be the project's; a dev server's port is. Null when
 * every port named is a dev server's, or none is named (the caller judges that).
 */
function portReach(program: string, args: readonly string[]): string | null {
  const ports = args.flatMap(portsOf);
  const other = ports.find((p) => !isDevServerPort(p));
  return other === undefined ? null : `${program} reaches whatever holds port ${other}, not a dev server's`;
}

/** pkill/pgrep: every process of a user, or a pattern that a shared runtime or daemon answers to. */
function patternReach(args: readonly string[], program: string): string | null {
  if (args.some((a) => BY_USER.test(a))) return `${program} selects every process of a user`;
  const positionals: string[] = [];
  let exact = false;
  let caseless = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (PGREP_VALUES.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith("--")) {
      if (a === "--exact") exact = true;
      if (a === "--ignore-case") caseless = true;
      continue;
    }
    if (a.startsWith("-") && a.length > 1) {
      if (/^-[A-Za-z]*x/.test(a)) exact = true;
      if (/^-[A-Za-z]*i/.test(a)) caseless = true;
      continue;
    }
    positionals.push(a);
  }
  const pattern = positionals[0];
  // No pattern: the selection options alone choose (`pgrep -P 1`, `-g 0`); a pid file names one process.
  if (pattern === undefined)
    return args.some((a) => a === "-F" || a.startsWith("--pidfile")) ? null : `${program} selects by attributes alone`;
  let re: RegExp;
  try {
    re = new RegExp(exact ? `^(?:${pattern})$` : pattern, caseless ? "i" : "");
  } catch {
    return null;
  }
  const hit = NOT_THE_PROJECT.find((name) => re.test(name));
  return hit === undefined ? null : `${program} ${pattern} reaches every ${hit} process`;
}

/** killall/pidof by name: a shared runtime or daemon; `-r` names are patterns. */
function namesReach(args: readonly string[]): string | null {
  if (args.some((a) => BY_USER.test(a))) return "killall selects every process of a user";
  const regex = args.some((a) => a === "-r" || a === "--regexp" || /^-[A-Za-z]*r/.test(a));
  const names = args.filter(
    (a, i) => !a.startsWith("-") && !["-s", "--signal", "-o", "-y"].includes(args[i - 1] ?? ""),
  );
  for (const n of names) {
    const base = n.replace(/^.*\//, "");
    if (regex) {
      try {
        const re = new RegExp(n);
        const hit = NOT_THE_PROJECT.find((name) => re.test(name));
        if (hit !== undefined) return `killall -r ${n} reaches every ${hit} process`;
      } catch {
        // An invalid pattern matches nothing.
      }
    } else if (NOT_THE_PROJECT.includes(base)) return `${base} is not the project's process`;
  }
  return null;
}

/** Words of a short command text, quotes removed (enough for `pgrep -f 'vite --port'`). */
function splitWords(text: string): string[] {
  return (text.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^(['"])(.*)\1$/, "$2"));
}
