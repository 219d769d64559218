/**
 * The server's name in `mcp__NAME__TOOL`. `--name` gives it (`--wrap` writes the config's key there, the name
 * Claude Code uses for the same server); without it, it comes from the command the user wrote, never from
 * the server's own initialize answer: an untrusted server must not pick the name the rules match on.
 */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const RUNNERS = new Set([
  "npx",
  "bunx",
  "uvx",
  "pnpx",
  "node",
  "python",
  "python3",
  "deno",
  "bun",
  "uv",
  "pipx",
  "docker",
]);
const RUNNER_WORDS = new Set(["run", "exec", "dlx", "x", "tool"]);

export function validName(name: string): boolean {
  return NAME.test(name) && !name.includes("__");
}

/** `npx -y @modelcontextprotocol/server-filesystem /tmp` → `filesystem`; `./bin/my-mcp-server.js` → `my`. */
export function defaultName(command: readonly string[]): string {
  let word: string | undefined;
  for (const w of command) {
    if (w.startsWith("-")) continue;
    const base = w.split(/[\\/]/).pop() ?? w;
    if (word === undefined && RUNNERS.has(base.replace(/\.exe$/, ""))) continue;
    if (word === undefined && RUNNER_WORDS.has(base)) continue;
    word = w;
    break;
  }
  const last =
    (word ?? command[0] ?? "server")
      .replace(/@[^/@]*$/, "")
      .split(/[\\/]/)
      .pop() ?? "server";
  const stem = last
    .replace(/\.(m?js|cjs|ts|py|exe)$/, "")
    .replace(/^(mcp-server-|server-|mcp-)/, "")
    .replace(/(-mcp-server|-mcp|-server)$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/_{2,}/g, "_")
    .replace(/^[-_]+|[-_]+$/g, "");
  return validName(stem) ? stem : "server";
}
