/**
 * Network clients. A download is a READ of external data (and a local write when it saves a file); an
 * upload, a non-GET method or a remote shell writes externally. URLs are collected by classify-command.
 */
import { fx, type Program } from "./types.ts";

const GET = fx("READ", ["read_external"], "network");
const SAVE = fx("WRITE", ["read_external", "write_local"], "network");
const SEND = fx("WRITE", ["write_external"], "network");
const SEND_FILE = fx("WRITE", ["write_external", "read_local"], "network");
const REMOTE_SHELL = fx("WRITE", ["write_external", "execute"], "network", "remote");

const UPLOAD_OPTS = ["-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "-F", "--form", "--form-string", "--json", "-T", "--upload-file"];
const METHODS = { "-X": ["POST", "PUT", "PATCH", "DELETE"], "--request": ["POST", "PUT", "PATCH", "DELETE"] };

export const NETWORK: readonly Program[] = [
  { names: ["curl"],
    values: ["-o", "--output", "-X", "--request", "-H", "--header", "-d", "--data", "--data-raw", "--data-binary", "--data-urlencode",
      "--data-ascii", "-F", "--form", "--form-string", "--json", "-T", "--upload-file", "-u", "--user", "-A", "--user-agent", "-e",
      "--referer", "-b", "--cookie", "-c", "--cookie-jar", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "-K",
      "--config", "--cacert", "--cert", "--key", "-x", "--proxy", "-r", "--range", "--retry", "-D", "--dump-header", "--url", "-E", "--output-dir"],
    base: GET, paths: { options: { "-o": "write", "--output": "write", "-c": "write", "--cookie-jar": "write", "-D": "write", "--dump-header": "write", "-K": "read", "--config": "read", "-T": "read", "--upload-file": "read" },
      atFiles: ["-d", "--data", "--data-binary", "--data-urlencode", "--data-ascii", "-F", "--form", "--json"],
      remoteName: { when: ["-O", "--remote-name", "--remote-name-all"], dir: ["--output-dir"], anyName: ["-J", "--remote-header-name"] } },
    rules: [
      { flag: UPLOAD_OPTS, then: SEND_FILE },
      { option: METHODS, then: SEND },
      { flag: ["-o", "--output", "-O", "--remote-name", "--remote-name-all", "-J"], then: SAVE },
    ] },
  { names: ["wget"], values: ["-O", "--output-document", "-P", "--directory-prefix", "--post-data", "--post-file", "--body-data", "--body-file", "--method", "-o", "--output-file", "-U", "--header", "-i", "--input-file"],
    base: SAVE, paths: { options: { "-O": "write", "--output-document": "write", "-P": "write", "--directory-prefix": "write", "--post-file": "read", "--body-file": "read", "-i": "read", "--input-file": "read" },
      remoteName: { unless: ["-O", "--output-document", "--spider"], dir: ["-P", "--directory-prefix"], anyName: ["-r", "--recursive", "-m", "--mirror", "--content-disposition", "-i", "--input-file"] } },
    rules: [
      { flag: ["--post-data", "--post-file", "--body-data", "--body-file"], then: SEND_FILE },
      { option: { "--method": ["POST", "PUT", "PATCH", "DELETE"] }, then: SEND },
      { flag: ["--spider"], then: GET },
    ] },
  { names: ["http", "https", "xh", "httpie"], base: GET,
    rules: [{ word: ["POST", "PUT", "PATCH", "DELETE", "post", "put", "patch", "delete"], then: SEND }] },
  { names: ["ssh", "mosh"], values: ["-i", "-p", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-W", "-b", "-c", "-E", "-m", "-S"], base: REMOTE_SHELL,
    paths: { options: { "-i": "read", "-F": "read" } } },
  { names: ["scp", "sftp"], values: ["-i", "-P", "-o", "-F", "-J", "-l", "-c", "-S"], base: SEND_FILE,
    paths: { positional: "read", last: "write", pathLike: true, options: { "-i": "read", "-F": "read" }, recursive: { scp: ["-r"] } } },
  { names: ["rsync"], values: ["-e", "--rsh", "--exclude", "--include", "--exclude-from", "--include-from", "--files-from", "-f", "--filter", "--chmod", "--log-file", "--password-file"],
    base: SEND_FILE, paths: { positional: "read", last: "write", pathLike: true, recursive: { rsync: ["-r", "-a", "--recursive", "--archive"] } },
    rules: [{ flag: ["--delete", "--delete-before", "--delete-after", "--delete-during", "--delete-excluded", "--remove-source-files"], then: fx("DESTRUCTIVE", ["write_external", "write_local", "read_local"], "network", "filesystem"), paths: { positional: "read", last: "delete", pathLike: true } }] },
  { names: ["nc", "ncat", "netcat", "socat", "telnet"], base: fx("WRITE", ["write_external", "read_external"], "network") },
  { names: ["ftp", "lftp", "tftp"], base: SEND_FILE },
  { names: ["ping", "traceroute", "tracepath", "dig", "nslookup", "host", "whois", "mtr", "ip", "ifconfig", "netstat", "ss", "route", "arp"], base: fx("READ", ["read_external"], "network") },
  { names: ["mail", "mailx", "sendmail", "mutt", "msmtp", "swaks"], base: fx("WRITE", ["write_external"], "network", "email") },
  { names: ["gh"], base: fx("WRITE", ["write_external"], "network", "git"),
    rules: [
      { sub: ["auth", "token"], then: fx("SECURITY", ["credential_access"], "credentials") },
      { sub: ["auth", "status"], then: GET },
      { sub: ["repo", "delete"], then: fx("DESTRUCTIVE", ["write_external"], "network", "git") },
      { sub: ["release", "delete"], then: fx("DESTRUCTIVE", ["write_external"], "network", "git") },
      { wordPrefix: ["delete"], then: fx("DESTRUCTIVE", ["write_external"], "network", "git") },
      { word: ["view", "list", "status", "diff", "checks", "search"], then: fx("READ", ["read_external"], "network", "git") },
      { sub: ["pr", "checkout"], then: fx("WRITE", ["read_external", "write_local"], "network", "git") },
      { sub: ["repo", "clone"], then: fx("WRITE", ["read_external", "write_local"], "network", "git") },
      { sub: ["api"], flag: ["-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"], then: SEND },
      { sub: ["api"], then: GET },
    ] },
];
