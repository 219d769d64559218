/**
 * Remote access (docs/adr/0307): programs whose purpose is to let another host into this machine or its network,
 * or to carry traffic past the network's controls. A reverse or pivoting tunnel (`chisel client … R:socks`, frp,
 * ligolo, DNS tunnels, sshuttle), a terminal shared over the web or a relay (gotty, ttyd, tmate, upterm) and a
 * payload or handler framework (msfvenom, msfconsole) are SECURITY whatever their arguments: no ordinary task
 * needs one, and the dev-server tunnels an ordinary task does use (ngrok http, cloudflared) are in publication.ts.
 */
import { fx, type Program } from "./types.ts";

const REMOTE_ACCESS_FX = fx("SECURITY", ["write_external", "read_external", "execute"], "network", "remote-access");
const OFFENSIVE = fx("SECURITY", ["write_external", "execute"], "network", "remote-access", "offensive");

export const REMOTE_ACCESS: readonly Program[] = [
  {
    names: [
      "chisel",
      "frpc",
      "frps",
      "rathole",
      "ligolo",
      "ligolo-ng",
      "ligolo-agent",
      "ligolo-proxy",
      "iodine",
      "iodined",
      "dnscat",
      "dnscat2",
      "dns2tcp",
      "sshuttle",
      "gost",
      "revsocks",
      "ptunnel",
      "ptunnel-ng",
      "hans",
      "pwncat-cs",
    ],
    base: REMOTE_ACCESS_FX,
  },
  {
    names: [
      "gotty",
      "ttyd",
      "wetty",
      "shellinaboxd",
      "shellinabox",
      "tmate",
      "upterm",
      "sshx",
      "teleconsole",
      "tty-share",
    ],
    base: REMOTE_ACCESS_FX,
  },
  { names: ["msfvenom", "msfconsole", "msfpc", "veil", "sliver-server", "sliver-client"], base: OFFENSIVE },
];
