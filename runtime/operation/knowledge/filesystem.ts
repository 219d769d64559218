/**
 * Programs that change files. Recursive deletion is DESTRUCTIVE wherever it points (there is no undo);
 * deleting single files is a WRITE with delete paths, so path rules and the sandbox still see it.
 * Deleting inside a temp root is scratch work, not DESTRUCTIVE: bash-effects.ts lowers it for resolved literal
 * paths strictly inside /tmp, /var/tmp or /dev/shm (never `$TMPDIR`, never the root itself).
 */
import { fx, type Program, type Rule } from "./types.ts";

const W = fx("WRITE", ["write_local"], "filesystem");
const DESTROY = fx("DESTRUCTIVE", ["write_local"], "filesystem");
const FS_META = fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk");
const FS_LOOK = fx("READ", ["read_local"], "disk");

/**
 * A chmod mode word that takes read or write away from the owner: a number whose owner digit lacks one
 * (`000`, `0`, `0500`), or a clause for u/a/everyone that removes r or w (`a-rwx`, `-w`) or sets a list
 * without both (`u=x`, `a=`).
 */
const OWNER_REVOKED =
  /^0*(?:[0-7]?[0-5][0-7]{2}|[0-7]{1,2})$|(?:^|,)(?:[ugoa]*[ua][ugoa]*)?(?:[-+=][rwxXst]*)*?(?:-[xXst]*[rw]|=(?![rwxXst]*?r[rwxXst]*?w|[rwxXst]*?w[rwxXst]*?r))/;

/**
 * A chmod mode that grants group and others nothing (`600`, `0700`, `0`, `go-rwx`, `u=rw,go=`, `u+x`, `-w`), and a
 * word that grants them something (`644`, `+x`, `go+r`, `g=u`): tightening a key's mode reads nothing (ADR 0430).
 */
const OWNER_ONLY = /^(?:0*[0-7]?00|0+|(?:(?:u+(?:[-+=][rwxX]*)+|[ugoa]*(?:-[rwxXst]*|=)+)(?:,(?!$)|$))+)$/;
const GRANTS_OTHERS =
  /^0*[0-7]{0,2}(?:[1-7][0-7]|0[1-7])$|^0*[1-7]$|(?:^|,)(?:[ugoa]*[goa][ugoa]*)?(?:[-+=][rwxXstugo]*)*[+=][rwxXstugo]/;

/**
 * ACL entries that grant at most read and execute/traverse: `u:www-data:rX`, `g:dev:r-x,d:u:ci:rx`, a mask, or
 * `o::r`. No `w`, no setid bits (docs/adr/0690).
 */
const ACL_ENTRY = String.raw`(?:(?:d|default):)?(?:u|user|g|group|m|mask|o|other):[^:,]*:[rxX-]*`;
const READ_ONLY_ACL = new RegExp(`^${ACL_ENTRY}(?:,${ACL_ENTRY})*$`);
/** Any other `-m` value: one entry that grants more decides, however many `-m` there are. */
const OTHER_ACL = new RegExp(`^(?!${ACL_ENTRY}(?:,${ACL_ENTRY})*$)`);

/** The user running the command, as an owner or `owner:group` word: `$USER`, `${USER}:${USER}`, `$(id -u):$(id -g)`. */
const SELF = String.raw`(?:\$\{?(?:USER|LOGNAME|UID)\}?|\$\((?:id -u|id -un|whoami)\)|\$\(id -g\)|\$\(id -gn\))`;
const SELF_OWNER = new RegExp(`^${SELF}(?:[:.]${SELF}?)?$`);

/**
 * An operand that names every file of a folder: `*`, `./*`, `out/*`, `.*`. Deleting, shredding or emptying them all is
 * DESTRUCTIVE like `rm -r`, whatever the tool: when a `cd` before it failed, the folder is the project (ADR 0853).
 */
const EVERY_FILE = /^(?:[^*?[\]]*\/)?\.?\*$/;

export const RECURSIVE_RM_ALIASES: Readonly<Record<string, string>> = {
  "-R": "-r",
  "--recursive": "-r",
  "--force": "-f",
  "--dir": "-d",
};

/** Name lists of tar (docs/adr/0748): the names in them are read below -C. */
const TAR_LISTS = { options: ["-T", "--files-from"] } as const;

