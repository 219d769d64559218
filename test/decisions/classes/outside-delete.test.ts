import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team outside-delete, ADR 0563: what cannot be had back once deleted outside the workspace. A secret key, every
 * installed package from a list nobody reads here, a cleaner's classes of the user's files, every file below a folder
 * older than an age. DESTRUCTIVE asks under both profiles. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  // ADR 0628: files deleted outside the workspace and scratch space ask; moves, scratch and tool caches do not.
  ["rm ~/Documents/thesis.docx", "ask", "ask"],
  ["rm -f ~/*", "ask", "ask"],
  ["rm -f ../other-repo/src/*.ts", "ask", "ask"],
  ["cd ~/Documents && rm *.pdf", "ask", "ask"],
  ["unlink ~/Documents/contract.pdf", "ask", "ask"],
  ['for f in ~/Documents/*; do rm "$f"; done', "ask", "ask"],
  ["rm notes.txt", "allow", "allow"],
  ["rm -f /tmp/build.log", "allow", "allow"],
  ["rm ~/.cache/pip/http/x", "allow", "allow"],
  ["mv ~/Downloads/data.csv ./fixtures/", "allow", "allow"],
  ["gpg --batch --yes --delete-secret-keys 0123456789ABCDEF0123456789ABCDEF01234567", "ask", "ask"],
  ["gpg --delete-secret-and-public-key alice@example.com", "ask", "ask"],
  ["gpg2 --yes --delete-secret-key ABCDEF01", "ask", "ask"],
  ["pip uninstall -y -r <(pip freeze --user)", "ask", "ask"],
  ["pip uninstall -y $(pip freeze --user)", "ask", "ask"],
  ["bleachbit --clean system.cache system.tmp firefox.*", "ask", "ask"],
  ["bleachbit -c chromium.history", "ask", "ask"],
  ["tmpreaper 0 /home/dev/Documents", "ask", "ask"],
  ["tmpwatch 1 ~/projects", "ask", "ask"],
  // ADR 0633: file managers, trash, duplicate finders and dotfile managers by their own verbs.
  ["kioclient5 remove ~/Documents", "deny", "deny"],
  ["kioclient move ~/Pictures trash:/", "deny", "deny"],
  ["kioclient5 emptytrash", "ask", "ask"],
  ["gio trash --empty", "ask", "ask"],
  ["rip ~/Documents", "deny", "deny"],
  ["fdupes -rdN ~", "ask", "ask"],
  ["jdupes -r -d -N ~/Photos", "ask", "ask"],
  ["rdfind -deleteduplicates true ~", "ask", "ask"],
  ["czkawka_cli dup -d ~ -D AEN", "ask", "ask"],
  ["chezmoi apply --force", "ask", "ask"],
  ["yadm checkout -f -- ~", "ask", "ask"],
  ["mackup restore --force", "ask", "ask"],
  ["home-manager switch -b bak", "ask", "ask"],
  ["stow --adopt -t ~ dotfiles", "ask", "ask"],
  ["puppet apply -e \"file { '/home/dev/Documents': ensure => absent, force => true }\"", "ask", "ask"],
  ["fdupes -r .", "allow", "allow"],
  ["rdfind -dryrun true ~/Photos", "allow", "allow"],
  ["chezmoi diff", "allow", "allow"],
  ["gio info README.md", "allow", "allow"],
  ["rip build/old", "allow", "allow"],
  ["stow -t ~/.local/share/app pkg", "allow", "allow"],
  ["puppet parser validate site.pp", "allow", "allow"],
  // Look-alikes: a public key, named packages or a project's list, listings and dry runs, a temp folder reaped.
  ["gpg --delete-keys old@example.com", "allow", "allow"],
  ["pip uninstall -y requests", "allow", "allow"],
  ["pip uninstall -y -r requirements-dev.txt", "allow", "allow"],
  ["bleachbit --preview firefox.cache", "allow", "allow"],
  ["tmpreaper --test 0 /home/dev/Documents", "allow", "allow"],
  ["tmpreaper 24h /tmp/myapp-cache", "allow", "allow"],
  // Data zeroed or cut out in place is as gone as a truncated file (ADR 0747).
  ["fallocate --punch-hole --offset 0 --length 1G /home/dev/Documents/archive.tar", "deny", "deny"],
  ["fallocate -p -o 0 -l 1M ~/Documents/notes.txt", "deny", "deny"],
  ["xfs_io -c 'fpunch 0 1g' /home/dev/Documents/thesis.pdf", "deny", "deny"],
  ["xfs_io -c 'pwrite -S 0 0 1m' ~/Documents/thesis.pdf", "deny", "deny"],
  ["fallocate --punch-hole --offset 0 --length 4096 ./build/disk.img", "allow", "allow"],
  ["fallocate --dig-holes ~/Documents/vm.img", "allow", "allow"],
  ["xfs_io -c 'fpunch 0 4k' /tmp/scratch.img", "allow", "allow"],
  // What find prunes it does not act on: the tests after `-prune -o` say what is deleted (ADR 0792).
  ["find . -name node_modules -prune -o -name '*.map' -delete", "allow", "allow"],
  ["find . \\( -name node_modules -o -name .git \\) -prune -o -name '*.pyc' -delete", "allow", "allow"],
  ["find src -path src/vendor -prune -o -type f -name '*.orig' -exec rm {} +", "allow", "allow"],
  ["find ~ -name node_modules -prune -o -name '*.map' -delete", "deny", "deny"],
  ["find ~/Documents -name .git -prune -o -name '*.docx' -delete", "deny", "deny"],
  ["find . -name node_modules -prune -o -name '*.pem' -exec cat {} +", "deny", "deny"],
  ["find . -name node_modules -prune -o -delete", "ask", "ask"],
];

