/**
 * Everything one simple command sends elsewhere, judged together (docs/adr/0158, 0306, 0308): files from outside
 * the project, the project itself, a pack of it made earlier in the string, a database, data piped into a network
 * sink, uploads to drop services, a remote re-pointed or made fresh, a bucket copied into another, and reads of the
 * cloud metadata service. bash-effects folds the findings into the call's level.
 */
import { LEVEL_RANK, type Level, type OpType } from "../../compiler/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { backupUpload } from "./backup-targets.ts";
import { bucketCopy } from "./bucket-copies.ts";
import type { CommandEffect } from "./classify-command.ts";
import { dropHost, metadataEndpoint } from "./destinations.ts";
import { pipedOut, wipesDatastore } from "./network-sinks.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";
import { transferUploads } from "./transfer-scripts.ts";
import {
  freshRemote,
  gitPackWords,
  holdsProject,
  packedFiles,
  packsWhole,
  pushToComputed,
  pushToFresh,
  repointsRemote,
  sentDatabase,
  sentFromOutside,
  sentPacked,
  sentProject,
} from "./sent-elsewhere.ts";
import type { PathAccess } from "./types.ts";
import { HOST_CLIENTS } from "./host-clients.ts";
import { isLocalUrl, offMachine, outputArtifacts, secretInRequest, sentContent, socketSends } from "./sent-content.ts";
import { misdirectedToken } from "./service-tokens.ts";
import { readsLocalData, sendsSubstitution, splicedUrlHost } from "./substitution-sends.ts";
import { sentLines } from "./line-sends.ts";
import { secretInCode } from "./code-secrets.ts";
import { codeSendsArgumentFile } from "./code-sends-input.ts";

/** What the commands before this one in the string did: remotes made fresh, files packed from the project. */
export interface SendState {
  readonly remotes: Set<string>;
  readonly packed: Set<string>;
  /** A command substitution's output is the project, its history or a database (`$(tar cz . | base64)`). */
  substitutionPack: boolean;
  /** A network client sends arguments known only at run time (`curl -d "$(…)" URL`). */
  dynamicSender: boolean;
  /** Files made in the string from build output alone (`tar czf app.tgz dist`): artifacts, sent like it. */
  readonly artifacts: Set<string>;
  /** A command inside a substitution reads local data (`$(git log -p)`, `$(cat f)`). */
  substitutionReads: boolean;
  /** A network client sends a substitution's output as request data to another machine (`curl -d "$(…)" URL`). */
  substitutionSent: boolean;
}

/** A substitution that reads local data, whose output a client sends to another machine (docs/adr/0401). */
export function carriedOutput(state: SendState): boolean {
  return state.substitutionReads && state.substitutionSent;
}

/** A pack made in a substitution and a network client carrying run-time arguments: the pack is what it sends. */
export function carriedPack(state: SendState): boolean {
  return state.substitutionPack && state.dynamicSender;
}

export interface SendFinding {
  readonly level: Level;
  readonly category: string;
  readonly type: OpType;
  readonly reason: string;
}

export interface SendContext {
  readonly where: AccessBase;
  readonly cwd: string;
  readonly state: SendState;
}

/** The local sources of an upload to a bucket or a model hub, or in a transfer script, as sent accesses. */
export function uploadedSources(cmd: SimpleCommand, where: AccessBase): PathAccess[] {
  const words = [...(bucketCopy(cmd)?.local ?? []), ...transferUploads(cmd), ...(backupUpload(cmd)?.sources ?? [])];
  return words.map((w) => ({
    ...resolveAccess(w, { mode: "read", via: "argument" }, where),
    sent: true,
    recursive: true,
  }));
}

