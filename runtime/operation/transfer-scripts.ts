import { ownEntry } from "../../core/index.ts";
/**
 * Uploads spelled in a transfer tool's own language (docs/adr/0306): `sftp host <<< 'put -r .'`, `lftp -e 'mirror -R
 * . /x' ftp://h`, `smbclient //h/s -c 'put db.sqlite'`, `ftp` batch lines; and peer-to-peer senders (`croc send .`,
 * `wormhole send dir`). The local operands are sent like a remote copy's sources, so the checks on what is sent
 * (the project, a database, files from outside it) judge them.
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

/** Local words a transfer script or a sender uploads, or none. */
export function transferUploads(cmd: SimpleCommand): string[] {
  const p = cmd.program;
  if (Object.hasOwn(SENDERS, p)) {
    const verbs = ownEntry(SENDERS, p)!;
    const operands = cmd.args.filter((a) => !a.startsWith("-"));
    if (verbs.length === 0) return operands;
    return verbs.includes(operands[0] ?? "") ? operands.slice(1) : [];
  }
  if (!Object.hasOwn(SCRIPTED, p)) return [];
  const out: string[] = [];
  const stdin = cmd.stdin?.text;
  if (typeof stdin === "string") out.push(...scriptUploads(stdin));
  const options = ownEntry(SCRIPTED, p)!;
  cmd.args.forEach((a, i) => {
    if (options.includes(a) && cmd.args[i + 1] !== undefined) out.push(...scriptUploads(cmd.args[i + 1]!));
    const eq = a.indexOf("=");
    if (eq > 0 && options.includes(a.slice(0, eq))) out.push(...scriptUploads(a.slice(eq + 1)));
  });
  return out;
}
