/**
 * git by subcommand. READ: inspects. WRITE: changes the repository in ways reflog or the index can undo.
 * DESTRUCTIVE: discards uncommitted work, deletes unmerged refs or rewrites a remote's history.
 * `rebase` is a WRITE: it refuses to run on a dirty tree and the old commits stay in the reflog (ADR 0041).
 * First match wins: specific rules come before the general rule of their subcommand.
 */
import { STORED_SETTING_RAISES } from "./git-settings.ts";
import { UNVETTED } from "./outside-code.ts";
import { GIT_CRYPT_RULES, GIT_SECRET_RULES } from "./repository-secrets.ts";
import { fx, type Program, type Rule } from "./types.ts";

const R = fx("READ", ["read_local"], "git");
const W = fx("WRITE", ["write_local"], "git");
const FETCH = fx("WRITE", ["write_local", "read_external"], "git", "network");
const PUSH = fx("WRITE", ["write_external", "read_local"], "git", "network");
const D = fx("DESTRUCTIVE", ["write_local"], "git");
const PUSH_ELSEWHERE = fx("SECURITY", ["write_external", "read_local"], "git", "network", "exfiltration");
const D_REMOTE = fx("DESTRUCTIVE", ["write_external"], "git", "network");
const PUBLISH_REF = fx("DESTRUCTIVE", ["write_external", "read_local"], "git", "network", "publication");
const CONFIG_W = fx("WRITE", ["write_local"], "git", "config");
/** git config keys whose value git runs, or that redirect where git fetches or what it includes. */
const RUNS_CODE =
  /^(?:core\.(?:hookspath|fsmonitor|sshcommand|pager|editor|gitproxy|askpass|attributesfile|excludesfile)|alias\.|filter\.|include(?:if)?\.|init\.templatedir|sequence\.editor|gpg\.|credential\.|url\.|diff\.[^.]+\.(?:command|textconv)|merge\.[^.]+\.driver|.*\.(?:command|helper|program|proxy)$)/i;

/**
 * A branch others build on, as a ref word: `main`, `origin/master`, `HEAD:refs/heads/main`, `+main`, a lease's
 * `main:abc123`. Moving or force-updating one drops commits from what everyone else sees.
 */
/** Remotes named for a host that deploys what is pushed to it (docs/adr/0341, 0402). */
/** A push destination written as a URL or scp-like address rather than a configured remote's name. */
const PUSH_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/|[\w.-]+@[\w.-]+:)/i;
/** `--no-dry-run` and `--no-verify` by any prefix git accepts, which undo a rehearsal or skip the hooks (ADR 0765). */
const TAKEN_BACK = /^--no-(?:d|v)/;
const DEPLOY_REMOTES = ["heroku", "dokku", "production", "prod", "live", "deploy", "pantheon", "scalingo", "clever"];
/** A pushed ref named like a release version: `v2.0.0`, `1.4`, `HEAD:v1.0.0-rc.1`, `refs/…/v3.1`. */
const VERSION_REF = /^\+?(?:[^:\s]*:)?(?:refs\/[\w-]+\/)?v?\d+(?:\.\d+)+(?:[-+][\w.-]*)?$/i;
/** The GitHub Pages branch as a pushed ref: `gh-pages`, `HEAD:gh-pages`, `dist:refs/heads/gh-pages`. */
const PAGES_REF = /^\+?(?:[^:\s]*:)?(?:refs\/heads\/)?gh-pages$/i;
const MAIN_LIKE =
  /^\+?(?:[^:\s]*:)?(?:refs\/heads\/|refs\/remotes\/[^/]+\/|[\w.-]+\/)?(?:main|master|trunk|develop|development|dev|stable|staging|prod|production|live|release(?:[/_.-][\w./-]*)?|gh-pages)(?::[0-9a-f]*)?$/i;

