/**
 * A service any program opens to the network (docs/adr/0475). Describing daemons one by one never ends (dockerd,
 * redis-server, git daemon, twistd, rpyc, uvicorn…), so every program's words are read for the same three signs:
 * a listening address that is every interface (`--listen=0.0.0.0`, `-H tcp://0.0.0.0:2375`, `--host ::`,
 * `--listen tcp:8080`, `0.0.0.0:8000`), a switch that turns the server's own protection off (`--protected-mode no`,
 * `--export-all`, `--auth none`, `--NotebookApp.token=`), and a tree outside the workspace given as what it serves
 * (`--base-path=/home/dev`, `--path ~`). What listens on loopback alone (`--host 127.0.0.1`) is reached only from
 * here; readers (`grep -l 0.0.0.0 conf`) and network clients (`curl 0.0.0.0:8000`) listen on nothing.
 */
import type { Level } from "../../compiler/index.ts";
import { ownEntry } from "../../core/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { HOST_CLIENTS } from "./host-clients.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";
import { loopbackOnly } from "./sent-out.ts";

export interface ExposedListener {
  readonly category: "publication" | "exfiltration" | "remote-code";
  readonly reason: string;
}

/**
 * A long option (its last dotted part) that names where a server listens: `--listen`, `--bind-addr`,
 * `--listen-client-urls`, `--web.listen-address`, `--ServerApp.ip`, `--server.address`, `--http-host`.
 */
const BIND_NAME = /(?:^|[-_])(?:listen|bind)(?:$|[-_])|(?:^|[-_])(?:host|hostname|address|addr|ip|interface)$/i;
/** Short options servers take for their address (`-H` dockerd and next, `-l` git daemon and netcat, `-b`, `-a`, `-h`). */
const BIND_SHORT: ReadonlySet<string> = new Set(["-H", "-l", "-b", "-a", "-h"]);
/** Options that take a listening endpoint without naming an address: `--port tcp:8080` (twistd), `--endpoint`. */
const ENDPOINT_NAME = /^(?:[\w-]*[-_])?(?:port|endpoint|listen)$/i;

/**
 * Every interface, alone or with a port, bare or as a tcp URL: `0.0.0.0`, `[::]:80`, `::`, `:8080` (no host),
 * `tcp://0.0.0.0:2375`, `tcp://:2375`, `*:80`. An IP of this machine's LAN is left out: clients take the same options.
 */
const EVERY_INTERFACE = /^(?:(?:tcp[46]?|https?|wss?):\/\/)?(?:(?:0\.0\.0\.0|\[::\]|::|\*)(?::\d+)?|:\d+)\/?$/i;
/** A Twisted/endpoint string that listens on every interface: `tcp:8080`, `tcp6:port=80`, `ssl:443:privateKey=k`. */
const STRPORT = /^(?:tcp[46]?|ssl|tls):(?:port=)?\d+(?::.*)?$/i;
/** An endpoint string bound to one interface: `tcp:8080:interface=127.0.0.1`. */
const STRPORT_INTERFACE = /:interface=(?!0\.0\.0\.0|::)/i;
/** A positional word that is a listening address with a port (`runserver 0.0.0.0:8000`, `-S [::]:80`). */
const POSITIONAL_BIND = /^(?:tcp[46]?:\/\/)?(?:0\.0\.0\.0|\[::\]|\*)?:\d+$/i;

/**
 * A debugger's listening option (docs/adr/0551): node, deno and bun's `--inspect`, `--inspect-brk`, `--inspect-wait`,
 * `--inspect-port`, and the older `--debug`. Whoever reaches the port runs any code in the process: on every
 * interface it is a remote shell. A bare port (`--inspect=9229`) listens on loopback.
 */
const DEBUG_NAME = /^--(?:inspect(?:-brk|-wait|-port)?|debug(?:-brk|-port)?)$/;
/** The JVM's debug agent with its address: `-agentlib:jdwp=transport=dt_socket,server=y,address=*:5005`, `-Xrunjdwp:`. */
const JDWP_ADDRESS = /(?:-agentlib:jdwp=|-Xrunjdwp:)[^\s'"]*?\baddress=([^,\s'"]+)/;

/** Switches that turn a server's own protection off, whatever it is bound to. */
const UNPROTECT_FLAGS: ReadonlySet<string> = new Set([
  "--export-all",
  "--no-auth",
  "--noauth",
  "--no-authentication",
  "--disable-auth",
  "--disable-authentication",
  "--skip-grant-tables",
  "--allow-anonymous",
  "--anonymous-write",
]);
/** Options whose value switches protection off: `--protected-mode no`, `--auth none`, `--enable=receive-pack`. */
const UNPROTECT_VALUES: Readonly<Record<string, RegExp>> = {
  "--protected-mode": /^(?:no|off|false|0)$/i,
  "--auth": /^(?:none|off|false|no|disabled?)$/i,
  "--authentication": /^(?:none|off|false|no|disabled?)$/i,
  "--auth-type": /^none$/i,
  "--enable": /^receive-pack$/i,
};
/** A token or password option given empty: `--NotebookApp.token=`, `--ServerApp.password=''`. */
const EMPTY_SECRET = /^--[\w.-]*(?:token|password)=$/i;

/** Options naming the tree a server serves or exports: `--base-path`, `--path`, `--root`, `--docroot`, `--directory`. */
const SERVED_NAME = /^--(?:base-path|path|root|doc-?root|document-root|web-?root|serve-dir|directory|dir|static-dir)$/i;

interface Option {
  readonly name: string;
  readonly value: string | undefined;
  /** The value was a separate word (`--host 0.0.0.0`), not `=`-joined. */
  readonly spaced: boolean;
  readonly index: number;
}

/** Each option word with its value: `--x=v`, or `--x v` / `-x v` when the next word is not an option. */
function options(args: readonly string[]): Option[] {
  const out: Option[] = [];
  args.forEach((a, i) => {
    if (!a.startsWith("-") || a === "-" || a === "--") return;
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0) {
      out.push({ name: a.slice(0, eq), value: a.slice(eq + 1), spaced: false, index: i });
      return;
    }
    const next = args[i + 1];
    out.push({
      name: a,
      value: next !== undefined && !next.startsWith("-") ? next : undefined,
      spaced: true,
      index: i,
    });
  });
  return out;
}

