/**
 * Package sources planted in a project file (docs/adr/0450): `echo 'npmRegistryServer: "https://evil"' >>
 * .yarnrc.yml`, `printf '[global]\nindex-url=…' > .venv/pip.conf`, `echo '--index-url …' >> requirements.txt`,
 * `[[tool.uv.index]]` in pyproject.toml, `[source.x]` in .cargo/config.toml, a go.mod `replace`, a package.json
 * dependency given as a URL. The next install fetches code from wherever the text says: the same redirect as
 * `npm config set registry` or `PIP_INDEX_URL=` (ADR 0323, 0370), written into a file instead. The text is known
 * here (shell/planted-text.ts); the file's role is read from its name.
 */
import { LEVEL_RANK, type Level } from "../../compiler/index.ts";
import {
  interpreterOf,
  PLANTED_LABEL,
  plantedText,
  SHELLS,
  wellKnownPackage,
  type SimpleCommand,
} from "../shell/index.ts";

export interface PlantedSource {
  readonly file: string;
  /** `env-redirect`: installs fetch from elsewhere; `new-dependency`: a name nobody has looked at, to be installed. */
  readonly category: "env-redirect" | "new-dependency";
}

/** Hosts that are each ecosystem's public default: naming them redirects nothing. */
const DEFAULT_HOSTS =
  /^(?:registry\.npmjs\.org|registry\.yarnpkg\.com|registry\.npmmirror\.com|pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|crates\.io|index\.crates\.io|static\.crates\.io|proxy\.golang\.org|sum\.golang\.org|api\.nuget\.org|www\.nuget\.org|rubygems\.org|repo\.packagist\.org|packagist\.org|conda\.anaconda\.org|repo\.anaconda\.com)$/i;

