import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Issue 11 §5, recursive permission changes spelled without chmod -R on the command line. ADR 0660: `podman
 * unshare`/`buildah unshare` in front of a command are peeled, so the command is judged as if run plainly. ADR 0665:
 * bindfs mirrors a directory with its owners and modes rewritten. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["podman unshare chmod -R 777 /home/dev", "deny", "deny"],
  ["podman unshare chown -R 1000:1000 /home/dev", "deny", "deny"],
  ["buildah unshare chmod -R a+rwx ~/.ssh", "deny", "deny"],
  ["bindfs -p a+rwX /home/dev /tmp/pub", "ask", "ask"],
  ["bindfs --perms=0777 / /mnt/all", "ask", "ask"],
  ["bindfs -u nobody --mirror=@users /srv/www /tmp/www", "ask", "ask"],
  ["podman unshare ls -ln ./volumes", "allow", "allow"],
  ["bindfs --version", "allow", "allow"],
];

classTable("recursive permission changes under the %s profile", ROWS);
