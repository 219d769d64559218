import { existsSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import type { Command } from "commander";
import { compileFile } from "../../compiler/index.ts";
import { diffCalls, replayLog, verified, type CallReplay, type ReplayResult } from "../../runtime/replay/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText, toJson } from "../render/diagnostics.ts";
import { renderReplayReport } from "../render/replay-report.ts";
import type { RegisterCommand } from "./index.ts";

interface Options {
  readonly policy?: string;
  readonly verify?: boolean;
  readonly diff?: boolean;
  readonly report?: string;
  readonly format: string;
}

const FORMATS = ["text", "json"] as const;

/** `rules replay LOG.jsonl [--policy FILE] [--verify] [--diff] [--report OUT.html] [--format text|json]` */
export const registerReplay: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("replay")
    .description(
      "re-fold an event log under the rules it recorded: check its hash chain, re-derive its decisions (no model is called); --policy is a what-if",
    )
    .argument("<log>", "event log (JSONL) written by `rules eval --log` or the agent hooks")
    .option("--policy <file>", "what-if: replay every session under these rules instead of the ones the log recorded")
    .option(
      "--verify",
      "exit 3 unless the hash chain is intact and every recorded decision re-derives under the log's own rules",
    )
    .option("--diff", "list the calls whose decision changed")
    .option("--report <out.html>", "write a self-contained HTML audit report")
    .option("--format <format>", "text | json", "text")
    .action(async (log: string, opts: Options) => setExit(await runReplay(log, opts, io)));
};

async function runReplay(log: string, opts: Options, io: Io): Promise<number> {
  if (!(FORMATS as readonly string[]).includes(opts.format))
    throw new UsageError(`--format must be one of ${FORMATS.join(", ")}, not '${opts.format}'`);
  if (!existsSync(log) || statSync(log).isDirectory()) throw new UsageError(`no such log file: ${log}`);
  if (opts.policy !== undefined && !existsSync(opts.policy)) throw new UsageError(`no such rules file: ${opts.policy}`);

  // Without --policy nothing is read from the auditor's config files: the log holds its rules (ADR 0133).
  const compiled = opts.policy === undefined ? null : compileFile(opts.policy);
  if (compiled !== null && compiled.policy === null) {
    const shown = compiled.diagnostics.map((diagnostic) => ({ diagnostic, severity: diagnostic.severity }));
    if (opts.format === "json") io.stdout(`${JSON.stringify({ ok: false, diagnostics: toJson(shown) })}\n`);
    else io.stderr(renderText(shown, io.color));
    return EXIT.invalid;
  }

  const result = await replayLog(log, { policy: compiled?.policy ?? "recorded", home: io.env.HOME ?? homedir() });
  if (opts.report !== undefined) writeFileSync(opts.report, renderReplayReport(result, new Date().toISOString()));
  const ok = verified(result);
  if (opts.format === "json") io.stdout(`${JSON.stringify(toDocument(result, opts.diff === true))}\n`);
  else {
    io.stdout(summary(result, opts.verify === true));
    if (opts.diff === true) io.stdout(diffText(result.calls));
    if (!result.chain.ok && opts.verify !== true)
      io.stderr(
        `rules: warning: the hash chain is broken at seq ${result.chain.seq} (${result.chain.reason}); replayed the lines before it\n`,
      );
  }
  return ok || opts.verify !== true ? EXIT.ok : EXIT.invalid;
}

function summary(r: ReplayResult, verify: boolean): string {
  const chain = r.chain.ok
    ? `ok (${r.chain.count} lines), head ${r.chain.head.hash ?? "none (empty log)"}`
    : `BROKEN at seq ${r.chain.seq}: ${r.chain.reason} (${r.chain.detail})`;
  const counts = { allow: 0, ask: 0, deny: 0 };
  for (const c of r.calls) counts[c.recorded.decision]++;
  const differ = r.calls.filter((c) => c.changed).length;
  const unreplayed = r.calls.filter((c) => c.replayed === null).length;
  const decisions = [
    ...(differ > 0 ? [`${differ} differ`] : []),
    ...(unreplayed > 0 ? [`${unreplayed} not re-derived`] : []),
  ];
  const { recorded, replay } = r.policy;
  const policy =
    replay === null
      ? `the rules the log recorded (${recorded ?? "none named"})`
      : recorded === replay
        ? `${replay} (as recorded)`
        : `what-if ${replay} (the log recorded ${recorded ?? "none"})`;
  const lines = [
    `log: ${r.log} (${r.events} events, ${r.sessions.length} session${r.sessions.length === 1 ? "" : "s"})`,
    `chain: ${chain}`,
    `policy: ${policy}`,
    ...r.policy.changes.map(
      (c) => `  the rules in force changed at seq ${c.seq} (session ${c.session}): ${c.from} → ${c.to}`,
    ),
    ...r.policy.missing.map((h) => `  the log does not hold the rules ${h}: give them with --policy FILE`),
    ...r.policy.problems.map((p) => `  seq ${p.seq}: ${p.reason}`),
    `calls: ${r.calls.length} (${counts.allow} allow, ${counts.ask} ask, ${counts.deny} deny)`,
    `decisions: ${decisions.length === 0 ? "all re-derive" : decisions.join(", ")}`,
    r.verification.ok
      ? `verified ${r.events} events; ${ending(r)}`
      : `not verified: ${r.verification.reason ?? "unknown"}`,
  ];
  if (verify) lines.push(`verify: ${verified(r) ? "ok" : "FAILED"}`);
  return `${lines.join("\n")}\n`;
}

/** How the log ends: a log cut at a line boundary is a valid prefix, and only a session end says it is whole. */
function ending(r: ReplayResult): string {
  if (r.open.length === 0) return r.sessions.length === 0 ? "the log is empty" : "every session in it ended";
  const which = r.sessions.length === 1 ? "" : ` (session${r.open.length === 1 ? "" : "s"} ${r.open.join(", ")})`;
  return `the log ends without a session end${which}: normal while a session is open, or the log was cut short`;
}

function diffText(calls: readonly CallReplay[]): string {
  const changed = diffCalls(calls);
  if (changed.length === 0) return "no decision changed\n";
  return changed
    .map((c) => {
      const where = `seq ${c.seq}${c.line === null ? "" : ` line ${c.line}`} ${c.session}`;
      const now =
        c.replayed === null ? `not replayed (${c.note ?? "unknown"})` : `${c.replayed.decision} (${c.replayed.stage})`;
      return `${where}: ${c.tool} ${clip(c.subject)}: ${c.recorded.decision} (${c.recorded.stage}) → ${now}${c.replayed !== null && c.note !== null ? ` [${c.note}]` : ""}\n`;
    })
    .join("");
}

/** `ok` is the verification (intact, and re-derives under its own rules) whether or not --verify was given: never true for a tampered log. */
function toDocument(r: ReplayResult, diffOnly: boolean): object {
  const calls = diffOnly ? diffCalls(r.calls) : r.calls;
  return {
    ok: verified(r),
    verified: verified(r),
    reason: r.verification.reason,
    chain: r.chain,
    head: r.chain.head.hash,
    policy: r.policy,
    events: r.events,
    sessions: r.sessions,
    open: r.open,
    calls,
    approvals: r.approvals,
  };
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= 80 ? flat : `${flat.slice(0, 79)}…`;
}
