/**
 * Programs that run code (interpreters, build and test tools), control processes, administer the machine,
 * edit files interactively, or hold secrets. Running code is `execute` at WRITE: what it does is not known
 * here (interpreter one-liners are looked into by the shell analysis).
 */
import { EDITOR_TUNNEL } from "./publication.ts";
import { SYSTEM_DAEMONS } from "./processes.ts";
import { fx, type Program, type Rule } from "./types.ts";
import { UNVETTED } from "./outside-code.ts";
import { SUDO_ALIKES } from "../../shell/index.ts";

const RUN = fx("WRITE", ["execute"], "code");
const BUILD = fx("WRITE", ["execute", "write_local"], "build");
const ADMIN = fx("SECURITY", ["write_local"], "system");
const READ_SYSTEM = fx("READ", ["read_local"], "system");
const SECRET = fx("SECURITY", ["credential_access"], "credentials");
/** openssl subcommands that hash, check or describe what they are given, or print the library's own facts. */
const OPENSSL_READS = [
  ...["dgst", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "sha3-512", "blake2b512"],
  ...["version", "help", "list", "ciphers", "errstr", "rand", "prime", "verify", "asn1parse", "crl2pkcs7"],
];
const ROOT_SHELL = fx("SECURITY", ["execute"], "privileged");
const KILL_SYSTEM = fx("DESTRUCTIVE", ["execute"], "process", "system");
const SERVE = fx("WRITE", ["execute", "read_local", "write_external"], "code", "network", "server");

/** A module named by a network address rather than a file or package name. */
const REMOTE_MODULE = /^(?:https?|ftp):\/\//i;

