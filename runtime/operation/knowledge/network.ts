/**
 * Network clients. A download is a READ of external data (and a local write when it saves a file); an
 * upload, a non-GET method or a remote shell writes externally. URLs are collected by classify-command.
 */
import { EXPOSE, SENSITIVE_FORWARD } from "./publication.ts";
import { fx, type Program } from "./types.ts";

/** Sockets of container engines and the kubelet: their API runs anything as root on the host. */
const ENGINE_SOCKET = /(?:docker|containerd|podman|crio|cri-dockerd|buildkitd?|kubelet)[\w.-]*\.sock$/;
const ENGINE_API = fx("SECURITY", ["execute", "write_external"], "container", "host-access");
const GET = fx("READ", ["read_external"], "network");
const SAVE = fx("WRITE", ["read_external", "write_local"], "network");
const SEND = fx("WRITE", ["write_external"], "network");
const SEND_FILE = fx("WRITE", ["write_external", "read_local"], "network");
const REMOTE_SHELL = fx("WRITE", ["write_external", "execute"], "network", "remote");

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
];
const GH_DESTROY = fx("DESTRUCTIVE", ["write_external"], "network", "git");
const GH_API_WRITE = fx("SECURITY", ["write_external"], "network", "git");
/** gh options that take the next word (so a title, a body or an API field is not a subcommand word). */
const GH_VALUES = [
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
      atFiles: ["-d", "--data", "--data-binary", "--data-urlencode", "--data-ascii", "-F", "--form", "--json"],
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
      { flag: ["--post-data", "--post-file", "--body-data", "--body-file"], then: SEND_FILE },
      { option: { "--method": ["POST", "PUT", "PATCH", "DELETE"] }, then: SEND },
      { flag: ["--spider"], then: GET },
    ],
  },
  {
    names: ["http", "https", "xh", "httpie"],
    base: GET,
    rules: [{ word: ["POST", "PUT", "PATCH", "DELETE", "post", "put", "patch", "delete"], then: SEND }],
  },
  {
    names: ["ssh", "mosh"],
    values: ["-i", "-p", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-W", "-b", "-c", "-E", "-m", "-S"],
    base: REMOTE_SHELL,
    paths: { options: { "-i": "read", "-F": "read" } },
    // `-R 2222:localhost:22` lets the remote side into this machine's ssh (or, `-R 1080`, into its network).
    rules: [{ optionText: { "-R": SENSITIVE_FORWARD }, then: EXPOSE }],
  },
  {
    names: ["scp", "sftp"],
    values: ["-i", "-P", "-o", "-F", "-J", "-l", "-c", "-S"],
    base: SEND_FILE,
    paths: {
      positional: "read",
      last: "write",
      pathLike: true,
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
      recursive: { rsync: ["-r", "-a", "--recursive", "--archive"] },
    },
    rules: [
      {
        flag: [
          "--delete",
          "--delete-before",
          "--delete-after",
          "--delete-during",
          "--delete-excluded",
          "--remove-source-files",
        ],
        then: fx("DESTRUCTIVE", ["write_external", "write_local", "read_local"], "network", "filesystem"),
        paths: { positional: "read", last: "delete", pathLike: true },
      },
    ],
  },
  {
    names: ["nc", "ncat", "netcat", "telnet"],
    base: fx("WRITE", ["write_external", "read_external"], "network"),
  },
  // socat's addresses may be files: `FILE:~/.aws/credentials` is read and sent, `CREATE:x` is written.
  {
    names: ["socat"],
    base: fx("WRITE", ["write_external", "read_external"], "network"),
    paths: {
      addresses: { FILE: "read", OPEN: "read", GOPEN: "read", READLINE: "read", CREATE: "write", PIPE: "write" },
    },
  },
  { names: ["ftp", "lftp", "tftp"], base: SEND_FILE },
  {
    names: ["ping", "traceroute", "tracepath", "dig", "nslookup", "host", "whois", "mtr", "netstat", "ss"],
    base: fx("READ", ["read_external"], "network"),
  },
  {
    names: ["mail", "mailx", "sendmail", "mutt", "msmtp", "swaks"],
    base: fx("WRITE", ["write_external"], "network", "email"),
  },
  {
    names: ["gh"],
    values: GH_VALUES,
    base: fx("WRITE", ["write_external"], "network", "git"),
    rules: [
      { sub: ["auth", "token"], then: fx("SECURITY", ["credential_access"], "credentials") },
      { sub: ["auth", "status"], then: GET },
      { sub: ["repo", "delete"], then: GH_DESTROY },
      { sub: ["release", "delete"], then: GH_DESTROY },
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
