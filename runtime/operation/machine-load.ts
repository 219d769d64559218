import { ownEntry } from "../../core/index.ts";
/**
 * Parallel jobs past any machine's cores (docs/adr/0317): `make -j` with no bound or `-j 100000`, `ninja -j 0`,
 * `cargo build -j 5000`, `openssl speed -multi 256`, `MAKEFLAGS=-j make`. Each job is a compiler or a CPU-bound
 * worker; thousands at once freeze the host the agent runs on. A bound the machine gives (`-j$(nproc)`) is
 * bounded; so is any count below MANY_JOBS.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { MANY_JOBS } from "../shell/index.ts";

/** How each program takes its job count; `bare`: the option without a count means "no limit" (GNU make). */
interface Jobs {
  readonly short?: string;
  readonly long?: readonly string[];
  readonly bare?: boolean;
  /** A count of 0 means no limit (ninja). */
  readonly zero?: boolean;
  /** Only under this subcommand (`openssl speed`). */
  readonly sub?: string;
}

/** A benchmark longer than this holds the machine's cores past any session. */
const HOUR = 3600;

const MAKE: Jobs = { short: "-j", long: ["--jobs"], bare: true };
const JOBS: Readonly<Record<string, Jobs>> = {
  make: MAKE,
  gmake: MAKE,
  bmake: MAKE,
  ninja: { short: "-j", zero: true },
  samu: { short: "-j", zero: true },
  cmake: { short: "-j", long: ["--parallel"] },
  cargo: { short: "-j", long: ["--jobs"] },
  bazel: { long: ["--jobs"] },
  bazelisk: { long: ["--jobs"] },
  mvn: { short: "-T", long: ["--threads"] },
  openssl: { long: ["-multi"], sub: "speed" },
};

/** Why this command starts more parallel jobs than the machine has cores, or null. */
export function overloadsMachine(cmd: SimpleCommand): string | null {
  const fromEnv = cmd.assignments.find((a) => a.name === "MAKEFLAGS" || a.name === "MFLAGS");
  if (fromEnv !== undefined && (cmd.program === "make" || cmd.program === "gmake")) {
    const words = fromEnv.value.split(/\s+/).filter((w) => w !== "");
    const why = jobCount(words, MAKE);
    if (why !== null) return `${fromEnv.name}=${fromEnv.value}: ${why}`;
  }
  // `openssl speed -seconds 100000`: every algorithm benchmarked for hours (docs/adr/0423).
  if (cmd.program === "openssl" && cmd.args[0] === "speed") {
    const i = cmd.args.indexOf("-seconds");
    const s = i === -1 ? Number.NaN : Number(cmd.args[i + 1]);
    if (s >= HOUR) return `openssl speed runs for ${s} seconds`;
  }
  const jobs = ownEntry(JOBS, cmd.program);
  if (jobs === undefined) return null;
  if (jobs.sub !== undefined && cmd.args[0] !== jobs.sub) return null;
  const why = jobCount(cmd.args, jobs);
  return why === null ? null : `${cmd.program} ${why}`;
}

/** "runs N jobs" / "runs jobs without a limit" when the words ask for too many, else null. */
function jobCount(args: readonly string[], jobs: Jobs): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let given: string | undefined | null = null;
    for (const long of jobs.long ?? []) {
      if (a === long) given = args[i + 1];
      else if (a.startsWith(`${long}=`)) given = a.slice(long.length + 1);
    }
    // `-j`, `-j8`, `-kj` (a cluster ending in the job letter), `-j 8`.
    const letter = jobs.short?.slice(1);
    if (given === null && letter !== undefined && !a.startsWith("--")) {
      const m = new RegExp(`^-[A-Za-z]*${letter}(.*)$`).exec(a);
      if (m !== null) given = m[1] !== "" ? m[1] : args[i + 1];
    }
    if (given === null) continue;
    const count = given !== undefined && /^\d+$/.test(given) ? Number(given) : null;
    if (count === null) {
      // A count from the machine (`-j$(nproc)`, `-j "$JOBS"`) is its own bound.
      if (given !== undefined && /[$`]/.test(given)) continue;
      if (jobs.bare === true) return "runs jobs without a limit";
      continue;
    }
    if (count === 0 && jobs.zero === true) return "runs jobs without a limit (0)";
    if (count >= MANY_JOBS) return `runs ${count} jobs at once`;
  }
  return null;
}