/** Runs a program the command names, or sends git's traffic (and credentials) somewhere the command names. */
const HOOKS_SKIPPED = fx("SECURITY", ["write_external", "read_local"], "git", "network", "protection-off");
const RUNS_NAMED = fx("SECURITY", ["execute"], "git", "config", "runs-program");
/**
 * Settings that make git run a program or talk elsewhere, as `-c` keys (lower-cased) and the environment variables
 * that do the same: pagers, editors, ssh and askpass programs, credential helpers, diff/merge/filter drivers,
 * fsmonitor, hook directories, aliases (a `!` alias is shell code; any alias can rename `push --force`), upload-
 * and receive-pack programs, gpg, transports (`protocol.ext.allow`), URL rewrites, proxies, included config files.
 * The first two alternatives are the rule by the kind of key (docs/adr/0755): a key whose last part names a command,
 * a program, a helper, an editor, a pager or a diff filter (`man.<tool>.cmd`, `interactive.diffFilter`,
 * `trailer.<t>.cmd`, `core.alternateRefsCommand`, `hook.<n>.command`), or a tool's `.path` that git runs.
 */
const NAMES_PROGRAM =
  /^(?:[^\s=]+\.[^.\s=]*(?:cmd|command|program|helper|difffilter|editor|pager|askpass)|(?:man|browser|difftool|mergetool|guitool)\.[^\s=]+\.path|core\.(?:sshcommand|askpass|editor|pager|fsmonitor|hookspath|gitproxy|worktree)|credential\.(?:.*\.)?(?:helper|username)|alias\..+|diff\.external|diff\..+\.(?:textconv|command)|filter\..+\.(?:clean|smudge|process)|merge\..+\.driver|(?:diff|merge)tool\..+\.(?:cmd|path)|(?:diff|merge)\.(?:guitool|tool)|gpg\.(?:.*\.)?program|sequence\.editor|pager\..+|uploadpack\..+|receive\..+|remote\..+\.(?:uploadpack|receivepack|url|pushurl|proxy|vcs)|url\..+\.(?:insteadof|pushinsteadof)|https?\.(?:.*\.)?(?:proxy|sslcainfo|sslcapath|sslverify)|protocol\.(?:.*\.)?allow|include\.path|includeif\..+\.path|init\.templatedir|lfs\.(?:.+\.)?(?:url|pushurl|access)|remote\..+\.lfs(?:push)?url|lfs\.customtransfer\..+\.(?:path|args)|sendemail\..*(?:cmd|command)|submodule\..+\.(?:update|url)|git_(?:external_diff|ssh|ssh_command|askpass|editor|sequence_editor|pager|proxy_command|exec_path|template_dir|config|config_global|config_system|ssl_no_verify)|ssh_askpass)$/i;
/**
 * Stored by `git config`, an alias is judged by its value (below); every other such key raises. `-c alias.x=…`
 * for one run stays a setting of NAMES_PROGRAM.
 */
const STORED_NAMES_PROGRAM = new RegExp(`^(?!alias\\.)${NAMES_PROGRAM.source.slice(1)}`, "i");
/** The environment variables among them, as `export NAME=value` sets them for the rest of the string. */
export const GIT_PROGRAM_ENV =
  /GIT_(?:EXTERNAL_DIFF|SSH|SSH_COMMAND|ASKPASS|EDITOR|SEQUENCE_EDITOR|PAGER|PROXY_COMMAND|EXEC_PATH|TEMPLATE_DIR|CONFIG|CONFIG_GLOBAL|CONFIG_SYSTEM|CONFIG_PARAMETERS|CONFIG_KEY_\d+|CONFIG_VALUE_\d+)|SSH_ASKPASS/;
/** clone's `-c key=value` with such a key. */
const CONFIG_PAIR = new RegExp(`${NAMES_PROGRAM.source.slice(0, -1)}=`, "i");
/**
 * Values of those settings that run nothing the command chose: the usual pagers and editors, which the shell
 * analysis reads as the command lines they are (`-c core.pager='rm -rf ~'` is judged as rm), git's own credential
 * helpers, booleans, `ssh` with options (a ProxyCommand is the exception), a gpg, a transport left at its default.
 */
export const HARMLESS_VALUE =
  /^(?:|true|false|yes|no|on|off|0|1|never|user|cat|less(?:\s+-\S+)*|more|most|delta(?:\s+-\S+)*|diff-so-fancy|bat(?:\s+-\S+)*|vim?|nvim|nano|emacs|code\s+--wait|:|store|cache(?:\s+--timeout[= ]\d+)?|osxkeychain|manager(?:-core)?|libsecret|wincred|gpg2?|(?!.*(?:proxy|local)command)ssh(?:\s+-\S+(?:\s+[^-\s]\S*)?)*)$/i;