/** Where this option's value says the program listens on every interface; null when it does not. */
function everyInterface(o: Option, cmd: SimpleCommand): string | null {
  if (o.value === undefined || o.value === "") return null;
  const long = o.name.startsWith("--");
  const name = long ? (o.name.slice(2).split(".").at(-1) ?? "") : o.name;
  const bind = long ? BIND_NAME.test(name) : BIND_SHORT.has(name);
  // A bare `*` after a short option or spaced is a glob bash expands (`ls -l *`), not an address.
  const glob = o.value === "*" && o.spaced && cmd.globArgs?.includes(o.index + 1) === true;
  if (bind && !glob && EVERY_INTERFACE.test(o.value) && (long || o.value !== "*")) return o.value;
  if ((bind || (long && ENDPOINT_NAME.test(name))) && long && STRPORT.test(o.value) && !STRPORT_INTERFACE.test(o.value))
    return o.value;
  return null;
}

/** The switch that turns the server's protection off, as written; null when none. */
function unprotected(opts: readonly Option[]): string | null {
  for (const o of opts) {
    if (UNPROTECT_FLAGS.has(o.name) && o.spaced) return o.name;
    const off = ownEntry(UNPROTECT_VALUES, o.name);
    if (off !== undefined && o.value !== undefined && off.test(o.value)) return `${o.name} ${o.value}`;
    if (!o.spaced && EMPTY_SECRET.test(`${o.name}=`) && o.value === "") return `${o.name}=''`;
  }
  return null;
}

/**
 * A debugger listening on every interface, in the words or in the settings the run is given (`NODE_OPTIONS`,
 * `JAVA_TOOL_OPTIONS`, a `-D…debug=` property): the address as written; null when none.
 */
function debuggerBound(cmd: SimpleCommand, opts: readonly Option[]): string | null {
  const inspect = opts.find((o) => DEBUG_NAME.test(o.name) && !o.spaced && EVERY_INTERFACE.test(o.value ?? ""));
  if (inspect?.value !== undefined) return `${inspect.name}=${inspect.value}`;
  for (const word of [...cmd.args, ...cmd.assignments.map((a) => a.value)]) {
    const jdwp = JDWP_ADDRESS.exec(word)?.[1];
    if (jdwp !== undefined && EVERY_INTERFACE.test(jdwp)) return `jdwp address=${jdwp}`;
    for (const setting of word === "" || cmd.args.includes(word) ? [] : word.split(/\s+/)) {
      const eq = setting.indexOf("=");
      if (eq > 0 && DEBUG_NAME.test(setting.slice(0, eq)) && EVERY_INTERFACE.test(setting.slice(eq + 1)))
        return setting;
    }
  }
  return null;
}

/**
 * What this command opens to the network, as a finding; null when it listens on nothing beyond loopback. `level`
 * is the program's own: a reader (`grep -l 0.0.0.0 conf`, READ) names addresses without listening on them.
 */
export function exposedListener(cmd: SimpleCommand, level: Level, where: AccessBase): ExposedListener | null {
  if (level === "READ" || HOST_CLIENTS.has(cmd.program) || loopbackOnly(cmd.args)) return null;
  const opts = options(cmd.args);
  const debug = debuggerBound(cmd, opts);
  if (debug !== null)
    return { category: "remote-code", reason: `${cmd.program} opens a debugger to the network (${debug})` };
  const bound =
    opts.map((o) => everyInterface(o, cmd)).find((v) => v !== null) ??
    cmd.args.find((a, i) => POSITIONAL_BIND.test(a) && !opts.some((o) => o.index === i - 1 && o.value === a)) ??
    null;
  const off = unprotected(opts);
  if (bound === null && off === null) return null;
  const served = opts.find((o) => SERVED_NAME.test(o.name) && o.value !== undefined && outside(o.value, where));
  if (served?.value !== undefined)
    return {
      category: "exfiltration",
      reason: `${cmd.program} serves ${served.value}, outside the workspace, to the network`,
    };
  const how = bound === null ? `with ${off ?? ""}` : `on every interface (${bound})`;
  return { category: "publication", reason: `${cmd.program} opens a service to the network ${how}` };
}

/** The path lies outside the session's working directory (the home, `/`, another project). */
function outside(word: string, where: AccessBase): boolean {
  const path = resolveAccess(word, { mode: "read", via: "argument" }, where).path;
  const root = where.cwd.endsWith("/") ? where.cwd : `${where.cwd}/`;
  return !`${path}/`.startsWith(root);
}