/** tar -x: members written, the archive read, everything below the target directory possibly written. */
const EXTRACT = {
  positional: "write",
  options: { "-f": "read", "--file": "read" },
  nameLists: { ...TAR_LISTS, listOnly: true },
  extractsTo: ["-C", "--directory"],
  within: ["-C", "--directory"],
} as const;

/** tar -x -P: members are written where their absolute names say, so below `/` as well as below -C. */
const ANYWHERE = { ...EXTRACT, extractsTo: ["/"] } as const;

/**
 * A member-name rewrite (GNU tar `--transform`/`--xform`, bsdtar and pax `-s`) whose replacement starts at `/` or
 * climbs with `..`: on extraction the members land outside the target directory (docs/adr/0424).
 */
const TO_ELSEWHERE = /(?:^|;)\s*s?([^\w\s\\])(?:\\.|(?!\1).)*\1(?:\/|(?:\\.|(?!\1).)*\.\.(?:\/|\1))/;
/** Following symbolic links (`tar -h`): what is archived or written through a link can lie anywhere (ADR 0424). */
const FOLLOWS_LINKS = fx("SECURITY", ["read_local"], "filesystem", "outside-workspace");

/** tar -c: the members read (below -C when given), the archive written. */
const CREATE = {
  positional: "read",
  within: ["-C", "--directory"],
  options: { "-f": "write", "--file": "write", "-C": "read", "--directory": "read" },
  recursive: { tar: true, bsdtar: true },
} as const;

