/**
 * What keeps this machine, or one it manages, reachable and powered (ADR 0518): the overlay networks and VPN
 * clients it is reached through (`warp-cli disconnect`, `mullvad disconnect` cut the session the agent runs in
 * off its network), a server's management controller (`ipmitool … chassis power off` powers a machine off from
 * outside its operating system), and the Windows host under WSL (`wsl.exe --shutdown` ends every distribution,
 * this one included; `cmd.exe /c shutdown` powers the host off). Status and listings read.
 */
import { fx, type Program, type Rule } from "./types.ts";

const HOST = fx("SECURITY", ["write_local"], "system", "host");
const POWER = fx("DESTRUCTIVE", ["execute"], "system", "session");
const LOOK_NET = fx("READ", ["read_external"], "network");
const RUN = fx("WRITE", ["execute"], "code");

/** Words of a network client that take this machine off the network it is reached through. */
const CUT_WORDS = ["leave", "disconnect", "down", "logout", "quit", "stop", "disable", "delete", "deregister", "unset"];
/** Words that only show the client's state. */
const SHOW_WORDS = ["status", "info", "list", "settings", "version", "account"];

const words = (ws: readonly string[], then: Rule["then"]): Rule[] => ws.map((w): Rule => ({ sub: [w], then }));

/** An IPMI power verb that stops or restarts the managed machine: `chassis power off|reset|cycle|soft`. */
const BMC_POWER = /^(?:off|reset|cycle|soft|diag)$/;

export const HOST_REACH: readonly Program[] = [
  {
    names: ["warp-cli", "nordvpn", "expressvpn", "mullvad", "protonvpn", "protonvpn-cli"],
    base: HOST,
    rules: [...words(CUT_WORDS, HOST), ...words(SHOW_WORDS, LOOK_NET)],
  },
  {
    names: ["ipmitool"],
    values: [
      "-I",
      "-H",
      "-U",
      "-P",
      "-f",
      "-p",
      "-L",
      "-y",
      "-k",
      "-K",
      "-C",
      "-o",
      "-O",
      "-t",
      "-b",
      "-T",
      "-B",
      "-R",
      "-N",
    ],
    base: HOST,
    rules: [
      { sub: ["chassis", "power"], wordText: BMC_POWER, then: POWER },
      { sub: ["power"], wordText: BMC_POWER, then: POWER },
      { sub: ["mc", "reset"], then: POWER },
      { sub: ["chassis", "status"], then: LOOK_NET },
      { sub: ["chassis", "power", "status"], then: LOOK_NET },
      ...words(["sensor", "sdr", "fru"], LOOK_NET),
      { sub: ["lan", "print"], then: LOOK_NET },
      { sub: ["mc", "info"], then: LOOK_NET },
      { sub: ["sel", "list"], then: LOOK_NET },
      { sub: ["sel", "elist"], then: LOOK_NET },
    ],
  },
  {
    // `wsl.exe` (`.exe` is dropped from program names): the Windows side of WSL.
    names: ["wsl"],
    values: ["-d", "--distribution", "-u", "--user", "--cd"],
    base: RUN,
    rules: [
      { flag: ["--shutdown", "--terminate", "-t"], then: POWER },
      { flag: ["--unregister"], then: fx("DESTRUCTIVE", ["write_local"], "system") },
      { flag: ["-l", "--list", "--status", "--version", "-v", "--help"], then: fx("READ", ["read_local"], "system") },
    ],
  },
  {
    // `cmd.exe /c LINE`: Windows' own power commands, whose words are the same as Linux's.
    names: ["cmd"],
    base: RUN,
    rules: [{ text: /^(?:shutdown|logoff|tsshutdn)(?:\.exe)?$/i, then: POWER }],
  },
];
