import { type CallReplay, type DecisionView, type ReplayResult, verified } from "../../runtime/replay/index.ts";

/**
 * `rules replay --report OUT.html`: a self-contained audit report (inline CSS, no script, no external
 * resource) of one log: chain status, policy, every call with its decision, stage, rules and approval, and
 * what the replay decided where it differs. Every value from the log is escaped: it is untrusted text.
 */
export function renderReplayReport(result: ReplayResult, generatedAt: string): string {
  const counts = countDecisions(result.calls);
  const changed = result.calls.filter((c) => c.changed || c.replayed === null);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rulegate audit — ${esc(result.log)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${CSS}</style></head><body>
<h1>rulegate audit report</h1>
<p class="meta">${esc(result.log)} · generated ${esc(generatedAt)}</p>
<section class="summary">
${card("hash chain", chainText(result), result.chain.ok ? "ok" : "bad")}
${card("decisions", result.rederived ? (changed.length === 0 ? "all re-derive" : `${changed.length} differ`) : "not re-derived (no policy)", result.rederived ? (changed.length === 0 ? "ok" : "bad") : "warn")}
${card("verified", verified(result) ? "yes, under the rules the log recorded" : `no: ${result.verification.reason ?? "unknown"}`, verified(result) ? "ok" : "bad")}
${card("events", String(result.events), "")}
${card("sessions", String(result.sessions.length), "")}
${card("calls", `${result.calls.length} · ${counts.allow} allow · ${counts.ask} ask · ${counts.deny} deny`, "")}
${card("policy", policyText(result), result.policy.recorded !== null && result.policy.replay !== null && result.policy.recorded !== result.policy.replay ? "warn" : "")}
</section>
${changed.length > 0 ? `<h2>Changed decisions (${changed.length})</h2>${callTable(changed, true)}` : ""}
<h2>Calls (${result.calls.length})</h2>
${result.calls.length === 0 ? "<p>No calls in this log.</p>" : callTable(result.calls, result.rederived)}
<h2>Approvals (${result.approvals.length})</h2>
${
  result.approvals.length === 0
    ? "<p>No approvals recorded.</p>"
    : `<table><thead><tr><th>seq</th><th>session</th><th>answer</th><th>signature</th></tr></thead><tbody>${result.approvals
        .map(
          (a) =>
            `<tr><td class="num">${a.seq}</td><td>${esc(a.session)}</td><td>${esc(a.answer)}</td><td class="mono">${esc(a.signature)}</td></tr>`,
        )
        .join("")}</tbody></table>`
}
</body></html>
`;
}

function callTable(calls: readonly CallReplay[], withReplay: boolean): string {
  const head = `<tr><th>seq</th><th>session</th><th>line</th><th>tool</th><th>call</th><th>decision</th><th>stage</th><th>rules · gates</th><th>approval</th>${withReplay ? "<th>replay</th>" : ""}</tr>`;
  const rows = calls.map((c) => {
    const replay = withReplay ? `<td>${replayCell(c)}</td>` : "";
    return `<tr class="${c.changed || (withReplay && c.replayed === null) ? "changed" : ""}"><td class="num">${c.seq}</td><td>${esc(c.session)}</td><td class="num">${c.line ?? ""}</td><td>${esc(c.tool)}</td><td class="mono" title="${esc(c.recorded.reason)}">${esc(clip(c.subject, 160))}</td>${decisionCells(c.recorded)}${replay}</tr>`;
  });
  return `<table><thead>${head}</thead><tbody>${rows.join("")}</tbody></table>`;
}

function decisionCells(d: DecisionView): string {
  const named = [...d.rules, ...d.gates.filter((g) => !d.rules.includes(g))];
  return `<td><span class="d ${d.decision}">${d.decision}</span></td><td>${esc(d.stage)}</td><td>${esc(named.join(", "))}</td><td>${esc(d.approval ?? "")}</td>`;
}

function replayCell(c: CallReplay): string {
  if (c.replayed === null) return `<span class="note">${esc(c.note ?? "not replayed")}</span>`;
  if (!c.changed) return `<span class="same">same</span>`;
  const r = c.replayed;
  return `<span class="d ${r.decision}">${r.decision}</span> ${esc(r.stage)}${r.rules.length > 0 ? ` (${esc(r.rules.join(", "))})` : ""}${c.note === null ? "" : ` <span class="note">${esc(c.note)}</span>`}`;
}

function chainText(result: ReplayResult): string {
  const chain = result.chain;
  return chain.ok
    ? `valid, ${chain.count} lines, head ${chain.head.hash ?? "none"}`
    : `broken at seq ${chain.seq}: ${chain.reason} (${chain.detail})`;
}

function policyText(result: ReplayResult): string {
  const { recorded, replay, changes } = result.policy;
  const changed =
    changes.length === 0
      ? ""
      : `; the rules changed ${changes.length === 1 ? "once" : `${changes.length} times`} during the log (${changes.map((c) => `seq ${c.seq}: ${short(c.from)} → ${short(c.to)}`).join(", ")})`;
  if (replay === null) return `recorded ${short(recorded)}${changed}`;
  if (recorded === replay) return `same as recorded (${short(replay)})${changed}`;
  return `replayed under ${short(replay)}, recorded ${short(recorded)}${changed}`;
}

function card(title: string, value: string, tone: string): string {
  return `<div class="card ${tone}"><div class="t">${esc(title)}</div><div class="v">${esc(value)}</div></div>`;
}

function countDecisions(calls: readonly CallReplay[]): Record<DecisionView["decision"], number> {
  const counts = { allow: 0, ask: 0, deny: 0 };
  for (const c of calls) counts[c.recorded.decision]++;
  return counts;
}

function short(hash: string | null): string {
  return hash === null ? "unknown" : hash.replace(/^sha256:/, "").slice(0, 12);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem;margin:0}h2{font-size:1.1rem;margin-top:2rem}.meta{color:#57606a;margin-top:.2rem}
.summary{display:flex;flex-wrap:wrap;gap:.6rem;margin-top:1rem}.card{border:1px solid #d0d7de;border-radius:6px;padding:.5rem .8rem;min-width:9rem}
.card .t{font-size:.75rem;color:#57606a;text-transform:uppercase;letter-spacing:.04em}.card.ok{border-color:#2da44e}.card.bad{border-color:#cf222e;background:#fff5f5}.card.warn{border-color:#bf8700}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{border-bottom:1px solid #eaeef2;padding:.3rem .45rem;text-align:left;vertical-align:top}
th{background:#f6f8fa;font-weight:600;position:sticky;top:0}.num{text-align:right;font-variant-numeric:tabular-nums}.mono{font-family:ui-monospace,monospace;font-size:.85em;word-break:break-all}
tr.changed{background:#fff8c5}.d{font-weight:600;padding:0 .35rem;border-radius:4px}.d.allow{color:#116329;background:#dafbe1}.d.ask{color:#7d4e00;background:#fff1c2}.d.deny{color:#a40e26;background:#ffebe9}
.same{color:#57606a}.note{color:#57606a;font-style:italic}@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}td,th{border-color:#30363d}tr.changed{background:#3b2e00}.card{border-color:#30363d}}`;
