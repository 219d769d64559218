/**
 * A login key staged in a file (docs/adr/0434): `echo 'ssh-ed25519 AAAA… attacker' >> ak`, where `ak` is (or will be
 * linked or copied to) an `authorized_keys` the path checks cannot see. The text written is known here (echo's or
 * printf's words, a heredoc, a here-string, a literal pipe into `cat >`/`tee`); a public key written to a `.pub`
 * file is what `ssh-keygen -y` does and passes.
 */
import { decodeAnsiC, type SimpleCommand } from "../shell/index.ts";

/** An OpenSSH public key: its type, then base64 that starts as every key blob does. */
const KEY_LINE =
  /(?:^|[\s"',])(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)(?:-cert-v01@openssh\.com)?\s+AAAA/m;

/** The file a command writes an SSH login key line into, as written, or null. */
export function stagedLoginKey(cmd: SimpleCommand): string | null {
  const text = writtenText(cmd);
  if (text === null || !KEY_LINE.test(text)) return null;
  const targets = cmd.redirects
    .filter((r) => (r.mode === "write" || r.mode === "append") && (r.fd === null || r.fd === 1))
    .map((r) => r.target ?? r.written ?? "$?");
  if (cmd.program === "tee") targets.push(...cmd.args.filter((a) => !a.startsWith("-")));
  return targets.find((t) => !/\.pub$/i.test(t)) ?? null;
}

/** The text a command prints, when it is known here: echo's and printf's words, or a known stdin. */
function writtenText(cmd: SimpleCommand): string | null {
  if (cmd.program === "echo") return cmd.args.filter((a) => !/^-[neE]+$/.test(a)).join(" ");
  if (cmd.program === "printf") return decodeAnsiC(cmd.args.join(" "));
  if (cmd.program === "cat" || cmd.program === "tee") return cmd.stdin?.text ?? null;
  return null;
}
