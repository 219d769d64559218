/**
 * The shape of per-program knowledge. Tables are data: the FIRST rule of a program that matches decides
 * (write the specific cases before the general ones, like a case statement); a program's `base` effect
 * applies when none matches.
 */
import type { Level, OpType } from "../../../compiler/index.ts";
import type { AccessMode } from "../types.ts";

export interface Effect {
  readonly level: Level;
  readonly types: readonly OpType[];
  readonly categories: readonly string[];
}

/** How a command's words name paths. Positional = not an option and not an option's value. */
export interface PathRoles {
  /** Mode of every positional (after the subcommand words and `skip` more). */
  readonly positional?: AccessMode;
  /** Positionals to skip before paths start (a grep pattern, a sed script, a jq filter). */
  readonly skip?: number;
  /**
   * The skipped positional (or the `skipUnless` options' values) is a script in this language whose own commands
   * name files (sed's `w FILE`, `r FILE`): script-files.ts reads them. `sql`: every operand, option value and the
   * stdin text are a SQL shell's input, whose commands and functions name files (sql-files.ts, docs/adr/0421).
   */
  readonly script?: "sed" | "sql";
  /** Options that replace the skipped positional (`grep -e PAT`, `sed -e SCRIPT`): then nothing is skipped. */
  readonly skipUnless?: readonly string[];
  /** Mode of the last positional when there are two or more (`cp a b`, `mv a b`, `ln -s a b`). */
  readonly last?: AccessMode;
  /** Mode of the first positional (`zip out.zip a b`: the archive). */
  readonly first?: AccessMode;
  /**
   * Options whose value is the directory the positionals after it are relative to: `tar -czf k.tgz -C ~ .ssh`
   * archives ~/.ssh, not ./.ssh.
   */
  readonly within?: readonly string[];
  /** Option values that are paths: `curl -o FILE` → write. */
  readonly options?: Readonly<Record<string, AccessMode>>;
  /** Options (among `options`) whose file is sent out over the network: `curl -T FILE`, `wget --post-file=FILE`. */
  readonly sends?: readonly string[];
  /** Operands `TYPE:PATH[,opts]` that name a file, by TYPE: socat's `FILE:`, `OPEN:` (read), `CREATE:` (write). */
  readonly addresses?: Readonly<Record<string, AccessMode>>;
  /**
   * Operands `REV:PATH` name PATH as a revision holds it (git's object names: `HEAD:.env`, `main~2:src/a.ts`, `:0:x`
   * for the index): the program prints that file's content, so it is a read of PATH with this mode.
   */
  readonly revisionPaths?: AccessMode;
  /**
   * Option values where `@FILE` (or `name=@FILE`, `name=<FILE`) names a file that is read and sent: `curl -d @x`,
   * `curl -H @headers.txt`, `curl -F 'f=@x;type=text/plain'` (the `;type=`/`;filename=` parameters dropped).
   */
  readonly atFiles?: readonly string[];
  /** Option values where `NAME@FILE` names a file too (curl's `--data-urlencode q@.env`). */
  readonly namedAtFiles?: readonly string[];
  /**
   * httpie-style request items after `[METHOD] URL` (http, https, xh, curlie): `@FILE` (the body), `field@FILE` (a
   * file upload), `field=@FILE`, `field:=@FILE`, `Header:@FILE` name files that are read and sent.
   */
  readonly requestItems?: true;
  /** Option values `SRC:DST[:mode]` whose SRC is a host path made available to something else: `docker -v ~/.ssh:/root/.ssh`. */
  readonly volumes?: readonly string[];
  /** `key=PATH` words: dd's `if=`/`of=`. */
  readonly keyValue?: Readonly<Record<string, AccessMode>>;
  /** Files the command touches whatever its words (relative to where it runs): `git config` writes `.git/config`. */
  readonly fixed?: Readonly<Record<string, AccessMode>>;
  /**
   * The program touches only the names and metadata of its positional paths, never their content: it lists a
   * directory, stats a file, creates an empty one or sets its times (`ls ~/.ssh`, `touch .env.test`). Such an
   * access is no credential read or write (ADR 0166); every other check sees it as its mode says.
   */
  readonly metadata?: true;
  /**
   * The program reads every path it is given (operands and options) only to print what anyone may know of it: the
   * public half of a key pair, its fingerprint (`ssh-keygen -y -f ~/.ssh/id_rsa`). Like `metadata`, no credential
   * read (docs/adr/0576); a redirect of that output is judged on its own.
   */
  readonly derivedPublic?: true;
  /**
   * What this rule writes is a key or certificate the program makes now (`openssl req -newkey … -keyout k`): a new
   * secret, not a credential read; inside the working directory and not over an existing file it passes the
   * credential list (docs/adr/0576).
   */
  readonly generates?: true;
  /**
   * Names of files read from stdin, one per line (`tar -T -`, `--files-from=/dev/stdin`, `cpio -o`, `zip -@`):
   * when the text is known here (a here-string, a heredoc, a literal `echo` piped in) each line is a path read.
   * `options`: when one of these options names `-` or `/dev/stdin`; `always`: whenever this rule applies.
   */
  readonly stdinNames?: { readonly options?: readonly string[]; readonly always?: true };
  /**
   * perl's and ruby's `-iSUFFIX` in-place backup (docs/adr/0785): each operand's original is moved to the backup
   * name, each `*` of SUFFIX replaced by the operand, else SUFFIX appended. Each backup name is a path written.
   */
  readonly inPlaceBackup?: true;
  /**
   * Files that list the names taken (`tar -T LIST`, `rsync --files-from=LIST`; `sevenZip`: 7-Zip's `@LIST` operands
   * and `-i@LIST`/`-i!WILDCARD` switches): each list is read, and the names in it are unknown paths read below the
   * base directory, so they gate (docs/adr/0748). `listOnly`: the names are an archive's members, not files read.
   */
  readonly nameLists?: { readonly options?: readonly string[]; readonly sevenZip?: true; readonly listOnly?: true };
  /** Only positionals that look like paths count (unknown programs, remote-capable tools). */
  readonly pathLike?: boolean;
  /** With `pathLike`: every operand that is no `host:` spec or URL is a local path, however bare (`scp app host:`). */
  readonly remoteCopy?: true;
  /**
   * Programs that read whole directory trees of the paths they read: always (`rg`, `tar`), or with one of these
   * flags (`grep -r`, `cp -a`). A directory read so covers the credential files below it.
   */
  readonly recursive?: Readonly<Record<string, true | readonly string[]>>;
  /**
   * Unpacks an archive into a directory: the value of one of these options, else the cwd. Every file below it
   * may be written, names unknown here (`tar -x`, `unzip`). An absolute entry is the directory itself: `/` for
   * members that land where their absolute names say (`tar -xP`).
   */
  readonly extractsTo?: readonly string[];
  /**
   * Serves or publishes every file below a directory (`python -m http.server -d DIR`, `surge DIR`): the value of
   * one of `options`, else the first operand when `positional`, else the cwd. A read of the whole tree.
   */
  readonly served?: { readonly options: readonly string[]; readonly positional?: true };
  /**
   * Downloads saved under the URL's own file name (`curl -O`, plain `wget URL`): each URL operand writes
   * `DIR/<last path segment>`, DIR the value of a `dir` option or the cwd. `when`: only with one of these flags
   * (absent: always); `unless`: not when one of these is given (an explicit output file). With a `anyName` flag
   * (the server picks the name, or a recursive fetch) every file below DIR may be written.
   */
  readonly remoteName?: {
    readonly when?: readonly string[];
    readonly unless?: readonly string[];
    readonly dir: readonly string[];
    readonly anyName?: readonly string[];
  };
  /** Options whose value is the directory the `options` roles' relative files are in (`aria2c -d /tmp -o s.sh`). */
  readonly optionsWithin?: readonly string[];
}

