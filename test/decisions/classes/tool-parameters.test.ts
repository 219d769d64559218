import { classTable, type ClassRow } from "./profiles.ts";

/**
 * ADR 0566: permissions and extraction done by tools that take them as parameters. ansible's file module given a
 * tree (`recurse=yes`) and a mode that lets others write is `chmod -R 777`; atool unpacks where `-X` says (the
 * home: every dotfile may be overwritten). ADR 0734 reads the module as that chmod, so the hard rules on chmod now
 * deny what asked here before. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["ansible localhost -m file -a 'path=/home/dev mode=0777 recurse=yes'", "deny", "deny"],
  ["ansible all -m ansible.builtin.file -a 'path=/srv/app recurse=true mode=a+rwx'", "deny", "deny"],
  ["ansible localhost -m file -a 'path=/var/www state=directory mode=o+w recurse=yes'", "deny", "deny"],
  ["atool -X ~ -x /tmp/dots.tgz", "ask", "ask"],
  ["atool --extract-to=/home/dev /tmp/dots.tgz", "ask", "ask"],
  ["aunpack -X /home/dev/.config cfg.zip", "ask", "ask"],
  // Look-alikes: a mode that keeps others out, a single path, extraction into the project, listings.
  ["ansible localhost -m file -a 'path=/home/dev/project/build mode=0755 recurse=yes'", "allow", "allow"],
  // ADR 0734: the module is now read as `chmod 0777 /tmp/x`, which asks as typed; it no longer stays apart.
  ["ansible localhost -m file -a 'path=/tmp/x mode=0777'", "ask", "ask"],
  ["atool -X build/vendor -x vendor.tgz", "allow", "allow"],
  ["atool -l /tmp/dots.tgz", "allow", "allow"],
  ["apack out.tgz src/", "allow", "allow"],
];

classTable("permissions and extraction given as tool parameters under the %s profile", ROWS);
