/**
 * Prometheus metrics of one server (prom-client, its own registry: two servers in one process, as in the
 * tests, never share counters): decisions by outcome, hook latency by event, held approvals, failures.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export interface ServerMetrics {
  readonly registry: Registry;
  readonly decisions: Counter<"decision">;
  readonly hookSeconds: Histogram<"event">;
  readonly failures: Counter<"event">;
  readonly pendingApprovals: Gauge;
}

export function createMetrics(pending: () => number): ServerMetrics {
  const registry = new Registry();
  return {
    registry,
    decisions: new Counter({
      name: "rulegate_decisions_total",
      help: "PreToolUse decisions by outcome (allow, ask, deny)",
      labelNames: ["decision"],
      registers: [registry],
    }),
    hookSeconds: new Histogram({
      name: "rulegate_hook_duration_seconds",
      help: "Time to answer one hook request, by hook event (held approvals included)",
      labelNames: ["event"],
      buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.01, 0.015, 0.03, 0.1, 0.5, 2, 30, 300],
      registers: [registry],
    }),
    failures: new Counter({
      name: "rulegate_hook_failures_total",
      help: "Hook requests answered non-2xx (the call is blocked with onFailure: block)",
      labelNames: ["event"],
      registers: [registry],
    }),
    pendingApprovals: new Gauge({
      name: "rulegate_pending_approvals",
      help: "Gated calls held for a human in the web UI",
      registers: [registry],
      collect() {
        this.set(pending());
      },
    }),
  };
}
