/**
 * `rules hook claude-code --install | --uninstall [--project | --user]`: the CLI's side of
 * adapters/claude-code/install — choose the scope and the launcher, run the plan, word the outcome.
 */
import {
  applyInstall,
  applyUninstall,
  commandHandler,
  defaultLauncher,
  globalPackageRoots,
  httpHandler,
  installTarget,
  type HookHandler,
  type InstallError,
  type InstallScope,
} from "../../adapters/claude-code/install/index.ts";
import { loadEffectivePolicy, packageRoot } from "../../adapters/common/index.ts";
import { ensureToken, pidAlive, readServeFile } from "../../server/serve-file.ts";
import { rulegateHome } from "../rulegate-home.ts";
import { EXIT, UsageError, type Io } from "../io.ts";

export interface InstallOptions {
  readonly project?: boolean;
  readonly user?: boolean;
  readonly command?: string;
  readonly http?: boolean;
  readonly url?: string;
}

function scopeOf(opts: InstallOptions): InstallScope {
  if (opts.project && opts.user) throw new UsageError("--project and --user exclude each other");
  return opts.user ? "user" : "project";
}

/** rules serve's default address, when no server is running to ask. */
const DEFAULT_SERVER = "http://127.0.0.1:8787";

export async function installHooks(opts: InstallOptions, io: Io, home: string): Promise<number> {
  const scope = scopeOf(opts);
  if (opts.http) return installHttp(opts, io, home, scope);
  if (opts.url !== undefined) throw new UsageError("--url goes with --install --http");
  const target = installTarget(scope, io.cwd, home);
  let launcher = opts.command;
  if (launcher === undefined) {
    const roots = scope === "user" ? globalPackageRoots(io.env) : [];
    const chosen = defaultLauncher(scope, io.cwd, packageRoot(), roots);
    if (!chosen.ok) return failed(io, target.settingsPath, chosen);
    launcher = chosen.launcher;
  }
  const handler = commandHandler(launcher);
  return report(io, target, handler, `command: ${handler.command}`);
}

/**
 * `--install --http`: the HTTP hook of `rules serve`, with the token of serve.json (made now when no server ever
 * ran), the URL of the running server or the default one, and a timeout beyond the approval timeout of the
 * rules in force here (ADR 0183).
 */
async function installHttp(opts: InstallOptions, io: Io, home: string, scope: InstallScope): Promise<number> {
  if (opts.command !== undefined) throw new UsageError("--command goes with the command hook, not --http");
  const rgHome = rulegateHome(io.env, home);
  const running = readServeFile(rgHome);
  const live = running?.pid != null && pidAlive(running.pid) ? running.url : null;
  const url = opts.url ?? live ?? DEFAULT_SERVER;
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+\/?$/.test(url))
    throw new UsageError(`--url must be rules serve's loopback address, like ${DEFAULT_SERVER}, not '${url}'`);
  const policy = await loadEffectivePolicy({ kind: "discover", cwd: io.cwd, home }, io.env, null);
  // Rules that do not compile block every call anyway; the built-in timeout is the one they would get.
  const timeoutMs = policy.ok ? policy.policy.settings.approvalTimeoutMs : DEFAULT_APPROVAL_TIMEOUT_MS;
  const handler = httpHandler(url, ensureToken(rgHome), timeoutMs);
  const target = installTarget(scope, io.cwd, home, true);
  const what = `${handler.url}, timeout ${handler.timeout} s, onFailure block`;
  return report(io, target, handler, `http: POST ${what}, the token of ${rgHome}/serve.json`);
}

/** settings.approval_timeout when no rules say otherwise (compiler/merged.ts). */
const DEFAULT_APPROVAL_TIMEOUT_MS = 300_000;

function report(io: Io, target: ReturnType<typeof installTarget>, handler: HookHandler, what: string): number {
  const plan = applyInstall(target, handler);
  if (!plan.ok) return failed(io, target.settingsPath, plan);
  if (plan.changes.length === 0) {
    io.stdout(`${target.settingsPath}: rulegate hooks already installed; nothing changed\n`);
    return EXIT.ok;
  }
  io.stdout(`${target.settingsPath}:\n${plan.changes.map((c) => `  ${c}`).join("\n")}\n  ${what}\n`);
  if (plan.commandText !== null) io.stdout(`${target.commandPath}: the /rulegate prompt command\n`);
  return EXIT.ok;
}

export function uninstallHooks(opts: InstallOptions, io: Io, home: string): number {
  if (opts.command !== undefined) throw new UsageError("--command goes with --install");
  if (opts.http || opts.url !== undefined)
    throw new UsageError("--http and --url go with --install (--uninstall removes both hook types)");
  const scope = scopeOf(opts);
  // A project's HTTP hook lives in settings.local.json: both files are cleaned.
  let code: number = EXIT.ok;
  if (scope === "project") code = uninstallFrom(installTarget(scope, io.cwd, home, true), io, true);
  return Math.max(code, uninstallFrom(installTarget(scope, io.cwd, home), io, false));
}

function uninstallFrom(target: ReturnType<typeof installTarget>, io: Io, quietIfNone: boolean): number {
  const plan = applyUninstall(target);
  if (!plan.ok) return failed(io, target.settingsPath, plan);
  const kept = plan.keptCommand ? `${target.commandPath}: kept, it differs from the one rulegate writes\n` : "";
  if (plan.changes.length === 0) {
    if (!quietIfNone || kept !== "")
      io.stdout(`${target.settingsPath}: no rulegate hooks installed; nothing changed\n${kept}`);
    return EXIT.ok;
  }
  const settings = plan.settingsText === "" ? " (nothing else was in it: the file is removed)" : "";
  io.stdout(`${target.settingsPath}${settings}:\n${plan.changes.map((c) => `  ${c}`).join("\n")}\n${kept}`);
  return EXIT.ok;
}

function failed(io: Io, path: string, error: InstallError): number {
  io.stderr(`rules: ${error.aboutSettings ? `${path}: ` : ""}${error.message} [${error.code}]\n`);
  return EXIT.usage;
}
