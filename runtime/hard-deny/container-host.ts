/**
 * container-host-write: a container given the host's root, system or home directories, writable, that runs a
 * shell, `chroot` or a destructive program over them (`docker run -v /:/host alpine chroot /host sh`,
 * `docker run --mount type=bind,source=/,target=/h busybox rm -rf /h/etc`). The container is root on those
 * files: what it does there is done to the host, out of reach of every path check (the paths are the
 * container's). A mount without a command in it, or a read-only one, is SECURITY in the program knowledge.
 */
import { posix } from "node:path";
import { CONTAINER_VALUES, type SimpleCommand } from "../shell/index.ts";
import { commandsOf, shown } from "./commands.ts";
import { display } from "./paths.ts";
import type { Check } from "./types.ts";

const RUNTIMES: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);
const VALUED: ReadonlySet<string> = new Set(CONTAINER_VALUES);
/** Programs that, inside the container, can change or hand over the mounted host files. */
const HARMFUL: ReadonlySet<string> = new Set([
  "rm",
  "dd",
  "shred",
  "wipefs",
  "truncate",
  "chroot",
  "chmod",
  "chown",
  "mv",
  "cp",
  "tee",
  "find",
  "sed",
  "rsync",
  "ln",
  "unlink",
  "sh",
  "bash",
  "ash",
  "dash",
  "zsh",
  "ksh",
  "busybox",
  "python",
  "python3",
  "perl",
  "env",
  "nsenter",
]);
const HOST_DIRS: readonly string[] = [
  "/",
  "/etc",
  "/usr",
  "/boot",
  "/var",
  "/var/lib/docker",
  "/root",
  "/home",
  "/bin",
  "/sbin",
  "/lib",
  "/lib64",
  "/opt",
  "/srv",
  "/Users",
];

export const containerHostWrite: Check = (op, ctx) => {
  for (const cmd of commandsOf(op)) {
    if (!RUNTIMES.has(cmd.program)) continue;
    const run = containerRun(cmd);
    if (run === null || run.command.length === 0) continue;
    const source = run.mounts.map((m) => hostSource(m, ctx.home)).find((s) => s !== null);
    const program = posix.basename(run.command[0] ?? "");
    if (source !== undefined && source !== null && HARMFUL.has(program)) {
      return `${shown(cmd)} runs ${program} over the host's ${display(source, ctx.home)}, mounted writable`;
    }
  }
  return null;
};

interface ContainerRun {
  readonly mounts: readonly string[];
  /** The command the container runs: the words after the image. */
  readonly command: readonly string[];
}

/** `docker [container] run|create [OPTIONS] IMAGE [COMMAND…]`, read with the runtime's value-taking options. */
function containerRun(cmd: SimpleCommand): ContainerRun | null {
  const args = cmd.args;
  let i = args[0] === "container" ? 1 : 0;
  if (args[i] !== "run" && args[i] !== "create") return null;
  const mounts: string[] = [];
  for (i++; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (!a.startsWith("-")) break;
    const eq = a.indexOf("=");
    const name = eq === -1 ? a : a.slice(0, eq);
    const value = eq !== -1 ? a.slice(eq + 1) : VALUED.has(name) ? args[++i] : /^-v./.test(a) ? a.slice(2) : undefined;
    if (value !== undefined && (name === "-v" || name === "--volume" || name === "--mount" || /^-v./.test(a)))
      mounts.push(value);
  }
  return { mounts, command: args.slice(i + 1) };
}

/** The host directory a writable `-v`/`--mount` spec exposes, when it is one of HOST_DIRS or a home; else null. */
function hostSource(spec: string, home: string): string | null {
  const fields = spec.includes("=")
    ? Object.fromEntries(spec.split(",").map((kv) => kv.split("=", 2) as [string, string]))
    : null;
  const raw = fields === null ? (spec.split(":")[0] ?? "") : (fields.source ?? fields.src ?? "");
  const readOnly =
    fields === null
      ? /:(?:[^:]*,)?ro(?:,|$)/.test(spec)
      : "readonly" in fields || "ro" in fields || fields.readonly === "true";
  if (readOnly || raw === "") return null;
  const expanded = raw.replace(/^(?:~|\$\{?HOME\}?)(?=\/|$)/, home);
  if (!expanded.startsWith("/")) return null;
  const path = posix.normalize(expanded).replace(/(.)\/$/, "$1");
  return HOST_DIRS.includes(path) || path === home || posix.dirname(path) === "/home" ? path : null;
}
