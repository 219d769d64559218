/**
 * Shell builtins, information commands and text tools that only read. Anything that writes, deletes or
 * runs code lives in its own table; a program missing from every table is unknown code (execute, WRITE).
 */
import { ENVIRONMENT_DUMP } from "./environment.ts";
import { fx, type Program } from "./types.ts";

const INFO = fx("READ", [], "shell");
const READS = fx("READ", ["read_local"], "filesystem");
/** grep reads whole trees only when asked to. */
const GREP_R = ["-r", "-R", "--recursive", "--dereference-recursive"];
const SEARCH_HIDDEN = ["--hidden", "-.", "-u", "--unrestricted"];
/** jq's `env` builtin or `$ENV` variable as a word of its own: not a field (`.env`), a string or a longer name. */
const JQ_READS_ENV = /(?:^|[^\w$."])env\b(?!\s*:)|\$ENV\b/;

/** Readers whose every operand is a file read, with the options that take a value. */
function readers(names: readonly string[], values: readonly string[]): Program {
  return { names: [...names], values: [...values], base: READS, paths: { positional: "read" } };
}

/** Readers of names and metadata only (PathRoles.metadata): a listing, a stat. */
function listers(names: readonly string[], values: readonly string[]): Program {
  return { names: [...names], values: [...values], base: READS, paths: { positional: "read", metadata: true } };
}

/** find's actions that print into a file: the file is written, whatever else the walk does. */
const FIND_PRINT_FILES = { "-fprint": "write", "-fprintf": "write", "-fls": "write", "-fprint0": "write" } as const;

export const BASIC: readonly Program[] = [
  // Builtins and commands that inspect the session, not files.
  {
    names: [
      ":",
      "true",
      "false",
      "popd",
      "dirs",
      "pwd",
      "echo",
      "printf",
      "test",
      "[",
      "[[",
      "unset",
      "shift",
      "read",
      "exit",
      "return",
      "wait",
      "jobs",
      "disown",
      "sleep",
      "type",
      "hash",
      "which",
      "whereis",
      "whatis",
      "command",
      "builtin",
      "help",
      "man",
      "info",
      "apropos",
      "cal",
      "whoami",
      "id",
      "groups",
      "uname",
      "uptime",
      "free",
      "nproc",
      "arch",
      "tty",
      "ps",
      "pgrep",
      "top",
      "htop",
      "df",
      "lsblk",
      "history",
      "alias",
      "trap",
      "unalias",
      "seq",
      "yes",
      "expr",
      "bc",
      "clear",
      "locale",
      "getconf",
      "umask",
      "ulimit",
      "local",
      "readonly",
      "let",
      "shopt",
      "times",
      "tput",
      "stty",
      "logname",
      "users",
      "who",
      "w",
      "last",
      "lsof",
      "basename",
      "dirname",
      "realpath",
      "readlink",
      "mktemp",
    ],
    base: INFO,
    paths: {},
  },
  // Changing directory reads nothing, but where the commands after it work is a place: the sandbox sees it.
  { names: ["cd", "pushd"], base: INFO, paths: { positional: "read" } },
  // Readers of files (or stdin): every positional is a path read. Each program lists only the options that
  // take a value: a flag listed as valued would hide the path after it (`cat -n ~/.ssh/id_rsa`).
  readers(
    ["cat", "rev", "md5sum", "sha1sum", "sha256sum", "sha512sum", "b2sum", "cksum", "sum", "zcat", "bzcat", "xzcat"],
    [],
  ),
  // Access lists, attributes, capabilities and the path's components are metadata, like a stat: they print nothing
  // of what a file holds (docs/adr/0802).
  listers(["getfacl", "lsattr", "namei", "getcap"], []),
  readers(["shasum"], ["-a", "--algorithm"]),
  readers(
    ["less", "zless", "more"],
    ["-p", "-x", "-b", "-h", "-y", "-z", "-j", "-o", "-O", "-P", "-t", "-T", "-k", "-n"],
  ),
  readers(
    ["head", "tail"],
    ["-n", "-c", "--lines", "--bytes", "-s", "--sleep-interval", "--pid", "--max-unchanged-stats"],
  ),
  readers(["tac"], ["-s", "--separator"]),
  readers(["nl"], ["-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"]),
  readers(["cut"], ["-b", "-c", "-d", "-f", "--output-delimiter"]),
  readers(["paste"], ["-d", "--delimiters"]),
  readers(["join"], ["-1", "-2", "-e", "-j", "-o", "-t"]),
  readers(["comm"], ["--output-delimiter"]),
  readers(["fold", "fmt"], ["-w", "--width", "-p", "-g"]),
  readers(["pr"], ["-h", "--header", "-l", "-w", "-W", "-o", "-e", "-i", "-n", "-s", "-S", "-N"]),
  readers(["expand", "unexpand"], ["-t", "--tabs"]),
  readers(
    ["column"],
    ["-s", "-c", "-o", "-N", "-W", "-H", "-R", "-E", "-d", "--separator", "--output-separator", "--table-columns"],
  ),
  readers(
    ["od"],
    ["-A", "-j", "-N", "-t", "-S", "--address-radix", "--skip-bytes", "--read-bytes", "--format", "--strings"],
  ),
  readers(["xxd"], ["-c", "-g", "-l", "-s", "-o", "-n", "-cols", "-len", "-seek"]),
  readers(["hexdump", "hd"], ["-e", "-f", "-n", "-s"]),
  readers(["strings"], ["-n", "-t", "-e", "-T", "--bytes", "--radix", "--encoding", "--target"]),
  readers(["file"], ["-m", "-f", "-F", "-P", "--magic-file", "--files-from", "--separator"]),
  listers(["stat"], ["-c", "--format", "--printf"]),
  // wc prints counts and names, which a stat tells as well (docs/adr/0687); the list of names it is given is read.
  {
    names: ["wc"],
    values: ["--files0-from"],
    base: READS,
    paths: { positional: "read", metadata: true, options: { "--files0-from": "read" } },
  },
  listers(
    ["du"],
    [
      "-d",
      "--max-depth",
      "-B",
      "--block-size",
      "-t",
      "--threshold",
      "--exclude",
      "-X",
      "--exclude-from",
      "--time-style",
    ],
  ),
  {
    names: ["tree"],
    values: ["-L", "-P", "-I", "-o", "--filelimit", "-H", "--charset", "--timefmt"],
    base: READS,
    paths: { positional: "read", options: { "-o": "write" } },
  },
  listers(
    ["ls", "dir", "vdir"],
    [
      "-I",
      "--ignore",
      "-w",
      "--width",
      "-T",
      "--tabsize",
      "--hide",
      "--block-size",
      "--format",
      "--sort",
      "--time",
      "--time-style",
      "--color",
      "--indicator-style",
      "--quoting-style",
    ],
  ),
  listers(
    ["exa", "eza"],
    ["-L", "--level", "-I", "--ignore-glob", "-s", "--sort", "-t", "--time", "--time-style", "--color"],
  ),
  readers(
    ["diff", "sdiff", "diff3"],
    [
      "-C",
      "-U",
      "-F",
      "-I",
      "-L",
      "-x",
      "-X",
      "-S",
      "-W",
      "-o",
      "--label",
      "--width",
      "--from-file",
      "--to-file",
      "--ignore-matching-lines",
      "--exclude",
      "--exclude-from",
      "--starting-file",
      "--show-function-line",
      "--tabsize",
      "--horizon-lines",
    ],
  ),
  readers(["cmp"], ["-i", "--ignore-initial", "-n", "--bytes"]),
  readers(["base64", "base32", "basenc"], ["-w", "--wrap"]),
  readers(["look"], ["-t"]),
  readers(
    ["bat", "batcat"],
    [
      "-l",
      "--language",
      "-H",
      "--highlight-line",
      "--style",
      "--theme",
      "-r",
      "--line-range",
      "-m",
      "--map-syntax",
      "--tabs",
      "--wrap",
      "--terminal-width",
      "--color",
      "--italic-text",
      "--decorations",
      "--paging",
      "--pager",
    ],
  ),
  readers(["identify"], ["-format", "-density", "-define"]),
  readers(["pdftotext"], ["-f", "-l", "-r", "-x", "-y", "-W", "-H", "-opw", "-upw", "-enc", "-eol"]),
  readers(["csvlook"], ["-d", "-q", "-e", "--max-rows", "--max-columns", "--max-column-width"]),
  // tr translates stdin: its operands are character sets, not files.
  { names: ["tr"], base: READS, paths: {} },
  readers(["zgrep"], ["-e", "-f", "-A", "-B", "-C", "-m"]),
  // Readers with an output option or operand: `sort -o f`, `iconv -o f`, `uniq in out`.
  {
    names: ["sort", "iconv"],
    values: [
      "-k",
      "-t",
      "-S",
      "-T",
      "-f",
      "--from-code",
      "--to-code",
      "--buffer-size",
      "--temporary-directory",
      "-o",
      "--output",
    ],
    base: READS,
    paths: { positional: "read", options: { "-o": "write", "--output": "write" } },
    rules: [{ flag: ["-o", "--output"], then: fx("WRITE", ["read_local", "write_local"], "filesystem") }],
  },
  {
    names: ["uniq"],
    values: ["-f", "-s", "-w", "--skip-fields", "--skip-chars", "--check-chars"],
    base: READS,
    paths: { positional: "read", last: "write" },
  },
  // yq -i edits its file operands in place (the first positional is the expression); python-yq's tomlq and xq too.
  {
    names: ["yq", "tomlq", "xq"],
    values: ["-e", "-f", "--arg", "-p", "-o", "--input-format", "--output-format", "--from-file"],
    base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["--from-file"] },
    rules: [
      {
        flag: ["-i", "--inplace", "--in-place"],
        then: fx("WRITE", ["write_local"], "filesystem"),
        paths: { positional: "write", skip: 1, skipUnless: ["--from-file"] },
      },
    ],
  },
  // Readers of structured files whose every operand is a file (docs/adr/0490): an XPath, a schema or an output is
  // an option's value, never the first operand, so `xmllint --recover ~/.ssh/id_rsa` reads the key.
  {
    names: ["xmllint"],
    values: [
      ...["--xpath", "--pattern", "--path", "--encode", "--maxmem", "--pretty", "--max-ampl"],
      ...["--schema", "--relaxng", "--dtdvalid", "--dtdvalidfpi", "--schematron", "--output", "-o"],
    ],
    base: READS,
    paths: {
      positional: "read",
      options: {
        "--schema": "read",
        "--relaxng": "read",
        "--dtdvalid": "read",
        "--schematron": "read",
        "--output": "write",
        "-o": "write",
      },
    },
  },
  readers(["gron"], []),
  // jq's filter is a program that can read the environment (`env`, `$ENV`): printed, it is `env`'s dump
  // (docs/adr/0648). Otherwise jq reads the files after its filter, as grep does after its pattern.
  {
    names: ["jq", "gojq", "jaq"],
    values: ["-f", "--from-file", "--arg", "--argjson", "--slurpfile", "--rawfile", "--indent", "-L"],
    base: READS,
    rules: [{ firstWord: JQ_READS_ENV, notFlag: ["-f", "--from-file"], then: ENVIRONMENT_DUMP }],
    paths: { positional: "read", skip: 1, skipUnless: ["-f", "--from-file"] },
  },
  // Pattern-first readers: the first positional is a pattern or program unless given with -e/-f.
  {
    names: ["grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep"],
    values: [
      "-e",
      "-f",
      "-A",
      "-B",
      "-C",
      "-m",
      "-g",
      "--glob",
      "-t",
      "--type",
      "--include",
      "--exclude",
      "--arg",
      "--argjson",
      "--slurpfile",
      "--rawfile",
    ],
    base: READS,
    paths: {
      positional: "read",
      skip: 1,
      skipUnless: ["-e", "-f", "--regexp", "--file"],
      // rg and ag skip hidden files unless told (and every default credential directory is hidden).
      recursive: { rg: SEARCH_HIDDEN, ag: SEARCH_HIDDEN, ack: true, grep: GREP_R, egrep: GREP_R, fgrep: GREP_R },
    },
  },
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    values: ["-F", "-v", "-f", "-i", "--include"],
    base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["-f"] },
    // gawk -i inplace edits its file operands.
    rules: [
      {
        option: { "-i": ["inplace", "inplace.awk"], "--include": ["inplace", "inplace.awk"] },
        then: fx("WRITE", ["write_local"], "filesystem"),
        paths: { positional: "write", skip: 1, skipUnless: ["-f"] },
      },
    ],
  },
  // sed's own `w FILE`/`r FILE` commands (and the `w` flag of `s`) write and read files its script names.
  {
    names: ["sed"],
    values: ["-e", "-f", "--expression", "--file", "-l"],
    base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["-e", "-f", "--expression", "--file"], script: "sed" },
    rules: [
      {
        flag: ["-i", "--in-place"],
        then: fx("WRITE", ["write_local"], "filesystem"),
        paths: { positional: "write", skip: 1, skipUnless: ["-e", "-f", "--expression", "--file"], script: "sed" },
      },
    ],
  },
  // find: start paths are read; -delete turns it into a tree walk that deletes (see rm -r).
  {
    names: ["find", "fd", "fdfind", "locate", "mlocate"],
    // The file the output goes to (`-fprintf FILE FORMAT`), and the tests whose value is a pattern or a number,
    // not a path (`-name '*.pem'` names no file in the cwd).
    values: [
      "-fprint",
      "-fprintf",
      "-fls",
      "-fprint0",
      "-name",
      "-iname",
      "-path",
      "-ipath",
      "-wholename",
      "-iwholename",
      "-regex",
      "-iregex",
      "-regextype",
      "-type",
      "-xtype",
      "-maxdepth",
      "-mindepth",
      "-perm",
      "-size",
      "-user",
      "-group",
      "-uid",
      "-gid",
      "-mtime",
      "-atime",
      "-ctime",
      "-mmin",
      "-amin",
      "-cmin",
      "-links",
      "-inum",
      "-printf",
    ],
    base: READS,
    paths: { positional: "read", pathLike: true },
    rules: [
      {
        flag: ["-delete"],
        then: fx("DESTRUCTIVE", ["write_local"], "filesystem"),
        // The first rule that applies decides, so the files its print actions write are named here too (docs/adr/0788).
        paths: { positional: "delete", pathLike: true, options: FIND_PRINT_FILES },
      },
      {
        flag: ["-fprint", "-fprintf", "-fls", "-fprint0"],
        then: fx("WRITE", ["write_local", "read_local"], "filesystem"),
        paths: {
          positional: "read",
          pathLike: true,
          options: FIND_PRINT_FILES,
        },
      },
    ],
  },
];
