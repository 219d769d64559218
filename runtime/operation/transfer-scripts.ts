import { ownEntry } from "../../core/index.ts";
/**
 * Uploads spelled in a transfer tool's own language (docs/adr/0306): `sftp host <<< 'put -r .'`, `lftp -e 'mirror -R
 * . /x' ftp://h`, `smbclient //h/s -c 'put db.sqlite'`, `ftp` batch lines; and peer-to-peer senders (`croc send .`,
 * `wormhole send dir`). The local operands are sent like a remote copy's sources, so the checks on what is sent
 * (the project, a database, files from outside it) judge them. The same scripts' downloads (`lftp -c 'get URL -o
 * f'`, `smbclient //h/s -c 'get a.sh /tmp/a.sh'`) name the local files they write (docs/adr/0670).
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Clients whose script (stdin, `-e`/`-c` value) names files to upload. */
const SCRIPTED: Readonly<Record<string, readonly string[]>> = {
  sftp: [],
  lftp: ["-e", "-c"],
  ftp: [],
  tnftp: [],
  smbclient: ["-c", "--command"],
};
/** Peer-to-peer and anonymous senders: every operand after `send`/`upload` is sent. */
const SENDERS: Readonly<Record<string, readonly string[]>> = {
  croc: ["send"],
  wormhole: ["send"],
  "magic-wormhole": ["send"],
  ffsend: ["upload", "u", "up"],
  onionshare: [],
  "onionshare-cli": [],
  sendme: ["send"],
};

/** One script line's upload operands: `put [-r] LOCAL [REMOTE]`, `mput A B`, `mirror -R|--reverse LOCAL [REMOTE]`. */
function lineUploads(line: string): string[] {
  const words = line.trim().split(/\s+/);
  const verb = (words[0] ?? "").toLowerCase();
  const rest = words.slice(1);
  const operands = rest.filter((w) => !w.startsWith("-"));
  if (verb === "put" || verb === "reput" || verb === "send") return operands.slice(0, 1);
  if (verb === "mput") return operands;
  if (verb === "mirror" && rest.some((w) => w === "-R" || w === "--reverse" || /^-[a-zA-Z]*R/.test(w)))
    return operands.slice(0, 1);
  return [];
}

function scriptUploads(text: string): string[] {
  return text.split(/[\n;]/).flatMap(lineUploads);
}

/** Download verbs of the transfer languages: lftp's `get`/`pget`/`mget`, ftp's `recv`, smbclient's and sftp's `get`. */
const DOWNLOAD_VERBS: ReadonlySet<string> = new Set(["get", "pget", "mget", "reget", "recv"]);
/** Options of those verbs whose value is the next word: lftp's `-o LOCAL`, `-O DIR`, pget's `-n N`. */
const DOWNLOAD_VALUED: ReadonlySet<string> = new Set(["-o", "-O", "-n", "-P"]);

/**
 * One script line's local files written: lftp's `get REMOTE [-o LOCAL]` (the remote's own name in `-O DIR` or the
 * cwd without `-o`), ftp's, sftp's and smbclient's `get REMOTE [LOCAL]`, `mget A B` under their own names. A glob
 * names files nobody here knows, so it is left out.
 */
function lineDownloads(line: string, program: string): string[] {
  const words = line.trim().split(/\s+/);
  if (!DOWNLOAD_VERBS.has((words[0] ?? "").toLowerCase())) return [];
  const explicit: string[] = [];
  const operands: string[] = [];
  let dir: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (DOWNLOAD_VALUED.has(w) && words[i + 1] !== undefined) {
      const value = words[++i]!;
      if (w === "-o") explicit.push(value);
      if (w === "-O") dir = value;
    } else if (!w.startsWith("-")) operands.push(w);
  }
  const verb = words[0]!.toLowerCase();
  const ownName = (o: string): string =>
    o
      .replace(/[/\\]+$/, "")
      .split(/[/\\]/)
      .pop() ?? "";
  const ownNames = (): string[] => operands.filter((o) => !/[*?[]/.test(o)).map(ownName);
  const local =
    explicit.length > 0
      ? explicit
      : program !== "lftp" && verb !== "mget" && operands.length >= 2
        ? [operands[1]!]
        : ownNames();
  return local.filter((l) => l !== "").map((l) => (dir === null || l.startsWith("/") ? l : `${dir}/${l}`));
}

/** The texts a scripted client runs: its stdin, its `-e`/`-c` values. */
function scriptsOf(cmd: SimpleCommand): string[] {
  const options = ownEntry(SCRIPTED, cmd.program);
  if (options === undefined) return [];
  const out: string[] = [];
  const stdin = cmd.stdin?.text;
  if (typeof stdin === "string") out.push(stdin);
  cmd.args.forEach((a, i) => {
    if (options.includes(a) && cmd.args[i + 1] !== undefined) out.push(cmd.args[i + 1]!);
    const eq = a.indexOf("=");
    if (eq > 0 && options.includes(a.slice(0, eq))) out.push(a.slice(eq + 1));
  });
  return out;
}

/** Local files a transfer script downloads into (relative to where the client runs), or none. */
export function transferDownloads(cmd: SimpleCommand): string[] {
  return scriptsOf(cmd).flatMap((text) => text.split(/[\n;]|&&/).flatMap((line) => lineDownloads(line, cmd.program)));
}

/** Local words a transfer script or a sender uploads, or none. */
export function transferUploads(cmd: SimpleCommand): string[] {
  const p = cmd.program;
  if (Object.hasOwn(SENDERS, p)) {
    const verbs = ownEntry(SENDERS, p)!;
    const operands = cmd.args.filter((a) => !a.startsWith("-"));
    if (verbs.length === 0) return operands;
    return verbs.includes(operands[0] ?? "") ? operands.slice(1) : [];
  }
  return scriptsOf(cmd).flatMap(scriptUploads);
}
