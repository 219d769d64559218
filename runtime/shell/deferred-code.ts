/**
 * Code a command stores to run later, outside our sight: `alias x='...'`, `trap '...' EXIT`, the commands
 * git runs through a shell when told so by `-c core.pager=...`, and the code an environment variable makes a
 * later program run (`GIT_SSH_COMMAND=...`, `PAGER=...`, `PROMPT_COMMAND=...`, `PERL5OPT=-M...`: code-env.ts).
 * Each is analysed as bash (or perl), as if it ran (it may).
 */
import { carriedCommands } from "./carried-commands.ts";
import { codeEnvKind } from "./code-env.ts";
import { COMMAND_KEY } from "./package-settings.ts";
import type { Assignment } from "./walk.ts";
import type { Word } from "./words.ts";

export interface DeferredCode {
  readonly label: string;
  readonly code: Word;
  /** The code is perl, not bash (`PERL5OPT=-Mx;system(...)`). */
  readonly perl?: true;
  /** A stored script that starts itself again in the background, a pipeline or twice (`x='npm run x & npm run x'`). */
  readonly selfSpawning?: string;
}

/** git config keys whose value is a command line run by a shell. */
const GIT_COMMAND_KEYS = new Set([
  "core.pager",
  "core.sshcommand",
  "core.editor",
  "core.fsmonitor",
  "core.askpass",
  "sequence.editor",
  "diff.external",
  "credential.helper",
  "gpg.program",
  "merge.tool",
  "diff.tool",
]);

/** Keys with a name in the middle whose value is a command line: filter drivers, diff and merge tools. */
const GIT_COMMAND_KEY =
  /^(?:filter\.[^.]+\.(?:clean|smudge|process)|(?:diff|merge)tool\.[^.]+\.cmd|diff\.[^.]+\.(?:command|textconv)|merge\.[^.]+\.driver)$/;

export function deferredCode(
  program: string,
  args: readonly Word[],
  gitConfig: readonly { readonly key: string; readonly value: Word }[],
): DeferredCode[] {
  const out: DeferredCode[] = [];
  if (program === "alias") {
    for (const a of args) {
      const eq = a.value.indexOf("=");
      if (eq > 0) out.push({ label: "alias", code: { ...a, value: a.value.slice(eq + 1) } });
    }
  } else if (program === "trap") {
    // `trap -- CODE SIG…` ends the options as any builtin's `--` does; `-p`/`-l` print, and store nothing.
    const code = args[0]?.value === "--" ? args[1] : args[0];
    const signals = args.length - (args[0]?.value === "--" ? 2 : 1);
    if (code !== undefined && signals >= 1 && (code.dynamic || !/^-[pl]*$/.test(code.value)))
      out.push({ label: "trap", code });
  } else if (program === "git") {
    for (const { key, value } of gitConfig) {
      const alias = key.startsWith("alias.") && value.value.startsWith("!");
      if (alias) out.push({ label: "git -c", code: { ...value, value: value.value.slice(1) } });
      else if (GIT_COMMAND_KEYS.has(key) || key.startsWith("pager.") || GIT_COMMAND_KEY.test(key))
        out.push({ label: "git -c", code: value });
    }
    out.push(...storedGitAlias(args));
  }
  out.push(...packageScripts(program, args));
  // Command lines the program's own options carry (`rsync -e`, `ssh -o ProxyCommand=`, `tar --to-command`).
  out.push(...carriedCommands(program, args));
  return out;
}

/** `git config` options that take the next word as their value. */
const GIT_CONFIG_VALUES = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value", "--url"]);

/**
 * The alias `git config [SCOPE] alias.NAME VALUE` stores (git 2.46's `git config set` too). A value that does not
 * begin with `!` is git itself run with those words at `git NAME`: judged now as that git command, so an alias
 * that spells `push --force`, `-c core.pager=…` or `log --output=FILE` is what it spells (docs/adr/0773). A `!`
 * value is shell code, and a value with unknown words may be anything: both left to the config key's own rule.
 */
function storedGitAlias(args: readonly Word[]): DeferredCode[] {
  if (args[0]?.value !== "config") return [];
  // git config stops reading options at its first operand: the word after the key is the value, dash or not.
  let i = 1;
  for (; i < args.length; i++) {
    const a = args[i]!.value;
    if (a === "--") i++;
    if (a === "--" || !a.startsWith("-")) break;
    if (GIT_CONFIG_VALUES.has(a)) i++;
  }
  if (args[i]?.value === "set") i++;
  const [key, value] = [args[i], args[i + 1]];
  const alias = key !== undefined && /^alias\./i.test(key.value);
  // Unknown words stay the config key's rule's: what git would run cannot be read.
  if (!alias || value === undefined || value.dynamic || /^\s*!/.test(value.value)) return [];
  return [{ label: "git alias", code: { ...value, value: `git ${value.value}` } }];
}