export interface When {
  /** Leading positional words: `["stash", "drop"]`. */
  readonly sub?: readonly string[];
  /** Any of these flags (after aliasing) is present. */
  readonly flag?: readonly string[];
  /** Every one of these flags (after aliasing) is present: `branch -d` with `--force` is `branch -D`. */
  readonly allFlags?: readonly string[];
  /** None of these flags is present. */
  readonly notFlag?: readonly string[];
  /** Some positional after the subcommand equals one of these. */
  readonly word?: readonly string[];
  /** Some positional after the subcommand starts with one of these (`delete-`, `describe-`). */
  readonly wordPrefix?: readonly string[];
  /** Some positional after the subcommand matches: a package named by its registry name (`npm i lodash`). */
  readonly wordText?: RegExp;
  /** The first positional after the subcommand words matches: the image of `docker run [OPTIONS] IMAGE CMD…`. */
  readonly firstWord?: RegExp;
  /** The last positional after the subcommand words matches: the destination of `kubectl cp SRC POD:/path`. */
  readonly lastWord?: RegExp;
  /**
   * Old-style bundled flags (`tar xzf a.tgz -C dir`): no dash flag but options with values, and the first
   * positional matches. With a dash flag the word is an operand: `tar -czf out.tgz x ~` archives `x` and `~`.
   */
  readonly oldStyle?: RegExp;
  /** An option has one of these values, case-insensitive: `{ "-X": ["POST"] }`. */
  readonly option?: Readonly<Record<string, readonly string[]>>;
  /** A value of one of these options matches its pattern: `ssh -R 2222:localhost:22`, `docker run -p 0.0.0.0:5432:5432`. */
  readonly optionText?: Readonly<Record<string, RegExp>>;
  /** Some argument (positional or option value) matches: SQL text, chmod modes. */
  readonly text?: RegExp;
  /** Some argument matches this and none matches `unlessText`. */
  readonly unlessText?: RegExp;
  /** No positional after the subcommand words. */
  readonly bare?: boolean;
  /** At least this many positionals after the subcommand words (`git checkout REF PATH`). */
  readonly minWords?: number;
  /** At most this many positionals after the subcommand words (`ifconfig eth0` shows, `ifconfig eth0 down` changes). */
  readonly maxWords?: number;
  /**
   * The value of one of these options depends on an expansion unknown here (`psql -c "$(… | base64 -d)"`): text
   * nobody can read. `"(operand)"` stands for any positional after the subcommand words (`bq query "$SQL"`).
   */
  readonly unknownValue?: readonly string[];
  /** stdin is a file or another command's output whose text is not known here (`mysql db < dump.sql`). */
  readonly stdin?: "unknown";
  /**
   * A setting this run is given matches `key` (lower-cased) and its value does not match `unlessValue`: the
   * command's variable assignments (`GIT_SSH_COMMAND=…`), and for git its `-c key=value`, `--config-env` and the
   * config it reads from the environment (`GIT_CONFIG_KEY_n`).
   */
  readonly setting?: { readonly key: RegExp; readonly unlessValue?: RegExp };
}

