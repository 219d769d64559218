/**
 * An interactive shell opened in a running container or pod (docs/adr/0383): `kubectl exec -it prod-pod -- sh`,
 * `docker exec -it web bash -l`, `lxc exec c -- bash`. The executor is peeled like any runner and its command is
 * judged (docs/adr/0115), but a shell given nothing to run reads its commands from the terminal later: what it
 * will do is unseen here, with the workload's rights and secrets. A shell with `-c`, a script or a pipe keeps
 * its own judgement.
 */
import { SHELLS, type SimpleCommand } from "../shell/index.ts";

/** Wrapper labels of the container and cluster executors (runtime/shell/runners.ts). */
const EXECUTOR = /^(?:(?:docker|podman|nerdctl)(?: compose| container)? exec|(?:kubectl|oc|lxc|incus) exec)\b/;

/** The executor label when this command is a shell with nothing to run inside a container or pod, else null. */
export function interactiveRemoteShell(cmd: SimpleCommand): string | null {
  const executor = cmd.context.wrappers.at(-1);
  if (executor === undefined || !EXECUTOR.test(executor)) return null;
  if (!SHELLS.has(cmd.program) && cmd.program !== "busybox" && cmd.program !== "fish") return null;
  const args = cmd.program === "busybox" ? cmd.args.slice(SHELLS.has(cmd.args[0] ?? "") ? 1 : 0) : cmd.args;
  if (cmd.program === "busybox" && cmd.args.length > 0 && !SHELLS.has(cmd.args[0]!)) return null;
  // Only options that choose how the shell starts (`-i`, `-l`, `--login`, `--norc`), no `-c` and no script.
  if (args.some((a) => !a.startsWith("-") || (/^-[a-z]*c/i.test(a) && !a.startsWith("--")))) return null;
  // Piped or heredoc text is read as the code it is elsewhere; a file on stdin is a script nobody read here.
  if (cmd.context.executesStdin || (cmd.stdin !== undefined && cmd.stdin.text !== null)) return null;
  return executor;
}