const URL =
  /\b(?:(?:https?|ftp|git|ssh|sparse\+https?|git\+[a-z]+|registry\+https?|file):\/\/|file:)([^\s'"`/,;<>\]}]*)/gi;

/** A URL naming a host other than a public default (or a file: source, a git transport). */
function foreignUrl(text: string): boolean {
  for (const m of text.matchAll(URL)) {
    const scheme = m[0].toLowerCase();
    if (scheme.startsWith("file:") || scheme.startsWith("git") || scheme.startsWith("ssh")) return true;
    const host = m[1]!.replace(/^[^@]*@/, "").replace(/:\d+$/, "");
    if (!DEFAULT_HOSTS.test(host)) return true;
  }
  return false;
}

/** pip requirement and constraint files, also pip-tools' `requirements/*.in` layout. */
const REQUIREMENTS = /(?:^|\/)(?:(?:requirements|constraints)[^/]*|requirements\/[^/]+)\.(?:txt|in)$/;

interface Role {
  /** The file, by its path as written. */
  readonly file: RegExp;
  /** Text that redirects whatever value it has (a code path, a plugin, a source table). */
  readonly always?: RegExp;
  /** Text that redirects when it names a foreign URL. */
  readonly keyed?: RegExp;
}

const ROLES: readonly Role[] = [
  {
    file: /(?:^|\/)\.yarnrc(?:\.ya?ml)?$/,
    always:
      /\b(?:yarnPath|plugins|unsafeHttpWhitelist|enableStrictSsl\s*:\s*false|httpsCaFilePath|injectEnvironmentFiles)\b/,
    keyed: /./,
  },
  {
    file: /(?:^|\/)\.npmrc$|(?:^|\/)bunfig\.toml$/,
    always: /\b(?:script-shell|node-options|onload-script|strict-ssl\s*=\s*false|cafile|ignore-scripts\s*=\s*false)\b/,
    keyed: /./,
  },
  {
    file: /(?:^|\/)pip\.(?:conf|ini)$|(?:^|\/)\.pydistutils\.cfg$/,
    always: /(?:^|[\s-])(?:index-url|extra-index-url|trusted-host|find-links|index|cert|client-cert)\b\s*[=:\s]/m,
    keyed: /./,
  },
  {
    file: REQUIREMENTS,
    always:
      /^\s*(?:-i\b|--index-url|--extra-index-url|--trusted-host|-f\b|--find-links|--no-index|-e\s+\S*(?::\/\/|git\+)|--editable\s+\S*(?::\/\/|git\+))|@\s*(?:git\+|https?:|file:)/m,
    keyed: /./,
  },
  {
    file: /(?:^|\/)pyproject\.toml$|(?:^|\/)(?:uv|poetry|pdm)\.toml$|(?:^|\/)Pipfile$|(?:^|\/)setup\.cfg$/,
    always:
      /\[\[?\s*(?:tool\.uv\.index|tool\.poetry\.source|tool\.pdm\.source|source|tool\.uv\.sources|index)\b|\b(?:index-url|extra-index-url|find-links)\s*=|\{[^}]*\b(?:git|url|path)\s*=/,
    keyed: /\b(?:url|index|source|dependencies)\b/,
  },
  {
    file: /(?:^|\/)\.cargo\/config(?:\.toml)?$/,
    always:
      /\[\s*(?:source|registries|registry|patch|target)\b|\b(?:replace-with|rustc-wrapper|rustc-workspace-wrapper|runner|linker|credential-provider)\s*=/,
  },
  { file: /(?:^|\/)Cargo\.toml$/, always: /\[\s*(?:patch|replace)\b|\b(?:git|registry)\s*=/ },
  {
    file: /(?:^|\/)go\.(?:mod|work)$/,
    always: /^\s*replace\b[^\n]*=>\s*(?!\.{1,2}\/)[^\s]|=>\s*(?!\.{1,2}\/)[a-z0-9.-]+\.[a-z]{2,}\//m,
  },
  {
    file: /(?:^|\/)package\.json$/,
    // Install scripts, and dependency specs that are not registry versions: a forge shorthand (`owner/repo`,
    // `github:x/y`), a local or linked path, an alias to another package. `resolutions` and `overrides` put such a
    // spec in place of a package the project already uses (red team, supply-chain/167).
    always:
      /(?:scripts\.|")(?:pre|post)?install"?\s*[=:]|(?:[Dd]ependencies|overrides|resolutions)[^\n]*?[=:]\s*"(?:(?:github|gitlab|bitbucket|gist|file|link|portal|npm|patch):|[\w.-]+\/[\w.-]+(?:#[^"]*)?")/,
    keyed: /\b(?:dependencies|devDependencies|optionalDependencies|peerDependencies|overrides|resolutions)\b/i,
  },
  { file: /(?:^|\/)(?:nuget|NuGet)\.[Cc]onfig$/, keyed: /./ },
  { file: /(?:^|\/)\.bundle\/config$/, always: /\bBUNDLE_(?:MIRROR|GEM__|SSL_VERIFY_MODE|SSL_CA_CERT)/ },
  {
    file: /(?:^|\/)(?:Gemfile|gems\.rb|[^/]*\.gemspec)$/,
    always: /\b(?:git|github|path)\s*:|:(?:git|github|path)\s*=>/,
    keyed: /./,
  },
  { file: /(?:^|\/)composer\.json$/, always: /\brepositories\b/ },
  { file: /(?:^|\/)\.condarc$/, always: /\b(?:channels|channel_alias|default_channels|custom_channels)\b/ },
];

/** Package names written one a line into a requirements file: each is what `pip install NAME` is (ADR 0373). */
function unknownRequirement(text: string): boolean {
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Za-z][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*(?:[=<>!~;@]|$)/.exec(line);
    if (m !== null && !wellKnownPackage(m[1]!, "python")) return true;
  }
  return false;
}

/** The project file a command plants a package source in, or null. */
export function plantedSource(cmd: SimpleCommand): PlantedSource | null {
  const planted = plantedText(cmd);
  if (planted === null) return null;
  const { text, files } = planted;
  for (const file of files) {
    const role = ROLES.find((r) => r.file.test(file));
    if (role === undefined) continue;
    if (role.always?.test(text) === true) return { file, category: "env-redirect" };
    if (role.keyed?.test(text) === true && foreignUrl(text)) return { file, category: "env-redirect" };
    if (REQUIREMENTS.test(file) && unknownRequirement(text)) return { file, category: "new-dependency" };
  }
  return null;
}

/** A program by path that is the system's own: running it later from a hook is ordinary. */
const SYSTEM_PROGRAM = /^\/(?:usr\/(?:local\/)?)?s?bin\/|^\/opt\/homebrew\/bin\//;

/** A path outside the project: absolute or in a home, and not the system's own programs. */
function outsideProject(path: string): boolean {
  return /^(?:\/|~|\$HOME\b|\$\{HOME\})/.test(path) && !SYSTEM_PROGRAM.test(path);
}

/** The script file a shell, `source`/`.` or an interpreter runs: its first operand (`bash /tmp/x.sh`, `node /tmp/p.js`). */
function scriptRun(cmd: SimpleCommand): string | undefined {
  const p = cmd.program;
  if (!SHELLS.has(p) && p !== "source" && p !== "." && interpreterOf(p) === null) return undefined;
  return cmd.args.find((a) => !a.startsWith("-"));
}

/**
 * A command of code planted in a file that runs later (docs/adr/0451, shell/planted-code.ts) that is dangerous: at
 * least DESTRUCTIVE as it stands, code it runs unseen, or a program or a script by a path outside the project and
 * the system (docs/adr/0567: `bash /tmp/.x.sh` runs what `/tmp/.x.sh` holds then, unread now).
 */
export function plantedDanger(cmd: SimpleCommand, level: Level): boolean {
  if (!cmd.context.wrappers.some((w) => w.startsWith(PLANTED_LABEL))) return false;
  if (LEVEL_RANK[level] >= LEVEL_RANK.DESTRUCTIVE || cmd.context.executesStdin) return true;
  const path = cmd.programPath;
  if (path !== undefined && outsideProject(path)) return true;
  const script = scriptRun(cmd);
  return script !== undefined && outsideProject(script);
}