export interface Rule extends When {
  readonly then: Effect;
  /** Replaces the program's path roles when this rule matches. */
  readonly paths?: PathRoles;
}

export interface Program {
  readonly names: readonly string[];
  /** Program-specific flag aliases, all spellings to one: `{ "-R": "-r", "--recursive": "-r" }`. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Options that take the next word as their value (so it is not a positional). */
  readonly values?: readonly string[];
  /** How the program itself reads its command word, when it accepts more than the names its rules use (npm). */
  readonly spelling?: CommandSpelling;
  /**
   * Options of `values` that are plain flags after a subcommand (the first positional): git's `-u` takes the
   * upstream in `branch -u origin/x` but only sets it in `push -u`, so `push -uf` is `-u -f`.
   */
  readonly flagsIn?: Readonly<Record<string, readonly string[]>>;
  /**
   * The language of the text `text` rules read, whose comments the server skips like blanks: `"sql"` rules also
   * read the text with `/* … *\/` and `-- …` comments made blanks (`DROP/**\/DATABASE` is `DROP DATABASE`).
   */
  readonly comments?: "sql";
  readonly base: Effect;
  readonly rules?: readonly Rule[];
  /**
   * `"unknown"`: only the subcommands the rules name are known; when none matches, the program is judged as one
   * nobody described (its operands may be written), not by `base` and `paths` (rulegate's own CLI: `serve`, `init`).
   */
  readonly otherwise?: "unknown";
  readonly paths?: PathRoles;
  /** Passes its arguments to code it runs (interpreters, task runners): `--help` is not a READ. */
  readonly runsCode?: boolean;
  /**
   * Rules tried besides the one that decides: each that matches raises the level to its own (and adds its types
   * and categories), whatever the subcommand (`git -c core.sshCommand=… fetch`). Their `paths` are not used.
   */
  readonly raises?: readonly Rule[];
}

/**
 * A command word as the program resolves it: camelCase kebab-cased (`camelCase`), a unique prefix of `commands` or
 * of an alias completed, and an alias followed to its command.
 */
export interface CommandSpelling {
  readonly commands: readonly string[];
  readonly aliases: Readonly<Record<string, string>>;
  readonly camelCase?: true;
}

export function fx(level: Level, types: readonly OpType[], ...categories: string[]): Effect {
  return { level, types, categories };
}

/** One rule per single-word subcommand, each with the same effect: `subs(["list", "status"], READ)`. */
export function subs(names: readonly string[], then: Effect): Rule[] {
  return names.map((s): Rule => ({ sub: [s], then }));
}