/** Package managers whose `pkg set scripts.NAME=…` and `set-script NAME …` store a script (docs/adr/0310). */
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(["npm", "pnpm", "yarn", "bun"]);

/**
 * The command lines a package manager stores as package scripts: `npm pkg set scripts.test='…'` (also
 * `scripts[test]=…`, several pairs at once), `npm set-script test '…'`, and hook managers' commands (`npm pkg set
 * husky.hooks.pre-commit='…'`). They run at `npm run`/`npm test`, in CI, at every install or commit: stored code,
 * analysed as bash now, like an alias.
 */
function packageScripts(program: string, args: readonly Word[]): DeferredCode[] {
  if (!PACKAGE_MANAGERS.has(program)) return [];
  const words = args.filter((a) => !a.value.startsWith("-"));
  const label = `${program} script`;
  if (words[0]?.value === "set-script" && words[2] !== undefined)
    return [{ label, code: words[2], ...selfCalls(words[1]?.value ?? "", words[2].value) }];
  if (words[0]?.value !== "pkg" || words[1]?.value !== "set") return [];
  const out: DeferredCode[] = [];
  for (const w of words.slice(2)) {
    // Scripts, and the command lines hook managers and watchers keep in package.json (docs/adr/0844).
    const m = COMMAND_KEY.exec(w.value);
    if (m === null) continue;
    const value = w.value.slice(m[0].length);
    out.push({ label, code: { ...w, value }, ...selfCalls(m[1] ?? m[2] ?? "", value) });
  }
  return out;
}

/**
 * A package script that runs itself in the background, in a pipeline or more than once forks without end like
 * `:(){ :|:& };:` (docs/adr/0423): `scripts.x='npm run x & npm run x'`.
 */
function selfCalls(name: string, code: string): { selfSpawning?: string } {
  if (name === "" || !/^[\w:.-]+$/.test(name)) return {};
  const call = new RegExp(
    String.raw`\b(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?${name.replace(/[.]/g, "\\.")}(?![\w:.-])`,
    "g",
  );
  const calls = code.match(call)?.length ?? 0;
  const forks = /(?<![&|])[&|](?![&|])/.test(code);
  return calls >= 2 || (calls === 1 && forks) ? { selfSpawning: `${name} (package script)` } : {};
}

/**
 * The code the environment a command is given makes it (or a program it starts) run: a command line, shell
 * code, less's preprocessor, perl's `-M` switches. Files of code (`LD_PRELOAD`, `NODE_OPTIONS=--require`) are
 * judged by where they live, in operation/loaded-code.ts.
 */
export function environmentCode(assignments: readonly Assignment[]): DeferredCode[] {
  const out: DeferredCode[] = [];
  for (const a of assignments) {
    const label = a.name;
    // `BASH_ALIASES[x]='…'` defines an alias as `alias x='…'` does (docs/adr/0702).
    if (/^BASH_ALIASES\[/.test(a.name)) out.push({ label: "alias", code: a.value });
    switch (codeEnvKind(a.name)) {
      case "command":
      case "script":
        out.push({ label, code: a.value });
        break;
      case "program":
        if (!a.value.dynamic) out.push({ label, code: a.value });
        break;
      case "prompt": {
        // Read as an unquoted here-document, which expands as a prompt does: only its substitutions run.
        if (/\$\(|`/.test(a.value.value))
          out.push({ label, code: { ...a.value, value: `: <<__PROMPT__\n${a.value.value}\n__PROMPT__` } });
        break;
      }
      case "filter": {
        // `|cmd %s` pipes the file through cmd, `||cmd %s` too; `-` only marks how less reads; %s is the file.
        const value = a.value.value.replace(/^\s*[|-]*\|*/, "").replace(/%s/g, "FILE");
        out.push({ label, code: { ...a.value, value } });
        break;
      }
      case "perl": {
        // `-Mmod;code` becomes `use mod;code;`: the rest of the value is read as the perl that runs.
        const at = a.value.value.search(/(?:^|\s)-[Mm]/);
        if (at >= 0) {
          const value = `use ${a.value.value.slice(at).replace(/^\s*-[Mm]-?/, "")};`;
          out.push({ label, code: { ...a.value, value }, perl: true });
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}
