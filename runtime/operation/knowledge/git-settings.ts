/**
 * git settings that change what later git commands do beyond their words, other than naming a program (that
 * family is git.ts's NAMES_PROGRAM, docs/adr/0326), in any scope (docs/adr/0391):
 * - trust widened: `safe.directory '*'` makes git run the hooks and config of repositories other users own;
 * - pushes rewritten: `remote.<name>.mirror`, a `+`/`:` push refspec, `push.default` other than git's own
 *   choices, tags pushed with every push: each later plain `git push` force-updates, deletes or publishes;
 * - safeguards off: signing (`commit.gpgsign false`), a server's refusal of non-fast-forward pushes or deletes,
 *   path protections (`core.protectNTFS false`), object checks;
 * - identity or signing removed: `--unset[-all]`, `--remove-section`, `--rename-section` of `user.*`, `gpg.*`,
 *   `commit.gpgsign`, `author.*`, `committer.*` (and git 2.46's `git config unset|remove-section`): commits are
 *   no longer the user's, or no longer signed.
 * - recovery expired at once: `gc.pruneExpire`, `gc.reflogExpire[Unreachable]` set to `now` (or minutes, hours,
 *   days): the next gc, an automatic one after a commit or fetch included, deletes the unreachable commits and
 *   reflog entries that undo every reset, rebase and dropped stash (`git gc --prune=now`, docs/adr/0483).
 * - files shared with every user: `core.sharedRepository` (and `git init --shared`) set to a mode other users may
 *   write (`0777`, `0666`), or `all`/`world`/`everybody`, which opens the repository to every account (docs/adr/0488).
 * Given for one run (`git -c remote.origin.mirror=true push`), a push rewrite is that push, a trust widening that run.
 */
import { fx, type Rule } from "./types.ts";

const TRUST = fx("SECURITY", ["write_local"], "git", "config", "trust");
const STORED_PUSH = fx("SECURITY", ["write_local"], "git", "config", "push-rewrite");
const SAFEGUARD_OFF = fx("SECURITY", ["write_local"], "git", "config", "safeguard-off");
const IDENTITY = fx("SECURITY", ["write_local"], "git", "config", "identity");
const PUSH_NOW = fx("DESTRUCTIVE", ["write_external"], "git", "network");
const EXPIRES_RECOVERY = fx("DESTRUCTIVE", ["write_local"], "git", "history");

/** `git config` forms that read, and git 2.46's subcommand words that read. Setting-removal flags are separate. */
const READS = ["--get", "--list", "-l", "--get-all", "--get-regexp", "--get-urlmatch", "--show-origin"];
const REMOVALS = ["--unset", "--unset-all", "--remove-section", "--rename-section"];
/** Subcommand words of `git config` (2.46+) that are no value: `git config get push.default`. */
const NEW_SYNTAX_READ = /^(?:get|list|edit|unset|remove-section|rename-section)$/;
const OFF = /^(?:false|no|off|0)$/i;
/** A shared-repository mode that opens it to every user: other-writable octal, or git's names for "everybody". */
const EVERYBODY = /^(?:all|world|everybody|0?[0-7]{2}[2367])$/i;
const SHARED = fx("SECURITY", ["write_local"], "git", "config", "permissions");

/** A directory pattern of every repository (`*`) or of a whole tree (`/srv/*`). */
const ANY_DIRECTORY = /^\*$|\/\*$/;
const MIRROR = /^remote\..+\.mirror$/i;
const PUSH_REFSPEC = /^remote\..+\.push$/i;
/** A refspec that force-updates (`+…`) or deletes (`:branch`). */
const FORCING_REFSPEC = /^[+:]/;
/** git's own `push.default` choices that push one branch at most; `matching`, `mirror` or anything else do not. */
const ONE_BRANCH = /^(?:simple|current|upstream|tracking|nothing)$/i;
/** Keys whose `false` turns a check off: signing, a server's refusals, path protections, object checks. */
const SAFEGUARD =
  /^(?:(?:commit|tag|push)\.gpgsign|receive\.(?:denynonfastforwards|denydeletes|fsckobjects)|core\.protect(?:ntfs|hfs)|(?:transfer|fetch)\.fsckobjects)$/i;