/**
 * The pagers, editors and git's own credential helpers people set every day (`core.editor vim`, `core.pager 'less
 * -R'`, `credential.helper store`): stored, they are a plain config write (docs/adr/0391). Booleans and `ssh …`
 * (which may name another key) stay reviewed writes of the config file.
 */
const EVERYDAY_VALUE =
  /^(?:cat|less(?:\s+-\S+)*|more|most|delta(?:\s+-\S+)*|diff-so-fancy|bat(?:\s+-\S+)*|vim?|nvim|nano|emacs|code\s+--wait|store|cache(?:\s+--timeout[= ]\d+)?|osxkeychain|manager(?:-core)?|libsecret|wincred)$/i;
/** `git config` options that read, or remove a setting rather than set one. */
/** Config keys whose value is a token or a password: an extra HTTP header, a credential, a password key. */
const CONFIG_SECRET_KEY = /extraheader|password|token|secret|^credential\./i;
const CONFIG_READS = [
  "--get",
  "--list",
  "-l",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "--show-origin",
  "--unset",
  "--unset-all",
];
/**
 * Given for one run, `core.hooksPath` is judged by where the hooks live (operation/loaded-code.ts: the project's
 * own `.githooks` pass, `/tmp/h` is opaque); stored, it is one of these keys.
 */
const RUNS_NAMED_SETTING = {
  key: new RegExp(`^(?!core\\.hookspath$)${NAMES_PROGRAM.source.slice(1)}`, "i"),
  unlessValue: HARMLESS_VALUE,
};

/**
 * What a read names: its path operands (`git diff .env`, `git log -p -- .env`) and the files it prints from a
 * revision (`git show HEAD:.env`, `git cat-file -p main:.env`): a credential's committed content is the credential.
 */
const OBJECT_READS = { positional: "read", pathLike: true, revisionPaths: "read" } as const;
const reads = (...subs: string[]): Rule[] => subs.map((s) => ({ sub: [s], then: R, paths: OBJECT_READS }));
const writes = (...subs: string[]): Rule[] => subs.map((s) => ({ sub: [s], then: W }));

