/**
 * Package managers. Installing fetches external code and runs its install scripts (read_external,
 * write_local, execute); publishing writes externally and cannot be taken back (DESTRUCTIVE); running the
 * project's scripts executes code (WRITE). Queries are READs. System package managers change the machine:
 * SECURITY.
 */
import { type Ecosystem, PLAIN_VERSION, wellKnownNames } from "../../shell/index.ts";
import { NPM_COMMANDS } from "./npm-commands.ts";
import { NEW_DEP, UNVETTED } from "./outside-code.ts";
import { fx, type Program, type Rule } from "./types.ts";

const INSTALL = fx("WRITE", ["read_external", "write_local", "execute"], "package");
const REMOVE = fx("WRITE", ["write_local"], "package");
const RUN = fx("WRITE", ["execute"], "package", "code");
/** An environment or runtime version deleted with everything installed into it (`conda env remove`, `asdf uninstall`). */
const ENVIRONMENT_REMOVED = fx("DESTRUCTIVE", ["write_local"], "package", "environment-removed");
const QUERY = fx("READ", ["read_local"], "package");
const QUERY_REMOTE = fx("READ", ["read_external"], "package", "network");
const PUBLISH = fx("DESTRUCTIVE", ["write_external", "read_local"], "package", "network");
const CONFIG = fx("WRITE", ["write_local"], "package", "config");
const SYSTEM_INSTALL = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "system");
const SYSTEM_REMOVE = fx("DESTRUCTIVE", ["write_local"], "package", "system");
const TRUST_GRANTED = fx("SECURITY", ["write_local", "execute"], "config", "trust");

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
/** A directory outside the project: absolute, in the home, above the cwd, or from a variable (docs/adr/0554). */
const OUTSIDE_PROJECT = /^(?:\/|~|\.\.|\$)/;
const INSIDE_PROJECT = /^(?![/~$]|\.\.)/;
/** A wasmer registry package, `owner/name[@version]`, not a local module or directory (`./app.wasm`). */
const WASM_REGISTRY_PACKAGE = /^(?![.~/$])[\w-]+\/[\w.-]+(?:@\S+)?$(?<!\.(?:wasm|wat|webc))/;
/** A Go module path off the Go project's own hosts (`github.com/u/x@latest`); `./cmd`, `main.go`, `golang.org/x/…` are not. */
const GO_REMOTE_MODULE = new RegExp(
  `^(?!golang\\.org/x/|go\\.dev/|std\\b|(?:${wellKnownNames("go")})(?:@\\S*)?$)[a-z0-9-]+(?:\\.[a-z0-9-]+)+/[^\\s]+$`,
  "i",
);
/** The new side of `go mod edit -replace OLD=NEW`, when it is another module rather than a local directory. */
const GO_REPLACEMENT = /^[^=]+=\s*(?![.~/$]|[A-Za-z]:\\)\S/;
const fromSource = (...names: string[]): Rule[] =>
  names.flatMap((s): Rule[] => [
    { sub: [s], wordPrefix: UNVETTED_SOURCES, then: UNVETTED },
    { sub: [s], text: DIRECT_REFERENCE, then: UNVETTED },
  ]);
/** A PEP 508 direct reference, `NAME[extras] @ ADDRESS` (`'fastjson @ git+https://…'`): the address installs (ADR 0672). */
const DIRECT_REFERENCE =
  /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(?:https?:\/\/|git\+|git:\/\/|git@|ssh:\/\/|hg\+|svn\+|bzr\+)/i;
/**
 * A dependency table entry set to an address or to another package (ADR 0672): `npm pkg set
 * dependencies.x=https://…/x.tgz`, `overrides.jsonwebtoken=npm:jsonwebt0ken@9`, `resolutions.x=github:u/x`. An
 * `npm:` alias to the package the key names pins its version.
 */
