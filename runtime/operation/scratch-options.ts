/**
 * Options that make a tool load its configuration, a plugin, an extension or a script from scratch space
 * (docs/adr/0750), the command-line half of scratch-config.ts (docs/adr/0721): `kubectl --kubeconfig /tmp/kc.yaml`,
 * `npm --userconfig /tmp/npmrc`, `exiftool -config /tmp/x.config`, `nmap --script /tmp/c.nse`, `ssh -F /tmp/c`,
 * `vim -u /tmp/vimrc`, `gcc -fplugin=/tmp/p.so`, `tmux source-file /tmp/t.conf`, gawk's `@load "/tmp/ext"`.
 * Configuration files run code (ssh's ProxyCommand, a kubeconfig's exec plugin, npm's script-shell, a vimrc's `:!`)
 * and anyone may have written a file in a temp folder. The rule is by the kind of option name; short letters a
 * name cannot show are listed per tool. The user's own files and the project's stay as they are.
 */
import { ownEntry } from "../../core/index.ts";
import { optionKebab } from "./option-names.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { SCRATCH } from "./scratch-config.ts";

/**
 * Option names (one or two dashes, maybe with a prefix: `--global-config`, `--ssh-config`) that say the value is
 * configuration or code the tool loads: config and rc files, init files, preloads, plugins, extensions, modules,
 * scripts, settings, profiles, requires, and the database clients' option files (`--defaults-extra-file`).
 */
const LOADING_NAME =
  /^--?(?:[a-z0-9]+-)*(?:config|userconfig|globalconfig|kubeconfig|rcfile|init|preload|plugins?|load|extensions?|modules?|scripts?|settings|profile|require|rulesdir|defaults(?:-extra)?-file|setup(?:-files(?:-after-env)?)?|teardown|roots?|resolver|transform|test-environment|test-runner|preset|watch-plugins|snapshot-resolver)(?:-?(?:file|path|dir))?$/i;
/** A scratch path written inside a value (`--config '{"setupFiles":["/tmp/x.js"]}'`). */
const SCRATCH_INSIDE = /(?:^|["'\s,:=[])(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp)\//;
/** Test runners: an operand is a test file they load and run. */
const TEST_RUNNERS: ReadonlySet<string> = new Set(["mocha", "jest", "vitest", "ava", "tap", "jasmine", "playwright"]);
/** Names of outputs, caches and temp folders: a temp folder is where those belong. */
const NOT_LOADING = /out|write|save|dump|cpu|heap|trace|cache|tmp|temp|report|result|log|no-/i;

/** Short letters that load a file, which no name shows: ssh's `-F`, vim's `-u`/`-S`, curl's `-K`, gawk's `-l`. */
const VIM = ["-u", "-U", "-S"];
const SSH = ["-F"];
const SHORT_LOADS: Readonly<Record<string, readonly string[]>> = {
  ssh: SSH,
  scp: SSH,
  sftp: SSH,
  autossh: SSH,
  vim: VIM,
  vi: VIM,
  nvim: VIM,
  gvim: VIM,
  view: VIM,
  vimdiff: VIM,
  ex: VIM,
  curl: ["-K"],
  gawk: ["-l"],
  bun: ["-r"],
  tmux: ["-f"],
  mvn: ["-s", "-gs"],
  mvnw: ["-s", "-gs"],
  screen: ["-c"],
  mutt: ["-F"],
  neomutt: ["-F"],
  // Linters and formatters load their configuration as code (`eslint.config.js`, `.prettierrc.cjs`): docs/adr/0788.
  eslint: ["-c", "--resolve-plugins-relative-to"],
  stylelint: ["-c", "--custom-syntax", "--custom-formatter"],
  webpack: ["-c"],
  "webpack-cli": ["-c"],
  jest: ["-c"],
  vitest: ["-c"],
  mocha: ["-r"],
  babel: ["-c"],
  // ripgrep runs the program it is given to learn the host name for its hyperlinks (round 11).
  rg: ["--hostname-bin"],
  // A module searched first from scratch space (`perl -I/tmp -MEvil`, `ruby -I/tmp -revil`, `python3 -X` is not).
  perl: ["-I"],
  prove: ["-I"],
  ruby: ["-I"],
  rspec: ["-I"],
};

/** Compiler drivers, whose plugins are given glued (`-fplugin=`) or to the front end (`-Xclang -load -Xclang F`). */
const COMPILERS = new Set(["gcc", "g++", "cc", "c++", "clang", "clang++"]);
const GLUED_PLUGIN = /^-f(?:pass-)?plugin=(.*)$/;

/** Subcommands whose operand is a file of commands the tool runs (tmux's `source-file`). */
const SOURCING: Readonly<Record<string, readonly string[]>> = { tmux: ["source-file", "source"] };

/** gawk's directives in its program text that load an extension or another program file. */
const AWK_DIRECTIVE = /@(?:load|include)\s+"([^"]*)"/g;