/** What this command sends elsewhere, worst first is not promised; empty when nothing. Updates `ctx.state`. */
export function sendFindings(
  cmd: SimpleCommand,
  e: CommandEffect,
  resolved: readonly PathAccess[],
  ctx: SendContext,
): SendFinding[] {
  const out: SendFinding[] = [];
  const exfil = (reason: string): void => {
    out.push({ level: "SECURITY", category: "exfiltration", type: "write_external", reason });
  };
  const { state, cwd } = ctx;
  const remote = freshRemote(cmd);
  if (remote !== null) state.remotes.add(remote);
  if (pushToFresh(cmd, state.remotes) !== null) exfil("pushes to a remote made in the same command");
  const computed = pushToComputed(cmd);
  if (computed !== null) exfil(`pushes to ${computed}, a remote known only at run time`);
  const repointed = repointsRemote(cmd);
  if (repointed !== null) exfil(`points ${repointed} somewhere new`);
  const outside = sentFromOutside(resolved, cwd);
  if (outside !== null) exfil(`sends ${outside.path}, from outside the project`);
  const project = sentProject(resolved, cwd);
  if (project !== null) exfil(`sends ${project}, the whole project`);
  const packed = sentPacked(resolved, state.packed);
  if (packed !== null) exfil(`sends ${packed}, packed from the project or a database`);
  const db = sentDatabase(resolved);
  if (db !== null) exfil(`sends ${db}, a database`);
  const handed = codeSendsArgumentFile(cmd);
  if (handed !== null) exfil(`may send the file ${handed} (its code reads the file it is handed)`);
  const piped = pipedOut(cmd);
  if (piped !== null) exfil(`${piped} sends what is piped into it`);
  // Any local content that goes to another machine, whatever carries it (docs/adr/0401).
  const host = out.length === 0 ? (offMachine(cmd, e.urls) ?? remoteStore(cmd)) : null;
  const content = host === null ? null : sentContent(resolved, cwd, state.artifacts);
  // A command its own knowledge already gates at the same rank (`s5cmd sync --delete ./empty/ s3://prod/` is
  // DESTRUCTIVE) keeps its level: the decision is the same, and the level names what else it does.
  if (content !== null)
    out.push({
      level: LEVEL_RANK[e.level] >= LEVEL_RANK.SECURITY ? e.level : "SECURITY",
      category: "exfiltration",
      type: "write_external",
      reason: `sends ${content.raw ?? content.path} to ${host}`,
    });
  const secret = offMachine(cmd, e.urls) === null ? null : secretInRequest(cmd);
  if (secret !== null)
    out.push({
      level: "SECURITY",
      category: "credentials",
      type: "credential_access",
      reason: `sends the secret in ${secret} to another machine`,
    });
  // A secret a one-liner reads from the environment, with a host written in its code (docs/adr/0848).
  const coded = secretInCode(cmd);
  if (coded !== null)
    out.push({
      level: "SECURITY",
      category: "credentials",
      type: "credential_access",
      reason: `may send the secret ${coded} (read by its code)`,
    });
  // A token whose name says its service, sent to another service's host, even as an auth header (docs/adr/0542).
  const misdirected = misdirectedToken(
    cmd,
    e.urls.filter((u) => !u.startsWith("file:") && !isLocalUrl(u)),
  );
  if (misdirected !== null)
    out.push({
      level: "SECURITY",
      category: "credentials",
      type: "credential_access",
      reason: `sends a service's token to another host (${misdirected})`,
    });
  // Each line of a read loop's input, sent by a client in its body (docs/adr/0809).
  const lines = sentLines(cmd);
  const linesTo = lines === null ? null : (lines.host ?? offMachine(cmd, e.urls));
  if (lines !== null && linesTo !== null) exfil(`sends each line of ${lines.input} to ${linesTo}`);
  const socket = socketSends(cmd);
  if (socket !== null) exfil(`sends its output to ${socket}`);
  if (bucketCopy(cmd)?.bucketToBucket === true) exfil("copies a bucket into another");
  if (e.types.includes("write_external") || piped !== null) {
    const drop = e.urls.map(dropHost).find((d) => d !== null);
    if (drop !== undefined) exfil(`uploads to ${drop}, a drop service`);
  }
  const wipe = wipesDatastore(cmd);
  if (wipe !== null)
    out.push({ level: "DESTRUCTIVE", category: "database", type: "write_external", reason: `sends ${wipe}` });
  const words = HOST_CLIENTS.has(cmd.program)
    ? [...e.urls, ...cmd.args.map((a) => (a.startsWith("-") && a.includes("=") ? a.slice(a.indexOf("=") + 1) : a))]
    : e.urls;
  const metadata = words.map((w) => metadataEndpoint(w, HOST_CLIENTS.has(cmd.program))).find((m) => m !== null);
  if (metadata !== undefined)
    out.push({
      level: "SECURITY",
      category: "credentials",
      type: "credential_access",
      reason: `reads the cloud metadata service (${metadata})`,
    });
  // A bucket named as a domain is a static website (`gsutil rsync -r dist gs://www.example.com`): an upload to it
  // is a publication (docs/adr/0404).
  const site = bucketCopy(cmd)?.dest;
  if (site !== undefined && /^[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}$/i.test(site) && (bucketCopy(cmd)?.local.length ?? 0) > 0)
    out.push({
      level: "DESTRUCTIVE",
      category: "publication",
      type: "write_external",
      reason: `publishes to ${site}, a website`,
    });
  const served = exposedServer(cmd, e, resolved, cwd);
  if (served !== null) out.push({ level: "SECURITY", category: "publication", type: "write_external", reason: served });
  if (cmd.context.substitution && packsWhole(cmd, resolved, cwd)) state.substitutionPack = true;
  if (cmd.context.substitution && readsLocalData(cmd, e)) state.substitutionReads = true;
  if ((sendsSubstitution(cmd) && offMachine(cmd, e.urls) !== null) || splicedUrlHost(cmd) !== null)
    state.substitutionSent = true;
  // A URL carries data too (`wget "https://h/?d=$(…)"`): any network client counts.
  if (cmd.dynamicArgs && (e.types.includes("write_external") || HOST_CLIENTS.has(cmd.program)))
    state.dynamicSender = true;
  for (const p of packedFiles(cmd, resolved, cwd)) state.packed.add(p);
  for (const p of outputArtifacts(resolved, cwd)) state.artifacts.add(p);
  for (const w of gitPackWords(cmd))
    state.packed.add(resolveAccess(w, { mode: "write", via: "argument" }, ctx.where).path);
  return out;
}

