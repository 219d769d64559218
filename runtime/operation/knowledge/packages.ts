/**
 * Package managers. Installing fetches external code and runs its install scripts (read_external,
 * write_local, execute); publishing writes externally and cannot be taken back (DESTRUCTIVE); running the
 * project's scripts executes code (WRITE). Queries are READs. System package managers change the machine:
 * SECURITY.
 */
import { fx, type Program, type Rule } from "./types.ts";

const INSTALL = fx("WRITE", ["read_external", "write_local", "execute"], "package");
const REMOVE = fx("WRITE", ["write_local"], "package");
const RUN = fx("WRITE", ["execute"], "package", "code");
const QUERY = fx("READ", ["read_local"], "package");
const QUERY_REMOTE = fx("READ", ["read_external"], "package", "network");
const PUBLISH = fx("DESTRUCTIVE", ["write_external", "read_local"], "package", "network");
const CONFIG = fx("WRITE", ["write_local"], "package", "config");
const SYSTEM_INSTALL = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "system");
const SYSTEM_REMOVE = fx("DESTRUCTIVE", ["write_local"], "package", "system");

const subs = (then: Rule["then"], ...names: string[]): Rule[] => names.map((s) => ({ sub: [s], then }));

/**
 * A package named by where to fetch it rather than by a registry name (docs/adr/0205): a URL, a git remote, a
 * hosted repository shorthand. No registry vouches for it, and its install scripts or build code run: SECURITY.
 */
export const UNVETTED_SOURCES = [
  "http://",
  "https://",
  "git+",
  "git://",
  "git@",
  "ssh://",
  "github:",
  "gitlab:",
  "bitbucket:",
  "gist:",
];
const UNVETTED_TEXT = /^(?:https?:\/\/|git\+|git:\/\/|git@|ssh:\/\/|github:|gitlab:|bitbucket:|gist:)/;
const UNVETTED = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "unvetted-source");
const fromSource = (...names: string[]): Rule[] =>
  names.map((s) => ({ sub: [s], wordPrefix: UNVETTED_SOURCES, then: UNVETTED }));

/** `publish --dry-run` packs and reports, uploads nothing (`--dry-run=false` does upload). */
const DRY_RUN: Rule = { flag: ["--dry-run"], unlessText: /^--dry-run=(?:false|0|no)$/i, sub: ["publish"], then: QUERY };

const JS: Rule[] = [
  ...fromSource("install", "i", "add", "exec", "x", "dlx"),
  DRY_RUN,
  ...subs(PUBLISH, "publish", "unpublish", "deprecate", "dist-tag", "owner", "access", "team"),
  // yarn berry: `yarn npm publish`, `yarn npm tag add`.
  { sub: ["npm", "publish"], flag: ["--dry-run"], then: QUERY },
  { sub: ["npm"], word: ["publish", "unpublish", "tag", "deprecate"], then: PUBLISH },
  ...subs(
    INSTALL,
    "install",
    "i",
    "ci",
    "add",
    "update",
    "up",
    "upgrade",
    "dedupe",
    "rebuild",
    "link",
    "create",
    "init",
    "exec",
    "x",
    "dlx",
    "npx",
  ),
  ...subs(REMOVE, "uninstall", "remove", "rm", "un", "r", "prune", "unlink"),
  ...subs(
    RUN,
    "run",
    "run-script",
    "test",
    "t",
    "start",
    "stop",
    "restart",
    "build",
    "dev",
    "lint",
    "format",
    "tsc",
    "vitest",
    "jest",
  ),
  ...subs(
    QUERY,
    "ls",
    "list",
    "ll",
    "la",
    "outdated",
    "why",
    "explain",
    "audit",
    "fund",
    "root",
    "prefix",
    "bin",
    "help",
    "version",
    "doctor",
    "pack",
    "licenses",
  ),
  { flag: ["--version", "-v", "--help", "-h"], bare: true, then: QUERY },
  ...subs(QUERY_REMOTE, "view", "info", "show", "search", "s", "whoami", "ping"),
  { sub: ["config"], word: ["get", "list", "ls"], then: QUERY },
  // npm config set/delete/edit writes the user's ~/.npmrc (a credential file: it holds registry tokens), or the
  // project's with --location project.
  { sub: ["config"], option: { "--location": ["project"] }, then: CONFIG, paths: { fixed: { ".npmrc": "write" } } },
  {
    sub: ["config"],
    word: ["set", "delete", "rm", "edit", "fix"],
    then: CONFIG,
    paths: { fixed: { "~/.npmrc": "write" } },
  },
  { sub: ["set"], then: CONFIG, paths: { fixed: { "~/.npmrc": "write" } } },
  ...subs(CONFIG, "config", "pkg"),
  { sub: ["cache"], word: ["clean", "clear", "rm"], then: REMOVE },
  ...subs(QUERY, "cache"),
  { bare: true, then: INSTALL },
];