export const GIT: Program = {
  // hub is git with GitHub subcommands added: every git subcommand means what it means to git (docs/adr/0361).
  names: ["git", "hub"],
  values: [
    "-m",
    "--message",
    "-F",
    "-b",
    "-B",
    "-c",
    "--config",
    "-C",
    "--author",
    "--date",
    "-S",
    "-n",
    "--max-count",
    "-U",
    "--format",
    "--pretty",
    "-o",
    "-X",
    "-s",
    "--strategy",
    "--onto",
    "--orphan",
    // Not `-u`: a flag for stash, push, add, commit and status; only `branch -u X`, `clone -u X` and `ls-remote -u X`
    // take a value, and took as one the `--` of `git stash -u -- .claude` (docs/adr/0493).
    "--set-upstream-to",
  ],
  // `-u` takes the upstream in `branch -u`, the upload program in `clone -u`; after push/add/stash it is a plain
  // flag, so `push -uf` is `-u -f` and `push -u --force-with-lease` keeps its lease. `branch -mf` is `-m -f`.
  flagsIn: { push: ["-u", "-n"], add: ["-u"], stash: ["-u"], branch: ["-m", "-c"] },
  aliases: {
    // A lease only refuses to overwrite what this clone has not seen: on a branch others build on it still
    // drops their commits once fetched (docs/adr/0325), so it is a force push there and an update elsewhere.
    "--force-with-lease": "--force-with-lease",
    "--force-if-includes": "--force-with-lease",
    "--force-with-lease-if-includes": "--force-with-lease",
    "-f": "--force",
    "--delete": "-d",
    "--staged": "-S",
    "--worktree": "-W",
    "--dry-run": "-n",
    "--recursive": "-r",
    "--interactive": "-i",
  },
  base: W,
  raises: [
    { setting: RUNS_NAMED_SETTING, then: RUNS_NAMED },
    // Stored for every later git command: `git config [--global|--file F] core.sshCommand …` (ADR 0326).
    {
      sub: ["config"],
      text: STORED_NAMES_PROGRAM,
      unlessText: HARMLESS_VALUE,
      notFlag: CONFIG_READS,
      then: RUNS_NAMED,
    },
    // An alias too, unless it is git's own words stored in the repository's config (docs/adr/0773): a `!` alias is
    // shell code, one outside the repository reaches every later git command, and unknown words may be anything.
    ...[{ flag: ["--global", "--system", "--file", "-f"] }, { wordText: /^\s*!/ }, { unknownValue: ["(operand)"] }].map(
      (when): Rule => ({
        sub: ["config"],
        text: /^alias\./i,
        unlessText: HARMLESS_VALUE,
        notFlag: CONFIG_READS,
        ...when,
        then: RUNS_NAMED,
      }),
    ),
    // Options naming the program git runs on the other side, locally (`--upload-pack='touch /tmp/x'`).
    { flag: ["--upload-pack", "--receive-pack"], then: RUNS_NAMED },
    ...["push", "send-pack", "archive", "fetch-pack"].map(
      (sub): Rule => ({ sub: [sub], flag: ["--exec"], then: RUNS_NAMED }),
    ),
    { sub: ["clone"], flag: ["-u", "--template"], then: RUNS_NAMED },
    { sub: ["ls-remote"], flag: ["-u"], then: RUNS_NAMED },
    // clone's own `-c`/`--config` sets the new repository's config before its checkout runs.
    { sub: ["clone"], optionText: { "-c": CONFIG_PAIR, "--config": CONFIG_PAIR }, then: RUNS_NAMED },
    // Trust widened, pushes rewritten, safeguards off, identity or signing removed (docs/adr/0391).
    ...STORED_SETTING_RAISES,
  ],
  rules: [
    // A rehearsal (`-n`/`--dry-run`) reports what a push would change and changes nothing on the remote, however
    // forced (docs/adr/0765): it is judged as the ordinary push it talks to the remote as, after the checks that
    // do not depend on what is sent (a URL no remote names, hooks skipped). `--no-dry-run` takes it back.
    // git takes any unambiguous prefix of a long option (`--no-dry` is `--no-dry-run`, `--no-v` `--no-verify`), so
    // every spelling of either is read off the words as written.
    { sub: ["push"], flag: ["-n"], unlessText: TAKEN_BACK, text: PUSH_URL, then: PUSH_ELSEWHERE },
    { sub: ["push"], flag: ["-n"], unlessText: TAKEN_BACK, then: PUSH },
    // Discarding work and rewriting shared history.
    { sub: ["push"], flag: ["--force", "--mirror", "--prune", "-d"], then: D_REMOTE },
    { sub: ["push"], text: /^[+:]/, then: D_REMOTE },
    { sub: ["push"], flag: ["--force-with-lease"], text: MAIN_LIKE, then: D_REMOTE },
    { sub: ["push"], flag: ["--force-with-lease"], text: /^--(?:all|branches|tags)$/, then: D_REMOTE },
    // Without a refspec the lease pushes the checked-out branch, which may be main: not known here (docs/adr/0506).
    { sub: ["push"], flag: ["--force-with-lease"], maxWords: 1, then: D_REMOTE },
    // send-pack is push without the porcelain: `--force` and `+ref` overwrite, `--all` may too.
    { sub: ["send-pack"], flag: ["--force", "--mirror"], then: D_REMOTE },
    { sub: ["send-pack"], text: /^[+:]/, then: D_REMOTE },
    { sub: ["send-pack"], then: PUSH },
    // A push to a URL no configured remote names sends the repository elsewhere (docs/adr/0158).
    { sub: ["push"], text: PUSH_URL, then: PUSH_ELSEWHERE },
    // Tags pushed in bulk or named as tags, and a push to a hosting remote, release what they name: CI publishes
    // on a tag, Heroku and Dokku deploy on a push (docs/adr/0341). A plain `git push origin v1.2.0` may be a branch.
    { sub: ["push"], flag: ["--tags", "--follow-tags"], notFlag: ["--no-follow-tags"], then: PUBLISH_REF },
    { sub: ["push"], text: /^\+?(?:[^:\s]*:)?refs\/tags\//, then: PUBLISH_REF },
    { sub: ["push"], word: DEPLOY_REMOTES, then: PUBLISH_REF },
    // A ref named like a version is a release tag by convention, and a pushed gh-pages branch is a published site
    // (docs/adr/0402): `git push origin v2.0.0`, `git push origin HEAD:gh-pages`, `git subtree push … gh-pages`.
    { sub: ["push"], text: VERSION_REF, then: PUBLISH_REF },
    { sub: ["push"], text: PAGES_REF, then: PUBLISH_REF },
    { sub: ["subtree", "push"], text: PAGES_REF, then: PUBLISH_REF },
    { sub: ["subtree", "push"], word: DEPLOY_REMOTES, then: PUBLISH_REF },
    { sub: ["subtree", "push"], then: PUSH },
    // The project's own checks skipped (docs/adr/0635): a pre-push or pre-commit hook is where secret scanners,
    // linters and test gates run, and an agent that skips them decides alone that they do not apply.
    { sub: ["push"], flag: ["--no-verify"], then: HOOKS_SKIPPED },
    { sub: ["push"], then: PUSH },
    { sub: ["reset"], flag: ["--hard", "--merge", "--keep"], then: D },
    { sub: ["reset"], then: W },
    // Restoring named paths writes them (`git checkout evil -- .claude/settings.json`): they are writes.
    { sub: ["checkout"], flag: ["--"], then: D, paths: { positional: "write" } },
    { sub: ["checkout"], word: ["."], then: D },
    // `git checkout REF PATH…` without `--` overwrites the paths from REF as well (one operand is a branch to switch
    // to). With a new branch (`-b`, `-B`, `--orphan`) or `--detach` git refuses paths.
    {
      sub: ["checkout"],
      minWords: 2,
      notFlag: ["-b", "-B", "--orphan", "--detach"],
      then: D,
      paths: { positional: "write", skip: 1 },
    },
    { sub: ["checkout"], flag: ["--pathspec-from-file"], then: D },
    { sub: ["checkout"], flag: ["--force", "-p", "--patch", "--ours", "--theirs"], then: D },
    { sub: ["switch"], flag: ["--force", "--discard-changes", "-C"], then: D },
    // `checkout -B main REF` resets an existing main to REF: its commits leave the branch.
    { sub: ["checkout"], optionText: { "-B": MAIN_LIKE }, then: D },
    { sub: ["restore"], flag: ["-W"], then: D, paths: { positional: "write" } },
    { sub: ["restore"], flag: ["-S"], then: W },
    { sub: ["restore"], then: D, paths: { positional: "write" } },
    { sub: ["clean"], flag: ["-n"], then: R },
    // Without paths, git clean removes untracked (with -x also ignored) files anywhere in the work tree: local
    // rule files and agent settings among them. With paths, those paths.
    { sub: ["clean"], bare: true, then: D, paths: { extractsTo: [] } },
    { sub: ["clean"], then: D, paths: { positional: "delete" } },
    { sub: ["branch"], flag: ["-D", "-M", "-C"], then: D },
    // `-d`/`-m`/`-c` with `--force` in any order or cluster are `-D`/`-M`/`-C`: `branch -df x`, `--delete --force`.
    ...["-d", "-m", "-c"].map((f): Rule => ({ sub: ["branch"], allFlags: [f, "--force"], then: D })),
    // `branch -f main HEAD~50` moves main back; `branch -f feature x` moves one's own branch (reflog keeps it).
    { sub: ["branch"], flag: ["--force"], text: MAIN_LIKE, then: D },
    {
      sub: ["branch"],
      flag: ["-d", "-m", "-c", "-u", "--set-upstream-to", "--unset-upstream", "--edit-description"],
      then: W,
    },
    {
      sub: ["branch"],
      flag: [
        "-a",
        "-r",
        "-v",
        "-vv",
        "--list",
        "--all",
        "--remotes",
        "--show-current",
        "--contains",
        "--merged",
        "--no-merged",
      ],
      then: R,
    },
    { sub: ["branch"], bare: true, then: R },
    { sub: ["branch"], then: W },
    // A stash of named paths takes their changes (with -u the files) out of the work tree: `git stash push --
    // .claude` removes the hook settings until a pop (docs/adr/0327).
    // With --all, the ignored files leave too (`.claude/settings.local.json`, local rules): like `git clean -x`, a
    // write of the whole work tree until a pop (docs/adr/0432).
    { sub: ["stash", "push"], flag: ["-a", "--all"], bare: true, then: W, paths: { extractsTo: [] } },
    { sub: ["stash", "save"], flag: ["-a", "--all"], then: W, paths: { extractsTo: [] } },
    { sub: ["stash"], flag: ["-a", "--all"], bare: true, then: W, paths: { extractsTo: [] } },
    { sub: ["stash", "push"], then: W, paths: { positional: "delete" } },
    { sub: ["stash"], flag: ["--"], then: W, paths: { positional: "delete" } },
    { sub: ["stash", "drop"], then: D },
    { sub: ["stash", "clear"], then: D },
    { sub: ["stash", "list"], then: R },
    { sub: ["stash", "show"], then: R },
    // git rm deletes its paths from the work tree (not with --cached); git mv moves them, like mv.
    // Untracking a file deletes it from every other clone at their next pull: a change of the paths it names.
    // Only the index changes, never the file's content: no credential access (`git rm --cached .env` is the fix).
    { sub: ["rm"], flag: ["--cached"], then: W, paths: { positional: "delete", metadata: true } },
    { sub: ["rm"], flag: ["-r"], then: D, paths: { positional: "delete" } },
    { sub: ["rm"], then: W, paths: { positional: "delete" } },
    { sub: ["mv"], flag: ["-n"], then: R },
    { sub: ["mv"], then: W, paths: { positional: "delete", last: "write" } },
    // A merge that keeps only this side's tree records the other branch as merged while dropping its changes
    // (`-s ours`, unlike `-X ours`); pushed, others' work is gone from the branch with no conflict shown (ADR 0394).
    { sub: ["merge"], option: { "-s": ["ours"], "--strategy": ["ours"] }, then: D },
    // git-lfs rewrites every commit (of the branch, or of every ref with --everything) to move files in or out of LFS.
    { sub: ["lfs", "migrate", "info"], then: R },
    { sub: ["lfs", "migrate"], flag: ["--no-rewrite"], then: W },
    { sub: ["lfs", "migrate"], then: D },
    // hub's own verb: the repository on GitHub deleted, with its issues, releases and every fork's upstream.
    { sub: ["delete"], then: D_REMOTE },
    // hub's release made on GitHub with its assets (`hub release create -a x.tgz v2`), as `gh release create` is
    // (docs/adr/0671): git has no `release` subcommand.
    { sub: ["release", "create"], then: PUBLISH_REF },
    { sub: ["filter-branch"], then: D },
    { sub: ["filter-repo"], then: D },
    { sub: ["reflog", "expire"], then: D },
    { sub: ["reflog", "delete"], then: D },
    { sub: ["gc"], flag: ["--prune"], then: D },
    { sub: ["prune"], then: D },
    { sub: ["update-ref"], flag: ["-d"], then: D },
    { sub: ["update-ref"], text: MAIN_LIKE, then: D, paths: { fixed: { ".git/refs": "write" } } },
    { sub: ["update-ref"], flag: ["--stdin"], then: D, paths: { fixed: { ".git/refs": "write" } } },
    // A replacement object changes what every command shows for a commit, without a trace in the log.
    { sub: ["replace"], flag: ["-l", "--list"], then: R },
    { sub: ["replace"], bare: true, then: R },
    { sub: ["replace"], then: D },
    { sub: ["worktree", "remove"], flag: ["--force"], then: D },
    { sub: ["submodule", "deinit"], then: D },
    // A submodule added is another repository's code in the project's tree, built and run with it (docs/adr/0371).
    { sub: ["submodule", "add"], then: UNVETTED },
    // The repository's encrypted secrets decrypted or their key handed out (docs/adr/0490): `git crypt unlock`.
    ...GIT_CRYPT_RULES.map((r): Rule => ({ ...r, sub: ["crypt", ...(r.sub ?? [])] })),
    ...GIT_SECRET_RULES.map((r): Rule => ({ ...r, sub: ["secret", ...(r.sub ?? [])] })),
    // Remotes and configuration.
    // The directory cloned into is written (docs/adr/0321): `git clone URL ~/.config/nvim` installs a config.
    { sub: ["clone"], minWords: 2, then: FETCH, paths: { positional: "read", last: "write", pathLike: true } },
    { sub: ["clone"], then: FETCH },
    { sub: ["fetch"], then: FETCH },
    { sub: ["pull"], then: FETCH },
    { sub: ["remote"], bare: true, then: R },
    { sub: ["remote"], flag: ["-v", "--verbose"], then: R },
    { sub: ["remote", "show"], then: R },
    { sub: ["remote", "get-url"], then: R },
    // Removing a remote deletes its remote-tracking branches with it, and no reflog keeps them (docs/adr/0361).
    { sub: ["remote", "remove"], then: D },
    { sub: ["remote", "rm"], then: D },
    { sub: ["remote"], then: CONFIG_W },
    // A header or credential key read back prints the token in it (`http.extraheader` holds `Authorization: …`, ADR 0354).
    ...[
      ["config", "--get"],
      ["config", "--get-all"],
      ["config", "--get-regexp"],
      ["config", "--get-urlmatch"],
      ["config", "get"],
    ].map(
      ([sub, flag]): Rule => ({
        sub: flag!.startsWith("-") ? [sub!] : [sub!, flag!],
        ...(flag!.startsWith("-") ? { flag: [flag!] } : {}),
        text: CONFIG_SECRET_KEY,
        then: fx("SECURITY", ["credential_access", "read_local"], "git", "credentials"),
      }),
    ),
    { sub: ["config"], flag: CONFIG_READS.filter((f) => !f.startsWith("--unset")), then: R },
    // Keys that make git run a program (hooks, aliases, drivers, helpers) change what runs on the next git
    // command: a write of the repository's config, which is protected (.git/**), so it is reviewed.
    // The file written follows the scope: --global is ~/.gitconfig (every repository of the user), --file names it.
    // An everyday pager, editor or credential helper (`core.editor vim`, `credential.helper store`) is a plain
    // config write (docs/adr/0391).
    {
      sub: ["config"],
      flag: ["--global"],
      text: RUNS_CODE,
      unlessText: EVERYDAY_VALUE,
      then: CONFIG_W,
      paths: { fixed: { "~/.gitconfig": "write" } },
    },
    {
      sub: ["config"],
      flag: ["--system"],
      text: RUNS_CODE,
      unlessText: EVERYDAY_VALUE,
      then: CONFIG_W,
      paths: { fixed: { "/etc/gitconfig": "write" } },
    },
    {
      sub: ["config"],
      flag: ["--file", "-f"],
      text: RUNS_CODE,
      unlessText: EVERYDAY_VALUE,
      then: CONFIG_W,
      paths: { options: { "--file": "write", "-f": "write" } },
    },
    // An alias of the repository whose value is git's own words (no `!`) is a plain write: the shell analysis judges
    // those words as the git command they spell (deferred-code.ts, docs/adr/0773).
    {
      sub: ["config"],
      text: /^alias\.[^\s=]+$/i,
      unlessText: /^\s*!/,
      notFlag: ["--global", "--system", "--file", "-f"],
      // The key and its value as operands: a value read here as an option (`'-c core.pager=…'`) keeps the review.
      minWords: 2,
      then: CONFIG_W,
    },
    {
      sub: ["config"],
      text: RUNS_CODE,
      unlessText: EVERYDAY_VALUE,
      then: CONFIG_W,
      paths: { fixed: { ".git/config": "write" } },
    },
    { sub: ["config"], then: CONFIG_W },
    { sub: ["tag"], flag: ["-d"], then: W },
    { sub: ["tag"], bare: true, then: R },
    { sub: ["tag"], flag: ["-l", "--list"], then: R },
    // Mailing commits sends the project's code to whatever address the command names (docs/adr/0361).
    { sub: ["send-email"], flag: ["-n"], then: R },
    { sub: ["send-email"], then: fx("SECURITY", ["write_external", "read_local"], "git", "email", "exfiltration") },
    // `lfs prune` deletes the local copies of large files; with --force (or a remote that lost them) the only ones.
    { sub: ["lfs", "prune"], flag: ["-d", "-n"], then: R },
    { sub: ["lfs", "prune"], then: D },
    ...reads(
      "status",
      "log",
      "diff",
      "show",
      "blame",
      "shortlog",
      "describe",
      "grep",
      "ls-files",
      "ls-tree",
      "ls-remote",
      "rev-parse",
      "rev-list",
      "cat-file",
      "show-ref",
      "show-branch",
      "whatchanged",
      "reflog",
      "help",
      "version",
      "count-objects",
      "fsck",
      "check-ignore",
      "check-attr",
      "name-rev",
      "merge-base",
      "cherry",
      "range-diff",
      "var",
      "for-each-ref",
      "verify-commit",
      "verify-tag",
      "annotate",
      "archive",
      "bisect",
    ),
    // Plumbing that puts content into the index, the object store or a ref without touching the work tree
    // (`update-index --cacheinfo`, `hash-object -w`, `commit-tree`, `update-ref`): with it a commit holding any
    // file can be made unseen, then checked out. Everyday git does not need it: a reviewed write of .git/.
    {
      sub: ["update-index"],
      flag: ["--cacheinfo", "--index-info"],
      then: W,
      paths: { fixed: { ".git/index": "write" } },
    },
    // Flags that make git stop seeing a file's changes, or drop it from the index (`--assume-unchanged`,
    // `--skip-worktree`, `--force-remove`): later edits of `.rulegate/` or `.claude/` would pass review unseen, so
    // the paths count as changed, their content untouched (docs/adr/0432), like `git rm --cached`.
    {
      sub: ["update-index"],
      flag: [
        "--assume-unchanged",
        "--no-assume-unchanged",
        "--skip-worktree",
        "--no-skip-worktree",
        "--remove",
        "--force-remove",
        "--chmod",
        "--add",
        "--replace",
      ],
      then: W,
      paths: { positional: "write", metadata: true },
    },
    { sub: ["hash-object"], flag: ["-w"], then: W, paths: { fixed: { ".git/objects": "write" } } },
    { sub: ["hash-object"], then: R },
    ...["mktree", "commit-tree", "fast-import", "unpack-objects", "mktag"].map(
      (sub): Rule => ({ sub: [sub], then: W, paths: { fixed: { ".git/objects": "write" } } }),
    ),
    { sub: ["update-ref"], then: W, paths: { fixed: { ".git/refs": "write" } } },
    { sub: ["read-tree"], then: W, paths: { fixed: { ".git/index": "write" } } },
    // checkout-index writes index entries into the work tree, any file among them.
    { sub: ["checkout-index"], then: D, paths: { positional: "write", extractsTo: ["--prefix"] } },
    // A patch names the files it writes inside itself: the whole work tree may be written (docs/adr/0067).
    { sub: ["apply"], flag: ["--check", "--stat", "--numstat", "--summary"], then: R },
    { sub: ["apply"], then: W, paths: { positional: "read", extractsTo: [] } },
    { sub: ["am"], then: W, paths: { positional: "read", extractsTo: [] } },
    // A rebase that rewrites every commit of the branch, or drops commits from a shared branch it names: `rebase
    // --root`, `rebase --onto HEAD~10 HEAD~1 main` (docs/adr/0506). `rebase main` replays one's own branch.
    { sub: ["commit"], flag: ["--no-verify", "-n"], then: fx("SECURITY", ["write_local"], "git", "protection-off") },
    { sub: ["merge"], flag: ["--no-verify"], then: fx("SECURITY", ["write_local"], "git", "protection-off") },
    { sub: ["rebase"], flag: ["--root"], notFlag: ["--abort", "--quit", "--show-current-patch"], then: D },
    { sub: ["rebase"], flag: ["--onto"], minWords: 2, lastWord: MAIN_LIKE, then: D },
    ...writes(
      "add",
      "commit",
      "checkout",
      "switch",
      "stash",
      "merge",
      "rebase",
      "cherry-pick",
      "revert",
      "tag",
      "init",
      "notes",
      "am",
      "apply",
      "worktree",
      "submodule",
      "sparse-checkout",
      "mergetool",
      "format-patch",
      "rerere",
      "update-index",
      "maintenance",
      "gc",
      "repack",
      "pack-refs",
      "lfs",
    ),
  ],
};

/**
 * History rewriters outside git's own commands (docs/adr/0483): git-filter-repo and the BFG rewrite every commit,
 * like `git filter-repo`, whether run by name, as a Python module (`python3 -m git_filter_repo`) or as a jar
 * (`java -jar bfg-1.14.0.jar`). filter-repo's `--analyze` only writes a report.
 */
export const HISTORY_REWRITERS: Program = {
  names: ["git-filter-repo", "bfg"],
  base: D,
  rules: [{ flag: ["--analyze"], then: R }],
};
