/**
 * Code planted in a file that runs later by itself (docs/adr/0451): a Makefile recipe, a project script, conftest.py,
 * sitecustomize.py or a `.pth` file, a devcontainer's lifecycle commands, a package.json script, a mise hook or
 * task, direnv's `.envrc`, git and husky hooks, pre-commit entries. Whoever runs `make`, `pytest`, `npm install`,
 * opens the container or enters the folder runs it, in a later call that looks innocent. The text written is known
 * here (planted-text.ts): it is analysed now as the code it will be.
 */
import { makeRecipes } from "./carried-commands.ts";
import { codeLoads } from "./code-loads.ts";
import { configLoadsFromElsewhere, pytestSettings, pythonToolSettings, settingValues } from "./config-loads.ts";
import type { Language } from "./interpreters.ts";
import { makeDirectives } from "./make-directives.ts";
import { outsideProject } from "./elsewhere.ts";
import { pyprojectTasks } from "./pyproject-tasks.ts";
import { RUN_FILES } from "./run-files.ts";
import { outsideIncludes, taskfileLines } from "./task-files.ts";
import { yamlCommands } from "./yaml-commands.ts";

/** The wrapper label of planted code: `planted in FILE`. */
export const PLANTED_LABEL = "planted in ";

export interface PlantedCode {
  /**
   * `shell`: bash command lines; `unread`: the file brings in code nobody here can read, and `code` says what
   * (lefthook's `extends` from outside the project); else the interpreter language of the file.
   */
  readonly language: "shell" | "unread" | Language;
  readonly code: string;
}

