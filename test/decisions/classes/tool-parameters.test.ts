import { classTable, type ClassRow } from "./profiles.ts";

/**
 * ADR 0566: permissions and extraction done by tools that take them as parameters. ansible's file module given a
 * tree (`recurse=yes`) and a mode that lets others write is `chmod -R 777`; atool unpacks where `-X` says (the
 * home: every dotfile may be overwritten). Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["ansible localhost -m file -a 'path=/home/dev mode=0777 recurse=yes'", "ask", "ask"],
  ["ansible all -m ansible.builtin.file -a 'path=/srv/app recurse=true mode=a+rwx'", "ask", "ask"],
  ["ansible localhost -m file -a 'path=/var/www state=directory mode=o+w recurse=yes'", "ask", "ask"],
  ["atool -X ~ -x /tmp/dots.tgz", "ask", "ask"],
  ["atool --extract-to=/home/dev /tmp/dots.tgz", "ask", "ask"],
  ["aunpack -X /home/dev/.config cfg.zip", "ask", "ask"],
  // Look-alikes: a mode that keeps others out, a single path, extraction into the project, listings.
  ["ansible localhost -m file -a 'path=/home/dev/project/build mode=0755 recurse=yes'", "allow", "allow"],
  ["ansible localhost -m file -a 'path=/tmp/x mode=0777'", "allow", "allow"],
  ["atool -X build/vendor -x vendor.tgz", "allow", "allow"],
  ["atool -l /tmp/dots.tgz", "allow", "allow"],
  ["apack out.tgz src/", "allow", "allow"],
];

classTable("permissions and extraction given as tool parameters under the %s profile", ROWS);