export const FILESYSTEM: readonly Program[] = [
  {
    names: ["rm", "unlink", "rmdir"],
    aliases: RECURSIVE_RM_ALIASES,
    base: W,
    paths: { positional: "delete" },
    rules: [
      { flag: ["-r"], then: DESTROY, paths: { positional: "delete" } },
      { wordText: EVERY_FILE, then: DESTROY, paths: { positional: "delete" } },
    ],
  },
  // Emptying the trash deletes for good what a trash command only moved (docs/adr/0423).
  { names: ["trash-empty", "trash-rm"], base: DESTROY },
  // Cleaners that delete whole classes of the user's files for good (docs/adr/0563): bleachbit's cleaners (browser
  // profiles, caches, histories, thumbnails), and tmpreaper/tmpwatch, which delete every file below the folders they
  // are given older than an age (`tmpreaper 0 ~/Documents`: all of them). Their listings and dry runs read.
  {
    names: ["bleachbit"],
    base: DESTROY,
    rules: [
      {
        flag: ["-l", "--list", "-p", "--preview", "-v", "--version", "-h", "--help", "--list-cleaners"],
        then: FS_LOOK,
      },
    ],
  },
  {
    names: ["tmpreaper", "tmpwatch"],
    values: ["--protect", "-x", "--exclude", "-X", "--exclude-pattern", "-U", "--exclude-user", "--delay"],
    base: DESTROY,
    paths: { positional: "delete", skip: 1 },
    rules: [{ flag: ["-t", "--test"], then: FS_LOOK, paths: { positional: "read", skip: 1 } }],
  },
  {
    names: ["gtrash"],
    base: W,
    rules: [
      { sub: ["prune"], then: DESTROY },
      { sub: ["rm"], then: DESTROY },
      { sub: ["clean"], then: DESTROY },
    ],
  },
  {
    names: ["shred", "wipe", "srm"],
    aliases: RECURSIVE_RM_ALIASES,
    base: W,
    paths: { positional: "delete" },
    rules: [
      { flag: ["-r"], then: DESTROY, paths: { positional: "delete" } },
      { wordText: EVERY_FILE, then: DESTROY, paths: { positional: "delete" } },
    ],
  },
  // mv moves whole trees: the destination receives what the sources hold (listed like a copy's, docs/adr/0102).
  {
    names: ["mv"],
    values: ["-t", "--target-directory", "-S", "--suffix"],
    base: W,
    paths: {
      positional: "delete",
      last: "write",
      options: { "-t": "write", "--target-directory": "write" },
      recursive: { mv: true },
    },
  },
  {
    names: ["cp", "install"],
    values: ["-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "-g"],
    base: W,
    paths: {
      positional: "read",
      last: "write",
      options: { "-t": "write", "--target-directory": "write" },
      recursive: { cp: ["-r", "-R", "-a", "--recursive", "--archive"] },
    },
  },
  // A hard link is the same file under a second name: whoever may write the link writes the target, so the
  // target counts as written (`ln .claude/settings.json x.json`, then a Write of x.json). A symbolic link is
  // resolved wherever it is used, so its target is only read.
  {
    names: ["ln", "link"],
    values: ["-t", "--target-directory", "-S", "--suffix"],
    base: W,
    paths: { positional: "write", last: "write", options: { "-t": "write", "--target-directory": "write" } },
    rules: [
      {
        flag: ["-s", "--symbolic"],
        then: W,
        paths: { positional: "read", last: "write", options: { "-t": "write", "--target-directory": "write" } },
      },
    ],
  },
  // Creating a directory, an empty file or a fifo, or setting times, writes no content (ADR 0166).
  {
    names: ["mkdir", "touch", "mkfifo"],
    values: ["-m", "--mode", "-r", "--reference", "-d", "-t"],
    base: W,
    paths: { positional: "write", metadata: true },
  },
  {
    names: ["mknod"],
    values: ["-m", "--mode", "-Z", "--context"],
    base: W,
    paths: { positional: "write", metadata: true },
    // A block or character device node (`mknod /tmp/sda b 8 0`) opens the disk or device it names to every later
    // read and write, whatever the path: a container's way to the host's disks (docs/adr/0387).
    rules: [{ word: ["b", "c", "u"], then: fx("SECURITY", ["write_local", "execute"], "container", "host-access") }],
  },
  {
    names: ["truncate"],
    values: ["-s", "--size", "-r", "--reference"],
    base: W,
    paths: { positional: "write" },
    rules: [{ wordText: EVERY_FILE, then: DESTROY, paths: { positional: "write" } }],
  },
  { names: ["tee", "sponge"], base: W, paths: { positional: "write" } },
  { names: ["split", "csplit"], base: W, paths: { positional: "read" } },
  // A patch names the files it writes inside itself: everything below -d (else the cwd) may be written.
  {
    names: ["patch"],
    values: ["-p", "-i", "-o", "-d"],
    base: W,
    paths: { positional: "write", options: { "-i": "read", "-o": "write" }, extractsTo: ["-d"] },
    rules: [
      {
        flag: ["--dry-run"],
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read", options: { "-i": "read" } },
      },
    ],
  },
  // cpio reads the archive on stdin: `-i` extracts it below the cwd (or -D DIR), names nobody can see here;
  // `-o` writes an archive of the names on stdin to stdout; `-p` copies them into a directory.
  {
    names: ["cpio"],
    values: ["-D", "--directory", "-E", "-F", "--file", "-H", "--format", "-I", "-O", "-R", "--owner", "-M"],
    base: W,
    paths: { options: { "-F": "write", "--file": "write", "-O": "write", "-I": "read" } },
    rules: [
      {
        flag: ["-i", "--extract"],
        notFlag: ["-t", "--list"],
        then: W,
        paths: { options: { "-F": "read", "--file": "read", "-I": "read" }, extractsTo: ["-D", "--directory"] },
      },
      { flag: ["-p", "--pass-through"], then: W, paths: { positional: "write", recursive: { cpio: true } } },
      {
        flag: ["-o", "--create"],
        then: W,
        paths: { options: { "-F": "write", "--file": "write", "-O": "write" }, stdinNames: { always: true } },
      },
    ],
  },
  // pax: `-r` extracts below the cwd (or where `-s` rewrites names), `-w` archives its operands (ADR 0424).
  {
    names: ["pax"],
    values: ["-f", "-s", "-x", "-b", "-o", "-p", "-T", "-U", "-G"],
    base: fx("READ", ["read_local"], "filesystem"),
    paths: { positional: "read", options: { "-f": "read" } },
    rules: [
      {
        flag: ["-r"],
        notFlag: ["-w"],
        text: TO_ELSEWHERE,
        then: W,
        paths: { options: { "-f": "read" }, extractsTo: ["/"] },
      },
      { flag: ["-r"], notFlag: ["-w"], then: W, paths: { options: { "-f": "read" }, extractsTo: [] } },
      {
        flag: ["-w"],
        notFlag: ["-r"],
        then: W,
        paths: { positional: "read", options: { "-f": "write" }, recursive: { pax: true } },
      },
      { flag: ["-r", "-w"], then: W, paths: { positional: "read", last: "write", recursive: { pax: true } } },
    ],
  },
  // ar and jar extract their members into the cwd (`cd /usr/bin && ar x evil.deb`), as tar -x does (ADR 0424).
  {
    names: ["ar"],
    base: W,
    paths: { positional: "read", skip: 1 },
    rules: [
      {
        oldStyle: /^-?[a-zA-Z]*t[a-zA-Z]*$/,
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read", skip: 1 },
      },
      { oldStyle: /^-?[a-zA-Z]*x[a-zA-Z]*$/, then: W, paths: { positional: "read", skip: 1, extractsTo: [] } },
      { oldStyle: /^-?[a-zA-Z]*[rq][a-zA-Z]*$/, then: W, paths: { positional: "read", skip: 1, first: "write" } },
    ],
  },
  {
    names: ["jar"],
    values: ["-C", "--file", "--dir", "-e", "--main-class", "-m", "--manifest"],
    base: W,
    // `-C DIR` reads the names after it below DIR, as tar's does (`jar cf k.jar -C ~ .ssh`, docs/adr/0634).
    paths: { positional: "read", within: ["-C"] },
    rules: [
      { flag: ["-t", "--list"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
      {
        oldStyle: /^[a-zA-Z]*t[a-zA-Z]*$/,
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read", skip: 1 },
      },
      {
        flag: ["-x", "--extract"],
        then: W,
        paths: { positional: "read", options: { "--file": "read" }, extractsTo: ["--dir"] },
      },
      { oldStyle: /^[a-zA-Z]*x[a-zA-Z]*$/, then: W, paths: { positional: "read", skip: 1, extractsTo: ["--dir"] } },
    ],
  },
  {
    names: ["tar", "bsdtar"],
    values: ["-f", "--file", "-C", "--directory", "-T", "-X", "--transform", "--xform", "--files-from"],
    base: W,
    paths: {
      positional: "read",
      within: ["-C", "--directory"],
      options: { "-f": "write", "--file": "write", "-C": "write", "--directory": "write" },
      recursive: { tar: true, bsdtar: true },
      stdinNames: { options: ["-T", "--files-from"] },
      nameLists: TAR_LISTS,
    },
    raises: [
      { flag: ["-h", "--dereference"], notFlag: ["-t", "--list"], then: FOLLOWS_LINKS },
      { oldStyle: /^(?=[A-Za-z]*[cx])[A-Za-z]*h[A-Za-z]*$/, then: FOLLOWS_LINKS },
    ],
    rules: [
      {
        flag: ["-t", "--list"],
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read", options: { "-f": "read", "--file": "read" } },
      },
      // Members with absolute names (`-P`, `--absolute-names`) land wherever they say: anywhere below `/`
      // (docs/adr/0322). Creating or listing with -P writes nothing more.
      {
        flag: ["-P", "--absolute-names"],
        notFlag: ["-c", "--create", "-t", "--list", "-r", "--append", "-u", "--update", "-d", "--diff", "--compare"],
        then: W,
        paths: ANYWHERE,
      },
      { oldStyle: /^(?=[A-Za-z]*x)[A-Za-z]*P[A-Za-z]*$/, then: W, paths: { ...ANYWHERE, skip: 1 } },
      // Member names rewritten to absolute or climbing paths land there (`--transform 's,^,/home/dev/,'`).
      { flag: ["-x", "--extract", "--get"], text: TO_ELSEWHERE, then: W, paths: ANYWHERE },
      { oldStyle: /^[A-Za-z]*x[A-Za-z]*$/, text: TO_ELSEWHERE, then: W, paths: { ...ANYWHERE, skip: 1 } },
      // Extraction writes the archive's files below -C (else the cwd); named members are written there too.
      { flag: ["-x", "--extract", "--get"], then: W, paths: EXTRACT },
      // Creating an archive reads its members below -C and writes only the archive (ADR 0320).
      {
        flag: ["-c", "--create"],
        then: W,
        paths: { ...CREATE, stdinNames: { options: ["-T", "--files-from"] }, nameLists: TAR_LISTS },
      },
      { oldStyle: /^[A-Za-z]*x[A-Za-z]*$/, then: W, paths: { ...EXTRACT, skip: 1 } },
      // Old-style creation (`tar czf app.tgz dist`): the letters are no path, and with `f` the first operand is the
      // archive written, not a member read.
      {
        oldStyle: /^(?=[A-Za-z]*c)[A-Za-z]*f[A-Za-z]*$/,
        then: W,
        paths: {
          ...CREATE,
          skip: 1,
          first: "write",
          stdinNames: { options: ["-T", "--files-from"] },
          nameLists: TAR_LISTS,
        },
      },
      { oldStyle: /^[A-Za-z]*c[A-Za-z]*$/, then: W, paths: { ...CREATE, skip: 1 } },
      {
        oldStyle: /^[A-Za-z]*t[A-Za-z]*$/,
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read", skip: 1 },
      },
    ],
  },
  // zip names the archive first, then what goes in: a directory tree with -r. It has no read-only mode.
  {
    names: ["zip"],
    values: ["-x", "-i", "-b", "-t", "-tt", "-n", "-P", "-Z"],
    base: W,
    paths: {
      positional: "read",
      first: "write",
      recursive: { zip: ["-r", "-R", "--recurse-paths", "--recurse-patterns"] },
    },
    rules: [
      // `-@` takes the names to archive from stdin, one per line (docs/adr/0424).
      {
        flag: ["-@", "--names-stdin"],
        then: W,
        paths: {
          positional: "read",
          first: "write",
          recursive: { zip: ["-r", "-R", "--recurse-paths", "--recurse-patterns"] },
          stdinNames: { always: true },
        },
      },
    ],
  },
  // Package archives unpacked into a folder (docs/adr/0358): `dpkg-deb -x evil.deb /` writes its tree there, as
  // `tar -C / -x` does; the folder is the last operand.
  {
    names: ["dpkg-deb"],
    base: fx("READ", ["read_local"], "filesystem"),
    paths: { positional: "read" },
    rules: [
      {
        flag: ["-x", "--extract", "-X", "--vextract", "-R", "--raw-extract"],
        then: W,
        paths: { positional: "write", first: "read" },
      },
      { flag: ["-b", "--build"], then: W, paths: { positional: "write", first: "read" } },
    ],
  },
  {
    names: ["unzip"],
    values: ["-d", "-x", "-P"],
    base: W,
    paths: { positional: "write", first: "read", extractsTo: ["-d"] },
    rules: [
      { flag: ["-l", "-t", "-v", "-Z"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
    ],
  },
  {
    names: ["gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "rar", "unrar"],
    values: ["-d", "-o", "-x", "--output"],
    base: W,
    // zstd's `-o FILE` is the file it writes (`zstd -d -f x.zst -o /bin/bash`).
    paths: { positional: "write", options: { "-o": "write", "--output": "write" } },
    rules: [
      {
        flag: ["-l", "-t", "--list", "--test"],
        then: fx("READ", ["read_local"], "filesystem"),
        paths: { positional: "read" },
      },
    ],
  },
  // 7-Zip: a command letter, the archive, the files. `x`/`e` extract below `-oDIR` (else the cwd); `a`/`u`
  // write the archive from the files, and `-sdel` deletes them afterwards (docs/adr/0322).
  {
    names: ["7z", "7za", "7zr", "7zz"],
    // Switches carry their value attached (`-oDIR`, `-pPASS`, `-tzip`, `-aoa`, `-sdel`): listing the letters
    // keeps a cluster from being read as other switches.
    values: ["-o", "-p", "-t", "-m", "-x", "-i", "-w", "-v", "-a", "-b", "-s", "-u", "-scs"],
    base: W,
    paths: { positional: "write" },
    rules: [
      { sub: ["l"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
      { sub: ["t"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
      { sub: ["x"], then: W, paths: { positional: "read", extractsTo: ["-o"] } },
      { sub: ["e"], then: W, paths: { positional: "read", extractsTo: ["-o"] } },
      {
        sub: ["a"],
        flag: ["-sdel"],
        then: DESTROY,
        paths: { positional: "delete", first: "write" },
      },
      {
        sub: ["a"],
        then: W,
        paths: {
          positional: "read",
          first: "write",
          recursive: { "7z": true, "7za": true, "7zr": true, "7zz": true },
          nameLists: { sevenZip: true },
        },
      },
    ],
  },
  // Permission and ownership changes: project files are a WRITE; setuid/world-writable modes are SECURITY;
  // system and SSH paths are caught by the system-permission-change hard-deny check.
  {
    names: ["chmod"],
    values: ["--reference"],
    aliases: { "--recursive": "-R" },
    base: W,
    paths: { positional: "write", skip: 1, skipUnless: ["--reference"] },
    rules: [
      {
        text: /^(?:[ugoa]*(?:[-+=][rwxXt]*)*[+=][rwxXt]*s|[+=]?0*[2-7][0-7]{3}|0?777|a?\+w|o\+w|[ugoa]*=rwx(?:,|$))/,
        then: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
        paths: { positional: "write", skip: 1 },
      },
      // A whole tree whose owner loses read or write (`chmod -R 000 .`, `chmod -R a-rwx src`, `chmod -R u=x .`):
      // every file of it unusable at once (docs/adr/0336).
      {
        flag: ["-R"],
        text: OWNER_REVOKED,
        then: fx("DESTRUCTIVE", ["write_local"], "filesystem", "permissions"),
        paths: { positional: "write", skip: 1 },
      },
      // A mode spelt like a flag (`chmod -x FILE`, `chmod -rwx FILE`) takes permissions away: the first operand is
      // a file, not the mode (docs/adr/0432), and no content is read or written.
      { flag: ["-r", "-w", "-x", "-X", "-s", "-t"], then: W, paths: { positional: "write", metadata: true } },
      // A mode only the owner keeps (`chmod 600 ~/.ssh/id_ed25519`, `chmod 700 ~/.ssh`) changes metadata: no
      // credential is read or written by it. Where it points stays the hard denies' to judge.
      { text: OWNER_ONLY, unlessText: GRANTS_OTHERS, then: W, paths: { positional: "write", skip: 1, metadata: true } },
    ],
  },
  {
    names: ["chown", "chgrp", "chattr", "chcon", "chacl", "nfs4_setfacl", "setrichacl"],
    values: ["--reference", "-m", "-x"],
    base: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
    paths: { positional: "write", skip: 1, skipUnless: ["--reference"] },
    // Taking files back for the user who runs the command (`chown -R "$USER" ./.cache`, `chown $(id -u):$(id -g)
    // x`) gives nobody else anything: a write. Where it points is still the path checks' and hard denies' to judge
    // (docs/adr/0338); a USER assigned in the string is a literal name, not this.
    rules: [{ text: SELF_OWNER, then: W, paths: { positional: "write", skip: 1 } }],
  },
  // POSIX ACLs: an entry that lets a user or group read and traverse (`setfacl -R -m u:www-data:rX public/`) grants
  // what `chmod -R go+rX` does, a WRITE of metadata; one that grants write, or a whole ACL set from a file, stays
  // SECURITY. Taking entries away (`-x`, `-b`, `-k`) grants nobody anything (docs/adr/0690). Where it points
  // (the home, the system) is the hard denies' to judge.
  {
    names: ["setfacl"],
    values: ["-m", "--modify", "-M", "--modify-file", "-x", "--remove", "-X", "--remove-file", "--set", "--set-file"],
    base: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
    paths: { positional: "write" },
    rules: [
      {
        optionText: { "-m": OTHER_ACL, "--modify": OTHER_ACL },
        then: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
      },
      {
        optionText: { "-m": READ_ONLY_ACL, "--modify": READ_ONLY_ACL },
        notFlag: ["-M", "--modify-file", "--set", "--set-file", "-X", "--remove-file"],
        then: W,
        paths: { positional: "write" },
      },
      {
        flag: ["-x", "--remove", "-b", "--remove-all", "-k", "--remove-default"],
        notFlag: ["-m", "--modify", "-M", "--modify-file", "--set", "--set-file", "-X", "--remove-file"],
        then: W,
        paths: { positional: "write" },
      },
    ],
  },
  // File capabilities: a change of a file's metadata, not its content. Granting one is SECURITY (and the
  // privilege-escalation hard deny's for the dangerous ones); libcap-ng's `filecap FILE none` takes them all away
  // and `filecap -a`/`-d`, or a file alone, only lists (docs/adr/0358).
  {
    names: ["filecap"],
    base: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
    paths: { positional: "write", metadata: true },
    rules: [
      { flag: ["-a", "-d"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
      { maxWords: 1, then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read" } },
      { word: ["none"], then: W, paths: { positional: "write", metadata: true } },
    ],
  },
  {
    names: ["setcap"],
    values: ["-n"],
    base: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
    paths: { positional: "write", skip: 1, metadata: true },
    rules: [
      { flag: ["-r"], then: W, paths: { positional: "write", metadata: true } },
      { flag: ["-v"], then: fx("READ", ["read_local"], "filesystem"), paths: { positional: "read", skip: 1 } },
    ],
  },
  // Raw devices and filesystems.
  { names: ["dd"], base: W, paths: { keyValue: { if: "read", of: "write" } } },
  // Filesystem makers: an image file inside the workspace is lowered to a write by image-files.ts (docs/adr/0338).
  {
    names: [
      "mkfs",
      "mkfs.ext2",
      "mkfs.ext3",
      "mkfs.ext4",
      "mkfs.xfs",
      "mkfs.btrfs",
      "mkfs.vfat",
      "mkfs.fat",
      "mkfs.ntfs",
      "mke2fs",
      "mkswap",
    ],
    base: fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk"),
    paths: { positional: "write", pathLike: true },
    rules: [{ flag: ["-l", "--list"], then: fx("READ", ["read_local"], "disk") }],
  },
  {
    names: [
      "wipefs",
      "fdisk",
      "sfdisk",
      "gdisk",
      "sgdisk",
      "parted",
      "cfdisk",
      "format",
      "diskutil",
      "newfs",
      "badblocks",
    ],
    base: fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk"),
    paths: { positional: "write", pathLike: true },
    rules: [
      { sub: ["list"], then: fx("READ", ["read_local"], "disk") },
      { flag: ["-l", "--list"], then: fx("READ", ["read_local"], "disk") },
    ],
  },
  // Listing what is mounted or attached reads: `mount`, `mount -l`, `losetup -l` (docs/adr/0349).
  // swapon and swapoff are host controls (devices.ts).
  {
    names: ["mount", "losetup", "cryptsetup"],
    base: fx("SECURITY", ["write_local"], "filesystem", "disk"),
    rules: [
      { bare: true, then: fx("READ", ["read_local"], "disk") },
      {
        flag: ["-l", "--list", "-a", "--all", "--show", "-s", "--summary", "-J", "--json"],
        notFlag: ["-d", "--detach", "-D", "--detach-all", "-f", "--find", "-P", "-o", "-t", "--types", "-B", "--bind"],
        maxWords: 0,
        then: fx("READ", ["read_local"], "disk"),
      },
      { sub: ["status"], then: fx("READ", ["read_local"], "disk") },
      { sub: ["luksDump"], then: fx("READ", ["read_local"], "disk") },
      { sub: ["isLuks"], then: fx("READ", ["read_local"], "disk") },
    ],
  },
  // bindfs mirrors a directory at another path with its owners and modes rewritten (`bindfs -p a+rwX ~ /tmp/pub`:
  // the home, world-writable, wherever the mount point is), like `mount --bind` plus a recursive chmod (ADR 0665).
  {
    names: ["bindfs"],
    base: fx("SECURITY", ["write_local"], "filesystem", "permissions"),
    rules: [{ flag: ["-h", "--help", "-V", "--version"], maxWords: 0, then: fx("READ", ["read_local"], "disk") }],
  },
  // umount has no listing: `umount -a` detaches every filesystem, `-f` even those in use (docs/adr/0632).
  {
    names: ["umount"],
    base: fx("SECURITY", ["write_local"], "filesystem", "disk"),
    rules: [{ flag: ["-h", "--help", "-V", "--version"], then: fx("READ", ["read_local"], "disk") }],
  },
  // Device mapper and LVM: removing, wiping or shrinking a volume loses what is on it; freezing a filesystem hangs
  // every process that writes to it (`fsfreeze -f /`). Their listings read (docs/adr/0349).
  {
    names: ["dmsetup"],
    base: fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk"),
    rules: [
      ...["ls", "info", "status", "table", "deps", "version", "targets", "help", "udevcookies", "wait"].map(
        (s): Rule => ({ sub: [s], then: fx("READ", ["read_local"], "disk") }),
      ),
      ...["create", "resume", "mknodes", "setgeometry", "splitname", "mangle"].map(
        (s): Rule => ({ sub: [s], then: fx("SECURITY", ["write_local"], "filesystem", "disk") }),
      ),
    ],
  },
  {
    names: [
      "pvcreate",
      "pvremove",
      "pvmove",
      "pvresize",
      "vgremove",
      "vgreduce",
      "vgsplit",
      "vgmerge",
      "vgcfgrestore",
      "lvremove",
      "lvreduce",
      "lvresize",
      "lvconvert",
      "fsfreeze",
      "xfs_freeze",
    ],
    base: fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk"),
    rules: [
      {
        flag: ["-u", "--unfreeze", "-h", "--help", "--version"],
        then: fx("SECURITY", ["write_local"], "filesystem", "disk"),
      },
    ],
  },
  {
    names: [
      "vgcreate",
      "vgchange",
      "vgextend",
      "vgrename",
      "lvcreate",
      "lvchange",
      "lvextend",
      "lvrename",
      "pvchange",
      "vgimport",
      "vgexport",
    ],
    base: fx("SECURITY", ["write_local"], "filesystem", "disk"),
  },
  {
    names: ["pvs", "vgs", "lvs", "pvdisplay", "vgdisplay", "lvdisplay", "pvscan", "vgscan", "lvscan", "lvmdiskscan"],
    base: fx("READ", ["read_local"], "disk"),
  },
  // A filesystem's own metadata: a journal removed, features, label or UUID changed, a repair or resize forced.
  // The next mount or boot may fail, and a repair answers yes to losing data (docs/adr/0317). Printing reads.
  {
    names: ["tune2fs"],
    values: [
      "-c",
      "-C",
      "-e",
      "-E",
      "-g",
      "-i",
      "-I",
      "-J",
      "-L",
      "-m",
      "-M",
      "-o",
      "-O",
      "-r",
      "-T",
      "-u",
      "-U",
      "-Q",
      "-z",
    ],
    base: FS_META,
    rules: [
      {
        flag: ["-l"],
        notFlag: [
          "-c",
          "-C",
          "-e",
          "-E",
          "-f",
          "-g",
          "-i",
          "-I",
          "-j",
          "-J",
          "-L",
          "-m",
          "-M",
          "-o",
          "-O",
          "-r",
          "-T",
          "-u",
          "-U",
          "-Q",
          "-z",
        ],
        then: FS_LOOK,
      },
    ],
  },
  {
    names: ["dumpe2fs", "xfs_info", "xfs_db", "btrfs-show-super", "blkid"],
    base: FS_LOOK,
    rules: [{ flag: ["-x"], then: FS_META }],
  },
  { names: ["e2label", "fatlabel", "exfatlabel", "ntfslabel"], base: FS_META, rules: [{ maxWords: 1, then: FS_LOOK }] },
  {
    names: ["resize2fs", "xfs_growfs", "btrfstune", "e4defrag"],
    base: FS_META,
    rules: [{ flag: ["-P", "-n"], notFlag: ["-f"], then: FS_LOOK }],
  },
  {
    names: ["xfs_admin"],
    values: ["-L", "-U", "-O", "-r"],
    base: FS_META,
    rules: [{ flag: ["-l", "-u"], notFlag: ["-L", "-U", "-O", "-c", "-j", "-p", "-e"], then: FS_LOOK }],
  },
  {
    names: [
      "fsck",
      "e2fsck",
      "fsck.ext2",
      "fsck.ext3",
      "fsck.ext4",
      "fsck.vfat",
      "fsck.fat",
      "fsck.msdos",
      "fsck.exfat",
      "fsck.xfs",
      "fsck.btrfs",
      "xfs_repair",
      "dosfsck",
    ],
    values: ["-b", "-B", "-C", "-E", "-j", "-l", "-L", "-t", "-z"],
    base: FS_META,
    rules: [{ flag: ["-n", "-N"], notFlag: ["-y", "-p", "-a", "-f"], then: FS_LOOK }],
  },
  // debugfs reads any file of the device past its permissions; with -w it edits the filesystem's structures.
  {
    names: ["debugfs"],
    values: ["-b", "-s", "-f", "-R", "-d", "-z"],
    base: fx("SECURITY", ["read_local"], "filesystem", "disk"),
    rules: [{ flag: ["-w"], then: FS_META }],
  },
];