/** The bucket, hub or backup repository a command uploads to when no URL names it (`rclone copy d remote:x`). */
function remoteStore(cmd: SimpleCommand): string | null {
  return backupUpload(cmd)?.remote ?? bucketCopy(cmd)?.dest ?? null;
}

/** Every interface (or a wildcard), alone or with a port, as a word or an option's value: `0.0.0.0`, `[::]:80`, `*`. */
const ALL_INTERFACES = /^(?:-[\w-]*=)?(?:tcp:\/\/)?(?:0\.0\.0\.0|\[?::\]?|\*)(?::\d+)?$/;

/**
 * A file server that makes the project reachable from the network (docs/adr/0309): it serves the project directory
 * itself (its `.env`, its `.git`; a build folder such as `dist` is what servers are for), or it is bound to every
 * interface in so many words (`--bind 0.0.0.0`, `php -S 0.0.0.0:8080`). The reason, or null.
 */
function exposedServer(
  cmd: SimpleCommand,
  e: CommandEffect,
  resolved: readonly PathAccess[],
  cwd: string,
): string | null {
  if (!e.categories.includes("server")) return null;
  // Bound to this machine's loopback only (`--bind 127.0.0.1`, `php -S localhost:8000`): nobody else reaches it.
  if (loopbackOnly(cmd.args)) return null;
  const root = resolved.find((a) => a.mode === "read" && a.recursive === true && holdsProject(a.path, cwd));
  if (root !== undefined) return `${cmd.program} serves ${root.path}, the whole project, to the network`;
  // A tree outside the project (`miniserve ~/Documents`, `-d /etc`) is the user's or the system's, not the task's.
  const project = cwd.endsWith("/") ? cwd : `${cwd}/`;
  const outside = resolved.find((a) => a.mode === "read" && a.recursive === true && !`${a.path}/`.startsWith(project));
  if (outside !== undefined) return `${cmd.program} serves ${outside.path}, outside the project, to the network`;
  const bind = cmd.args.find((a) => ALL_INTERFACES.test(a));
  return bind === undefined ? null : `${cmd.program} listens on every interface (${bind})`;
}

/** A loopback address, alone or with a port, as a word or an option's value: `127.0.0.1`, `localhost:8000`, `[::1]:80`. */
const LOOPBACK = /^(?:-[\w-]*=)?(?:[a-z]+:\/\/)?(?:localhost|127(?:\.\d+){3}|\[?::1\]?|ip6-localhost)(?::\d+)?\/?$/i;
/** An address other than loopback: every interface, or a host's address (`0.0.0.0`, `192.168.1.5:80`, `[fe80::1]`). */
const OTHER_ADDRESS =
  /^(?:-[\w-]*=)?(?:[a-z]+:\/\/)?(?:\d{1,3}(?:\.\d{1,3}){3}|\[?[\da-f]*:[\da-f:]*\]?|\*)(?::\d+)?\/?$/i;

/** The words name a loopback address and no other one: a server or a listener reached only from this machine. */
export function loopbackOnly(args: readonly string[]): boolean {
  return args.some((a) => LOOPBACK.test(a)) && !args.some((a) => !LOOPBACK.test(a) && OTHER_ADDRESS.test(a));
}

/** Metadata endpoints named in interpreter code's URLs (`urllib.request.urlopen("http://169.254.169.254/…")`). */
export function metadataInUrls(urls: readonly string[]): string | null {
  return urls.map((u) => metadataEndpoint(u, false)).find((m) => m !== null) ?? null;
}