export const SYSTEM: readonly Program[] = [
  {
    names: [
      "python",
      "python2",
      "python3",
      "pypy",
      "pypy3",
      "node",
      "nodejs",
      "php",
      "lua",
      "luajit",
      "Rscript",
      "R",
      "julia",
      "java",
      "tsx",
      "ts-node",
      "bash",
      "sh",
      "zsh",
      "dash",
      "ksh",
      "fish",
      "csh",
      "tcsh",
      "source",
      ".",
      "osascript",
      "pwsh",
      "powershell",
      "groovy",
      "scala",
      "kotlin",
      "elixir",
      "erl",
      "ghci",
      "runghc",
      "dotnet-script",
    ],
    values: [
      "-m",
      "-W",
      "-X",
      "-r",
      "--require",
      "-I",
      "--import",
      "--loader",
      "--experimental-loader",
      "-cp",
      "-classpath",
      "--env-file",
      "-c",
      "-e",
      "-E",
      "--eval",
      "-p",
      "--print",
    ],
    base: RUN,
    runsCode: true,
    paths: {
      positional: "read",
      pathLike: true,
      options: { "--env-file": "read", "-r": "read", "--require": "read", "--import": "read" },
    },
    // A file server serves every file below its directory (the cwd unless told): a read of the whole tree.
    rules: [
      // A module loaded before the program from an address (`node --import https://…`, `--loader`, with or
      // without --experimental-network-imports): code from elsewhere, as `deno run URL` (docs/adr/0456).
      {
        optionText: {
          "--import": REMOTE_MODULE,
          "--loader": REMOTE_MODULE,
          "--experimental-loader": REMOTE_MODULE,
          "-r": REMOTE_MODULE,
          "--require": REMOTE_MODULE,
        },
        then: UNVETTED,
      },
      {
        // pyftpdlib serves its directory over FTP, writable with `-w` (docs/adr/0644).
        option: {
          "-m": ["http.server", "SimpleHTTPServer", "uploadserver", "RangeHTTPServer", "twisted", "pyftpdlib"],
        },
        then: SERVE,
        paths: { positional: "read", pathLike: true, served: { options: ["--directory", "-d", "--path"] } },
      },
      // `python -m json.tool IN OUT` writes its second operand (docs/adr/0644).
      {
        option: { "-m": ["json.tool"] },
        then: fx("WRITE", ["write_local"], "code"),
        paths: { positional: "read", last: "write" },
      },
      // php's built-in server: `php -S host:port [-t docroot]` (python's -S takes no address).
      {
        flag: ["-S"],
        text: /^(?:[\w.-]*|\[[\da-f:.]*\]):\d+$/i,
        then: SERVE,
        paths: { positional: "read", pathLike: true, served: { options: ["-t"] } },
      },
      // An Erlang node given a cookie on the command line joins the distribution: epmd and the node listen on every
      // interface, and whoever knows the cookie runs any code on it (docs/adr/0770).
      {
        text: /^-{1,2}(?:setcookie|cookie)$/,
        then: fx("SECURITY", ["write_external", "read_external"], "network", "listener"),
      },
      { flag: ["--version", "-V", "--help", "-h"], bare: true, then: fx("READ", [], "code") },
    ],
  },
  // perl and ruby: `-i` edits their file operands in place (`perl -pi -e 's/a/b/' f`).
  {
    names: ["perl", "ruby"],
    values: ["-e", "-E", "-I", "-M", "-m", "-r", "-x", "-C", "--require"],
    base: RUN,
    runsCode: true,
    paths: { positional: "read", pathLike: true, options: { "-r": "read", "--require": "read" } },
    rules: [
      { flag: ["--version", "-v", "--help", "-h"], bare: true, then: fx("READ", [], "code") },
      // ruby's un library: `ruby -run -e httpd [DIR] -p 8000` serves DIR (the cwd) on every interface (docs/adr/0402).
      {
        option: { "-e": ["httpd"] },
        then: SERVE,
        paths: { positional: "read", pathLike: true, served: { options: ["--document-root"], positional: true } },
      },
      {
        flag: ["-i"],
        then: RUN,
        paths: {
          positional: "write",
          pathLike: true,
          options: { "-r": "read", "--require": "read" },
          inPlaceBackup: true,
        },
      },
    ],
  },
  {
    names: [
      "make",
      "gmake",
      "cmake",
      "ninja",
      "bazel",
      "bazelisk",
      "buck",
      "buck2",
      "meson",
      "scons",
      "ant",
      "sbt",
      "just",
      "task",
      "rake",
      "invoke",
      "nox",
      "tox",
      "gcc",
      "g++",
      "cc",
      "c++",
      "clang",
      "clang++",
      "rustc",
      "javac",
      "zig",
      "tsc",
      "esbuild",
      "webpack",
      "vite",
      "rollup",
      "parcel",
      "turbo",
      "nx",
      "lerna",
      "jest",
      "vitest",
      "mocha",
      "ava",
      "pytest",
      "py.test",
      "nosetests",
      "rspec",
      "phpunit",
      "ctest",
      "playwright",
      "cypress",
      "flake8",
      "pylint",
      "mypy",
      "pyright",
      "clippy-driver",
      "shellcheck",
      "tflint",
      "hadolint",
    ],
    values: ["-C", "-f", "--file", "-j", "-o", "-c", "--config", "-p", "--project"],
    base: BUILD,
    runsCode: true,
    rules: [
      { flag: ["--version", "-V", "--help", "-h"], bare: true, then: fx("READ", [], "build") },
      // A dependency fetched from an address into the build's manifest (`zig fetch --save URL`): its build code runs
      // at the next build (docs/adr/0554).
      { sub: ["fetch"], wordPrefix: ["http://", "https://", "git+", "git://", "ssh://"], then: UNVETTED },
    ],
  },
  // Formatters and fixers rewrite the files they name: some always (black, isort, rustfmt, `ruff format`), the
  // others with a write or fix flag.
  {
    names: ["black", "isort", "rustfmt", "ruff"],
    values: ["-c", "--config", "--line-length", "-l", "--target-version", "--settings-path", "--edition"],
    base: BUILD,
    runsCode: true,
    paths: { positional: "read", pathLike: true },
    rules: [
      { flag: ["--version", "-V", "--help", "-h"], bare: true, then: fx("READ", [], "build") },
      { flag: ["--check", "--diff", "--check-only"], then: BUILD, paths: { positional: "read", pathLike: true } },
      { sub: ["check"], flag: ["--fix"], then: BUILD, paths: { positional: "write", pathLike: true } },
      { sub: ["check"], then: BUILD, paths: { positional: "read", pathLike: true } },
      { then: BUILD, paths: { positional: "write", pathLike: true } },
    ],
  },
  {
    names: [
      "prettier",
      "eslint",
      "biome",
      "gofmt",
      "goimports",
      "clang-format",
      "stylelint",
      "rubocop",
      "standard",
      "dprint",
    ],
    values: ["-c", "--config", "--ignore-path", "--plugin", "--parser", "--rulesdir", "--ext", "--style"],
    base: BUILD,
    runsCode: true,
    paths: { positional: "read", pathLike: true },
    rules: [
      { flag: ["--version", "-V", "--help", "-h"], bare: true, then: fx("READ", [], "build") },
      {
        flag: [
          "--write",
          "-w",
          "--fix",
          "--apply",
          "--apply-unsafe",
          "-i",
          "-a",
          "-A",
          "--autocorrect",
          "--autocorrect-all",
        ],
        then: BUILD,
        paths: { positional: "write", pathLike: true },
      },
    ],
  },
  // Signals to processes the project did not start: every process (`kill -1`), init (`kill 1`), all of a user's
  // processes (`pkill -u`), or the machine's own daemons. The agent and its host die with them (docs/adr/0200).
  {
    names: ["kill"],
    values: ["-s", "-n", "--signal"],
    base: fx("WRITE", ["execute"], "process"),
    // Its operands are process ids and job specs, never files (docs/adr/0682): `kill $(cat x.pid)` opens no path.
    paths: {},
    // `kill 0` signals the caller's whole process group, `-$$` the shell's, `$PPID` the agent that started it.
    rules: [
      { word: ["-1", "1", "0"], then: KILL_SYSTEM },
      { text: /^(?:"?\$\{?PPID\}?"?|-"?\$\$"?|-"?\$\{?PPID\}?"?)$/, then: KILL_SYSTEM },
    ],
  },
  {
    names: ["pkill", "killall", "skill"],
    values: ["-u", "-U", "-g", "-G", "-P", "-s", "-t", "-F", "--signal", "--euid", "--uid", "--user", "-o", "-y"],
    base: fx("WRITE", ["execute"], "process"),
    rules: [
      // By word as well as by flag: a signal name spelled as a cluster (`-STOP`) may have swallowed the option.
      { flag: ["-u", "-U", "--euid", "--uid", "--user"], then: KILL_SYSTEM },
      { text: /^(?:-u|-U|--euid|--uid|--user)(?:=.*)?$/, then: KILL_SYSTEM },
      { word: SYSTEM_DAEMONS, then: KILL_SYSTEM },
      // A pattern that matches every process (`pkill -f .`).
      { word: [".", ".*", "^", "", "^.*", ".+"], then: KILL_SYSTEM },
    ],
  },
  { names: ["killall5"], base: KILL_SYSTEM },
  // `xkill -all` closes every client of the display; `fuser -k -m /` kills everything that uses a filesystem.
  { names: ["xkill"], base: fx("WRITE", ["execute"], "process"), rules: [{ flag: ["-all"], then: KILL_SYSTEM }] },
  {
    names: ["fuser"],
    base: fx("READ", ["read_local"], "process"),
    rules: [
      { text: /^-[A-Za-z]*k|^--kill$/, flag: ["-m", "-M", "--mount", "--ismountpoint"], then: KILL_SYSTEM },
      {
        text: /^-[A-Za-z]*k|^--kill$/,
        word: ["/", "/home", "/usr", "/var", "/tmp", "/etc", "/dev", "~", "/proc"],
        then: KILL_SYSTEM,
      },
      // What holds a terminal (`/dev/pts/*`, `/dev/tty1`) is a login session; what holds a port below 1024 is a
      // system daemon (`fuser -k 22/tcp` is sshd). A dev server's port stays a write (docs/adr/0348).
      { flag: ["-k", "--kill"], text: /^\/dev\/|^(?:\d{1,3}|10[01]\d|102[0-3])\/(?:tcp|udp)$/, then: KILL_SYSTEM },
      { text: /^-[A-Za-z]*k|^--kill$/, then: fx("WRITE", ["execute"], "process") },
    ],
  },
  // A privilege wrapper left without a command to peel opens a root shell (`sudo -i`, `su -`, `run0`, `doas -s`):
  // whatever is typed next runs as root, unseen (docs/adr/0201). sudo's own bookkeeping reads.
  {
    names: ["sudo"],
    values: ["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "-R", "--user", "--group", "--chdir"],
    base: ROOT_SHELL,
    rules: [
      // A password fed on stdin (`echo pw | sudo -S -v`) caches root for what follows, or guesses it (docs/adr/0624).
      { flag: ["-S", "--stdin"], then: ROOT_SHELL },
      {
        flag: [
          "-l",
          "--list",
          "-v",
          "--validate",
          "-V",
          "--version",
          "-k",
          "-K",
          "--reset-timestamp",
          "--remove-timestamp",
        ],
        notFlag: ["-e", "--edit", "-s", "--shell", "-i", "--login"],
        then: READ_SYSTEM,
      },
      // `sudo -h` alone is the help text (with a value it names a host); docs/adr/0358.
      { flag: ["-h", "--help"], bare: true, then: READ_SYSTEM },
    ],
  },
  { names: ["su", "doas", "run0", "pkexec", "runuser", "sudoedit", "sg"], base: ROOT_SHELL },
  // sudo's alternatives left as the program (docs/adr/0476): a root shell or a file edited as root, like sudo's;
  // listing or checking their rules reads. ksu and calife are su's, super and pleaseedit run what their tables name.
  {
    names: [...Object.keys(SUDO_ALIKES), "ksu", "calife", "super", "pleaseedit", "sudoedit-rs"],
    base: ROOT_SHELL,
    rules: [
      {
        flag: ["-l", "--list", "-v", "-V", "--version", "-k", "-K"],
        notFlag: ["-s", "-i", "-e", "--shell", "--login", "--edit"],
        then: READ_SYSTEM,
      },
    ],
  },
  // capsh changes uid, gid and capability sets and runs a shell with them (`capsh --uid=0 --gid=0 --`): a root
  // shell as sudo -s is (docs/adr/0358); its printing and decoding forms read.
  {
    names: ["capsh"],
    base: ROOT_SHELL,
    rules: [{ text: /^--(?:print|decode|has-[a-z]+|supports|help|current|explain)(?:=|$)/, then: READ_SYSTEM }],
  },
  {
    names: ["machinectl"],
    base: ADMIN,
    rules: [
      { sub: ["shell"], then: ROOT_SHELL },
      { sub: ["login"], then: ROOT_SHELL },
      {
        word: ["list", "status", "show", "list-images", "image-status", "show-image", "list-transfers"],
        then: READ_SYSTEM,
      },
    ],
  },
  // The operating system's own protections (SIP, Gatekeeper, AppArmor, the audit log, app privacy grants):
  // turning one off is SECURITY; asking for its status reads.
  {
    names: ["csrutil", "spctl", "aa-disable", "aa-complain", "aa-teardown", "auditctl", "tccutil"],
    base: ADMIN,
    rules: [
      { word: ["status", "report"], then: READ_SYSTEM },
      { flag: ["--status", "-s", "-l", "--assess"], notFlag: ["-D", "-e", "--master-disable"], then: READ_SYSTEM },
    ],
  },
  { names: ["renice"], base: fx("WRITE", ["execute"], "process") },
  {
    names: ["shutdown", "reboot", "halt", "poweroff", "init", "telinit"],
    base: fx("DESTRUCTIVE", ["execute"], "system"),
  },
  {
    names: ["systemctl", "service", "launchctl", "rc-service", "initctl", "sv"],
    base: ADMIN,
    rules: [
      // The user's own service manager starting, stopping or restarting the user's own unit is a dev server's
      // start or stop (docs/adr/0348, 0550): a start gives it back. Enabling, masking or killing one stays SECURITY;
      // rulegate's own units are the self-control hard deny's.
      {
        flag: ["--user"],
        sub: [],
        word: ["start", "stop", "restart", "try-restart", "reload", "reload-or-restart"],
        then: RUN,
      },
      {
        // Every listing and query form reads (`systemctl --user list-timers`, docs/adr/0359).
        word: [
          "status",
          "list-units",
          "list-unit-files",
          "list-timers",
          "list-sockets",
          "list-jobs",
          "list-dependencies",
          "list-paths",
          "list-automounts",
          "list-machines",
          "is-active",
          "is-enabled",
          "is-failed",
          "is-system-running",
          "show",
          "show-environment",
          "get-default",
          "cat",
          "list",
          "print",
        ],
        then: READ_SYSTEM,
      },
    ],
  },
  // Daemons' own controls stop the service for every user of the host (docs/adr/0348): `nginx -s stop`,
  // `apachectl stop`, `supervisorctl stop all`, `pm2 kill`, `pg_dropcluster`. Their tests and
  // listings read.
  {
    names: ["nginx", "openresty"],
    values: ["-s", "-c", "-g", "-p", "-e"],
    base: SERVE,
    rules: [
      { flag: ["-s"], then: ADMIN },
      { flag: ["-t", "-T", "-v", "-V", "-h", "-?", "-q"], then: READ_SYSTEM },
    ],
  },
  {
    names: ["apachectl", "apache2ctl"],
    values: ["-k", "-f", "-d", "-C", "-c", "-D"],
    base: ADMIN,
    rules: [
      {
        word: ["configtest", "status", "fullstatus", "-t", "-S", "-M", "-l", "-L", "-v", "-V", "-h"],
        notFlag: ["-k"],
        then: READ_SYSTEM,
      },
    ],
  },
  {
    names: ["supervisorctl"],
    values: ["-c", "--configuration", "-s", "--serverurl", "-u", "--username", "-p", "--password"],
    base: ADMIN,
    rules: [
      { bare: true, then: READ_SYSTEM },
      ...["status", "avail", "tail", "pid", "version", "help", "maintail"].map(
        (s): Rule => ({ sub: [s], then: READ_SYSTEM }),
      ),
    ],
  },
  {
    names: ["pm2"],
    base: RUN,
    rules: [
      { sub: ["kill"], then: ADMIN },
      { sub: ["unstartup"], then: ADMIN },
      { sub: ["startup"], then: fx("SECURITY", ["write_local", "execute"], "system", "persistence") },
      ...["stop", "delete", "del", "restart", "reload", "flush", "reset", "signal", "sendSignal"].map(
        (s): Rule => ({ sub: [s], word: ["all"], then: ADMIN }),
      ),
    ],
  },
  {
    names: ["pg_dropcluster", "pg_upgradecluster"],
    base: ADMIN,
    rules: [{ word: ["status"], then: READ_SYSTEM }],
  },
  // `chrt -f 99 CMD`: a real-time CPU hog starves every other process, the kernel's own helpers included; with no
  // policy flag chrt means round-robin real time. Idle, batch and normal policies are harmless (docs/adr/0348).
  {
    names: ["chrt"],
    base: ADMIN,
    rules: [
      { flag: ["-m", "--max", "-h", "--help", "-V", "--version"], then: READ_SYSTEM },
      {
        text: /^-(?:[a-zA-Z]*[obi]|-other|-batch|-idle)$/,
        unlessText: /^-(?:[a-zA-Z]*[fr]|-fifo|-rr|-deadline)$/,
        then: RUN,
      },
      { flag: ["-p", "--pid"], maxWords: 1, then: READ_SYSTEM },
    ],
  },
  // Kernel settings: `sysctl kernel.sysrq=1`, `sysctl -p FILE`, `sysctl --system` change the running kernel.
  {
    names: ["sysctl"],
    values: ["-p", "--load", "-f", "-r", "--pattern"],
    base: READ_SYSTEM,
    rules: [
      { flag: ["-w", "--write", "-p", "--load", "-f", "--system"], then: ADMIN },
      { text: /^[^-][^=]*=/, then: ADMIN },
    ],
  },
  {
    names: ["journalctl", "lsmod", "modinfo", "lspci", "lsusb", "vmstat", "iostat", "sar", "findmnt"],
    base: READ_SYSTEM,
    rules: [{ sub: [], flag: ["-w", "--write", "--vacuum-size", "--vacuum-time", "--rotate"], then: ADMIN }],
  },
  // The name service's databases (`getent passwd dev`, `getent hosts x`) are what every program already reads
  // through libc; only the password hashes (`shadow`, `gshadow`) are secret, and credential-read denies those.
  { names: ["getent"], base: READ_SYSTEM },
  // systemd-analyze checks and describes units and boot (`verify`, `security`, `blame`, `calendar`) without
  // starting anything (`--generators` runs the generators, which write units: not a read); the `set-*` and
  // `service-watchdogs` verbs change the running manager (docs/adr/0690).
  {
    names: ["systemd-analyze"],
    base: READ_SYSTEM,
    paths: { positional: "read", pathLike: true },
    rules: [
      { flag: ["--generators"], then: ADMIN },
      { wordPrefix: ["set-", "service-watchdogs"], then: ADMIN },
    ],
  },
  // `dmesg -C` empties the kernel ring buffer (evidence of what just happened); `-n`/`-D` silence the console.
  {
    names: ["dmesg"],
    base: READ_SYSTEM,
    rules: [
      {
        flag: [
          "-C",
          "--clear",
          "-c",
          "--read-clear",
          "-D",
          "--console-off",
          "-E",
          "--console-on",
          "-n",
          "--console-level",
        ],
        then: ADMIN,
      },
    ],
  },
  {
    names: ["crontab", "fcrontab", "incrontab", "at", "batch", "atrm", "schtasks", "schtasks.exe"],
    base: fx("SECURITY", ["write_local", "execute"], "system", "persistence"),
    rules: [
      { flag: ["-l"], then: READ_SYSTEM },
      { word: ["/query", "/QUERY", "/Query"], then: READ_SYSTEM },
    ],
  },
  {
    names: [
      "useradd",
      "userdel",
      "usermod",
      "adduser",
      "deluser",
      "groupadd",
      "groupdel",
      // Group membership (sudo, wheel, docker, adm) is privilege: `gpasswd -a dev sudo`, `addgroup dev wheel`.
      "gpasswd",
      "groupmod",
      "addgroup",
      "delgroup",
      "vigr",
      "vipw",
      "lusermod",
      "lgroupmod",
      "dseditgroup",
      "passwd",
      "chpasswd",
      "chsh",
      "newgrp",
      "setenforce",
      "modprobe",
      "insmod",
      "rmmod",
      "ldconfig",
    ],
    base: ADMIN,
  },
  // visudo edits the sudo rules (or the file of `-f`); `-c` only checks their syntax and prints what it found
  // (docs/adr/0690). Bundled letters count: `visudo -cf FILE` checks.
  {
    names: ["visudo"],
    values: ["-f", "--file"],
    base: ADMIN,
    rules: [{ flag: ["-c", "--check"], then: READ_SYSTEM, paths: { options: { "-f": "read", "--file": "read" } } }],
  },
  // The system's default programs: `--set`, `--install`, `--config`, `--auto`, `--remove` change which binary
  // `java` or `editor` is for every user; `--display`, `--query`, `--list` and `--get-selections` print it
  // (docs/adr/0550).
  {
    names: ["update-alternatives", "alternatives"],
    base: ADMIN,
    rules: [
      {
        flag: ["--display", "--query", "--list", "--get-selections", "--help", "--version"],
        notFlag: ["--set", "--install", "--config", "--auto", "--all", "--remove", "--remove-all", "--set-selections"],
        then: READ_SYSTEM,
      },
    ],
  },
  {
    names: [
      "vi",
      "vim",
      "nvim",
      "nano",
      "emacs",
      "ed",
      "ex",
      "pico",
      "micro",
      "joe",
      "code",
      "subl",
      "codium",
      "cursor",
      // Their other builds and forks take the same options (docs/adr/0371).
      "vscode",
      "vscodium",
      "windsurf",
    ],
    base: fx("WRITE", ["write_local"], "editor"),
    paths: { positional: "write", pathLike: false },
    values: ["--host", "--bind-addr"],
    // An editor extension runs with the user's rights at every start of the editor (docs/adr/0157).
    rules: [
      ...EDITOR_TUNNEL,
      {
        flag: ["--install-extension"],
        then: fx("SECURITY", ["write_local", "execute"], "editor", "persistence"),
        paths: { positional: "read", pathLike: true },
      },
    ],
  },
  { names: ["open", "xdg-open", "start", "explorer"], base: fx("WRITE", ["execute"], "desktop") },
  {
    names: ["security"],
    base: READ_SYSTEM,
    rules: [
      { wordPrefix: ["find-", "dump-keychain", "export"], then: SECRET },
      { wordPrefix: ["delete-", "add-", "set-"], then: ADMIN },
    ],
  },
  {
    names: ["gpg", "gpg2"],
    base: fx("WRITE", ["read_local", "write_local"], "crypto"),
    rules: [
      { flag: ["--export-secret-keys", "--export-secret-subkeys"], then: SECRET },
      // A secret key deleted is gone for good: what it signs and decrypts with it (docs/adr/0563). A public key
      // deleted is fetched again from a key server or its owner.
      {
        flag: [
          "--delete-secret-keys",
          "--delete-secret-key",
          "--delete-secret-and-public-keys",
          "--delete-secret-and-public-key",
        ],
        then: fx("DESTRUCTIVE", ["write_local"], "crypto"),
      },
      // Decrypting prints (or writes) what was encrypted to keep it secret: a vault, a credentials file (ADR 0354).
      { flag: ["-d", "--decrypt", "--decrypt-files", "--show-session-key"], then: SECRET },
      // Keys the signatures are checked against, from where nobody can read them (`curl … | gpg --import`), or
      // the trust put in them: SECURITY (docs/adr/0312). A key file of the project stays a write of the keyring.
      {
        flag: ["--import"],
        stdin: "unknown",
        then: fx("SECURITY", ["read_local", "write_local"], "crypto", "unvetted-source"),
      },
      {
        flag: ["--fetch-keys", "--import-ownertrust", "--lsign-key", "--quick-lsign-key", "--tofu-policy"],
        then: fx("SECURITY", ["read_external", "write_local"], "crypto", "unvetted-source"),
      },
      {
        flag: ["--list-keys", "-k", "--list-secret-keys", "-K", "--verify", "--fingerprint"],
        then: fx("READ", ["read_local"], "crypto"),
      },
    ],
  },
  // pass and its ports keep one file per secret: `ls`, `list` and `find` print the tree of their names, as `ls
  // ~/.password-store` would, never a value (`show`, a bare name, `grep` and `-c` print or copy one: SECRET, and
  // credential-read's hard deny). Every other verb reads or changes the store (docs/adr/0690).
  {
    names: ["pass", "passage", "gopass"],
    base: SECRET,
    rules: ["ls", "list", "find"].map(
      (verb): Rule => ({ sub: [verb], notFlag: ["-c", "--clip"], then: fx("READ", ["read_local"], "credentials") }),
    ),
  },
  {
    // Password managers, keyrings and wallets: every subcommand reads or changes the store (docs/adr/0490).
    names: [
      ...["op", "vault", "bw", "rbw", "lpass", "keyring", "secret-tool", "aws-vault"],
      ...["kwallet-query", "kwalletcli", "keepassxc-cli", "kpcli"],
    ],
    base: SECRET,
    // Whether the store is sealed, locked or logged in, and where its server is: no secret (docs/adr/0690).
    rules: [{ sub: ["status"], bare: true, then: fx("READ", ["read_local"], "credentials") }],
  },
  // sops decrypts (prints secrets) and edits; encrypting prints or writes ciphertext only (docs/adr/0442).
  {
    names: ["sops"],
    base: SECRET,
    values: [
      ...["--age", "-a", "--kms", "-k", "--pgp", "-p", "--gcp-kms", "--azure-kv", "--hc-vault-transit"],
      ...["--encrypted-regex", "--unencrypted-regex", "--encrypted-suffix", "--unencrypted-suffix"],
      ...["--input-type", "--output-type", "--config", "--filename-override", "--shamir-secret-sharing-threshold"],
      "--output",
    ],
    rules: [
      {
        flag: ["-e", "--encrypt"],
        notFlag: ["-d", "--decrypt", "-i", "--in-place", "--output", "-s", "--show-master-keys", "--extract"],
        then: fx("READ", ["read_local"], "crypto"),
        paths: { positional: "read" },
      },
      {
        flag: ["-e", "--encrypt"],
        notFlag: ["-d", "--decrypt", "-s", "--show-master-keys", "--extract"],
        then: fx("WRITE", ["read_local", "write_local"], "crypto"),
        paths: { positional: "write", options: { "--output": "write" } },
      },
    ],
  },
  // age and rage decrypt like gpg -d (ADR 0434): what was encrypted to keep it secret is printed. The identity
  // file given with -i is a key: the credential paths judge it.
  {
    names: ["age", "rage"],
    values: ["-i", "--identity", "-o", "--output", "-r", "--recipient", "-R", "--recipients-file"],
    base: fx("WRITE", ["read_local", "write_local"], "crypto"),
    paths: {
      positional: "read",
      options: {
        "-i": "read",
        "--identity": "read",
        "-R": "read",
        "--recipients-file": "read",
        "-o": "write",
        "--output": "write",
      },
    },
    rules: [
      {
        flag: ["-d", "--decrypt"],
        then: SECRET,
        paths: {
          positional: "read",
          options: { "-i": "read", "--identity": "read", "-o": "write", "--output": "write" },
        },
      },
    ],
  },
  // Java's keystores and trust stores (docs/adr/0486): `-importcert -cacerts` makes a certificate trusted by every JVM
  // reading that store. keytool's options are whole words: `-alias` is no cluster holding ssh-keygen's `-l` below.
  {
    names: ["keytool"],
    base: fx("SECURITY", ["write_local"], "crypto", "credentials", "trust-store"),
    values: ["-alias", "-file", "-keystore", "-storepass", "-keypass", "-storetype", "-srckeystore", "-destkeystore"],
    paths: {
      pathLike: true,
      options: { "-file": "read", "-keystore": "read", "-srckeystore": "read", "-destkeystore": "write" },
    },
    rules: [
      {
        flag: ["-list", "-printcert", "-printcertreq", "-printcrl", "-showinfo", "-help", "--help"],
        then: fx("READ", ["read_local"], "crypto"),
      },
    ],
  },
  // An agent of its own for this shell: it holds the keys ssh-add loads (the credential checks judge those paths)
  // and prints the variables that find it (docs/adr/0572). With a command it is a wrapper (shell/job-wrappers.ts).
  { names: ["ssh-agent"], base: fx("WRITE", ["write_local"], "crypto") },
  {
    names: ["ssh-keygen", "ssh-add", "ssh-copy-id", "openssl", "certutil"],
    base: fx("SECURITY", ["write_local"], "crypto", "credentials"),
    values: [
      "-in",
      "-out",
      "-f",
      "-key",
      "-inkey",
      "-cert",
      "-CAfile",
      "-keystore",
      "-file",
      "-i",
      "-passin",
      "-passout",
      "-connect",
      "-servername",
      "-proxy",
      "-keyout",
      "-newkey",
      "-subj",
      "-days",
      "-addext",
      "-pkeyopt",
      "-algorithm",
      "-name",
    ],
    paths: {
      positional: "read",
      pathLike: true,
      options: {
        "-in": "read",
        "-out": "write",
        "-f": "read",
        "-key": "read",
        "-inkey": "read",
        "-cert": "read",
        "-keystore": "read",
        "-file": "read",
        "-i": "read",
      },
    },
    rules: [
      // A key (and its certificate) made now and written where the call says (docs/adr/0576): `openssl req -x509
      // -newkey rsa:2048 -nodes -keyout certs/dev.key -out certs/dev.crt`, `openssl genrsa -out k.pem 2048`. A
      // request signed with an existing key (`-key`) reads that key, as before.
      {
        sub: ["req"],
        flag: ["-newkey"],
        notFlag: ["-key", "-in", "-CAkey"],
        then: fx("WRITE", ["write_local"], "crypto"),
        paths: { options: { "-keyout": "write", "-out": "write" }, generates: true },
      },
      ...["genrsa", "genpkey", "gendsa"].map(
        (sub): Rule => ({
          sub: [sub],
          notFlag: ["-in", "-paramfile"],
          then: fx("WRITE", ["write_local"], "crypto"),
          paths: { options: { "-out": "write" }, generates: true },
        }),
      ),
      // ssh-keygen's public half (`-y`) and fingerprint (`-l`) of a key file print nothing secret (docs/adr/0576);
      // a change of the key (`-p`, `-c`, `-e`…) or a new one (`-t`) is not this.
      {
        flag: ["-y", "-l"],
        maxWords: 0,
        notFlag: ["-p", "-c", "-e", "-i", "-R", "-s", "-A", "-t", "-N", "-P", "-O", "-Y", "-I", "-n", "-h"],
        then: fx("READ", ["read_local"], "crypto"),
        paths: { options: { "-f": "read" }, derivedPublic: true },
      },
      { flag: ["-l", "-L", "-F"], then: fx("READ", ["read_local"], "crypto") },
      // A TLS handshake with a server prints its certificate chain (docs/adr/0400): a probe, like `curl -I`. What is
      // piped into it is sent (sent-out.ts), and a key it is given is a path the credential checks see.
      ...["s_client", "s_time"].map(
        (sub): Rule => ({ sub: [sub], then: fx("READ", ["read_external"], "network", "crypto") }),
      ),
      // Printing what a certificate, request or revocation list says (public data) changes nothing; signing,
      // writing or making new ones is not this.
      ...["x509", "req", "crl"].map(
        (sub): Rule => ({
          sub: [sub],
          flag: ["-noout"],
          notFlag: ["-out", "-signkey", "-CA", "-CAkey", "-new", "-x509", "-key", "-newkey"],
          then: fx("READ", ["read_local"], "crypto"),
        }),
      ),
      // openssl's digests, encodings of public data and reports change nothing and hold no secret (docs/adr/0543):
      // `openssl dgst -sha256 dist/app.js` is `sha256sum`. Signing with a key names the key, which the paths judge.
      ...OPENSSL_READS.map((sub): Rule => ({ sub: [sub], then: fx("READ", ["read_local"], "crypto") })),
      // A new key pair written to a named file (`ssh-keygen -t ed25519 -f ./test-key -N ''`) is a file write: the
      // path checks judge where it lands (a credential path or ~/.ssh/authorized_keys is theirs to stop).
      {
        flag: ["-t"],
        notFlag: ["-y", "-p", "-c", "-e", "-i", "-R", "-s", "-A"],
        optionText: { "-f": /./ },
        then: fx("WRITE", ["write_local"], "crypto"),
        paths: { options: { "-f": "write" } },
      },
    ],
  },
];
