/**
 * An install from a place, by any installer (docs/adr/0492). The package tables know the sources of the managers they
 * describe (ADRs 0205, 0312, 0455); every ecosystem has more (`luarocks install --server=URL x`, `ansible-galaxy
 * install git+URL`, `pre-commit try-repo URL`, `nimble install URL`, `zef install URL`). A program nobody described
 * whose first or second word installs or tries what it is given, with an address, git remote or forge shorthand
 * anywhere among its words (an operand, or an option's value such as a custom server or index), runs code nobody
 * vetted: its install scripts or hooks run now.
 */
import { INSTALL_VERBS, REMOTE_SOURCE } from "./knowledge/outside-code.ts";
import type { CommandWords } from "./command-words.ts";

/**
 * A source file or archive of code named by its address: `jbang https://…/Tool.java`, `kscript https://…/x.kts`,
 * `scala-cli https://…/x.sc`. A program nobody described given one as its first or second word runs it, as `deno
 * run URL` and `bun URL` do (docs/adr/0456, 0554).
 */
const CODE_ADDRESS =
  /^https?:\/\/\S+\.(?:java|jsh|kt|kts|groovy|scala|sc|clj|py|rb|pl|php|lua|js|mjs|cjs|ts|sh|bash|ps1|jar|wasm)(?:[?#]\S*)?$/i;

/** Whether an undescribed program is given code by its address to run (see above). */
export function runsFromAddress(words: CommandWords): boolean {
  return words.positionals.slice(0, 2).some((w) => CODE_ADDRESS.test(w));
}

/** Whether an undescribed program installs from a place (see above). */
export function installsFromSource(words: CommandWords): boolean {
  const verbs = words.positionals.slice(0, 2);
  if (!verbs.some((w) => INSTALL_VERBS.has(w))) return false;
  return words.args.some((a) => REMOTE_SOURCE.test(a.startsWith("-") ? a.slice(a.indexOf("=") + 1) : a));
}
