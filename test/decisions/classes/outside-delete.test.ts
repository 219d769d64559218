import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team outside-delete, ADR 0563: what cannot be had back once deleted outside the workspace. A secret key, every
 * installed package from a list nobody reads here, a cleaner's classes of the user's files, every file below a folder
 * older than an age. DESTRUCTIVE asks under both profiles. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["gpg --batch --yes --delete-secret-keys 0123456789ABCDEF0123456789ABCDEF01234567", "ask", "ask"],
  ["gpg --delete-secret-and-public-key alice@example.com", "ask", "ask"],
  ["gpg2 --yes --delete-secret-key ABCDEF01", "ask", "ask"],
  ["pip uninstall -y -r <(pip freeze --user)", "ask", "ask"],
  ["pip uninstall -y $(pip freeze --user)", "ask", "ask"],
  ["bleachbit --clean system.cache system.tmp firefox.*", "ask", "ask"],
  ["bleachbit -c chromium.history", "ask", "ask"],
  ["tmpreaper 0 /home/dev/Documents", "ask", "ask"],
  ["tmpwatch 1 ~/projects", "ask", "ask"],
  // Look-alikes: a public key, named packages or a project's list, listings and dry runs, a temp folder reaped.
  ["gpg --delete-keys old@example.com", "allow", "allow"],
  ["pip uninstall -y requests", "allow", "allow"],
  ["pip uninstall -y -r requirements-dev.txt", "allow", "allow"],
  ["bleachbit --preview firefox.cache", "allow", "allow"],
  ["tmpreaper --test 0 /home/dev/Documents", "allow", "allow"],
  ["tmpreaper 24h /tmp/myapp-cache", "allow", "allow"],
];

classTable("deletes outside the workspace that cannot be undone under the %s profile", ROWS);
