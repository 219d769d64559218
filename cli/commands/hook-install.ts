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
  installTarget,
  type InstallError,
  type InstallScope,
} from "../../adapters/claude-code/install/index.ts";
import { packageRoot } from "../../adapters/common/package-root.ts";
import { EXIT, UsageError, type Io } from "../io.ts";

export interface InstallOptions {
  readonly project?: boolean;
  readonly user?: boolean;
  readonly command?: string;
}

function scopeOf(opts: InstallOptions): InstallScope {
  if (opts.project && opts.user) throw new UsageError("--project and --user exclude each other");
  return opts.user ? "user" : "project";
}

export function installHooks(opts: InstallOptions, io: Io, home: string): number {
  const scope = scopeOf(opts);
  const target = installTarget(scope, io.cwd, home);
  let launcher = opts.command;
  if (launcher === undefined) {
    const roots = scope === "user" ? globalPackageRoots(io.env) : [];
    const chosen = defaultLauncher(scope, io.cwd, packageRoot(), roots);
    if (!chosen.ok) return failed(io, target.settingsPath, chosen);
    launcher = chosen.launcher;
  }
  const handler = commandHandler(launcher);
  const plan = applyInstall(target, handler);
  if (!plan.ok) return failed(io, target.settingsPath, plan);
  if (plan.changes.length === 0) {
    io.stdout(`${target.settingsPath}: rulegate hooks already installed; nothing changed\n`);
    return EXIT.ok;
  }
  io.stdout(
    `${target.settingsPath}:\n${plan.changes.map((c) => `  ${c}`).join("\n")}\n  command: ${handler.command}\n`,
  );
  if (plan.commandText !== null) io.stdout(`${target.commandPath}: the /rulegate prompt command\n`);
  return EXIT.ok;
}

export function uninstallHooks(opts: InstallOptions, io: Io, home: string): number {
  if (opts.command !== undefined) throw new UsageError("--command goes with --install");
  const target = installTarget(scopeOf(opts), io.cwd, home);
  const plan = applyUninstall(target);
  if (!plan.ok) return failed(io, target.settingsPath, plan);
  const kept = plan.keptCommand ? `${target.commandPath}: kept, it differs from the one rulegate writes\n` : "";
  if (plan.changes.length === 0) {
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
