/**
 * Tools that print the secrets they hold or find (docs/adr/0540): a framework's encrypted credentials shown or
 * decrypted (`bin/rails credentials:show`, `php artisan env:decrypt`, Symfony's `secrets:reveal`), a login store
 * printed (`mysql_config_editor print`), a secret scanner told to print its findings unredacted (`gitleaks -v`
 * without `--redact`, `trufflehog`, `ggshield --show-secrets`), and git's history searched for a secret's name
 * with the patches shown (`git log -p -S AWS_SECRET`). Each reveals what `cat` of the credentials file would,
 * so each is a credential read. The runner is found by base name behind an interpreter or `bundle exec`, as the
 * database tasks find theirs. Data: one row per tool.
 */
import { posix } from "node:path";
import type { SimpleCommand } from "../shell/index.ts";
import { TASK_CARRIERS } from "./database-tasks.ts";

interface RevealRow {
  /** Base names of the tool (a program, or a script an interpreter or `bundle exec` runs). */
  readonly runners: readonly string[];
  /** The first word after the tool that names a task printing or decrypting secrets. */
  readonly task?: RegExp;
  /** Or, whatever the task: the flags that make it print secrets, and those that keep them hidden. */
  readonly shown?: { readonly flags: readonly string[]; readonly unless?: readonly string[] };
}

const ROWS: readonly RevealRow[] = [
  // Rails decrypts config/credentials.yml.enc for show, and for edit into $EDITOR (`EDITOR=cat` prints it).
  { runners: ["rails", "rake"], task: /^(?:credentials|encrypted|secrets):(?:show|edit)$/ },
  { runners: ["artisan"], task: /^env:decrypt$/ },
  { runners: ["console"], task: /^secrets:(?:reveal|decrypt-to-local)$/ },
  { runners: ["console"], task: /^secrets:list$/, shown: { flags: ["--reveal"] } },
  { runners: ["dotenvx"], task: /^(?:decrypt|get)$/ },
  // The login paths' passwords, stored only obfuscated in ~/.mylogin.cnf.
  { runners: ["mysql_config_editor"], task: /^print$/ },
  // Scanners: trufflehog prints each finding's raw secret; gitleaks does when verbose unless told to redact.
  { runners: ["trufflehog"], task: /^(?!help$|version$)[a-z]/ },
  { runners: ["gitleaks"], shown: { flags: ["--no-redact"] } },
  { runners: ["gitleaks"], shown: { flags: ["-v", "--verbose"], unless: ["--redact"] } },
  { runners: ["ggshield"], shown: { flags: ["--show-secrets"] } },
  { runners: ["noseyparker", "noseyparker-cli"], task: /^report$/ },
  // A CLI's own stored keys listed (docs/adr/0654): `stripe config --list` prints the test and live secret keys.
  { runners: ["stripe"], task: /^config$/, shown: { flags: ["--list"] } },
  // tmux's global or session environment (`show-environment`, its alias `showenv`, a unique prefix such as
  // `show-env`): the variables tmux hands every new pane, tokens among them, printed as `env` prints its own.
  { runners: ["tmux"], task: /^(?:showenv|show-e[environmt]*)$/ },
  // The kernel keyring (docs/adr/0740): `keyctl print`, `pipe` and `read` write a key's payload to stdout, as
  // `cat` of the file it was loaded from would; `show`, `list` and `describe` print only ids and descriptions.
  { runners: ["keyctl"], task: /^(?:print|pipe|read)$/ },
];

/** A pickaxe or grep pattern that names a secret: `AWS_SECRET`, `password`, `api_key`, a private key's header. */
const SECRET_TEXT = /secret|passw(?:or)?d|passphrase|token|api[_-]?key|private[_ -]?key|credential|AKIA/i;
/** git's history searched for text (`-S`, `-G`, `--grep`), with the content of each match printed. */
const PICKAXE = /^(?:-S|-G|--grep=?)(.*)$/;
const PATCHES = new Set(["-p", "-u", "--patch", "-U", "--unified", "--full-diff"]);

/** What this command reveals, as shown in a reason (`rails credentials:show`), or null. */
export function revealedSecret(cmd: SimpleCommand): string | null {
  return historySearched(cmd) ?? toolReveals(cmd);
}

function toolReveals(cmd: SimpleCommand): string | null {
  const words = [cmd.program, ...cmd.args];
  for (let i = 0; i < words.length && i < 4; i++) {
    const name = posix.basename(words[i]!);
    const rows = ROWS.filter((r) => r.runners.includes(name));
    if (rows.length > 0) {
      const after = words.slice(i + 1);
      const task = after.find((w) => !w.startsWith("-")) ?? "";
      for (const row of rows) if (reveals(row, task, after)) return `${name} ${task}`.trim();
      return null;
    }
    // Only a carrier (an interpreter, `bundle exec`) may stand before the tool.
    if (i > 0 ? !(words[i]!.startsWith("-") || TASK_CARRIERS.has(name)) : !TASK_CARRIERS.has(name)) return null;
  }
  return null;
}

function reveals(row: RevealRow, task: string, after: readonly string[]): boolean {
  if (row.task !== undefined && !row.task.test(task)) return false;
  const shown = row.shown;
  if (shown === undefined) return true;
  const has = (names: readonly string[]) => after.some((w) => names.includes(w.split("=")[0]!));
  return has(shown.flags) && !has(shown.unless ?? []);
}

/** `git log -p -S AWS_SECRET`, `git log --all -G 'password' --patch`: commits' diffs where a secret appears. */
function historySearched(cmd: SimpleCommand): string | null {
  if (cmd.program !== "git") return null;
  const sub = cmd.args.find((a) => !a.startsWith("-"));
  if (sub !== "log" && sub !== "show" && sub !== "whatchanged") return null;
  // `git show` prints each commit's patch unless told not to; `git log` only when asked.
  const patched =
    sub === "show" ? !cmd.args.includes("-s") && !cmd.args.includes("--no-patch") : cmd.args.some(isPatch);
  if (!patched) return null;
  for (let i = 0; i < cmd.args.length; i++) {
    const m = PICKAXE.exec(cmd.args[i]!);
    if (m === null) continue;
    const pattern = m[1] === "" ? (cmd.args[i + 1] ?? "") : m[1]!;
    if (SECRET_TEXT.test(pattern)) return `git ${sub} searching history for ${pattern}`;
  }
  return null;
}

function isPatch(arg: string): boolean {
  return PATCHES.has(arg.split("=")[0]!) || /^-U\d+$/.test(arg);
}