const MANIFEST_SOURCE =
  /^(?:(?:dev|peer|optional|bundle)?dependencies|overrides|resolutions|pnpm\.overrides)\.(?:[^=]*\.)?((?:@[^/=\s]+\/)?[^.=\s]+)=['"]?(?:npm:(?!\1@)|https?:\/\/|git\+|git:\/\/|git@|ssh:\/\/|github:|gitlab:|bitbucket:|gist:|[\w-]+\/[\w.-]+(?:#\S*)?['"]?$)/i;

/**
 * Sources that replace or extend the registry (docs/adr/0312): an index or registry URL other than the public one
 * (`pip install -i URL`, `--extra-index-url`, `npm i --registry URL`), a requirements list fetched from a URL,
 * a package `NAME@URL`. Whatever they serve is what installs, and its install code runs: SECURITY, as an address is.
 */
const OFFICIAL_INDEX =
  /^https?:\/\/(?:pypi\.org|files\.pythonhosted\.org|pypi\.python\.org|registry\.npmjs\.org|registry\.yarnpkg\.com)(?:[:/]|$)/i;
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const OTHER_INDEX = new RegExp(`^(?!${OFFICIAL_INDEX.source.slice(1)})[a-z][a-z0-9+.-]*:\\/\\/`, "i");
const NAME_AT_ADDRESS =
  /^(?:@[^/\s]+\/)?[^@\s/]+@(?:https?:\/\/|git\+|git:\/\/|git@|ssh:\/\/|github:|gitlab:|bitbucket:|gist:|file:)/;
/** Settings (variables, pip/uv/npm config keys) that name the index or registry packages come from. */
const INDEX_SETTING =
  /^(?:pip_(?:extra_)?index_url|pip_find_links|uv_(?:extra_)?index(?:_url)?|uv_default_index|uv_find_links|npm_config_registry|yarn_registry|yarn_npm_registry_server|pnpm_config_registry)$/i;
const INDEX_RULES: Rule[] = [
  // `pip config set global.proxy URL`, `global.trusted-host`, `global.cert`: every later install goes through or
  // trusts whoever it names (docs/adr/0627).
  {
    sub: ["config", "set"],
    wordText: /^(?:global|install|download)\.(?:proxy|trusted-host|cert|client-cert|index-url|extra-index-url)$/i,
    then: UNVETTED,
  },
  {
    optionText: {
      "--index-url": OTHER_INDEX,
      "-i": OTHER_INDEX,
      "--extra-index-url": OTHER_INDEX,
      "--find-links": ANY_URL,
      "-f": ANY_URL,
      "--index": OTHER_INDEX,
      "--default-index": OTHER_INDEX,
      "--registry": OTHER_INDEX,
      "-r": ANY_URL,
      "--requirement": ANY_URL,
      "-c": ANY_URL,
      "--constraint": ANY_URL,
      "--with-requirements": ANY_URL,
      "-e": UNVETTED_TEXT,
      "--editable": UNVETTED_TEXT,
      // What uv, uvx and pipx run with (docs/adr/0372): `uv run --with git+…`, `uvx --from URL`, `pipx run --spec`.
      "--with": UNVETTED_TEXT,
      "--with-editable": UNVETTED_TEXT,
      "--from": UNVETTED_TEXT,
      "--spec": UNVETTED_TEXT,
      // A package named by its place as an option's value (docs/adr/0554): `npm exec --package=github:u/x`,
      // `cargo add --git URL`, `bundle add x --git URL`.
      "--package": UNVETTED_TEXT,
      "--git": ANY_URL,
      // cpanm's index for this install (docs/adr/0455).
      "--mirror": ANY_URL,
    },
    then: fx("SECURITY", ["read_external", "write_local", "execute"], "package", "unvetted-source"),
  },
  // Installs into the interpreter the operating system's own tools run on (PEP 668 refuses it by default).
  { flag: ["--break-system-packages"], then: fx("SECURITY", ["write_local", "execute"], "package", "system") },
  {
    setting: { key: INDEX_SETTING, unlessValue: OFFICIAL_INDEX },
    then: fx("SECURITY", ["read_external", "write_local", "execute"], "package", "unvetted-source"),
  },
];

/** A Maven property naming a repository other than Maven Central: `-DremoteRepositories=URL`, `-DrepoUrl=URL`. */
const MAVEN_REPOSITORY =
  /^(?:remoteRepositories|repoUrl|repositoryUrl|maven\.repo\.remote|altDeploymentRepository|url)=(?!(?:[^=]*::)?https?:\/\/(?:repo1?\.maven\.apache\.org|repo\.maven\.apache\.org)(?:[:/]|$))/i;

/**
 * A package named on the command line rather than taken from the project's manifest or lockfile (docs/adr/0344):
 * `npm i lodahs`, `pip install reqeusts`, `cargo add serde`, `gem install x`. A typosquat or a hijacked release
 * cannot be told from the real name here, and its install code runs at once: new third-party code a demanding user
 * wants to see first, SECURITY. A path (`.`, `./pkg`, `/x`, `~/x`, a local archive) is the user's own code; the
 * package manager updating itself (`pip install -U pip`) is no new code. `npm install`, `npm ci`, `pip install -r
 * requirements.txt`, `pip install -e .`, `poetry install` name no package and stay WRITE.
 */
export const REGISTRY_NAME =
  /^(?![.~/$]|file:|link:|workspace:|portal:)(?!(?:pip|pip3|setuptools|wheel|npm|pnpm|yarn|corepack)(?:[=<>~!@].*)?$)(?!.*\.(?:tgz|tar\.gz|whl|zip|gem|crate|nupkg)$)\S+$/i;
/**
 * A registry name that is none of an ecosystem's well-known packages (docs/adr/0373): `npm i -D vitest`, `cargo add
 * serde`, `pip install --user black` install the real, well-known package (a version or extras may follow); a
 * look-alike or any other name is new code. An npm alias (`lodash@npm:lodash-utilz@4`) installs the package after
 * `npm:` under the first name (docs/adr/0735): it is well known only when that package is.
 */
function registryName(ecosystem?: Ecosystem): RegExp {
  if (ecosystem === undefined) return REGISTRY_NAME;
  const known = wellKnownNames(ecosystem);
  const version = `(?:(?!@npm:)[@=<>~!\\[;].*|@npm:(?:${known})(?:@.*)?)?`;
  return new RegExp(`^(?!(?:${known})${version}$)${REGISTRY_NAME.source.slice(1)}`, "i");
}
const newDeps = (name: RegExp, ...subsWords: string[][]): Rule[] =>
  subsWords.map((sub): Rule => ({ sub, wordText: name, then: NEW_DEP }));
/**
 * The package runners. A version or tag (`npx tool@latest`, `bunx x@1.2.3`) is fetched from the registry, never the
 * project's own bin (docs/adr/0344); a well-known package so named is no new code, as for an install (docs/adr/0373,
 * 0550): `npx create-vite@latest app` runs the scaffold every guide names, `npx some-tool@latest` asks.
 */
function packageRunner(names: readonly string[], ecosystem: Ecosystem): Program {
  const known = wellKnownNames(ecosystem);
  const unknownPackage = new RegExp(`^(?!(?:${known})(?:@${PLAIN_VERSION})?$)`);
  return {
    names,
    values: ["-p", "--package", "--from", "--with", "--with-editable", "--spec", "--python"],
    raises: INDEX_RULES,
    base: fx("WRITE", ["read_external", "execute"], "package", "code"),
    rules: [
      { wordPrefix: UNVETTED_SOURCES, then: UNVETTED },
      { optionText: { "-p": UNVETTED_TEXT, "--package": UNVETTED_TEXT }, then: UNVETTED },
      // A well-known package pinned to a version, a range or a tag is that package; after `@` anything with `:` or
      // `/` (`shx@github:x/y`, `shx@npm:other`, `shx@/tmp/x`) is another package or a place (docs/adr/0788).
      { wordText: new RegExp(`^(?!(?:${known})@${PLAIN_VERSION}$)(?:@[^/\\s]+\\/)?[^@\\s/]+@\\S*$`), then: NEW_DEP },
      // A package named beside the command (`--package evil`) is fetched and its install code runs as well.
      {
        optionText: {
          "-p": unknownPackage,
          "--package": unknownPackage,
        },
        then: NEW_DEP,
      },
    ],
    runsCode: true,
  };
}
/** npm's own spellings of install (`npm isntall x` installs x). */
const NPM_INSTALLS = [
  "install",
  "i",
  "add",
  "in",
  "ins",
  "inst",
  "insta",
  "instal",
  "isnt",
  "isnta",
  "isntal",
  "isntall",
  "install-test",
  "it",
];

/**
 * Settings that choose where every later install comes from or whom it trusts (docs/adr/0370): `npm config set
 * registry URL`, `npm set @scope:registry URL`, `yarn config set npmRegistryServer URL`, `bun pm config set
 * registry URL`, a proxy or a certificate authority. The public registry's own address resets it.
 */
const REGISTRY_KEY =
  /^(?:(?:@[\w.-]+:)?registry|npmRegistryServer|npmPublishRegistry|npmScopes\..+|unsafeHttpWhitelist|ca|cafile|httpsCaFilePath|caFilePath|(?:https?-)?proxy|httpProxy|httpsProxy|replace-registry-host)(?:=.*)?$/i;
const OFFICIAL_REGISTRY_VALUE = /^(?:[^=]*=)?https?:\/\/(?:registry\.npmjs\.org|registry\.yarnpkg\.com)(?:[:/]|$)/i;
const REGISTRY_CONFIG: Rule[] = [["config", "set"], ["set"], ["pm", "config", "set"], ["config"]].map(
  (sub): Rule => ({
    sub,
    ...(sub.length === 1 && sub[0] === "config" ? { word: ["set", "add"] } : {}),
    text: REGISTRY_KEY,
    unlessText: OFFICIAL_REGISTRY_VALUE,
    then: UNVETTED,
    paths: { fixed: { "~/.npmrc": "write" } },
  }),
);
/**
 * npm settings that change how output looks or what a new manifest says, nothing that runs or fetches: `npm config
 * set save-exact true` is no write of the tokens in ~/.npmrc. One pair at most, every `key=value` one of these.
 */
const PLAIN_NPM_KEY =
  "save-exact|save-prefix|init-author-name|init-author-email|init-author-url|init-license|init-version|fund|audit|update-notifier|progress|loglevel|color|unicode|package-lock|legacy-peer-deps|engine-strict|fetch-retries|fetch-timeout|fetch-retry-mintimeout|fetch-retry-maxtimeout|prefer-offline|prefer-online|message|tag-version-prefix|sign-git-tag|depth|long|parseable|json";
const PLAIN_NPM_CONFIG: Rule = {
  sub: ["config", "set"],
  maxWords: 2,
  text: new RegExp(`^(?:${PLAIN_NPM_KEY})(?:=|$)`),
  unlessText: new RegExp(`^(?!(?:${PLAIN_NPM_KEY})=)[^=\\s]+=`),
  then: fx("WRITE", ["write_local"], "package", "config"),
};

/** `publish --dry-run` packs and reports, uploads nothing (`--dry-run=false` does upload). */
const DRY_RUN: Rule = { flag: ["--dry-run"], unlessText: /^--dry-run=(?:false|0|no)$/i, sub: ["publish"], then: QUERY };

/** A registry token or password in the package manager's config (`//registry.npmjs.org/:_authToken`, `npmAuthToken`). */
const AUTH_KEY = /_auth|authtoken|token$|password|_password/i;
const JS: Rule[] = [
  // Yarn Berry's own commands (round 12): a plugin is code yarn loads at every run; `set version` fetches a yarn
  // release into the project and `config set` writes the project's .yarnrc.yml, not npm's configuration.
  { sub: ["plugin", "import"], then: UNVETTED },
  { sub: ["set", "version"], then: INSTALL, paths: { fixed: { ".yarnrc.yml": "write" } } },
  // Keys that change where packages come from, how they are trusted or what runs stay npm's reading below.
  {
    sub: ["config", "set"],
    text: /^(?:nodeLinker|enableGlobalCache|enableTelemetry|compressionLevel|enableInlineBuilds|nmMode|pnpMode|enableProgressBars)$/,
    unlessText: /registry|auth|token|ssl|ca(?:File)?$|proxy|plugin|yarnPath|environment|unsafe|script/i,
    then: CONFIG,
    paths: { fixed: { ".yarnrc.yml": "write" } },
  },
  // `bun run https://…/x.ts`, `bun https://…/x.ts`: bun fetches and runs a script named by its address, as
  // `deno run URL` does (docs/adr/0456). Only the script's place counts: `npm run e2e -- https://staging` passes an
  // argument to a package script.
  { sub: ["run"], firstWord: /^https?:\/\//i, then: UNVETTED },
  { firstWord: /^https?:\/\//i, then: UNVETTED },
  // Read back, it is printed into the transcript (ADR 0354).
  {
    sub: ["config", "get"],
    text: AUTH_KEY,
    then: fx("SECURITY", ["credential_access", "read_local"], "package", "credentials"),
  },
  // A new registry token is printed once, to whoever ran it; with publish rights by default (docs/adr/0392).
  {
    sub: ["token", "create"],
    then: fx("SECURITY", ["credential_access", "write_external"], "package", "credentials"),
  },
  // npm config set/delete/edit writes the user's ~/.npmrc (a credential file: it holds registry tokens), or the
  // project's with --location project.
  {
    sub: ["config"],
    word: ["set", "delete", "rm", "edit", "fix"],
    option: { "--location": ["project"] },
    then: CONFIG,
    paths: { fixed: { ".npmrc": "write" } },
  },
  ...REGISTRY_CONFIG,
  PLAIN_NPM_CONFIG,
  ...fromSource("install", "i", "add", "exec", "x", "dlx"),
  ...["install", "i", "add", "exec", "x", "dlx"].map(
    (sub): Rule => ({ sub: [sub], text: NAME_AT_ADDRESS, then: UNVETTED }),
  ),
  ...newDeps(registryName("js"), ...NPM_INSTALLS.map((s) => [s]), ["global", "add"]),
  // `npm audit fix --force` installs major versions outside the ranges the manifest allows.
  { sub: ["audit", "fix"], flag: ["--force", "-f"], then: NEW_DEP },
  { sub: ["audit", "fix"], then: INSTALL },
  DRY_RUN,
  ...subs(PUBLISH, "publish", "unpublish", "deprecate", "dist-tag", "owner", "access", "team"),
  // `yarn workspaces foreach npm publish`, `pnpm -r exec npm publish`: the publish of every workspace.
  { sub: ["workspaces", "foreach"], word: ["publish", "unpublish"], then: PUBLISH },
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
  {
    sub: ["config"],
    word: ["set", "delete", "rm", "edit", "fix"],
    then: CONFIG,
    paths: { fixed: { "~/.npmrc": "write" } },
  },
  { sub: ["set"], then: CONFIG, paths: { fixed: { "~/.npmrc": "write" } } },
  { sub: ["pkg", "set"], text: MANIFEST_SOURCE, then: UNVETTED },
  ...subs(CONFIG, "config", "pkg"),
  { sub: ["cache"], word: ["clean", "clear", "rm"], then: REMOVE },
  ...subs(QUERY, "cache"),
  { bare: true, then: INSTALL },
];

const JS_PROGRAM: Program = {
  names: ["pnpm", "yarn", "bun"],
  values: ["-w", "--workspace", "--prefix", "-C", "--dir", "--filter", "--registry", "--location", "-L"],
  base: RUN,
  rules: JS,
  raises: INDEX_RULES,
  runsCode: true,
};

const LANG_VALUES = [
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
  // A directory of wheels to install from (`pip install --no-index --find-links vendor/wheels -r req.txt`), no
  // package's name (docs/adr/0730).
  "--find-links",
  // `cargo install --path DIR`: the crate's directory, judged by where it is (docs/adr/0730).
  "--path",
  "-p",
  "--package",
  "--manifest-path",
  "--file",
  "--channel",
  // `cargo yank --version 1.0.0`, `cargo install x --version 2`: a value, not the request to print one.
  "--version",
  "--with",
  "--with-editable",
  "--from",
  "--spec",
  "--mirror",
  // cargo's values (`cargo add serde --features derive`, `cargo install x --git URL --branch b`).
  "--features",
  "-F",
  "--git",
  "--branch",
  "--tag",
  "--rev",
  "--bin",
  // `go mod edit -replace a=b -require m@v`.
  "-replace",
  "-require",
];

const langRules = (deps: Rule[]): Rule[] => [
  ...fromSource("install", "add", "get", "tool"),
  // The package index itself, for every later install (`pip config set global.index-url URL`).
  {
    sub: ["config", "set"],
    text: /index-url|extra-index-url|find-links|trusted-host|^global\.index$/i,
    then: UNVETTED,
  },
  { sub: ["source", "add"], then: UNVETTED },
  // The same source under another manager's words (docs/adr/0455): `opam repository add NAME URL`, `opam repo add`,
  // `dotnet nuget add source URL`, `dotnet nuget update source NAME --source URL`, `gem specific_install URL`
  // (a plugin that builds and installs a gem straight from a git repository).
  ...[
    ["repository", "add"],
    ["repository", "set-url"],
    ["repo", "add"],
    ["repo", "set-url"],
    ["nuget", "add", "source"],
    ["nuget", "update", "source"],
    ["nuget", "enable", "source"],
    ["specific_install"],
    ["specific-install"],
  ].map((sub): Rule => ({ sub, then: UNVETTED })),
  // Other managers' sources for every later install (docs/adr/0357): `gem sources --add URL`, `bundle config
  // mirror.https://rubygems.org URL`, `conda config --add channels URL`, `composer config repositories.x vcs
  // URL`, `pdm config pypi.url URL`, `poetry config repositories.x URL`.
  { sub: ["sources"], flag: ["-a", "--add"], then: UNVETTED },
  { sub: ["config"], text: /^mirror\.|^repo(?:sitories)?\.|^pypi\.(?:[\w-]+\.)?url$/i, then: UNVETTED },
  {
    sub: ["config"],
    flag: ["--add", "--append", "--prepend", "--set"],
    text: /^(?:channels|channel_alias|default_channels|custom_channels(?:\..*)?|custom_multichannels)$/,
    then: UNVETTED,
  },
  // Go names a module by its host: one off the Go project's own hosts is code nobody vetted, and `go run`
  // runs it at once, `go install` puts it on the PATH, `go get` makes it a dependency (docs/adr/0312).
  ...["run", "install", "get"].map((sub): Rule => ({ sub: [sub], text: GO_REMOTE_MODULE, then: UNVETTED })),
  // `deno run URL`, `deno install URL`: remote code, with whatever permissions it is given (`-A`: all).
  ...["run", "install", "x", "compile"].map(
    (sub): Rule => ({ sub: [sub], wordPrefix: ["http://", "https://", "npm:", "jsr:"], then: UNVETTED }),
  ),
  // `deno https://…` runs it too: a script named by an address where the subcommand goes (docs/adr/0456).
  { firstWord: /^https?:\/\//i, then: UNVETTED },
  { sub: ["pip", "install"], wordPrefix: UNVETTED_SOURCES, then: UNVETTED },
  { sub: ["pip", "install"], text: DIRECT_REFERENCE, then: UNVETTED },
  // `go mod edit -replace OLD=NEW` swaps a dependency for another module (a path on this machine stays the
  // project's own code); `-require` adds one off the Go project's hosts (docs/adr/0371).
  { sub: ["mod", "edit"], optionText: { "-replace": GO_REPLACEMENT, "--replace": GO_REPLACEMENT }, then: UNVETTED },
  { sub: ["mod", "edit"], optionText: { "-require": GO_REMOTE_MODULE, "--require": GO_REMOTE_MODULE }, then: UNVETTED },
  { sub: ["install"], flag: ["--git"], then: UNVETTED },
  ...deps,
  // Registries behind a second word (docs/adr/0341): `dotnet nuget push`, `dart pub publish`, `swift
  // package-registry publish`.
  { sub: ["pub", "publish"], flag: ["--dry-run", "-n"], then: QUERY },
  ...[
    ["nuget", "push"],
    ["nuget", "delete"],
    ["pub", "publish"],
    ["pub", "uploader"],
    ["package-registry", "publish"],
  ].map((sub): Rule => ({ sub, then: PUBLISH })),
  DRY_RUN,
  ...subs(PUBLISH, "publish", "upload", "push", "release", "deploy", "yank", "owner"),
  // A workspace plugin's publish of every member (`cargo workspaces publish`, `cargo ws publish`): docs/adr/0671.
  ...[["workspaces"], ["ws"]].flatMap((sub): Rule[] => [
    { ...DRY_RUN, sub, word: ["publish"] },
    { sub, word: ["publish"], then: PUBLISH },
  ]),
  { sub: ["pip", "install"], then: INSTALL },
  // Packages to remove from a list nobody reads here (`pip uninstall -y -r <(pip freeze --user)`, `$(pip freeze)`):
  // every installed package, as good as the environment deleted (docs/adr/0563).
  ...[["uninstall"], ["pip", "uninstall"]].map(
    (sub): Rule => ({ sub, unknownValue: ["-r", "--requirement", "(operand)"], then: ENVIRONMENT_REMOVED }),
  ),
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
];

/** A flake or expression named by where it is fetched from: a forge, a git or tarball URL (`nixpkgs#x` is the public set). */
const NIX_REMOTE = /^(?:github:|gitlab:|sourcehut:|git\+|hg\+|tarball\+|file\+https?|https?:\/\/|git:\/\/|ssh:\/\/)/i;
const NIX_REMOTE_OPTION = /^(?:[\w-]+=)?(?:github:|gitlab:|sourcehut:|git\+|hg\+|tarball\+|https?:\/\/|channel:)/i;

/**
 * Nix's `allow-unsafe-native-code-during-evaluation` setting turns on `builtins.exec`, which runs any program while
 * an expression is evaluated: the evaluation is code nobody reads (docs/adr/0762).
 */
const NATIVE_EVAL = fx("SECURITY", ["execute", "write_local"], "system", "unknown-code");
const NATIVE_EVAL_SETTING = "allow-unsafe-native-code-during-evaluation";

const CONDA_OTHER_CHANNEL = /^(?!(?:conda-forge|defaults|main|bioconda|pytorch|nvidia|anaconda)$)\S/i;
const LANG_INSTALLS = [
  ["install"],
  ["add"],
  ["i"],
  ["get"],
  ["require"],
  ["inject"],
  ["pip", "install"],
  ["tool", "install"],
  ["global", "add"],
  // `pip download NAME` resolves NAME like an install and builds an sdist's metadata with its code (ADR 0672).
  ["download"],
  ["pip", "download"],
];
/**
 * cargo-release (0.22 and later) only reports what a release would do unless told `--execute` (`-x`): it builds
 * and runs `cargo publish --dry-run`, which runs the build scripts like any build (docs/adr/0690).
 */
const CARGO_RELEASE_REHEARSAL: Rule = { sub: ["release"], notFlag: ["-x", "--execute"], then: RUN };

function lang(names: string[], ecosystem?: Ecosystem, values: readonly string[] = []): Program {
  return {
    names,
    values: [...LANG_VALUES, ...values],
    base: RUN,
    runsCode: true,
    raises: INDEX_RULES,
    rules: langRules(newDeps(registryName(ecosystem), ...LANG_INSTALLS)),
  };
}
function addOnly(names: string[], ecosystem?: Ecosystem): Program {
  return {
    names,
    values: LANG_VALUES,
    base: RUN,
    runsCode: true,
    raises: INDEX_RULES,
    rules: langRules(newDeps(registryName(ecosystem), ["add"], ["require"], ["global", "require"])),
  };
}

const RUST = lang(["cargo"], "rust");
const CARGO: Program = { ...RUST, rules: [CARGO_RELEASE_REHEARSAL, ...(RUST.rules ?? [])] };
/** The JVM, .NET, Elixir, Dart and Swift build tools: their `install` is a build step, `add`/`package` name packages. */
const BUILD_TOOL = {
  values: [...LANG_VALUES, "--init-script", "-I", "-D"],
  base: RUN,
  runsCode: true,
  raises: [
    ...INDEX_RULES,
    // Code or artifacts from elsewhere for this build (docs/adr/0371): a Gradle init script named by its URL runs
    // before the build with its full power; a Maven repository given on the command line serves what resolves.
    { optionText: { "--init-script": ANY_URL, "-I": ANY_URL }, then: UNVETTED },
    { optionText: { "-D": MAVEN_REPOSITORY }, then: UNVETTED },
  ],
  rules: langRules(
    newDeps(REGISTRY_NAME, ["add", "package"], ["tool", "install"], ["pub", "add"], ["pub", "global", "activate"]),
  ),
} as const satisfies Omit<Program, "names">;
/** Objects or containers of a remote store deleted, as `openstack object delete` is (cloud.ts). */
const OBJECTS_DELETED = fx("DESTRUCTIVE", ["write_external"], "cloud");

export const PACKAGES: readonly Program[] = [
  // Nextflow runs a pipeline named by its GitHub place (`nextflow run owner/repo`, or a URL) after pulling it: code
  // from outside the project, as `npx` of a stranger's package is (docs/adr/0780). A local `main.nf` runs the project.
  {
    names: ["nextflow"],
    base: RUN,
    rules: [
      { sub: ["run"], firstWord: /^(?![./~])[\w.-]+\/[\w.-]+$(?<!\.nf)/, then: UNVETTED },
      { sub: ["run"], firstWord: /^[a-z][a-z0-9+.-]*:\/\//i, then: UNVETTED },
      { sub: ["pull"], then: UNVETTED },
      { sub: ["clone"], then: UNVETTED },
    ],
  },
  // Nix runs what a flake or expression builds (docs/adr/0371): one named by a forge or URL is code nobody vetted,
  // as a binary cache or channel added is; `nix run nixpkgs#hello` and `nix-shell -p jq` take the public set.
  {
    names: ["nix", "nix-shell", "nix-build", "nix-instantiate", "nix-channel"],
    values: ["-I", "--include", "--override-input", "--inputs-from", "--option", "-f", "--file", "--expr", "-p"],
    base: RUN,
    runsCode: true,
    rules: [
      {
        wordPrefix: ["github:", "gitlab:", "sourcehut:", "git+", "hg+", "tarball+", "http://", "https://"],
        then: UNVETTED,
      },
      {
        optionText: {
          "-I": NIX_REMOTE_OPTION,
          "--include": NIX_REMOTE_OPTION,
          "--override-input": NIX_REMOTE,
          "--inputs-from": NIX_REMOTE,
          "-f": NIX_REMOTE,
          "--file": NIX_REMOTE,
        },
        then: UNVETTED,
      },
      {
        optionText: { "--option": /^(?:extra-|trusted-)?substituters$|^(?:extra-)?trusted-public-keys$/ },
        then: UNVETTED,
      },
      { optionText: { "--option": new RegExp(`^${NATIVE_EVAL_SETTING}$`) }, then: NATIVE_EVAL },
      { flag: [`--${NATIVE_EVAL_SETTING}`], then: NATIVE_EVAL },
      { sub: ["registry", "add"], then: UNVETTED },
      { flag: ["--add"], then: UNVETTED },
      {
        text: /^(?:builtins\.)?fetch(?:Tarball|url|Git|FromGitHub|Url)\b|\bfetch(?:Tarball|Git|url)\s/,
        then: UNVETTED,
      },
    ],
  },
  // volta installs JavaScript tools (`volta install node typescript`); node, npm and yarn themselves are no new code.
  {
    names: ["volta"],
    base: RUN,
    runsCode: true,
    rules: newDeps(
      new RegExp(`^(?!(?:node|npm|yarn|pnpm)(?:@\\S*)?$)${registryName("js").source.slice(1)}`, "i"),
      ["install"],
      ["pin"],
      ["fetch"],
    ),
  },
  // Tools whose every install is a package named on the command line (docs/adr/0371).
  {
    names: ["pixi", "rye"],
    values: LANG_VALUES,
    base: RUN,
    runsCode: true,
    raises: INDEX_RULES,
    rules: langRules(
      newDeps(
        registryName("python"),
        ["add"],
        ["install"],
        ["global", "install"],
        ["global", "add"],
        ["tools", "install"],
      ),
    ),
  },
  // Plugin managers whose plugins are shell scripts from a repository, run at every later use (docs/adr/0344).
  {
    names: ["asdf", "mise", "rtx"],
    base: RUN,
    runsCode: true,
    rules: [
      // A version taken from a directory outside the project (`mise use -g node@file:/tmp/x`, `node@path:~/x`,
      // `asdf local nodejs path:/tmp/x`): every later `node` through the shims runs what that directory holds
      // (docs/adr/0553). `node@20`, `node@lts` and a project-relative `path:./vendor/node` stay.
      { wordText: /^(?:[\w./-]+@)?(?:path|file):(?:\/|~|\.\.|\$)/, then: UNVETTED },
      // A tool taken from any account's releases by address (`mise use -g ubi:qz7x/terraform`, `github:u/r`, an
      // http URL): a binary nobody vetted on every later PATH lookup of its name (docs/adr/0735).
      { sub: ["use"], wordText: /^(?:ubi|github|gitlab|http|https|vfox):/i, then: UNVETTED },
      { sub: ["install"], wordText: /^(?:ubi|github|gitlab|http|https|vfox):/i, then: UNVETTED },
      { sub: ["exec"], wordText: /^(?:ubi|github|gitlab|http|https|vfox):/i, then: UNVETTED },
      { sub: ["x"], wordText: /^(?:ubi|github|gitlab|http|https|vfox):/i, then: UNVETTED },
      { sub: ["plugin", "add"], then: UNVETTED },
      { sub: ["plugin-add"], then: UNVETTED },
      // Trusting a project's config lets its env and hooks run at every later `cd` into it (docs/adr/0572).
      { sub: ["trust"], notFlag: ["--untrust", "--show"], then: TRUST_GRANTED },
      // An installed runtime version removed takes every package installed into it (docs/adr/0480).
      { sub: ["uninstall"], then: ENVIRONMENT_REMOVED },
      ...[
        ["plugin", "install"],
        ["plugins", "add"],
        ["plugins", "install"],
      ].map((sub): Rule => ({ sub, then: UNVETTED })),
    ],
  },
  // C/C++ and WebAssembly package managers (docs/adr/0554). vcpkg builds every port from its portfile, a CMake
  // script: overlay ports or triplets from a directory outside the project replace the reviewed recipes with what
  // that directory holds. wasmer runs a registry package named `owner/name` at once, as `npx name@1.0` does; aqua's
  // `generate -i` adds a tool by name to aqua.yaml for the next `aqua install`: a new dependency (docs/adr/0344).
  {
    names: ["vcpkg"],
    values: ["--overlay-ports", "--overlay-triplets", "--triplet", "--x-install-root", "--vcpkg-root"],
    base: INSTALL,
    runsCode: true,
    rules: [
      {
        optionText: { "--overlay-ports": OUTSIDE_PROJECT, "--overlay-triplets": OUTSIDE_PROJECT },
        then: UNVETTED,
      },
      { setting: { key: /^vcpkg_overlay_(?:ports|triplets)$/, unlessValue: INSIDE_PROJECT }, then: UNVETTED },
      ...["list", "search", "help", "version", "depend-info", "owns"].map((s): Rule => ({ sub: [s], then: QUERY })),
    ],
  },
  {
    names: ["wasmer", "wapm"],
    base: RUN,
    runsCode: true,
    rules: ["run", "install", "add", "exec"].map(
      (sub): Rule => ({ sub: [sub], firstWord: WASM_REGISTRY_PACKAGE, then: NEW_DEP }),
    ),
  },
  {
    names: ["aqua"],
    base: INSTALL,
    runsCode: true,
    rules: [
      ...["g", "generate"].map((sub): Rule => ({ sub: [sub], flag: ["-i"], then: NEW_DEP })),
      ...["list", "which", "version", "help", "info"].map((s): Rule => ({ sub: [s], then: QUERY })),
    ],
  },
  // direnv loads a directory's `.envrc` (shell code) at every `cd` into it, once the user allowed that file's
  // exact content: allowing is the user's approval of code, never the agent's (docs/adr/0572). `export` prints the
  // variables of an allowed file; `deny` takes the approval back.
  {
    names: ["direnv"],
    base: RUN,
    runsCode: true,
    rules: [
      ...subs(TRUST_GRANTED, "allow", "permit", "grant"),
      ...subs(CONFIG, "deny", "block", "revoke", "disallow"),
      ...subs(QUERY, "status", "version", "help", "stdlib", "hook"),
    ],
  },
  // A package file installed as root, whatever its source (`rpm -i URL`); queries and verification only read.
  {
    names: ["rpm"],
    base: SYSTEM_INSTALL,
    rules: [
      { flag: ["-q", "--query", "-V", "--verify", "--checksig", "-K"], then: QUERY },
      { flag: ["-e", "--erase"], then: SYSTEM_REMOVE },
    ],
  },
  // A package source for every later system install.
  { names: ["add-apt-repository", "apt-add-repository"], base: SYSTEM_INSTALL },
  JS_PROGRAM,
  // npm reads unique prefixes, camelCase and aliases of its commands (`npm pub`, `npm distTag`, docs/adr/0521).
  { ...JS_PROGRAM, names: ["npm", "cnpm"], spelling: NPM_COMMANDS },
  packageRunner(["npx", "pnpx", "bunx"], "js"),
  packageRunner(["uvx"], "python"),
  // Install NAME fetches NAME from the registry; a well-known package of the language is no new code (ADR 0373).
  // pip's `download -d DIR` names a directory (pipenv's and conda's `-d` are flags).
  lang(["pip", "pip3"], "python", ["-d", "--dest"]),
  lang(["pipx", "pipenv", "uv"], "python"),
  // A conda channel other than the public ones serves whatever it likes under a well-known name.
  {
    ...lang(["conda", "mamba", "micromamba"], "python"),
    raises: [
      ...INDEX_RULES,
      { optionText: { "-c": CONDA_OTHER_CHANNEL, "--channel": CONDA_OTHER_CHANNEL }, then: UNVETTED },
      // A whole environment removed, with every package and file installed into it (docs/adr/0480).
      ...["remove", "uninstall"].map((sub): Rule => ({ sub: [sub], flag: ["--all"], then: ENVIRONMENT_REMOVED })),
      ...[
        ["env", "remove"],
        ["env", "delete"],
      ].map((sub): Rule => ({ sub, then: ENVIRONMENT_REMOVED })),
    ],
  },
  lang(["gem"], "ruby"),
  CARGO,
  lang(["go"], "go"),
  lang(["cabal", "stack", "opam", "cpan", "cpanm", "deno", "nuget"]),
  // Install takes the manifest's packages; add/require names new ones.
  addOnly(["poetry", "pdm"], "python"),
  addOnly(["bundle", "bundler"], "ruby"),
  addOnly(["composer"]),
  // Build tools whose `install` is a build step; packages are added by name only with these words.
  { names: ["mvn", "gradle", "gradlew", "dotnet", "mix", "hex", "dart", "flutter"], ...BUILD_TOOL },
  // `swift` is also OpenStack's object-store client, whose `delete` empties a container or all of them
  // (docs/adr/0655); the Swift toolchain has no `delete` subcommand.
  { names: ["swift"], ...BUILD_TOOL, rules: [{ sub: ["delete"], then: OBJECTS_DELETED }, ...BUILD_TOOL.rules] },
  // Homebrew installs as the user, into its own prefix, from its reviewed core formulae: `brew install jq` is an
  // install like `cargo install rg` (docs/adr/0337). A tap, a formula named by tap path or URL, or a cask
  // (apps with their own installers) is code from elsewhere, as for the system package managers below.
  {
    names: ["brew"],
    base: SYSTEM_INSTALL,
    rules: [
      // Listing the services brew manages reads launchd's state (docs/adr/0442, as ADR 0359 for systemctl);
      // starting one registers a login agent and stays what it was.
      { sub: ["services", "list"], then: QUERY },
      { sub: ["services", "info"], then: QUERY },
      ...subs(SYSTEM_REMOVE, "remove", "uninstall", "rm", "autoremove"),
      // `brew tap` alone lists the taps; Homebrew's own taps are its reviewed formulae (docs/adr/0455).
      { sub: ["tap"], bare: true, then: QUERY },
      { sub: ["tap"], firstWord: /^homebrew\/[\w-]+$/i, maxWords: 1, then: INSTALL },
      { sub: ["tap"], then: SYSTEM_INSTALL },
      { flag: ["--cask", "--HEAD", "--build-from-source", "-s"], then: SYSTEM_INSTALL },
      { text: /[/:]/, then: SYSTEM_INSTALL },
      ...subs(INSTALL, "install", "upgrade", "reinstall", "fetch", "update", "cleanup", "link", "unlink"),
      ...subs(
        QUERY,
        "list",
        "search",
        "info",
        "deps",
        "uses",
        "leaves",
        "outdated",
        "doctor",
        "config",
        "desc",
        "home",
        "shellenv",
      ),
      { flag: ["--prefix", "--version", "--repository", "--cellar"], then: QUERY },
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
      // A source listed reads; one added serves every later install (docs/adr/0455). `choco source add -s URL`
      // must not meet the `-s` of the listings below.
      ...[
        ["source", "list"],
        ["sources", "list"],
        ["bucket", "list"],
        ["source", "export"],
      ].map((sub): Rule => ({ sub, then: QUERY })),
      ...subs(QUERY, "remotes", "repos", "lr", "remote-ls"),
      ...[["source"], ["sources"], ["bucket"], ["remote-add"], ["addrepo"], ["ar"], ["config-manager"]].map(
        (sub): Rule => ({ sub, then: UNVETTED }),
      ),
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