/** A scratch folder itself (`--rulesdir /tmp`): every file a tool loads from it is anyone's. */
const SCRATCH_DIR = /^['"]?(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp|\$\{?TMPDIR\}?)\/?['"]?$/;
const scratch = (word: string | undefined): word is string =>
  word !== undefined && (SCRATCH.test(word) || SCRATCH_DIR.test(word));

/** Why the command loads configuration or code from scratch space through one of its own words, or null. */
export function scratchOption(cmd: SimpleCommand): string | null {
  const words = [...(cmd.droppedOptions ?? []).flatMap((o) => o.split(/\s+/)), ...cmd.args];
  const short = ownEntry(SHORT_LOADS, cmd.program) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const eq = word.indexOf("=");
    const name = eq > 0 ? word.slice(0, eq) : word;
    const value = eq > 0 ? word.slice(eq + 1) : words[i + 1];
    const named = name.startsWith("-") && LOADING_NAME.test(optionKebab(name)) && !NOT_LOADING.test(name);
    if (name.startsWith("-") && scratch(value)) {
      if (named || short.includes(name)) return `\`${cmd.program} ${name}\` loads ${value}, a file from a temp folder`;
    }
    if (named && value !== undefined && SCRATCH_INSIDE.test(value))
      return `\`${cmd.program} ${name}\` names a file from a temp folder to load (${value})`;
    // A test file from a temp folder handed to a runner (`mocha /tmp/x.test.js`); an output option's value is not one.
    const after = words[i - 1];
    const output =
      after?.startsWith("-") === true &&
      !after.includes("=") &&
      (NOT_LOADING.test(after) || /(?:dir(?:ectory)?|file|path|coverage)$/i.test(after));
    if (TEST_RUNNERS.has(cmd.program) && !word.startsWith("-") && !output && scratch(word))
      return `\`${cmd.program}\` runs the tests in ${word}, a file from a temp folder`;
    // A short letter with its value glued on (`ssh -F/tmp/c`, `vim -u/tmp/vimrc`).
    const glued = short.find((s) => word.startsWith(s) && scratch(word.slice(s.length)));
    if (glued !== undefined)
      return `\`${cmd.program} ${glued}\` loads ${word.slice(glued.length)}, a file from a temp folder`;
    const sourced =
      ownEntry(SOURCING, cmd.program)?.includes(word) === true ? words.slice(i + 1).find(scratch) : undefined;
    if (sourced !== undefined)
      return `\`${cmd.program} ${word}\` runs the commands of ${sourced}, a file from a temp folder`;
  }
  return compilerPlugin(cmd) ?? awkDirective(cmd);
}

/** A compiler plugin from scratch space: `-fplugin=/tmp/p.so`, `-Xclang -load -Xclang /tmp/p.so`. */
function compilerPlugin(cmd: SimpleCommand): string | null {
  if (!COMPILERS.has(cmd.program)) return null;
  const frontEnd: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const plugin = GLUED_PLUGIN.exec(cmd.args[i]!)?.[1];
    if (scratch(plugin)) return `\`${cmd.program}\` loads the plugin ${plugin}, a file from a temp folder`;
    if (cmd.args[i] === "-Xclang" && cmd.args[i + 1] !== undefined) frontEnd.push(cmd.args[++i]!);
  }
  const at = frontEnd.findIndex((w, i) => (w === "-load" || w === "-plugin") && scratch(frontEnd[i + 1]));
  return at < 0 ? null : `\`${cmd.program}\` loads the plugin ${frontEnd[at + 1]}, a file from a temp folder`;
}

/** gawk's `@load "/tmp/ext"` or `@include "/tmp/x.awk"` in its program text. */
function awkDirective(cmd: SimpleCommand): string | null {
  if (cmd.program !== "gawk" && cmd.program !== "awk") return null;
  for (const arg of cmd.args)
    for (const m of arg.matchAll(AWK_DIRECTIVE))
      if (scratch(m[1])) return `\`${cmd.program}\` loads ${m[1]}, a file from a temp folder, by its own directive`;
  return null;
}
