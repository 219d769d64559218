import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Round 9, a well-known name that installs something else. ADR 0735: an npm alias (`lodash@npm:OTHER`) is OTHER,
 * well known only when OTHER is; a mise tool taken from an account's releases by address (`ubi:`, `github:`) is a
 * binary nobody vetted. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["npm install lodash@npm:lodash-utilz@4.17.21", "ask", "ask"],
  ["pnpm add react@npm:reakt-dom-fast@18.3.1", "ask", "ask"],
  ["yarn add axios@npm:axioss@1.7.2", "ask", "ask"],
  ["npm i -D typescript@npm:typescrpt", "ask", "ask"],
  ["bun add express@npm:expresss", "ask", "ask"],
  ["mise use -g ubi:qz7x/terraform", "ask", "ask"],
  ["mise install github:someone/kubectl", "ask", "ask"],
  // Look-alikes: the well-known package itself, aliased to itself, and registry versions of a tool.
  ["npm install lodash@4.17.21", "allow", "allow"],
  ["npm install lodash@npm:lodash@4.17.21", "allow", "allow"],
  ["pnpm add react@18.3.1", "allow", "allow"],
  ["mise use -g node@20", "allow", "allow"],
  ["mise use terraform@1.9", "allow", "allow"],
];

classTable("package aliases and addressed tools under the %s profile", ROWS);
