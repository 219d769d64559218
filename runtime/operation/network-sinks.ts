/**
 * What a network client sends from its stdin (docs/adr/0306). A pipe or a redirect into a client that sends its
 * stdin (`tar cz . | curl -T - URL`, `pg_dump prod | nc HOST PORT`, `cat src/*.py | curl -d @- URL`, `nc HOST 9 <
 * dump.sql`) sends local data the command string chose, which no option names: SECURITY. Text known here (an
 * `echo`, a here-string) is no local data; it is read like an argument, and a datastore wipe in it
 * (`echo FLUSHALL | nc localhost 6379`) is DESTRUCTIVE.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { codeSendsStdin } from "./code-sends-input.ts";

const NETCATS: ReadonlySet<string> = new Set([
  "nc",
  "ncat",
  "netcat",
  "nc.traditional",
  "nc.openbsd",
  "pwncat",
  "cryptcat",
]);
/** Clients that send whatever they read on stdin to their peer. */
const STREAMS: ReadonlySet<string> = new Set([
  "telnet",
  "gnutls-cli",
  "ssh",
  "autossh",
  "mail",
  "mailx",
  "sendmail",
  "mutt",
  "msmtp",
  "http",
  "https",
  "xh",
  "xhs",
  "httpie",
  "websocat",
]);

/** A value that names stdin as the data to send: `-d @-`, `-F f=@-`, `-F f=<-`, `@/dev/stdin`. */
const STDIN_VALUE = /(?:^|=)[@<](?:-|\/dev\/stdin|\/dev\/fd\/0)$|^\/dev\/(?:stdin|fd\/0)$/;
/** socat's stdio addresses. */
const SOCAT_STDIO = /^(?:-|stdin|stdio|fd:0)(?:,|$)/i;

/** Whether the command sends what it reads on stdin to a network peer (whatever stdin holds). */
export function sendsStdin(cmd: SimpleCommand): boolean {
  const p = cmd.program;
  if (NETCATS.has(p)) return !hasShortFlag(cmd, "z");
  if (STREAMS.has(p)) return true;
  // `tar c . | ssh host 'cat > x'`: the remote command reads what ssh carries from here.
  if (cmd.context.wrappers.some((w) => w.startsWith("ssh "))) return true;
  if (p === "openssl") return cmd.args.includes("s_client");
  if (p === "socat") return cmd.args.some((a) => SOCAT_STDIO.test(a));
  if (p === "curl") return curlReadsStdin(cmd.args);
  if (p === "wget") return cmd.args.some((a) => /^--(?:post|body)-file=(?:-|\/dev\/stdin)$/.test(a));
  // `aws s3 cp - s3://b/k`, `gsutil cp - gs://b/o`, `gcloud storage cp - gs://…`, `rclone rcat remote:x`.
  if (p === "aws" || p === "gsutil" || p === "gcloud" || p === "azcopy" || p === "mc" || p === "s3cmd")
    return cmd.args.includes("-") && cmd.args.some((a) => a === "cp" || a === "put" || a === "pipe");
  if (p === "rclone") return cmd.args.includes("rcat");
  // A one-liner whose code reads its stdin and writes a remote host (docs/adr/0870).
  return codeSendsStdin(cmd) !== null;
}

function curlReadsStdin(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if ((a === "-T" || a === "--upload-file") && (args[i + 1] === "-" || args[i + 1] === ".")) return true;
    if (/^(?:--upload-file=|-[A-Za-z]*T)[-.]$/.test(a)) return true;
    if (STDIN_VALUE.test(a)) return true;
  }
  return false;
}

function hasShortFlag(cmd: SimpleCommand, letter: string): boolean {
  return cmd.args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));
}

/** Local data of unknown content piped or redirected into a network sink: the sink's name, or null. */
export function pipedOut(cmd: SimpleCommand): string | null {
  return cmd.stdin !== undefined && cmd.stdin.text === null && !emptyStdin(cmd) && sendsStdin(cmd) ? cmd.program : null;
}

/**
 * stdin given only from the empty device, not piped (`openssl s_client -connect h:443 </dev/null`, `nc -l 127.0.0.1
 * 9 < /dev/null`): the idiom that closes a client's input at once. It sends nothing.
 */
function emptyStdin(cmd: SimpleCommand): boolean {
  const inputs = cmd.redirects.filter(
    (r) => (r.fd === 0 || r.fd === null) && (r.mode === "read" || r.mode === "readwrite"),
  );
  return (
    cmd.context.pipeline === null &&
    inputs.length > 0 &&
    inputs.every((r) => r.mode === "read" && r.target !== null && !r.dynamic && r.target === "/dev/null")
  );
}

/**
 * Commands that wipe a datastore, spoken in its own protocol: redis/valkey (FLUSHALL, FLUSHDB, SHUTDOWN, a
 * replication or config change), memcached (flush_all), SQL (DROP, TRUNCATE).
 */
const DATASTORE_WIPE =
  /\b(?:FLUSHALL|FLUSHDB|flush_all|SHUTDOWN|SLAVEOF|REPLICAOF)\b|\bCONFIG\s+SET\b|\bDROP\s+(?:TABLE|DATABASE|SCHEMA|KEYSPACE|COLLECTION)\b|\bTRUNCATE\b/i;

/** Known text sent to a raw socket that wipes the datastore behind it (`echo FLUSHALL | nc localhost 6379`), or null. */
export function wipesDatastore(cmd: SimpleCommand): string | null {
  if (!sendsStdin(cmd) || typeof cmd.stdin?.text !== "string") return null;
  const m = DATASTORE_WIPE.exec(cmd.stdin.text);
  return m === null ? null : m[0];
}
