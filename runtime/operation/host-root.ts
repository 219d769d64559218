/**
 * Ways out of a container onto its host, or into the host's memory (docs/adr/0385): a shell or command run with
 * the root at a mounted host directory (`chroot /host bash`, `chroot /mnt/host`, `chroot /proc/1/root`), and
 * reads of the kernel's or the machine's memory (`/dev/mem`, `/dev/kmem`, `/dev/port`, `/proc/kcore`, a
 * process's `/proc/PID/mem`), which hold every secret in use. A root inside the project (`chroot ./rootfs`) is a
 * build step.
 */
import type { SimpleCommand } from "../shell/index.ts";
import type { RawAccess } from "./classify-command.ts";

/** A new root outside the project: absolute, in a home, or from an expansion nobody can read here. */
const HOST_ROOT = /^(?:\/|~|\$)/;
/** Memory device nodes and their /proc views. */
const MEMORY = /^\/(?:dev\/(?:mem|kmem|port|crash)|proc\/(?:kcore|kmem|(?:\d+|self|\$\w+|\*)\/mem))$/;
/** Programs that change the root and run a command there. */
const CHROOTS: ReadonlySet<string> = new Set(["chroot", "arch-chroot"]);

/** Why this command leaves its container for the host, or reads the machine's memory; null when it does neither. */
export function hostEscape(cmd: SimpleCommand, accesses: readonly RawAccess[]): string | null {
  const root = cmd.context.wrappers.find((w) => w.startsWith("chroot "))?.slice("chroot ".length);
  if (root !== undefined && HOST_ROOT.test(root)) return `runs ${cmd.program} with its root at ${root}`;
  if (CHROOTS.has(cmd.program)) {
    const first = cmd.args.find((a) => !a.startsWith("-"));
    if (first !== undefined && HOST_ROOT.test(first)) return `${cmd.program} ${first} opens a shell there`;
  }
  const memory = accesses.find((a) => a.mode === "read" && MEMORY.test(a.word));
  return memory === undefined ? null : `reads the machine's memory (${memory.word})`;
}