/** What makes the commits the user's and signed, as a key or as a whole section. */
const IDENTITY_KEY = /^(?:user|gpg|author|committer)(?:\..+)?$|^(?:commit|tag)\.gpgsign$/i;

/** The keys that say how long unreachable objects and reflog entries are kept (also per ref: `gc.<pattern>.reflogExpire`). */
const EXPIRY_KEY = /^gc\.(?:.+\.)?(?:pruneexpire|reflogexpire|reflogexpireunreachable)$/i;
/** An expiry of now, everything, or seconds to a few days: the defaults keep two weeks to ninety days. */
const AT_ONCE = /^(?:now|all|0|(?:\d+[.\s_]*(?:seconds?|minutes?|hours?)|[0-6][.\s_]*days?)[.\s_]*ago)$/i;
const NOT_AT_ONCE = new RegExp(`^(?!${AT_ONCE.source.slice(1, -1)}$)`, "i");

const config = (rule: Omit<Rule, "sub">): Rule => ({ sub: ["config"], ...rule });

export const STORED_SETTING_RAISES: readonly Rule[] = [
  config({ text: /^safe\.directory$/i, wordText: ANY_DIRECTORY, notFlag: [...READS, ...REMOVALS], then: TRUST }),
  config({ text: MIRROR, unlessText: OFF, notFlag: [...READS, ...REMOVALS], then: STORED_PUSH }),
  config({
    text: PUSH_REFSPEC,
    wordText: FORCING_REFSPEC,
    unlessText: NEW_SYNTAX_READ,
    notFlag: [...READS, ...REMOVALS],
    then: STORED_PUSH,
  }),
  config({
    text: /^push\.default$/i,
    unlessText: new RegExp(`${ONE_BRANCH.source}|${NEW_SYNTAX_READ.source}`, "i"),
    notFlag: [...READS, ...REMOVALS],
    then: STORED_PUSH,
  }),
  config({ text: /^push\.followtags$/i, unlessText: OFF, notFlag: [...READS, ...REMOVALS], then: STORED_PUSH }),
  config({ text: SAFEGUARD, wordText: OFF, notFlag: [...READS, ...REMOVALS], then: SAFEGUARD_OFF }),
  config({ text: /^receive\.denycurrentbranch$/i, wordText: /^(?:ignore|warn|updateinstead)$/i, then: SAFEGUARD_OFF }),
  config({ flag: REMOVALS, text: IDENTITY_KEY, then: IDENTITY }),
  config({ text: /^core\.sharedrepository$/i, wordText: EVERYBODY, notFlag: [...READS, ...REMOVALS], then: SHARED }),
  { sub: ["init"], text: new RegExp(`^--shared=${EVERYBODY.source.slice(1)}`, "i"), then: SHARED },
  ...["unset", "remove-section", "rename-section"].map(
    (verb): Rule => ({ sub: ["config", verb], text: IDENTITY_KEY, then: IDENTITY }),
  ),
  // The same given for one run: the push it is given to mirrors or forces; the run trusts every repository.
  { setting: { key: MIRROR, unlessValue: OFF }, then: PUSH_NOW },
  { setting: { key: PUSH_REFSPEC, unlessValue: /^(?![+:])/ }, then: PUSH_NOW },
  { setting: { key: /^safe\.directory$/i, unlessValue: /^(?!\*$|.*\/\*$)/ }, then: TRUST },
  config({ text: EXPIRY_KEY, wordText: AT_ONCE, notFlag: [...READS, ...REMOVALS], then: EXPIRES_RECOVERY }),
  { setting: { key: EXPIRY_KEY, unlessValue: NOT_AT_ONCE }, then: EXPIRES_RECOVERY },
  {
    setting: {
      key: /^core\.sharedrepository$/,
      unlessValue: new RegExp(`^(?!${EVERYBODY.source.slice(1, -1)}$)`, "i"),
    },
    then: SHARED,
  },
];
