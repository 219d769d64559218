import { classTable, type ClassRow } from "./profiles.ts";

/**
 * docs/adr/0690: checks, listings and rehearsals that change nothing pass under both profiles; the same programs'
 * changes, secrets and real runs are still stopped. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  // The name service's databases; the password hashes stay a hard deny.
  ["getent passwd dev", "allow", "allow"],
  ["getent group docker", "allow", "allow"],
  ["getent shadow dev", "deny", "deny"],
  // systemd-analyze describes; its set-* verbs change the running manager.
  ["systemd-analyze verify deploy/app.service", "allow", "allow"],
  ["systemd-analyze calendar 'Mon *-*-* 03:00'", "allow", "allow"],
  ["systemd-analyze set-log-level debug", "ask", "ask"],
  ["systemd-analyze verify --generators=yes deploy/app.service", "ask", "ask"],
  // visudo only checks with -c, bundled too; otherwise it edits the sudo rules.
  ["visudo -c", "allow", "allow"],
  ["visudo -cf /etc/sudoers.d/dev", "allow", "allow"],
  ["visudo -qc", "allow", "allow"],
  ["visudo -f /etc/sudoers.d/dev", "deny", "deny"],
  ["visudo -fc", "deny", "deny"],
  // pass and its ports list the names of their secrets; show, clip and grep reveal them.
  ["gopass ls", "allow", "allow"],
  ["pass find github", "allow", "allow"],
  ["gopass show -o prod/db", "deny", "deny"],
  ["pass ls -c", "ask", "ask"],
  ["gopass grep token", "ask", "ask"],
  ["gopass edit prod/db", "ask", "ask"],
  // ACL entries that grant read and traverse are chmod go+rX; write grants and ACL files are not.
  ["setfacl -R -m u:www-data:rX public/", "allow", "allow"],
  ["setfacl -m g:dev:r-x,d:g:dev:rx scripts/", "allow", "allow"],
  ["setfacl -b public/index.html", "allow", "allow"],
  ["setfacl -m u:www-data:rw public/index.html", "ask", "ask"],
  ["setfacl -m u:a:r -m u:b:rwx public/index.html", "ask", "ask"],
  ["setfacl --set-file=acl.txt public", "ask", "ask"],
  ["setfacl -m u:nobody:r .env", "deny", "deny"],
  ["setfacl -R -m u:nobody:rx ~", "deny", "deny"],
  // rsync --delete between local folders is a delete of the destination's extra files: scratch space is owned.
  ["rsync -a --delete src/ /tmp/src-copy/", "allow", "allow"],
  ["rsync -a --delete src/ ./mirror/", "ask", "ask"],
  ["rsync -a --delete src/ deploy@web1.example.com:/srv/app/", "ask", "ask"],
  ["rsync -a --delete --remove-source-files ./out/ /tmp/x/", "ask", "ask"],
  ["rsync -a --delete /tmp/empty/ ~/Documents/", "deny", "deny"],
  // Release tools' rehearsals upload nothing.
  ["npx np --preview", "allow", "allow"],
  ["cargo release patch", "allow", "allow"],
  ["cargo release patch --execute", "ask", "ask"],
  ["cargo release -x minor", "ask", "ask"],
  ["npx np patch", "ask", "ask"],
  // A store's seal or login status and the mount table are no secret.
  ["vault status", "allow", "allow"],
  ["bw status", "allow", "allow"],
  ["findmnt -no SOURCE,FSTYPE /", "allow", "allow"],
  ["vault status -format=json", "allow", "allow"],
  ["vault status secret/app", "ask", "ask"],
  ["vault kv get secret/app", "deny", "deny"],
  // The environment into a filter that keeps only counts or variables that hold no secret.
  ["export -p | grep -c .", "allow", "allow"],
  ["env | grep -i node_env", "allow", "allow"],
  ["env | sort | grep -E '^(PATH|SHELL|LANG)='", "allow", "allow"],
  ["printenv | wc -l", "allow", "allow"],
  ["env | grep PATH", "allow", "allow"],
  ["env | grep -i path", "ask", "ask"],
  ["env | grep -i token", "ask", "ask"],
  ["env | grep -c '^AWS_SECRET_ACCESS_KEY=a'", "ask", "ask"],
  ["env | grep -A3 PATH", "ask", "ask"],
  ["env | grep -v PATH", "ask", "ask"],
  ["env | tee /tmp/e | grep -c .", "ask", "ask"],
  ["env > /tmp/e | grep -c .", "ask", "ask"],
  ["env | grep -f patterns.txt", "ask", "ask"],
  ['env | grep "$NAME"', "ask", "ask"],
  ["env | grep -e PATH -e GITHUB_TOKEN", "ask", "ask"],
  ["env | grep -E '^(PATH|AWS_SECRET_ACCESS_KEY)='", "ask", "ask"],
];

classTable("ordinary checks and rehearsals under the %s profile", ROWS);
