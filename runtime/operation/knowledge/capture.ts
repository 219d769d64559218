/**
 * Packet capture (docs/adr/0477): what other programs send over the network, read off the wire. Printed or saved
 * payloads hold their passwords, cookies and bearer tokens: a credential read, SECURITY, whatever the filter. Listing
 * interfaces and reading a capture file already on disk read; tcpdump printing headers only (no `-A`/`-X`/`-x`, no
 * `-w`) shows who talks to whom, a write-level look at the machine. The sniffers built for credentials (dsniff and
 * its snarfers, ettercap, bettercap, responder, pcredz) and ARP spoofers have no other use.
 */
import { fx, type Program, type Rule } from "./types.ts";

const SNIFF = fx("SECURITY", ["credential_access", "read_external"], "credentials", "capture");
const HEADERS = fx("WRITE", ["read_external"], "network", "capture");
const LOOK = fx("READ", ["read_local"], "network");
const SAVED = fx("WRITE", ["read_local", "write_local"], "network");

const HELP = ["-h", "--help", "-v", "--version", "-V"];
/** Listing what could be captured: interfaces, link types, field names. */
const LISTS = ["-D", "--list-interfaces", "-L", "--list-data-link-types", "-G"];
const look: Rule = { flag: [...HELP, ...LISTS], then: LOOK };

export const CAPTURE: readonly Program[] = [
  {
    names: ["tcpdump", "windump"],
    values: [
      "-i",
      "-s",
      "-c",
      "-w",
      "-r",
      "-C",
      "-G",
      "-W",
      "-E",
      "-F",
      "-y",
      "-z",
      "-Z",
      "-B",
      "-T",
      "-j",
      "-M",
      "-Q",
    ],
    base: HEADERS,
    paths: { options: { "-r": "read" } },
    rules: [
      { flag: ["-D", "--list-interfaces", "-L", "--list-data-link-types", "-h", "--help", "--version"], then: LOOK },
      // A saved capture read back (`tcpdump -r cap.pcap -A`): the packets are on disk already, nothing live.
      { flag: ["-r"], notFlag: ["-w"], then: LOOK },
      { flag: ["-r"], then: SAVED },
      // Payloads printed as text or hex, or whole packets saved for later.
      { flag: ["-A", "-X", "-x", "-w"], then: SNIFF },
    ],
  },
  {
    // Wireshark's capture engines decode application protocols by default (HTTP headers, SMTP AUTH, FTP PASS).
    names: ["tshark", "termshark", "dumpcap", "wireshark", "sharkd"],
    values: ["-i", "-f", "-c", "-a", "-b", "-w", "-r", "-Y", "-R", "-T", "-e", "-E", "-o", "-s", "-B", "-y", "-d"],
    base: SNIFF,
    paths: { options: { "-r": "read" } },
    rules: [look, { flag: ["-r"], notFlag: ["-w", "-i"], then: LOOK }, { flag: ["-r"], notFlag: ["-i"], then: SAVED }],
  },
  {
    // ngrep prints the payloads that match; tcpflow and tcpick write or print every stream's content.
    names: ["ngrep", "tcpflow", "tcpick", "justniffer", "httpry", "sniffglue", "netsniff-ng"],
    values: ["-d", "-I", "-O", "-i", "-r", "-o", "-w", "-s", "-n", "-c"],
    base: SNIFF,
    rules: [{ flag: HELP, then: LOOK }],
  },
  {
    names: [
      "dsniff",
      "urlsnarf",
      "mailsnarf",
      "msgsnarf",
      "filesnarf",
      "webspy",
      "ettercap",
      "bettercap",
      "responder",
      "Responder.py",
      "pcredz",
      "Pcredz",
      "arpspoof",
      "dnsspoof",
      "sslstrip",
    ],
    base: SNIFF,
    rules: [{ flag: ["-h", "--help", "--version"], then: LOOK }],
  },
];
