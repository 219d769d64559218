import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Issue 11, cloud infrastructure: a remote store's objects or containers deleted are asked, whichever client
 * deletes them; reads and the Swift toolchain's builds stay allowed. [command, permissive, guard]
 */
const ROWS: readonly ClassRow[] = [
  // ADR 0655: OpenStack's `swift` client shares its name with the Swift toolchain.
  ["swift delete --all", "ask", "ask"],
  ["swift delete acme-backups", "ask", "ask"],
  ["swift delete acme-backups reports/2026.csv", "ask", "ask"],
  ["swift --os-auth-url https://keystone.example:5000/v3 delete acme-backups", "ask", "ask"],
  ["openstack container delete --recursive acme-backups", "ask", "ask"],
  ["swift list", "allow", "allow"],
  ["swift build", "allow", "allow"],
  ["swift test", "allow", "allow"],
];

classTable("object stores emptied under the %s profile", ROWS);