classTable("deletes outside the workspace that cannot be undone under the %s profile", ROWS);

/** npm's deleters are `rm -rf` under another name, however they are started (ADR 0814). */
const NPM_DELETERS: readonly ClassRow[] = [
  ["rimraf /home/dev", "deny", "deny"],
  ["node node_modules/.bin/rimraf ../..", "deny", "deny"],
  ["node node_modules/.bin/del-cli /home/dev --force", "deny", "deny"],
  ["npx rimraf dist", "allow", "allow"],
  ["rimraf node_modules", "allow", "allow"],
  ["del-cli 'dist/**'", "allow", "allow"],
  ["rimraf --dry-run ~", "allow", "allow"],
];

classTable("npm deleters under the %s profile", NPM_DELETERS);

/** `${TMPDIR:-/tmp}` is scratch space whichever way it resolves, unless the string set TMPDIR (ADR 0819). */
const TMPDIR_DEFAULT: readonly ClassRow[] = [
  ["rm -rf ${TMPDIR:-/tmp}/build", "allow", "allow"],
  ['rm -rf "${TMPDIR:-/tmp}/jest_cache"', "allow", "allow"],
  ["rm -rf ${TMPDIR:-/tmp}/../home/dev", "deny", "deny"],
  ["TMPDIR=~; rm -rf ${TMPDIR:-/tmp}/x", "ask", "ask"],
  ["rm -rf ${TMPDIR-/tmp}/build", "ask", "ask"],
  ["rm -rf $TMPDIR/build", "ask", "ask"],
];

classTable("the temp folder by default under the %s profile", TMPDIR_DEFAULT);

/** Round 12: deletes in scratch space that may follow a link (ADR 0821). */
const THROUGH_LINKS: readonly ClassRow[] = [
  ["echo x > /tmp/d/link/a; rm -rf /tmp/d/link/", "ask", "ask"],
  ["cp -r src /tmp/x && rm -rf /tmp/x/", "ask", "ask"],
  ["rsync -a --delete src/ /tmp/src-copy/", "allow", "allow"],
  ["tar xzf evil.tgz -C /tmp/d; find -L /tmp/d -delete", "ask", "ask"],
  ["cp -a node_modules /tmp/nm && find -L /tmp/nm -delete", "ask", "ask"],
  ["rm -rf /tmp/x", "allow", "allow"],
  ["rm -rf node_modules/", "allow", "allow"],
  ["rm -rf dist/", "allow", "allow"],
];

classTable("deletes that may follow a link under the %s profile", THROUGH_LINKS);

/** Round 12: a copy's or an extraction's folder entered by a later change, which may follow links (ADR 0827). */
const INTO_FILLED_TREES: readonly ClassRow[] = [
  ["cp -r src /tmp/x && rsync -a --delete /tmp/empty/ /tmp/x/", "ask", "ask"],
  ["cp -r src /tmp/x && truncate -s 0 /tmp/x/*", "ask", "ask"],
  ["cp -r src /tmp/x && rsync -a --delete /tmp/empty/ /tmp/x", "ask", "ask"],
  ["tar xf a.tar -C /tmp/x; shred -u /tmp/x/*", "ask", "ask"],
  ["cp -R lib /tmp/l; : > /tmp/l/index.js", "ask", "ask"],
  ["cp -r src /tmp/x && rm -rf /tmp/x", "allow", "allow"],
  ["cp -r src /tmp/x && rm -f /tmp/x/*.log", "allow", "allow"],
  ["rsync -a --delete src/ /tmp/src-copy/", "allow", "allow"],
];

classTable("changes into a folder the string filled", INTO_FILLED_TREES);

/**
 * Round 13: a `cd` that may fail leaves what follows `;` in the directory before it, which is judged too (ADR 0833).
 * A `cd` joined by `&&`, guarded by `|| exit` or `set -e`, or into home, `..` or a folder made here cannot leave it.
 */
