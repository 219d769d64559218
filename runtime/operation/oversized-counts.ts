/**
 * Counts past any sane size given to a program that honours them (docs/adr/0651): load generators told to open
 * thousands of connections or to run for days (`wrk -c 20000 -d 100000s`, `hey -n 1000000000`, `k6 run --vus
 * 20000 --duration 24h`, `iperf3 -t 0`), test runners told to start a thousand workers (`pytest -n 1000`), and
 * scalers and replica options asked for thousands of containers or machines (`docker compose up --scale
 * worker=2000`, `kubectl create deployment --replicas=5000`, `aws autoscaling … --desired-capacity 10000`,
 * `gcloud … resize --size 5000`). The program does exactly what it is told; the count is the harm: the host,
 * the cluster or the bill. Ordinary counts (`-c 100`, `-n auto`, `--replicas=3`) stay below every bound.
 */
import { ownEntry } from "../../core/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { MANY_JOBS } from "../shell/index.ts";

type Kind = "workers" | "connections" | "requests" | "duration" | "replicas";

/** Past these a count is no test or benchmark: more workers than cores, more connections than a host serves. */
const LIMITS: Readonly<Record<Kind, number>> = {
  workers: MANY_JOBS,
  connections: 2000,
  requests: 10_000_000,
  duration: 3600,
  replicas: 1000,
};
const NOUN: Readonly<Record<Kind, string>> = {
  workers: "workers",
  connections: "connections",
  requests: "requests",
  duration: "seconds",
  replicas: "replicas",
};

interface Counted {
  /** Words that must be among the arguments (a subcommand path): `["autoscaling"]`, `["scale"]`. */
  readonly sub?: readonly string[];
  readonly options: Readonly<Record<string, Kind>>;
  /** Options whose 0 means "without end" (`iperf3 -t 0`, `vegeta -duration 0`). */
  readonly zeroIsEndless?: readonly string[];
  /** Operands `name=N` are replica counts (`docker service scale web=10000`). */
  readonly assigned?: boolean;
}

const LOAD_HTTP = (o: Readonly<Record<string, Kind>>): Counted[] => [{ options: o }];
const COUNTED: Readonly<Record<string, readonly Counted[]>> = {
  ab: LOAD_HTTP({ "-n": "requests", "-c": "connections", "-t": "duration" }),
  wrk: LOAD_HTTP({
    "-t": "workers",
    "--threads": "workers",
    "-c": "connections",
    "--connections": "connections",
    "-d": "duration",
    "--duration": "duration",
  }),
  wrk2: LOAD_HTTP({ "-t": "workers", "-c": "connections", "-d": "duration" }),
  hey: LOAD_HTTP({ "-n": "requests", "-c": "connections", "-z": "duration" }),
  oha: LOAD_HTTP({ "-n": "requests", "-c": "connections", "-z": "duration" }),
  bombardier: LOAD_HTTP({ "-n": "requests", "-c": "connections", "-d": "duration" }),
  h2load: LOAD_HTTP({ "-n": "requests", "-c": "connections", "-t": "workers", "-D": "duration" }),
  autocannon: LOAD_HTTP({ "-a": "requests", "-c": "connections", "-d": "duration", "-w": "workers" }),
  siege: LOAD_HTTP({
    "-c": "connections",
    "--concurrent": "connections",
    "-r": "requests",
    "-t": "duration",
    "--time": "duration",
  }),
  k6: [
    {
      sub: ["run"],
      options: {
        "-u": "connections",
        "--vus": "connections",
        "-d": "duration",
        "--duration": "duration",
        "-i": "requests",
        "--iterations": "requests",
      },
    },
  ],
  vegeta: [
    { sub: ["attack"], options: { "-duration": "duration", "-rate": "requests" }, zeroIsEndless: ["-duration"] },
  ],
  iperf3: [
    {
      options: { "-t": "duration", "--time": "duration", "-P": "connections", "--parallel": "connections" },
      zeroIsEndless: ["-t", "--time"],
    },
  ],
  iperf: [{ options: { "-t": "duration", "-P": "connections" }, zeroIsEndless: ["-t"] }],
  pytest: [{ options: { "-n": "workers", "--numprocesses": "workers" } }],
  jest: [{ options: { "--maxWorkers": "workers", "-w": "workers" } }],
  vitest: [{ options: { "--maxWorkers": "workers", "--poolOptions.threads.maxThreads": "workers" } }],
  go: [{ sub: ["test"], options: { "-parallel": "workers", "-p": "workers" } }],
  cargo: [{ options: { "--test-threads": "workers" } }],
  mocha: [{ options: { "--jobs": "workers", "-j": "workers" } }],
  playwright: [{ sub: ["test"], options: { "--workers": "workers", "-j": "workers" } }],
  docker: [
    { sub: ["compose"], options: { "--scale": "replicas" } },
    { sub: ["service"], options: { "--replicas": "replicas" }, assigned: true },
  ],
  "docker-compose": [{ options: { "--scale": "replicas" }, assigned: true }],
  podman: [{ sub: ["compose"], options: { "--scale": "replicas" } }],
  kubectl: [{ options: { "--replicas": "replicas" } }],
  oc: [{ options: { "--replicas": "replicas" } }],
  aws: [
    {
      sub: ["autoscaling"],
      options: { "--max-size": "replicas", "--desired-capacity": "replicas", "--min-size": "replicas" },
    },
    { sub: ["ecs"], options: { "--desired-count": "replicas" } },
  ],
  gcloud: [
    {
      sub: ["instance-groups"],
      options: { "--size": "replicas", "--max-num-replicas": "replicas", "--min-num-replicas": "replicas" },
    },
    { sub: ["container"], options: { "--num-nodes": "replicas", "--max-nodes": "replicas" } },
  ],
  az: [{ options: { "--new-capacity": "replicas", "--instance-count": "replicas", "--node-count": "replicas" } }],
};

