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

/**
 * ADR 0764: a one-liner that walks a path built from the home directory or the environment, or changes modes or
 * owners there, is code whose target cannot be read. A literal project path and a print of $HOME stay allowed.
 */
const ONE_LINER_ROWS: readonly ClassRow[] = [
  [
    `php -r '$it=new RecursiveIteratorIterator(new RecursiveDirectoryIterator(getenv("HOME")));foreach($it as $f){@chmod($f,0777);}'`,
    "ask",
    "ask",
  ],
  [`php -r 'foreach (new FilesystemIterator(getenv("HOME")) as $f) { @chmod($f, 0777); }'`, "ask", "ask"],
  [`python3 -c "import os; os.chmod(os.path.expanduser('~/.ssh'), 0o777)"`, "deny", "deny"],
  [`php -r 'echo getenv("HOME"), "\\n";'`, "allow", "allow"],
  [`php -r 'chmod("bin/console", 0755);'`, "allow", "allow"],
  [`php -r 'foreach (new DirectoryIterator("src") as $f) echo $f, "\\n";'`, "allow", "allow"],
];

classTable("recursive permission changes in one-liners under the %s profile", ONE_LINER_ROWS);
