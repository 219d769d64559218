/**
 * Publication and exposure (docs/adr/0156): what makes local things visible to others. Publishing to a
 * registry or a static host cannot be taken back (a version uploaded is mirrored at once): DESTRUCTIVE, like
 * `npm publish`. A tunnel or a file server reaches a local port or directory from outside: an ordinary web
 * port is development work, a raw TCP tunnel, a file URL or a port whose service grants a shell or data
 * (ssh, the docker daemon, databases: SENSITIVE_PORT) is SECURITY. What a file server serves is every file
 * below its directory: a recursive read, which the credential paths judge (`python -m http.server -d ~`).
 */
import { fx, type Program, type Rule } from "./types.ts";

export const PUBLISH = fx("DESTRUCTIVE", ["write_external", "read_local"], "network", "publication");
export const EXPOSE = fx("SECURITY", ["write_external"], "network", "publication");
const TUNNEL = fx("WRITE", ["write_external"], "network", "publication");
const SERVE = fx("WRITE", ["read_local", "write_external"], "network", "server");
const READ = fx("READ", ["read_external"], "network", "publication");
const BUILD = fx("WRITE", ["read_local", "write_local"], "build");

/**
 * Ports whose service gives whoever reaches it a shell, the machine or data: ssh, telnet, the docker daemon,
 * etcd and the kubelet, databases and caches, remote desktops.
 */
const SENSITIVE_PORTS = [
  22, 23, 2375, 2376, 2379, 2380, 3306, 3389, 5432, 5900, 5984, 6379, 6443, 9200, 9300, 10250, 11211, 1433, 1521, 27017,
  4243,
];
const PORTS = SENSITIVE_PORTS.join("|");
/** A word that names one of those ports: `22`, `localhost:5432`, `http://localhost:2375`, `tcp://0.0.0.0:6379/`. */
export const SENSITIVE_PORT = new RegExp(
  String.raw`^(?:(?:[a-z][a-z0-9+.-]*:\/\/)?[^\s:/]*:)?(?:${PORTS})(?:\/.*)?$`,
  "i",
);
/** A remote forward (`ssh -R`) to a sensitive port, or a dynamic one (`-R 1080`: a SOCKS proxy into this network). */
export const SENSITIVE_FORWARD = new RegExp(String.raw`:(?:${PORTS})$|^(?:[^:]*:)?\d+$`);

/** A tunnel program's rules: a raw TCP tunnel, a file URL or a sensitive port is SECURITY. */
const tunnelRules = (tcp: readonly string[]): Rule[] => [
  ...tcp.map((s): Rule => ({ sub: [s], then: EXPOSE })),
  { text: /^file:/i, then: EXPOSE },
  { text: SENSITIVE_PORT, then: EXPOSE },
];

export const PUBLICATION: readonly Program[] = [
  {
    names: ["twine"],
    base: READ,
    rules: [
      { sub: ["upload"], then: PUBLISH },
      { sub: ["register"], then: PUBLISH },
      { sub: ["check"], then: READ },
    ],
    paths: { positional: "read", pathLike: true },
  },
  {
    names: ["vsce", "ovsx"],
    values: ["-p", "--pat", "-o", "--out", "-i", "--packagePath"],
    base: BUILD,
    rules: [
      { sub: ["publish"], then: PUBLISH },
      { sub: ["unpublish"], then: PUBLISH },
      { sub: ["ls"], then: fx("READ", ["read_local"], "build") },
      { sub: ["show"], then: READ },
    ],
  },
  // Static hosts: the directory is published whole (`surge ~ x.surge.sh` publishes the home).
  {
    names: ["surge"],
    values: ["-d", "--domain", "-p", "--project"],
    base: PUBLISH,
    paths: { served: { options: ["-p", "--project"], positional: true } },
    rules: [
      { sub: ["teardown"], then: fx("DESTRUCTIVE", ["write_external"], "network", "publication") },
      ...["list", "whoami", "login", "logout", "--help", "--version"].map((s): Rule => ({ sub: [s], then: READ })),
    ],
  },
  {
    names: ["gh-pages"],
    values: ["-d", "--dist", "-b", "--branch", "-m", "--message", "-r", "--repo"],
    base: PUBLISH,
    paths: { served: { options: ["-d", "--dist"] } },
  },
  // Tunnels: ngrok http 3000 shows a dev server; ngrok tcp 22 hands out the machine.
  {
    names: ["ngrok"],
    values: ["--authtoken", "--region", "--domain", "--url", "--config", "--log"],
    base: TUNNEL,
    rules: [
      ...["config", "version", "help", "diagnose"].map((s): Rule => ({ sub: [s], then: READ })),
      ...tunnelRules(["tcp", "tls"]),
    ],
  },
  {
    names: ["cloudflared"],
    values: ["--url", "--hostname", "--config", "--name", "--loglevel"],
    base: TUNNEL,
    rules: [{ sub: ["tunnel", "list"], then: READ }, ...tunnelRules(["access"])],
  },
  {
    names: ["lt", "localtunnel", "bore", "localhost.run", "zrok", "pinggy"],
    values: ["-p", "--port", "-s", "--subdomain", "-h", "--host", "-t", "--to", "-l", "--local-host"],
    base: TUNNEL,
    rules: tunnelRules([]),
  },
  {
    names: ["tailscale"],
    base: fx("WRITE", ["write_external"], "network"),
    rules: [
      { sub: ["funnel"], text: SENSITIVE_PORT, then: EXPOSE },
      { sub: ["serve"], text: SENSITIVE_PORT, then: EXPOSE },
      ...["status", "ip", "version", "netcheck", "ping", "whois"].map((s): Rule => ({ sub: [s], then: READ })),
    ],
  },
  // File servers: every file below the directory served (an option, an operand, else the cwd) can be fetched.
  {
    names: ["http-server", "serve", "live-server", "servor", "static-server"],
    values: ["-p", "--port", "-a", "--address", "-l", "--listen", "-c", "--cache", "--host"],
    base: SERVE,
    paths: { served: { options: ["--root"], positional: true } },
  },
  {
    names: ["httpd"],
    values: ["-p", "-h", "-c", "-r", "-u"],
    base: SERVE,
    paths: { served: { options: ["-h"] } },
  },
];
