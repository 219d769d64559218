import { classTable, type ClassRow } from "./profiles.ts";

/**
 * rulegate's own command line (ADR 0803): the subcommands that read rule files, logs and skill docs and print what
 * they find pass, whichever launcher spelling runs them; what they write is judged where it lands, the ones that
 * change a session's state stay rulegate-self-control's, and every other subcommand is a program nobody described.
 */
const ROWS: readonly ClassRow[] = [
  ["npx rules compile --check .rulegate/rules.yaml", "allow", "allow"],
  ["npx rules compile .rulegate/rules.yaml --out /tmp/ir.json", "allow", "allow"],
  ["rules test .rulegate/", "allow", "allow"],
  ["npx rules skills scan .claude/skills", "allow", "allow"],
  ["node_modules/.bin/rules compile --check .rulegate/rules.yaml", "allow", "allow"],
  ["rules replay session.jsonl --verify --policy .rulegate/rules.yaml", "allow", "allow"],
  ["rules eval --policy .rulegate/rules.yaml calls.jsonl", "allow", "allow"],
  // What they write is judged where it lands.
  ["rules compile a.yaml --out .rulegate/rules.yaml", "deny", "deny"],
  ["rules replay log.jsonl --report .claude/settings.json", "deny", "deny"],
  ["rules compile a.yaml --out ~/.bashrc", "deny", "deny"],
  // State changes stay the hard-deny catalogue's.
  ["rules eval --log ~/.rulegate/sessions/x.jsonl calls.jsonl", "deny", "deny"],
  ["npx rules hook claude-code", "deny", "deny"],
  // A version of the registry's package `rules` is not this project's launcher: a new dependency.
  ["npx rules@1.0.0 compile --check .rulegate/rules.yaml", "ask", "ask"],
  ["npx -p rules@2 rules test .rulegate/", "ask", "ask"],
  // Subcommands nobody described here may write what they name; the proxy's server command is a command.
  ["rules mcp-proxy --wrap .claude/settings.json", "ask", "ask"],
  ["rules mcp-proxy --name fs -- npx -y @modelcontextprotocol/server-filesystem ~", "deny", "deny"],
  ["rules mcp-proxy -- bash -c 'rm -rf ~/work'", "deny", "deny"],
  ["rules mcp-proxy --policy p.yaml -- node server.js", "allow", "allow"],
  // Round 11: a gate the agent starts is one whose approvals it holds.
  ["rules serve --approvals web", { check: "rulegate-self-control" }, { check: "rulegate-self-control" }],
  ["nohup npx rules serve --port 9999 &", { check: "rulegate-self-control" }, { check: "rulegate-self-control" }],
  ["rules serve --help", "allow", "allow"],
];

classTable("rulegate's own command line", ROWS);
