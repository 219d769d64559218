/**
 * A line of a `while read VAR` loop's input sent as a request's data (docs/adr/0809): `cat f | while read -r l; do
 * curl -d "$l" URL; done`, `done < <(git log -p)`, `done < notes.txt`. The loop reads the input line by line, so
 * the client sends all of it, as `curl -d "$(cat f)" URL` does (docs/adr/0401). The shell layer names the input
 * on the command (`context.readLine`) only when it is not text written in the command itself.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { isLocalUrl } from "./sent-content.ts";
import { oneLinerSends, remoteHostBefore, sendsMatching } from "./substitution-sends.ts";

/** A URL's start that names its host in letters (`https://h.example/?q=`, `h.example:8080/`), not a variable. */
const NAMED_HOST = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[\w-]+(?:\.[\w-]+)+|\[[\da-f:]+\])(?::\d+)?(?:[/?#]|$)/i;

/**
 * The input whose lines a network client sends, and the host when the command's words name it where the operation's
 * URLs do not (a one-liner's code); null when no line is sent. A URL that is the variable alone (`curl -sI "$url"`,
 * a link checker) lets each line pick its own host and is no sending; a URL whose written host is another machine
 * with the line spliced after it is.
 */
export function sentLines(cmd: SimpleCommand): { readonly input: string; readonly host: string | null } | null {
  const spliced = (before: string): boolean => NAMED_HOST.test(before) && !isLocalUrl(before);
  for (const line of cmd.context.readLines ?? []) {
    const pattern =
      line.token === undefined
        ? new RegExp(`\\$\\{?${line.name}(?![A-Za-z0-9_])`)
        : new RegExp(line.token.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
    // Any program opening an address written with its host, the line spliced after it (`git ls-remote
    // "https://h/$l"`, `node -e 'fetch(…)' "https://h/$l"`, round 12), sends the line there.
    const address = cmd.args.some((a) => {
      const at = a.search(pattern);
      return at > 0 && remoteHostBefore(a.slice(0, at)) !== null;
    });
    if (address || sendsMatching(cmd, pattern, spliced)) return { input: line.input, host: null };
    // A one-liner whose code writes the host, handed the line as an argument (docs/adr/0831).
    const host = oneLinerSends(cmd, pattern);
    if (host !== null) return { input: line.input, host };
  }
  return null;
}
