/**
 * `rules mcp-proxy --wrap CONFIG.json`: an MCP client config in the `mcpServers` format (Claude Desktop, Cursor,
 * Claude Code's .mcp.json) rewritten so that every stdio server runs behind the proxy, under its config key as
 * `--name` (the name Claude Code gives its tools). Pure: text in, text out, with what changed; the CLI does the
 * files. A wrapped entry is recognised by its shape (`mcp-proxy … -- CMD ARGS`), so wrapping twice changes
 * nothing and unwrapping restores each server's own command, keeping whatever else the user edited since.
 */

export interface Launcher {
  /** The program that runs `rules` (an absolute node), and the arguments before `mcp-proxy` (bin/rules.js). */
  readonly command: string;
  readonly args: readonly string[];
}

export type WrapOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      readonly changed: readonly string[];
      /** Servers left as they are: already wrapped (wrap), not wrapped (unwrap), or not stdio (a URL). */
      readonly kept: readonly { readonly name: string; readonly why: string }[];
    }
  | { readonly ok: false; readonly code: "mcp-config-not-json" | "mcp-config-no-servers"; readonly message: string };

type Entry = Record<string, unknown> & { command?: unknown; args?: unknown };

export function wrapConfig(text: string, launcher: Launcher, policy: string | null): WrapOutcome {
  return rewrite(text, (name, entry) => {
    if (typeof entry.command !== "string") return { kept: "not a stdio server (no command)" };
    if (wrapped(entry) !== null) return { kept: "already behind rules mcp-proxy" };
    const args = stringArgs(entry.args);
    if (args === null) return { kept: "its args are not a list of strings" };
    const proxy = [
      ...launcher.args,
      "mcp-proxy",
      "--name",
      proxyName(name),
      ...(policy === null ? [] : ["--policy", policy]),
      "--",
      entry.command,
      ...args,
    ];
    return { entry: { ...entry, command: launcher.command, args: proxy } };
  });
}

export function unwrapConfig(text: string): WrapOutcome {
  return rewrite(text, (_name, entry) => {
    const inner = wrapped(entry);
    if (inner === null) return { kept: "not behind rules mcp-proxy" };
    const [command, ...args] = inner;
    return { entry: { ...entry, command, args } };
  });
}

/** The server's own command line of a wrapped entry (`… mcp-proxy [options] -- CMD ARGS`), or null. */
function wrapped(entry: Entry): string[] | null {
  const args = stringArgs(entry.args);
  if (args === null) return null;
  const proxy = args.indexOf("mcp-proxy");
  const dashes = args.indexOf("--", proxy + 1);
  if (proxy === -1 || dashes === -1 || dashes === args.length - 1) return null;
  return args.slice(dashes + 1);
}

/** A config key as a proxy name: Claude Code's own normalisation (anything but letters, digits, - and _ → _). */
function proxyName(key: string): string {
  const name = key
    .replace(/[^A-Za-z0-9_-]/g, "_")
    .replace(/_{2,}/g, "_")
    .slice(0, 64);
  return /^[A-Za-z0-9]/.test(name) ? name : `s${name}`.slice(0, 64);
}

function stringArgs(args: unknown): string[] | null {
  if (args === undefined) return [];
  return Array.isArray(args) && args.every((a) => typeof a === "string") ? [...args] : null;
}

function rewrite(
  text: string,
  each: (name: string, entry: Entry) => { readonly entry: Entry } | { readonly kept: string },
): WrapOutcome {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (err) {
    return { ok: false, code: "mcp-config-not-json", message: `not JSON: ${err instanceof Error ? err.message : err}` };
  }
  const servers = (config as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers))
    return { ok: false, code: "mcp-config-no-servers", message: "no mcpServers object in it" };
  const changed: string[] = [];
  const kept: { name: string; why: string }[] = [];
  const next: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(servers)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      kept.push({ name, why: "not an object" });
      next[name] = value;
      continue;
    }
    const r = each(name, value as Entry);
    if ("kept" in r) {
      kept.push({ name, why: r.kept });
      next[name] = value;
    } else {
      changed.push(name);
      next[name] = r.entry;
    }
  }
  const out = changed.length === 0 ? text : `${JSON.stringify({ ...(config as object), mcpServers: next }, null, 2)}\n`;
  return { ok: true, text: out, changed, kept };
}