/** Why this command asks a program for a count past any sane size, or null. */
export function oversizedCount(cmd: SimpleCommand): string | null {
  // `python3 -m pytest -n 1000` is pytest.
  const viaModule = /^python[\d.]*$/.test(cmd.program) && cmd.args[0] === "-m" && cmd.args[1] === "pytest";
  const program = viaModule ? "pytest" : cmd.program;
  const args = viaModule ? cmd.args.slice(2) : cmd.args;
  for (const c of ownEntry(COUNTED, program) ?? []) {
    if (!(c.sub ?? []).every((w) => args.includes(w))) continue;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (c.assigned === true && /^[\w.-]+=\d+$/.test(a) && !a.startsWith("-")) {
        const why = judge("replicas", a.slice(a.indexOf("=") + 1), false);
        if (why !== null) return `${program} ${a}: ${why}`;
      }
      const [name, value] =
        a.startsWith("--") && a.includes("=")
          ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
          : [a, args[i + 1]];
      const kind = ownEntry(c.options, name);
      if (kind === undefined || value === undefined) continue;
      // `--scale worker=2000`: the count after the service's name.
      const count = value.includes("=") ? value.slice(value.lastIndexOf("=") + 1) : value;
      const why = judge(kind, count, c.zeroIsEndless?.includes(name) === true);
      if (why !== null) return `${program} ${name} ${value}: ${why}`;
    }
  }
  return null;
}

function judge(kind: Kind, value: string, zeroIsEndless: boolean): string | null {
  const n = kind === "duration" ? seconds(value) : /^\d+(?:\.\d+)?(?:e\d+)?$/i.test(value) ? Number(value) : null;
  if (n === null) return null;
  if (n === 0 && zeroIsEndless) return "runs without end";
  return n >= LIMITS[kind] ? `${n} ${NOUN[kind]}, past any sane size` : null;
}

/** `100000s`, `24h`, `24H` (siege), `1h30m`, `90` (seconds): seconds, or null. */
function seconds(value: string): number | null {
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|[smhd])/gi)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== value) return null;
  const unit: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };
  return parts.reduce((sum, p) => sum + Number(p[1]) * (ownEntry(unit, p[2]!.toLowerCase()) ?? 0), 0);
}
