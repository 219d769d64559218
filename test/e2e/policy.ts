import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The policy of the e2e runs, placed as the project's local rules file (trusted, so it may allow): the hook
 * and the extension find it from the agent's cwd, as without --policy in real use.
 */
export const E2E_POLICY = `version: 1
permissions:
  deny: ["bash(touch forbidden*)"]
  allow: ["bash(touch *)", "bash(curl *)", "bash(echo *)", "write(**)"]
rules:
  - id: no-write-after-web
    after: seen(op.type == read_external)
    match: op.type in [write_local, write_external, write_sensitive]
    mode: block
    description: External input may carry a prompt injection; no writes after a web read.
  - id: approve-publish
    match: op.command matches "npm publish*"
    mode: approve
    description: Publishing needs a human.
`;

/** The most permissive policy a user writes: everything in bash allowed, nothing decided → allow. */
export const PERMISSIVE_POLICY = `version: 1
settings: { default: allow }
permissions:
  allow: ["bash(*)"]
`;

export function writeProjectPolicy(project: string, text: string = E2E_POLICY): void {
  mkdirSync(join(project, ".rulegate"), { recursive: true });
  writeFileSync(join(project, ".rulegate", "rules.local.yaml"), text);
}
