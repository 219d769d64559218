import { ownEntry } from "../../core/index.ts";
/**
 * tls-weakening: turning certificate verification off, for one request or for good. Flags (`curl -k`,
 * `wget --no-check-certificate`, `--insecure-skip-tls-verify`, `pip --trusted-host`, `aws --no-verify-ssl`),
 * git's `http.sslVerify` (as `git -c`, read from the analysis' dropped global options, or `git config`),
 * package-manager settings (`npm config set strict-ssl false`, `poetry config certificates.pypi.cert false`), and environment variables that disable
 * verification (`NODE_TLS_REJECT_UNAUTHORIZED=0`, `GIT_SSL_NO_VERIFY`, `PYTHONHTTPSVERIFY=0`).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, hasRun, operands, shortLetters, shown } from "./commands.ts";
import { weakensTlsConfig } from "./tls-config.ts";
import { checkSwitchedOff } from "./tls-switches.ts";
import type { Check } from "./types.ts";

/** curl's short options that take a value: a value letter ends its cluster (`-dk` is data "k"). */
const CURL_VALUE_LETTERS = "AbcCdDeEFHKmoPQrtTuUwxXyYz";
const FALSE = /^(?:false|0|no|off)$/i;
const INSECURE_FLAGS = [
  "--insecure-skip-tls-verify",
  "--kube-insecure-skip-tls-verify",
  "--no-verify-ssl",
  "--tls-verify=false",
  "--disable-tls-verify",
  "--skip-tls-verify",
];

/** Environment variables that switch verification off, and the values that do it (null: any value). */
const ENV: Readonly<Record<string, RegExp | null>> = {
  NODE_TLS_REJECT_UNAUTHORIZED: /^0$/,
  GIT_SSL_NO_VERIFY: null,
  PYTHONHTTPSVERIFY: /^0$/,
  CURL_INSECURE: null,
  PIP_TRUSTED_HOST: null,
  npm_config_strict_ssl: FALSE,
  NPM_CONFIG_STRICT_SSL: FALSE,
};

export const tlsWeakening: Check = (op, ctx) => {
  for (const cmd of commandsOf(op)) {
    const reason = weakens(cmd);
    if (reason !== null) return reason;
  }
  return weakensTlsConfig(op, ctx.home);
};

function weakens(cmd: SimpleCommand): string | null {
  for (const a of cmd.assignments) {
    const values = ownEntry(ENV, a.name);
    if (values !== undefined && (values === null || values.test(a.value))) return `sets ${a.name}=${a.value}`;
  }
  const switched = checkSwitchedOff(cmd);
  if (switched !== null) return `${shown(cmd)} turns off a certificate or verification check (${switched})`;
  const p = cmd.program;
  if (
    p === "curl" &&
    (shortLetters(cmd, CURL_VALUE_LETTERS).has("k") || hasFlag(cmd, "--insecure", "--proxy-insecure"))
  )
    return `${shown(cmd)} skips certificate checks`;
  if (p === "wget" && (hasFlag(cmd, "--no-check-certificate") || cmd.args.includes("--check-certificate=off")))
    return `${shown(cmd)} skips certificate checks`;
  if (cmd.args.some((a) => INSECURE_FLAGS.includes(a)) || hasFlag(cmd, ...INSECURE_FLAGS))
    return `${shown(cmd)} skips certificate checks`;
  if (p === "git") return gitSslVerify(cmd);
  const words = operands(cmd);
  if (/^pip[0-9.]*$/.test(p) || /^python[0-9.]*$/.test(p) || p === "uv" || p === "poetry") {
    if (hasFlag(cmd, "--trusted-host", "--allow-insecure-host"))
      return `${shown(cmd)} trusts a host without certificate checks`;
    if (hasRun(words, ["config", "set"]) && words.some((w) => /trusted-host$/.test(w)))
      return `${shown(cmd)} trusts a host without certificate checks`;
  }
  if (["npm", "yarn", "pnpm", "bun"].includes(p)) {
    if (cmd.args.some((a) => /^--(?:strict-ssl=(?:false|0)|no-strict-ssl)$/.test(a)))
      return `${shown(cmd)} turns off strict-ssl`;
    const set = words.findIndex((w, i) => w === "set" && (words[i - 1] === "config" || i === 0));
    const key = set < 0 ? undefined : words[set + 1];
    const value = set < 0 ? undefined : words[set + 2];
    if (key !== undefined && /^(?:strict-ssl|enableStrictSsl)(?:=(.*))?$/i.test(key)) {
      const inline = key.includes("=") ? key.slice(key.indexOf("=") + 1) : value;
      if (inline !== undefined && FALSE.test(inline)) return `${shown(cmd)} turns off strict-ssl`;
    }
  }
  // Per-repository verification of poetry and pdm, composer's TLS and https-only switches, bundler's verify mode.
  const config = words.indexOf("config");
  if (config >= 0 && ["poetry", "pdm", "composer", "bundle", "bundler"].includes(p)) {
    const pair = words.slice(config + 1).filter((w) => w !== "set");
    const [key = "", value = ""] = pair[0]?.includes("=") ? pair[0].split(/=(.*)/s) : pair;
    if (/^certificates\..+\.cert$|(?:^|\.)verify_ssl$|^secure-http$/i.test(key) && FALSE.test(value))
      return `${shown(cmd)} turns off certificate checks`;
    if (/^disable-tls$/i.test(key) && /^(?:true|1|yes|on)$/i.test(value)) return `${shown(cmd)} turns off TLS`;
    if (/^ssl_verify_mode$/i.test(key) && /^0$/.test(value)) return `${shown(cmd)} turns off certificate checks`;
  }
  if (
    p === "conda" &&
    hasRun(cmd.args, ["--set", "ssl_verify"]) &&
    FALSE.test(cmd.args[cmd.args.indexOf("ssl_verify") + 1] ?? "")
  )
    return `${shown(cmd)} turns off ssl_verify`;
  if (
    p === "gcloud" &&
    hasRun(words, ["config", "set"]) &&
    words.some((w) => /disable_ssl_validation$/.test(w)) &&
    !words.some((w) => FALSE.test(w))
  )
    return `${shown(cmd)} turns off certificate validation`;
  return null;
}

/** `git -c http.sslVerify=false …`, `git config [--global] http[.<url>].sslVerify false`. */
function gitSslVerify(cmd: SimpleCommand): string | null {
  for (const d of cmd.droppedOptions ?? []) {
    const m = /^-c\s*(\S+?)=(.*)$/.exec(d);
    if (m !== null && isSslVerifyKey(m[1]!) && FALSE.test(m[2]!))
      return `git -c ${m[1]}=${m[2]} skips certificate checks`;
  }
  const words = operands(cmd, ["--file", "-f", "--blob", "--type"]);
  if (words[0] !== "config") return null;
  const rest = words[1] === "set" ? words.slice(2) : words.slice(1);
  const key = rest[0];
  if (key !== undefined && isSslVerifyKey(key) && FALSE.test(rest[1] ?? ""))
    return `git config ${key} ${rest[1]} turns off certificate checks`;
  return null;
}

function isSslVerifyKey(key: string): boolean {
  return /^http(?:\..+)?\.sslverify$/i.test(key);
}
