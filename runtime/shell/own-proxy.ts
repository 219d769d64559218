/**
 * rulegate's own stdio MCP proxy, `rules mcp-proxy [OPTIONS] [--] CMD ARGS…`: it starts CMD ARGS as the server it
 * stands in front of, so CMD is a command the call runs and is judged as one (docs/adr/0803). `--wrap`/`--unwrap
 * CONFIG` rewrite a config file and start nothing; every other use of the launcher is rulegate's own CLI, judged as
 * a program (operation/knowledge/rulegate.ts, and the hard-deny catalogue's rulegate-self-control).
 */
import { parseOptions } from "./options.ts";
import { NO_PEEL, simplePeel } from "./simple-peel.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

const NONE = NO_PEEL;

/** Options of the CLI and of `mcp-proxy` that take a value. */
const VALUES = ["--policy", "--name", "--wrap", "--unwrap", "--format"];

function mcpProxy(args: readonly Word[], program: string): Peel {
  const head = parseOptions(args, { short: "", long: VALUES });
  if (args[head.rest]?.value !== "mcp-proxy") return NONE;
  const rest = args.slice(head.rest + 1);
  const o = parseOptions(rest, { short: "", long: VALUES });
  if (o.options.some((x) => x.name === "--wrap" || x.name === "--unwrap")) return NONE;
  const words = rest.slice(o.rest);
  return simplePeel(`${program} mcp-proxy`, words);
}

export const OWN_PROXY: Readonly<Record<string, (args: readonly Word[], program: string) => Peel>> = {
  rules: mcpProxy,
  rulegate: mcpProxy,
};
