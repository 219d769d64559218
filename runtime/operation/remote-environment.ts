/**
 * Another machine's environment dumped (docs/adr/0302): `kubectl exec deploy/web -- env`, `docker exec db printenv`,
 * `ssh prod env`. A bare `env` here shows the agent its own environment and passes (ADR 0098); a container's or a
 * server's holds the service's database passwords and API keys, which the agent had no other way to see: a
 * credential read (SECURITY).
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Wrapper labels that run the command in another container, pod, host or namespace. */
const ELSEWHERE = /^(?:(?:kubectl|oc) exec |(?:docker|podman|nerdctl)(?: compose)? exec |ssh |ansible |nsenter$)/;

/** The wrapper that runs an environment dump elsewhere (`kubectl exec deploy/web`), or null. */
export function remoteEnvironment(cmd: SimpleCommand): string | null {
  const where = cmd.context.wrappers.find((w) => ELSEWHERE.test(w));
  return where !== undefined && dumpsEnvironment(cmd) ? where : null;
}

function dumpsEnvironment(cmd: SimpleCommand): boolean {
  const operands = cmd.args.filter((a) => !a.startsWith("-"));
  switch (cmd.program) {
    case "env":
      return operands.every((a) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(a));
    case "printenv":
    case "set":
      return operands.length === 0;
    case "export":
    case "declare":
    case "typeset":
      return operands.length === 0 && cmd.args.every((a) => /^-[px]+$/.test(a));
    case "compgen":
      return cmd.args.includes("-e") || cmd.args.includes("-v");
    default:
      return false;
  }
}
