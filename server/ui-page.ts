/**
 * The web UI: one page of plain HTML and JavaScript served by the server itself (no CDN, no build step).
 * Everything the agent wrote (commands, paths, reasons) is set as text, never as HTML. Live updates come over
 * SSE (/api/events); the page is usable by keyboard (real buttons and links) and without colour (every state
 * is also a word), and approve/deny work at phone width.
 */
export const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rulegate</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 0 12px 40px; max-width: 960px; }
  header { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
  h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 24px; }
  .banner { border: 2px solid #b00; padding: 8px; white-space: pre-wrap; }
  .card { border: 1px solid #888; border-radius: 6px; padding: 10px; margin: 8px 0; }
  .subject { font-family: ui-monospace, monospace; word-break: break-all; }
  .actions { display: flex; gap: 10px; margin-top: 8px; }
  .actions button { flex: 1; min-height: 44px; font-size: 16px; }
  button:focus-visible, a:focus-visible { outline: 3px solid #05f; }
  table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; } td, th { text-align: left; padding: 4px; border-bottom: 1px solid #ddd; vertical-align: top; }
  .muted { color: #555; }
</style>
</head>
<body>
<header><h1>rulegate</h1><span id="status" class="muted" role="status">connecting…</span></header>
<div id="policy-errors" class="banner" hidden></div>
<main>
  <section aria-labelledby="h-pending"><h2 id="h-pending">Pending approvals</h2><div id="pending"><p class="muted">none</p></div></section>
  <section aria-labelledby="h-recent"><h2 id="h-recent">Recent decisions</h2>
    <table><thead><tr><th>time</th><th>session</th><th>tool</th><th>call</th><th>decision</th><th>stage</th><th>reason</th></tr></thead><tbody id="recent"></tbody></table></section>
  <section aria-labelledby="h-sessions"><h2 id="h-sessions">Sessions</h2><div id="sessions"></div></section>
  <section aria-labelledby="h-timeline" id="timeline-section" hidden><h2 id="h-timeline">Session</h2><div id="timeline"></div></section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}
async function api(path, init) {
  const res = await fetch(path, Object.assign({ credentials: "same-origin", headers: { "content-type": "application/json" } }, init || {}));
  if (!res.ok) throw new Error(path + ": " + res.status);
  return res.json();
}
const pending = new Map();
function renderPending() {
  const box = $("pending");
  box.replaceChildren();
  if (pending.size === 0) { box.append(el("p", "none", { class: "muted" })); return; }
  for (const p of pending.values()) {
    const r = p.request;
    const card = el("div", null, { class: "card", "data-approval": p.id, role: "group", "aria-label": "approval for " + r.tool });
    card.append(el("div", r.tool + " in session " + r.session));
    card.append(el("div", r.subject, { class: "subject" }));
    card.append(el("div", "why: " + r.reason));
    card.append(el("div", "gates: " + r.gates.join(", ") + (r.rules.length ? "; rules: " + r.rules.join(", ") : ""), { class: "muted" }));
    card.append(el("div", "waiting since " + p.since, { class: "muted" }));
    const actions = el("div", null, { class: "actions" });
    for (const [answer, label] of [["approve", "Approve"], ["deny", "Deny"]]) {
      const b = el("button", label, { type: "button", "data-answer": answer });
      b.addEventListener("click", async () => {
        b.disabled = true;
        try { await api("/api/approvals/" + encodeURIComponent(p.id), { method: "POST", body: JSON.stringify({ answer }) }); }
        catch (err) { $("status").textContent = "answer failed: " + err.message; b.disabled = false; }
      });
      actions.append(b);
    }
    card.append(actions);
    box.append(card);
  }
}
function addDecision(d) {
  const tr = el("tr");
  for (const v of [d.at.slice(11, 19), d.session, d.tool, d.subject, d.decision, d.stage, d.reason]) tr.append(el("td", v));
  $("recent").prepend(tr);
  while ($("recent").children.length > 100) $("recent").lastChild.remove();
}
function showPolicy(health) {
  const bad = (health.policies || []).filter((p) => p.errors);
  const box = $("policy-errors");
  box.hidden = bad.length === 0;
  box.textContent = bad.map((p) => "rules file does not compile, the last good rules stay in force: " + p.source + "\\n" +
    p.errors.map((d) => "  " + d.span.file + ":" + d.span.line + ":" + d.span.column + ": " + d.code + " " + d.message).join("\\n")).join("\\n");
}
async function loadSessions() {
  const list = await api("/api/sessions");
  const box = $("sessions");
  box.replaceChildren();
  const table = el("table");
  table.append(el("tr")); table.lastChild.append(el("th", "session"), el("th", "events"), el("th", "allow / ask / deny"), el("th", "chain"));
  for (const s of list) {
    const tr = el("tr");
    const a = el("a", s.id, { href: "#session=" + encodeURIComponent(s.id) });
    const td = el("td"); td.append(a);
    tr.append(td, el("td", s.events), el("td", s.decisions.allow + " / " + s.decisions.ask + " / " + s.decisions.deny),
      el("td", s.chain.ok ? "verified" : "BROKEN at line " + s.chain.seq + " (" + s.chain.reason + ")"));
    table.append(tr);
  }
  box.append(table);
}
function describe(e) {
  switch (e.type) {
    case "decision": return [e.tool, e.decision + " (" + e.stage + ")", e.reason + (e.rules && e.rules.length ? " [" + e.rules.join(", ") + "]" : "") + (e.llm_calls ? " model requests: " + e.llm_calls : "")];
    case "user_message": return ["user", "prompt", e.text];
    case "command": return ["user", "command", e.text || e.command || ""];
    case "approval_requested": return [e.tool, "approval requested", e.reason + " (call " + e.callId + ")"];
    case "approval_resolved": return ["", "approval " + e.answer, "call " + e.callId];
    case "executed": return [e.tool || "", "ran", "call " + e.callId];
    default: return ["", e.type, ""];
  }
}
async function loadTimeline(id) {
  const t = await api("/api/sessions/" + encodeURIComponent(id));
  $("timeline-section").hidden = false;
  $("h-timeline").textContent = "Session " + t.id + " — chain " + (t.chain.ok ? "verified" : "BROKEN at line " + t.chain.seq + ": " + t.chain.detail);
  const table = el("table");
  for (const e of t.events) {
    const tr = el("tr");
    tr.append(el("td", e.seq), el("td", String(e.at || "").slice(11, 19)));
    for (const v of describe(e)) tr.append(el("td", v));
    table.append(tr);
  }
  $("timeline").replaceChildren(table);
}
function route() {
  const m = /session=([^&]+)/.exec(location.hash);
  if (m) loadTimeline(decodeURIComponent(m[1])).catch((err) => { $("status").textContent = err.message; });
}
window.addEventListener("hashchange", route);
async function start() {
  for (const p of await api("/api/approvals")) pending.set(p.id, p);
  renderPending();
  for (const d of (await api("/api/decisions")).reverse()) addDecision(d);
  showPolicy(await api("/healthz"));
  await loadSessions();
  route();
  const events = new EventSource("/api/events");
  events.addEventListener("open", () => { $("status").textContent = "live"; });
  events.addEventListener("error", () => { $("status").textContent = "disconnected, retrying"; });
  events.addEventListener("approval-added", (m) => { const p = JSON.parse(m.data); pending.set(p.id, p); renderPending(); });
  events.addEventListener("approval-removed", (m) => { pending.delete(JSON.parse(m.data).id); renderPending(); });
  events.addEventListener("decision", (m) => addDecision(JSON.parse(m.data)));
  events.addEventListener("policy", (m) => showPolicy(JSON.parse(m.data)));
}
start().catch((err) => { $("status").textContent = "error: " + err.message; });
</script>
</body>
</html>
`;