/** The values of `KEY = "…"`, `"KEY": "…"`, `.KEY="…"` or `KEY: …` for the keys given, unescaped. */
function keyedValues(text: string, keys: string): string[] {
  const out: string[] = [];
  const quoted = new RegExp(
    `(?:^|[\\s{,.\\[])"?(?:${keys})"?(?:\\[\\d*\\])?\\s*(?:[:=]|\\+=|\\|=)\\s*(?:\\[\\s*)?(["'])((?:(?!\\1)[^\\\\]|\\\\.)*)\\1`,
    "gm",
  );
  for (const m of text.matchAll(quoted)) out.push(m[2]!.replace(/\\(["'\\])/g, "$1"));
  const bare = new RegExp(`^\\s*-?\\s*(?:${keys})\\s*:\\s*([^"'\\s|>][^\\n]*)$`, "gm");
  for (const m of text.matchAll(bare)) out.push(m[1]!);
  return out;
}

const DEVCONTAINER_KEYS =
  "initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand";

/** Keys of CI, hook and task files whose values are command lines. */
const YAML_KEYS: ReadonlySet<string> = new Set(["entry", "run", "cmd", "cmds", "script", "commands"]);

interface Role {
  readonly file: RegExp;
  readonly read: (text: string) => PlantedCode[];
  /** Its code is command lines: an edit's fragment may land inside one, whatever surrounds it (docs/adr/0816). */
  readonly lines?: true;
  /** A script that runs only when someone runs it (`scripts/x.sh`), not at a tool's next run by itself. */
  readonly explicit?: true;
}

const shell = (code: string): PlantedCode[] => (code.trim() === "" ? [] : [{ language: "shell", code }]);
const values =
  (keys: string) =>
  (text: string): PlantedCode[] =>
    keyedValues(text, keys).flatMap(shell);

const ROLES: readonly Role[] = [
  {
    file: /(?:^|\/)(?:GNUmakefile|[Mm]akefile|[^/]*\.mk)$/,
    read: (t) => [...shell(makeRecipes(t)), ...makeDirectives(t)],
    lines: true,
  },
  {
    file: /(?:^|\/)(?:scripts|script|bin|hack|ci|tools|\.ci|\.circleci|\.buildkite|\.devcontainer|docker)\/(?:[^/]+\/)*(?:[^/.]+|[^/]+\.(?:sh|bash|zsh|ksh))$|(?:^|\/)(?:entrypoint|docker-entrypoint|install|setup|build|bootstrap|post-?install|pre-?install|ci|test|run)\.(?:sh|bash|zsh)$|(?:^|\/)\.envrc$|(?:^|\/)\.git\/hooks\/[^/]+$|(?:^|\/)\.husky\/[^/]+$/,
    read: shell,
    lines: true,
    explicit: true,
  },
  {
    file: /(?:^|\/)(?:conftest|setup|sitecustomize|usercustomize|noxfile|fabfile|manage|__init__)\.py$|\.pth$/,
    read: (t) => [{ language: "python", code: t }],
  },
  {
    // Any `NAME.config.js`, `NAME.conf.js` (karma's) or dotted `.NAMErc.js` (lint-staged's), and storybook's folder:
    // the tool requires them at each run (docs/adr/0859).
    file: /(?:^|\/)(?:[^/]+\.conf(?:ig)?|\.pnpmfile|\.[^/.]+rc|gulpfile|Gruntfile|\.storybook\/[^/]+)\.(?:[cm]?js|[cm]?ts)x?$/,
    read: (t) => [{ language: "javascript", code: t }, ...loadsElsewhere(t)],
  },
  {
    // Tools' data configuration: what it names to load runs at the tool's next run (docs/adr/0845).
    // Also shx's `.shxrc.json` plugins and lint-staged's config (docs/adr/0818, amended), and tsconfig's `extends`.
    file: /(?:^|\/)(?:\.mocharc|\.eslintrc|\.babelrc|\.prettierrc|\.stylelintrc|\.swcrc|\.nycrc|\.c8rc|\.postcssrc|\.remarkrc|\.shxrc|\.lintstagedrc|babel\.config|\.?jest\.config|\.xo-config|tsconfig[^/]*)(?:\.(?:json5?|ya?ml|toml))?$/,
    read: loadsElsewhere,
  },
  // Python task runners' tables (docs/adr/0825): `poe test`, `hatch run test`, `pdm run test` run their strings;
  // pytest's settings load what they name (0845).
  {
    file: /(?:^|\/)(?:pyproject|hatch)\.toml$/,
    read: (t) => [...pyprojectTasks(t).flatMap(shell), ...pytestCode(t), ...pythonToolCode(t)],
    lines: true,
  },
  { file: /(?:^|\/)pytest\.ini$/, read: (t) => [...pytestCode(t), ...pythonToolCode(t)] },
  // mypy's, pylint's and flake8's own files: the plugins and hooks they load at each run (docs/adr/0858).
  { file: /(?:^|\/)(?:\.?mypy\.ini|\.?pylintrc|\.flake8)$/, read: pythonToolCode },
  { file: /(?:^|\/)(?:\.devcontainer\/)?\.?devcontainer(?:\.json)?$/, read: values(DEVCONTAINER_KEYS) },
  {
    // Any script: the install hooks run at `npm install`, the others at `npm test`, `npm run`, in CI.
    file: /(?:^|\/)package\.json$/,
    lines: true,
    read: (t) =>
      [
        ...keyedValues(t, 'scripts\\.[A-Za-z0-9:_-]+|scripts\\["[A-Za-z0-9:_-]+"\\]'),
        ...[...t.matchAll(/"scripts"\s*:\s*\{([^}]*)\}/g)].flatMap((m) => keyedValues(m[1]!, "[A-Za-z0-9:_-]+")),
        // A fragment whose place nobody knows (`sed -i 's#"test": ".*"#"test": "…"#'`, an edit's text): any of its
        // pairs may sit in `scripts` (docs/adr/0567). A whole file (it starts with `{`) is read by the lines above.
        ...(/"scripts"\s*:|\bscripts\s*[.[]|^\s*\{/.test(t) ? [] : keyedValues(t, "[A-Za-z0-9:_-]+")),
      ].flatMap(shell),
  },
  {
    file: /(?:^|\/)\.?mise(?:\.[^/]*)?\.toml$|(?:^|\/)\.mise\/config\.toml$|(?:^|\/)\.tool-versions$/,
    read: values("enter|leave|cd|preinstall|postinstall|run|watch_files|hooks\\.[a-z]+"),
  },
  {
    // go-task's own reading (task-files.ts), so `defer:`, `sh:` and bare task lists count here too (docs/adr/0798).
    file: /(?:^|\/)(?:Taskfile|taskfile)(?:\.dist)?\.ya?ml$/,
    read: (t) => [
      ...(taskfileLines(t) ?? keyedValues(t, [...YAML_KEYS].join("|"))).flatMap(shell),
      ...outsideIncludes(t).map(
        (f): PlantedCode => ({ language: "unread", code: `includes ${f}, a Taskfile from outside the project` }),
      ),
    ],
    lines: true,
  },
  {
    file: /(?:^|\/)(?:\.pre-commit-config|\.?lefthook(?:-local)?|\.gitlab-ci|azure-pipelines|bitbucket-pipelines|\.?tasks)\.ya?ml$/,
    // Read as YAML when the text is one document (docs/adr/0798); a fragment (a sed edit's text) by its lines.
    read: (t) => [
      ...(yamlCommands(t, YAML_KEYS) ?? keyedValues(t, [...YAML_KEYS].join("|"))).flatMap(shell),
      ...configFromElsewhere(t),
    ],
    lines: true,
  },
  { file: /(?:^|\/)Procfile$/, read: (t) => shell(t.replace(/^[\w-]+:\s*/gm, "")), lines: true },
  {
    file: /(?:^|\/)(?:tox\.ini|setup\.cfg)$/,
    // tox's `commands = …` is INI: one command a line, continued on indented lines (docs/adr/0858).
    read: (t) => [
      ...values("commands|commands_pre|commands_post")(t),
      ...settingValues(t, "commands|commands_pre|commands_post").flatMap(shell),
      ...pytestCode(t),
      ...pythonToolCode(t),
    ],
    lines: true,
  },
  { file: /(?:^|\/)[Jj]ustfile$/, read: (t) => shell(t.replace(/^(?!\s)[^\n]*$/gm, "")), lines: true },
  // pip and uv run pyproject.toml's build backend, cargo runs build.rs, at the next install or build. Their known text
  // is judged elsewhere (planted-sources.ts); here they count only as files that run (docs/adr/0836).
  { file: /(?:^|\/)(?:pyproject\.toml|build\.rs)$/, read: () => [] },
  // Build scripts, tools' settings and dependencies' code with no reader of their own here (docs/adr/0854).
  ...RUN_FILES.map(
    ([file, language]): Role => ({
      file,
      read: (t) => (language === "opaque" ? [] : [{ language, code: t }]),
    }),
  ),
];

/** Modules a tool's configuration loads from outside the project: code nobody here read (docs/adr/0845). */
function loadsElsewhere(text: string): PlantedCode[] {
  return configLoadsFromElsewhere(text).map((m) => ({
    language: "unread",
    code: `loads ${m}, from outside the project`,
  }));
}

/** pytest's `addopts`, read as the pytest command line it is, and a `pythonpath` outside the project. */
function pytestCode(text: string): PlantedCode[] {
  const { commands, elsewhere } = pytestSettings(text);
  return [
    ...commands.flatMap(shell),
    ...elsewhere.map((p): PlantedCode => ({ language: "unread", code: `puts ${p} on pytest's import path` })),
  ];
}

/** Python tools' plugins, hooks and paths that load code at their next run (docs/adr/0858). */
function pythonToolCode(text: string): PlantedCode[] {
  const { hooks, elsewhere } = pythonToolSettings(text);
  return [
    ...hooks.map((code): PlantedCode => ({ language: "python", code })),
    ...elsewhere.map((p): PlantedCode => ({ language: "unread", code: `loads code from ${p}, outside the project` })),
  ];
}

/**
 * Configuration a hook or CI file pulls in from outside the project, whose commands nobody here read: lefthook's
 * `extends:` entries and `remotes:`, GitLab's `include:` of a remote or an absolute file (round 11).
 */
function configFromElsewhere(text: string): PlantedCode[] {
  const out: PlantedCode[] = [];
  // lefthook's `remotes:` list, and the single `remote:` with its `git_url` of older versions (docs/adr/0859).
  if (/^remotes?\s*:/m.test(text))
    out.push({ language: "unread", code: "takes hook configuration from a remote repository" });
  const block = /^(?:extends|include)\s*:\s*\n((?:[ \t]+.*\n?)+)/m.exec(text)?.[1] ?? "";
  const inline = /^(?:extends|include)\s*:\s*(\S.*)$/m.exec(text)?.[1] ?? "";
  for (const line of [...block.split("\n"), inline])
    if (outsideProject(line) || /\bremote\s*:/.test(line))
      out.push({ language: "unread", code: `includes ${line.trim()}, configuration from outside the project` });
  return out;
}

/** Whether a file of this name runs code at a tool's next run by itself (a Makefile, package.json, a hook, conftest.py). */
export function hasCodeRole(file: string): boolean {
  return ROLES.some((r) => r.explicit !== true && r.file.test(file));
}

/**
 * The code a file written with this text will run later, or none when the file has no such role. A `fragment` (what
 * an in-place edit puts in: `s/npm test/rm -rf ~/`) may land inside a command line of a file whose code is lines,
 * so its text is also read as a command line of its own, leading indentation dropped (docs/adr/0816).
 */
export function plantedCode(file: string, text: string, fragment = false): PlantedCode[] {
  const role = ROLES.find((r) => r.file.test(file));
  if (role === undefined) return [];
  const read = role.read(text);
  if (!fragment || role.lines !== true) return read;
  return [...read, ...shell(text.replace(/^(?:[ \t]|\\t)+/gm, ""))];
}

/** Source files an interpreter runs, by extension. */
const SOURCE_LANGUAGE: readonly (readonly [RegExp, Language])[] = [
  [/\.(?:[cm]?[jt]sx?|vue|svelte)$/, "javascript"],
  [/\.pyw?$/, "python"],
  [/\.rb$/, "ruby"],
];

/**
 * Text planted in every file a glob stands for (`rg -l TODO src | while read -r f; do sed -i '1i …' "$f"; done`,
 * docs/adr/0826): which files they are is not known here, and any may be code that runs (a source file the next
 * test imports, package.json, a Makefile). The text is read as the code of the glob's source extension, else as
 * JavaScript, Python and Ruby, and as a command line when the glob spans the project's top.
 */
export function listedFileCode(file: string, text: string): PlantedCode[] {
  if (!/[*?[]/.test(file)) return [];
  const named = SOURCE_LANGUAGE.filter(([ext]) => ext.test(file)).map(([, l]) => l);
  if (named.length > 0) return named.map((language) => ({ language, code: text }));
  // The files that tools run by themselves (package.json, a Makefile, CI files) sit at the project's top, so text
  // planted all over it may land inside one of their command lines (0816). A folder below (`src/**/*`) holds source.
  const atTop = /^(?:\.\/)?(?:\*\*\/)?\*(?:\.[A-Za-z0-9]+)?$/.test(file);
  const line = atTop ? shell(text.replace(/^(?:[ \t]|\\t)+/gm, "")) : [];
  if (/\/?[^/]*\.[A-Za-z0-9]+$/.test(file)) return line;
  return [...line, ...SOURCE_LANGUAGE.map(([, language]) => ({ language, code: text }))];
}

/**
 * Planted code that loads code from an address or an absolute place (`import "https://…/x.js"`, `require("/tmp/x")`):
 * what runs then was not read here (docs/adr/0826).
 */
export function outsideLoads(codes: readonly PlantedCode[]): PlantedCode[] {
  return codes.flatMap((c) =>
    c.language === "shell" || c.language === "unread"
      ? []
      : codeLoads(c.language, c.code)
          .filter((v) => /^(?:\/|~|[a-z][a-z0-9+.-]*:\/\/)/i.test(v))
          .map((v) => ({ language: "unread" as const, code: `loads ${v}, code from outside the project` })),
  );
}

/**
 * What a file with a role gets from files nobody here read (sed's `r /tmp/x.mk`, `-f /tmp/x.sed`): code that runs
 * later, unseen (docs/adr/0823). A file with no role (README.md, `docs/*.md`) may take any text.
 */
export function unreadPlanted(file: string, sources: readonly string[]): PlantedCode[] {
  // A glob's files (`*.py`, the files xargs is fed) are not known here: any may be code that runs (docs/adr/0860).
  const listed = listedFileCode(file, "unread").length > 0;
  if (!listed && !ROLES.some((r) => r.file.test(file))) return [];
  return sources.map((s) => ({ language: "unread", code: `gets text from ${s || "a file"}, which is not read here` }));
}

/**
 * Keys of package.json's tool settings whose value is a module the tool loads at every run (docs/adr/0674): jest's
 * setup, teardown, environment, runner, reporters and transforms, mocha's, ava's and nyc's `require`.
 */
const MODULE_SETTING =
  /^(?:jest\.(?:globalSetup|globalTeardown|setupFiles|setupFilesAfterEnv|testEnvironment|testRunner|runner|reporters|transform|resolver|snapshotResolver|testSequencer|watchPlugins)|mocha\.require|ava\.require|nyc\.require)(?:[.[][^=]*)?=(.+)$/;

/**
 * The files a `npm|pnpm|yarn|bun pkg set KEY=FILE` names as a module a tool loads at every run: `npm pkg set
 * jest.globalSetup=./test/setup.js`. As written, without `./` or jest's `<rootDir>/`.
 */
export function wiredModules(program: string, args: readonly string[]): string[] {
  if (!["npm", "pnpm", "yarn", "bun"].includes(program)) return [];
  const words = args.filter((a) => !a.startsWith("-"));
  if (words[0] !== "pkg" || words[1] !== "set") return [];
  return words.slice(2).flatMap((w) => {
    const value = MODULE_SETTING.exec(w)?.[1];
    if (value === undefined) return [];
    return [...value.matchAll(/[^\s"'[\],]+\.[cm]?[jt]s\b/g)].map((m) => modulePath(m[0]));
  });
}

/** A module path as written, without `./` or jest's `<rootDir>/`, for comparing with the files written. */
export function modulePath(path: string): string {
  return path.replace(/^<rootDir>\//, "").replace(/^(?:\.\/)+/, "");
}