const FAILED_CD: readonly ClassRow[] = [
  ["cd ~; cd /tmp/build; rm -rf *", "deny", "deny"],
  ["cd /home/dev; cd /tmp/work; find . -delete", "deny", "deny"],
  ["pushd ~; cd /tmp/build; rm -rf *", "deny", "deny"],
  ["cd /; cd /tmp/out\nrm -rf ./*", "deny", "deny"],
  ["cd ~; { cd /tmp/b; rm -rf *; }", "deny", "deny"],
  ["cd ~; cd /tmp/b || echo missing; rm -rf *", "deny", "deny"],
  ["cd ~; cd /tmp/b && make; rm -rf *", "deny", "deny"],
  ["cd ..; cd /tmp/x; rm -rf *", "deny", "deny"],
  ["cd /tmp/build; rm -rf *", "ask", "ask"],
  ["cd ~; cd /tmp/build && rm -rf *", "allow", "allow"],
  ["cd ~; cd /tmp/build || exit 1; rm -rf *", "allow", "allow"],
  ["cd ~; cd /tmp/b || { echo missing; exit 1; }; rm -rf *", "allow", "allow"],
  ["set -euo pipefail; cd ~; cd /tmp/build; rm -rf *", "allow", "allow"],
  ["cd /tmp/build && rm -rf *", "allow", "allow"],
  ["cd ~; mkdir -p /tmp/w; cd /tmp/w; rm -rf *", "ask", "ask"],
  ["cd frontend; npm ci; npm run build", "allow", "allow"],
  ["cd src; ls; cd ..", "allow", "allow"],
];

classTable("what follows a cd that may fail under the %s profile", FAILED_CD);

/**
 * Round 14, ADR 0851: guards that do not stop the shell after a failed `cd`. `return` outside a function fails and
 * the shell goes on; `set -e` is off under `!` and in an `||` list, and `shopt -u -o errexit` / `set +o` turn it off.
 */
const FAILED_CD_GUARDS: readonly ClassRow[] = [
  ["cd /tmp/scratch || return; rm -rf *", "ask", "ask"],
  ["cd /tmp/u || return 0; rm -rf *", "ask", "ask"],
  ["cd ~; cd /tmp/u || { echo no; return 1; }; rm -rf *", "deny", "deny"],
  ["set -e; ! cd /tmp/scratch; rm -rf *", "ask", "ask"],
  ["set -e; cd ~; ! cd /tmp/u; rm -rf *", "deny", "deny"],
  ["set -e; { cd /tmp/u; } || true; rm -rf *", "ask", "ask"],
  ["set -e; cd ~; { cd /tmp/u; ls; } || true; rm -rf *", "deny", "deny"],
  ["set -o errexit; shopt -u -o errexit; cd /tmp/u; rm -rf *", "ask", "ask"],
  ["set -e; shopt -uo errexit; cd ~; cd /tmp/u; rm -rf *", "deny", "deny"],
  ["set -e; set +o errexit; cd /tmp/u; rm -rf *", "ask", "ask"],
  ["cd /tmp/u || exit; rm -rf *", "allow", "allow"],
  ["set -e; { cd /tmp/u; }; rm -rf *", "allow", "allow"],
  ["set -e; shopt -s -o errexit; cd /tmp/u; rm -rf *", "allow", "allow"],
  ["f() { cd /tmp/u || return; ls; }; f", "allow", "allow"],
];

classTable("guards that do not stop the shell after a failed cd under the %s profile", FAILED_CD_GUARDS);

/**
 * Round 14, ADR 0852: `A && cd X && B` runs B only where the cd went, so B is read there (`..` is the project); what
 * follows the chain may run where it started.
 */
const CHAINED_CD: readonly ClassRow[] = [
  ["mkdir -p out && cd out && rm -f *.o", "allow", "allow"],
  ["mkdir -p build && cd build && cmake ..", "allow", "allow"],
  ["mkdir -p build && cd build && cmake -S .. -B .", "allow", "allow"],
  ["git pull && cd web && npm ci", "allow", "allow"],
  ["npm run build && cd dist && ls", "allow", "allow"],
  ["cd ~ && mkdir -p /tmp/o && cd /tmp/o && ls; rm -rf *", "deny", "deny"],
  ["true && cd /tmp/o && ls; rm -rf *", "ask", "ask"],
];

classTable("what follows a cd in an && chain under the %s profile", CHAINED_CD);

/**
 * Round 14, ADR 0853: deleting, shredding or emptying every file of a folder (`*`, `./*`, `out/*`) is DESTRUCTIVE
 * like `rm -r`, whatever the tool, so a failed `cd` before it leaves it asking in the project as `rm -rf *` does.
 */
const EVERY_FILE_OF_A_FOLDER: readonly ClassRow[] = [
  ["cd out; truncate -s0 *", "ask", "ask"],
  ["cd out; shred -u *", "ask", "ask"],
  ["cd out; rm -f *", "ask", "ask"],
  ["truncate -s 0 ./*", "ask", "ask"],
  ["wipe -f docs/*", "ask", "ask"],
  ["cd ~; cd /tmp/o; shred -u *", "deny", "deny"],
  ["rm -f *.o", "allow", "allow"],
  ["truncate -s 0 logs/*.log", "allow", "allow"],
  ["shred -u secrets.txt.bak", "allow", "allow"],
  ["cd build && rm -f *", "allow", "allow"],
];

classTable("every file of a folder deleted, shredded or emptied under the %s profile", EVERY_FILE_OF_A_FOLDER);
