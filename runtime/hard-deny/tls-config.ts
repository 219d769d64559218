/**
 * TLS switched off for good through a client's own configuration file, when the text written is known here:
 * `echo insecure >> ~/.curlrc`, `check_certificate = off` into `.wgetrc`, `strict-ssl=false` into `.npmrc` or
 * `.yarnrc`, `trusted-host` into `pip.conf`, `sslVerify = false` into a git config. The text is what `echo` or
 * `printf` prints into a redirect, or what a heredoc, a here-string or a literal pipe feeds to `cat > f` or `tee f`.
 */
import { posix } from "node:path";
import { decodeAnsiC, type SimpleCommand } from "../shell/index.ts";
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import type { Operation } from "../operation/index.ts";
import { commandsOf, operands } from "./commands.ts";
import { display, fold } from "./paths.ts";
import { baseDir } from "./targets.ts";

/** Each client's configuration file names, and the settings in them that turn certificate checks off. */
const FILES: readonly { readonly names: RegExp; readonly insecure: RegExp }[] = [
  {
    names: /^(?:\.|_)?curlrc$/,
    insecure: /^\s*(?:--?)?(?:insecure|k|proxy-insecure)\b(?!\s*[=:]?\s*(?:false|off|0)\b)/m,
  },
  { names: /^\.?wgetrc$/, insecure: /^\s*check[_-]?certificate\s*=\s*(?:off|0|no|false)\b/im },
  {
    names: /^\.(?:npmrc|yarnrc(?:\.yml)?)$/,
    insecure: /^\s*(?:strict-ssl\s*[=\s]\s*["']?false|enableStrictSsl\s*:\s*["']?false)\b|^\s*ca\s*=\s*["']?null\b/im,
  },
  { names: /^pip\.(?:conf|ini)$/, insecure: /^\s*trusted[-_]host\s*=/im },
  { names: /^(?:\.gitconfig|config)$/, insecure: /^\s*sslverify\s*=\s*(?:false|0|no|off)\b/im },
];

export function weakensTlsConfig(op: Operation, home: string): string | null {
  for (const cmd of commandsOf(op)) {
    const text = writtenText(cmd);
    if (text === null) continue;
    for (const path of writtenFiles(cmd, op, home)) {
      const name = posix.basename(fold(path));
      const file = FILES.find((f) => f.names.test(name));
      if (file?.insecure.test(text))
        return `writes a setting into ${display(path, home)} that skips certificate checks`;
    }
  }
  return null;
}

/** The text a command writes, when it is known here: echo's and printf's words, or a known stdin. */
function writtenText(cmd: SimpleCommand): string | null {
  if (cmd.program === "echo") return cmd.args.filter((a) => !/^-[neE]+$/.test(a)).join(" ");
  if (cmd.program === "printf") return decodeAnsiC(cmd.args.join(" "));
  return cmd.stdin?.text ?? null;
}

function writtenFiles(cmd: SimpleCommand, op: Operation, home: string): string[] {
  const base = baseDir(cmd, op, home) ?? "/";
  const words = cmd.redirects
    .filter((r) => r.target !== null && (r.mode === "write" || r.mode === "append"))
    .map((r) => r.target!);
  if (cmd.program === "tee") words.push(...operands(cmd));
  return words.map((w) => lexicalJoin(base, expandTilde(w, home).text));
}
