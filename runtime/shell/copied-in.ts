/**
 * Files an editor copies into what it writes, whose text nobody here read (docs/adr/0860): perl's `BEGIN{open F,
 * "/tmp/x"}` printed into each line it edits, awk's `system("cat /tmp/x")` or `getline < "/tmp/x"`, jq's `--rawfile`
 * and `--slurpfile`, yq's `load("/tmp/x.yml")`. A code's literals are all there is to read, so a literal naming a
 * place outside the project (absolute outside the system's folders, a home, an address) is such a file.
 */
import { loadsFromElsewhere } from "./package-settings.ts";

/** Devices a program prints to or reads from, which hold no planted text. */
const DEVICE = /^\/dev\/(?:null|std(?:in|out|err)|fd\/|tty)/;

/** Places outside the project named inside a code's quoted literals, as words (`"</tmp/p"`, `"cat /tmp/x"`). */
export function outsideLiterals(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(["'])((?:(?!\1)[^\\]|\\.)*)\1/g))
    for (const w of m[2]!.split(/[\s<>|;,()]+/)) if (w !== "" && !DEVICE.test(w) && loadsFromElsewhere(w)) out.push(w);
  return [...new Set(out)];
}

/** jq/yq options whose second value is a file read whole into a variable. */
const FILE_VARIABLE = new Set(["--rawfile", "--slurpfile"]);

/** The files a jq/yq program copies in: `--rawfile NAME FILE`, `--slurpfile NAME FILE`, yq's `load…("FILE")`. */
export function jqCopiedFiles(args: readonly string[], filter: string): string[] {
  const files = args.flatMap((a, i) => (FILE_VARIABLE.has(a) ? [args[i + 2] ?? ""] : []));
  for (const m of filter.matchAll(/\bload(?:_str|_xml|_props|_base64)?\s*\(\s*(["'])([^"']*)\1/g)) files.push(m[2]!);
  return [...new Set(files.filter((f) => f === "" || loadsFromElsewhere(f)))];
}

/** The files an ed script's `r FILE` reads in (and `r !command`'s output), like sed's `r` (docs/adr/0823). */
export function edReadFiles(script: string): string[] {
  return [...script.matchAll(/^\s*[\d.$,;'+-]*r\s*(\S[^\n]*)$/gm)].map((m) => m[1]!.trim());
}
