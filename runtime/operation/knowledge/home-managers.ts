/**
 * Programs that delete or replace the user's files in bulk, by their own verbs (docs/adr/0633):
 * - desktop file managers' command lines: `kioclient5 remove ~/Documents`, `kioclient emptytrash`,
 *   `gio trash --empty`;
 * - duplicate finders told to delete or link what they find: `fdupes -rdN ~`, `jdupes -rdN ~`,
 *   `rdfind -deleteduplicates true ~`, `czkawka_cli dup -d ~ -D AEN`;
 * - dotfile managers that write the home's configuration, shell profiles among it: `chezmoi apply`,
 *   `yadm checkout -f -- ~`, `mackup restore`, `home-manager switch`, `rcup`, `dotbot`, `stow -t ~`;
 *
 * What they delete has no undo, and a dotfile applied here changes what runs at every login, from
 * a source nobody read here. Deletes of named paths are also judged by the recursive-delete checks
 * (hard-deny/removed-inputs.ts); listings, dry runs and diffs read.
 */
import { fx, subs, type Program, type Rule } from "./types.ts";

const DESTROY = fx("DESTRUCTIVE", ["write_local"], "filesystem");
const LOOK = fx("READ", ["read_local"], "filesystem");
const W = fx("WRITE", ["write_local"], "filesystem");
const HOME_CONFIG = fx("SECURITY", ["write_local", "execute"], "filesystem", "persistence");
const HELP: Rule = { flag: ["-h", "--help", "-V", "--version"], then: LOOK };

export const HOME_MANAGERS: readonly Program[] = [
  {
    names: ["kioclient", "kioclient5", "kioclient6"],
    base: W,
    rules: [
      HELP,
      { sub: ["emptytrash"], then: DESTROY },
      { sub: ["remove"], then: DESTROY, paths: { positional: "delete", pathLike: true } },
      { sub: ["rm"], then: DESTROY, paths: { positional: "delete", pathLike: true } },
      { sub: ["cat"], then: LOOK, paths: { positional: "read", pathLike: true } },
      { sub: ["ls"], then: LOOK, paths: { positional: "read", pathLike: true } },
    ],
    paths: { positional: "write", pathLike: true },
  },
  {
    names: ["gio"],
    base: W,
    rules: [
      HELP,
      { sub: ["trash"], flag: ["--empty"], then: DESTROY },
      { sub: ["trash"], then: DESTROY, paths: { positional: "delete", pathLike: true } },
      { sub: ["remove"], then: DESTROY, paths: { positional: "delete", pathLike: true } },
      ...["info", "list", "cat", "tree", "mime", "version", "help"].map(
        (s): Rule => ({ sub: [s], then: LOOK, paths: { positional: "read", pathLike: true } }),
      ),
    ],
    paths: { positional: "write", pathLike: true },
  },
  // rm-improved moves what it is given to its graveyard, from which only `rip -u` brings it back.
  {
    names: ["rip"],
    base: DESTROY,
    rules: [HELP, { flag: ["-s", "--seance"], then: LOOK }],
    paths: { positional: "delete" },
  },
  {
    names: ["fdupes", "jdupes"],
    values: ["-x", "--xsize", "-o", "--order", "-X", "--ext-filter", "--log", "-j"],
    base: LOOK,
    rules: [
      HELP,
      {
        flag: [
          "-d",
          "--delete",
          "-L",
          "--link-hard",
          "-l",
          "--link-soft",
          "-B",
          "--dedupe",
          "--linkhard",
          "--linksoft",
        ],
        then: DESTROY,
      },
    ],
    paths: { positional: "read" },
  },
  {
    names: ["rdfind"],
    base: LOOK,
    rules: [
      HELP,
      {
        option: { "-deleteduplicates": ["true"], "-makehardlinks": ["true"], "-makesymlinks": ["true"] },
        then: DESTROY,
      },
    ],
    values: [
      "-deleteduplicates",
      "-makehardlinks",
      "-makesymlinks",
      "-makeresultsfile",
      "-outputname",
      "-ignoreempty",
      "-minsize",
      "-maxsize",
      "-followsymlinks",
      "-removeidentinode",
      "-checksum",
      "-dryrun",
      "-n",
      "-sleep",
    ],
    paths: { positional: "read" },
  },
  {
    names: ["czkawka_cli", "czkawka-cli"],
    values: ["-d", "--directories", "-e", "--excluded-directories", "-D", "--delete-method", "-f", "--file-to-save"],
    base: LOOK,
    rules: [
      HELP,
      { option: { "-D": ["NONE"], "--delete-method": ["NONE"] }, then: LOOK },
      { flag: ["-D", "--delete-method", "--delete-files"], then: DESTROY },
    ],
  },
  // Dotfile managers: what they write is the home's shell profiles and tool settings.
  {
    names: ["chezmoi"],
    values: ["-S", "--source", "-D", "--destination", "-c", "--config"],
    base: W,
    rules: [
      HELP,
      ...subs(
        ["diff", "status", "managed", "unmanaged", "data", "cat", "source-path", "target-path", "doctor", "verify"],
        LOOK,
      ),
      { flag: ["-n", "--dry-run"], then: LOOK },
      ...subs(["apply", "update", "init", "purge", "destroy", "remove", "rm", "forget"], HOME_CONFIG),
    ],
  },
  {
    names: ["yadm"],
    base: W,
    rules: [
      HELP,
      ...subs(["status", "diff", "log", "list", "show", "config", "introspect", "version"], LOOK),
      ...subs(
        ["checkout", "clone", "bootstrap", "reset", "restore", "pull", "merge", "stash", "alt", "decrypt"],
        HOME_CONFIG,
      ),
    ],
  },
  {
    names: ["mackup"],
    base: HOME_CONFIG,
    rules: [
      HELP,
      { sub: ["list"], then: LOOK },
      { sub: ["show"], then: LOOK },
      { flag: ["-n", "--dry-run"], then: LOOK },
    ],
  },
  {
    names: ["home-manager"],
    base: W,
    rules: [
      HELP,
      ...subs(["switch", "activate", "expire-generations", "remove-generations", "uninstall", "init"], HOME_CONFIG),
      ...subs(["generations", "packages", "news", "option", "help"], LOOK),
    ],
  },
  { names: ["rcup", "rcdn", "dotbot", "dotdrop", "homeshick", "homesick"], base: HOME_CONFIG, rules: [HELP] },
  // stow links a package's files into its target: the parent directory by default, `-t DIR` elsewhere; `--adopt`
  // moves the target's own files into the package, replacing them.
  {
    names: ["stow"],
    values: ["-t", "--target", "-d", "--dir", "--ignore", "--defer", "--override"],
    base: W,
    rules: [
      HELP,
      { flag: ["-n", "--no", "--simulate"], then: LOOK },
      { flag: ["--adopt"], then: HOME_CONFIG },
      {
        optionText: {
          "-t": /^(?:~|\/home\/[^/]+|\/root|\$HOME|\/)\/?$/,
          "--target": /^(?:~|\/home\/[^/]+|\/root|\$HOME|\/)\/?$/,
        },
        then: HOME_CONFIG,
      },
    ],
  },
];
