/**
 * Shell builtins, information commands and text tools that only read. Anything that writes, deletes or
 * runs code lives in its own table; a program missing from every table is unknown code (execute, WRITE).
 */
import { fx, type Program } from "./types.ts";

const INFO = fx("READ", [], "shell");
const READS = fx("READ", ["read_local"], "filesystem");
/** grep reads whole trees only when asked to. */
const GREP_R = ["-r", "-R", "--recursive", "--dereference-recursive"];
const SEARCH_HIDDEN = ["--hidden", "-.", "-u", "--unrestricted"];

export const BASIC: readonly Program[] = [
  // Builtins and commands that inspect the session, not files.
  { names: [":", "true", "false", "popd", "dirs", "pwd", "echo", "printf", "test", "[", "[[", "set", "unset",
    "shift", "read", "exit", "return", "wait", "jobs", "disown", "sleep", "type", "hash", "which", "whereis", "whatis",
    "command", "builtin", "help", "man", "info", "apropos", "date", "cal", "whoami", "id", "groups", "uname", "hostname",
    "uptime", "free", "nproc", "arch", "tty", "ps", "pgrep", "top", "htop", "df", "lsblk", "history", "alias", "unalias",
    "seq", "yes", "expr", "bc", "clear", "locale", "printenv", "getconf", "umask", "ulimit", "declare", "local",
    "typeset", "readonly", "let", "shopt", "times", "tput", "stty", "logname", "users", "who", "w", "last", "lsof",
    "basename", "dirname", "realpath", "readlink", "mktemp", "env", "export"], base: INFO, paths: {} },
  // Changing directory reads nothing, but where the commands after it work is a place: the sandbox sees it.
  { names: ["cd", "pushd"], base: INFO, paths: { positional: "read" } },
  // Readers of files (or stdin): every positional is a path read.
  { names: ["cat", "tac", "less", "more", "head", "tail", "wc", "nl", "cut", "paste", "join", "comm",
    "fold", "fmt", "pr", "expand", "unexpand", "rev", "tr", "column", "od", "xxd", "hexdump", "strings", "file",
    "stat", "du", "tree", "ls", "dir", "vdir", "diff", "cmp", "sdiff", "diff3", "md5sum", "sha1sum", "sha256sum",
    "sha512sum", "shasum", "b2sum", "cksum", "sum", "base64", "base32", "zcat", "zless", "bzcat", "xzcat",
    "zgrep", "look", "wc", "bat", "exa", "eza", "lsattr", "getfacl", "namei", "identify", "pdftotext", "csvlook"],
    values: ["-n", "-c", "-t", "-k", "-d", "-f", "-w", "-s", "--lines", "--bytes", "-I", "-L", "--max-depth", "-o"],
    base: READS, paths: { positional: "read" } },
  // Readers with an output option or operand: `sort -o f`, `iconv -o f`, `uniq in out`.
  { names: ["sort", "iconv"], values: ["-k", "-t", "-S", "-T", "-f", "--from-code", "--to-code", "--buffer-size", "--temporary-directory", "-o", "--output"],
    base: READS, paths: { positional: "read", options: { "-o": "write", "--output": "write" } },
    rules: [{ flag: ["-o", "--output"], then: fx("WRITE", ["read_local", "write_local"], "filesystem") }] },
  { names: ["uniq"], values: ["-f", "-s", "-w", "--skip-fields", "--skip-chars", "--check-chars"], base: READS, paths: { positional: "read", last: "write" } },
  // yq -i edits its file operands in place (the first positional is the expression).
  { names: ["yq"], values: ["-e", "-f", "--arg", "-p", "-o", "--input-format", "--output-format", "--from-file"], base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["--from-file"] },
    rules: [{ flag: ["-i", "--inplace"], then: fx("WRITE", ["write_local"], "filesystem"), paths: { positional: "write", skip: 1, skipUnless: ["--from-file"] } }] },
  // Pattern-first readers: the first positional is a pattern or program unless given with -e/-f.
  { names: ["grep", "egrep", "fgrep", "rg", "ag", "ack", "jq", "gron", "xmllint", "git-grep"],
    values: ["-e", "-f", "-A", "-B", "-C", "-m", "-g", "--glob", "-t", "--type", "--include", "--exclude", "--arg", "--argjson", "--slurpfile", "--rawfile"],
    base: READS, paths: {
      positional: "read", skip: 1, skipUnless: ["-e", "-f", "--regexp", "--file"],
      // rg and ag skip hidden files unless told (and every default credential directory is hidden).
      recursive: { rg: SEARCH_HIDDEN, ag: SEARCH_HIDDEN, ack: true, grep: GREP_R, egrep: GREP_R, fgrep: GREP_R },
    } },
  { names: ["awk", "gawk", "mawk", "nawk"], values: ["-F", "-v", "-f", "-i", "--include"], base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["-f"] },
    // gawk -i inplace edits its file operands.
    rules: [{ option: { "-i": ["inplace"], "--include": ["inplace"] }, then: fx("WRITE", ["write_local"], "filesystem"), paths: { positional: "write", skip: 1, skipUnless: ["-f"] } }] },
  { names: ["sed"], values: ["-e", "-f", "--expression", "--file", "-l"], base: READS,
    paths: { positional: "read", skip: 1, skipUnless: ["-e", "-f", "--expression", "--file"] },
    rules: [{ flag: ["-i", "--in-place"], then: fx("WRITE", ["write_local"], "filesystem"),
      paths: { positional: "write", skip: 1, skipUnless: ["-e", "-f", "--expression", "--file"] } }] },
  // find: start paths are read; -delete turns it into a tree walk that deletes (see rm -r).
  { names: ["find", "fd", "fdfind", "locate", "mlocate"], base: READS, paths: { positional: "read", pathLike: true },
    rules: [
      { flag: ["-delete"], then: fx("DESTRUCTIVE", ["write_local"], "filesystem"), paths: { positional: "delete", pathLike: true } },
      { flag: ["-fprint", "-fprintf", "-fls", "-fprint0"], then: fx("WRITE", ["write_local", "read_local"], "filesystem"), paths: { positional: "read", pathLike: true } },
    ] },
];
