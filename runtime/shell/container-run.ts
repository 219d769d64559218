/**
 * The command a new container is started with (docs/adr/0531): `docker run [OPTIONS] IMAGE [COMMAND [ARG…]]`, also
 * `docker container run`, `podman run`, `nerdctl run`, `docker compose run [OPTIONS] SERVICE [COMMAND…]` and
 * `docker-compose run`. The command is a command like `docker exec`'s (docs/adr/0115): it is judged, its paths as
 * if here (a service or `-v $PWD:/app -w /app` mounts the project where it works, so its relative paths are the
 * project's; its absolute ones are judged as written). The container's start stays a command of its own (its mounts,
 * ports and powers are the runtime's knowledge), so the runner is judged too. Without a command the image's own
 * runs: unseen, and left to the runtime's knowledge as before.
 */
import { CONTAINER_VALUES } from "./container-options.ts";
import { optionValue, parseOptions, type OptionSpec } from "./options.ts";
import type { Word } from "./words.ts";

export interface ContainerRun {
  /** `docker run IMAGE`, `docker compose run SERVICE`, with ` --privileged` when given every capability. */
  readonly label: string;
  /** The argv the container runs: the entrypoint given by `--entrypoint`, then the command. */
  readonly words: readonly Word[];
}

const ENGINES: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);
const COMPOSE: ReadonlySet<string> = new Set(["docker-compose", "podman-compose"]);
/** Every value-taking option of the runtimes and of compose, short ones by their letter. */
const RUN_OPTIONS: OptionSpec = {
  // docker run's `-a stdin` and `-c 512` (cpu shares) take values too.
  short: `ac${[...new Set(CONTAINER_VALUES.filter((o) => /^-[A-Za-z]$/.test(o)).map((o) => o[1]!))].join("")}`,
  long: [
    ...CONTAINER_VALUES.filter((o) => o.startsWith("--")),
    "--profile",
    "--ansi",
    "--progress",
    "--parallel",
    "--env-from-file",
  ],
};

/** The container run these words start (program first stripped: `args` are the runtime's), or null. */
export function containerRun(program: string, globalsEnd: number, args: readonly Word[]): ContainerRun | null {
  let rest = args.slice(globalsEnd);
  let label = `${program} run`;
  if (COMPOSE.has(program)) rest = args.slice(parseOptions(args, RUN_OPTIONS).rest);
  else if (!ENGINES.has(program)) return null;
  else if (rest[0]?.value === "container") rest = rest.slice(1);
  else if (rest[0]?.value === "compose") {
    rest = rest.slice(1);
    rest = rest.slice(parseOptions(rest, RUN_OPTIONS).rest);
    label = `${program} compose run`;
  }
  if (rest[0]?.value !== "run") return null;
  const o = parseOptions(rest.slice(1), RUN_OPTIONS);
  const target = rest[1 + o.rest];
  if (target === undefined || target.dynamic) return null;
  const entrypoint = optionValue(o, "--entrypoint", "--entrypoint");
  const command = rest.slice(2 + o.rest);
  const words = entrypoint !== null && entrypoint.value !== "" ? [entrypoint, ...command] : command;
  if (words.length === 0) return null;
  const privileged = o.options.some((x) => x.name === "--privileged" && x.value?.value !== "false");
  return {
    label: `${label}${privileged ? " --privileged" : ""} ${target.value}`,
    words,
  };
}