export const PACKAGES: readonly Program[] = [
  {
    names: ["npm", "pnpm", "yarn", "bun", "cnpm"],
    values: ["-w", "--workspace", "--prefix", "-C", "--dir", "--filter", "--registry", "--location", "-L"],
    base: RUN,
    rules: JS,
    runsCode: true,
  },
  {
    names: ["npx", "pnpx", "bunx"],
    values: ["-p", "--package"],
    base: fx("WRITE", ["read_external", "execute"], "package", "code"),
    rules: [
      { wordPrefix: UNVETTED_SOURCES, then: UNVETTED },
      { optionText: { "-p": UNVETTED_TEXT, "--package": UNVETTED_TEXT }, then: UNVETTED },
    ],
    runsCode: true,
  },
  {
    names: [
      "pip",
      "pip3",
      "pipx",
      "uv",
      "poetry",
      "pdm",
      "conda",
      "mamba",
      "gem",
      "bundle",
      "bundler",
      "composer",
      "cargo",
      "go",
      "mvn",
      "gradle",
      "gradlew",
      "dotnet",
      "nuget",
      "cabal",
      "stack",
      "opam",
      "mix",
      "hex",
      "cpan",
      "cpanm",
      "dart",
      "flutter",
      "swift",
      "deno",
    ],
    values: [
      "-r",
      "--requirement",
      "-c",
      "--constraint",
      "-e",
      "--editable",
      "-t",
      "--target",
      "--index-url",
      "-i",
      "--extra-index-url",
      "-p",
      "--package",
      "--manifest-path",
    ],
    base: RUN,
    runsCode: true,
    rules: [
      ...fromSource("install", "add", "get", "tool"),
      { sub: ["pip", "install"], wordPrefix: UNVETTED_SOURCES, then: UNVETTED },
      { sub: ["install"], flag: ["--git"], then: UNVETTED },
      DRY_RUN,
      ...subs(PUBLISH, "publish", "upload", "push", "release", "deploy", "yank", "owner"),
      { sub: ["pip", "install"], then: INSTALL },
      { sub: ["pip", "uninstall"], then: REMOVE },
      ...subs(
        INSTALL,
        "install",
        "add",
        "sync",
        "update",
        "upgrade",
        "get",
        "download",
        "fetch",
        "restore",
        "lock",
        "i",
        "new",
        "init",
        "create",
        "bundle",
        "tool",
      ),
      ...subs(REMOVE, "uninstall", "remove", "rm", "clean", "purge", "autoremove"),
      ...subs(
        QUERY,
        "list",
        "show",
        "freeze",
        "check",
        "tree",
        "outdated",
        "search",
        "info",
        "env",
        "version",
        "help",
        "doc",
        "metadata",
        "vet",
        "fmt",
        "inspect",
      ),
      { flag: ["--version", "-V", "--help", "-h"], bare: true, then: QUERY },
    ],
  },
  {
    names: [
      "apt",
      "apt-get",
      "aptitude",
      "dpkg",
      "yum",
      "dnf",
      "zypper",
      "pacman",
      "apk",
      "brew",
      "port",
      "snap",
      "flatpak",
      "emerge",
      "nix-env",
      "choco",
      "winget",
      "scoop",
    ],
    base: SYSTEM_INSTALL,
    rules: [
      ...subs(SYSTEM_REMOVE, "remove", "purge", "autoremove", "uninstall", "erase", "del", "rm"),
      { flag: ["-r", "-P", "--remove", "--purge", "-R", "-Rs", "-Rns"], then: SYSTEM_REMOVE },
      ...subs(
        QUERY,
        "list",
        "search",
        "show",
        "info",
        "policy",
        "depends",
        "rdepends",
        "query",
        "doctor",
        "outdated",
        "leaves",
        "config",
        "deps",
        "uses",
      ),
      { flag: ["-l", "-L", "-s", "--list", "--status", "-Q", "-Ss", "-Si"], then: QUERY },
    ],
  },
];
