/**
 * The web UI's script (plain JavaScript in the page; no build step, no CDN). Everything the agent wrote is set
 * with textContent, never as HTML. Live updates come over SSE and change the page in place (no reload): held
 * approvals, decisions, a changed rules file, and the rows of the session on screen. Every control is a real
 * button, link or form field, and every state is a word as well as a style.
 */
export const UI_SCRIPT = String.raw`
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
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body && body.error) || {};
    const e = new Error((err.message || path + ": " + res.status));
    e.body = err;
    throw e;
  }
  return body;
}
function debounce(fn, ms) {
  let t = null;
  return (...a) => { if (t) clearTimeout(t); t = setTimeout(() => { t = null; fn(...a); }, ms); };
}
function table(head, rows) {
  const t = el("table");
  const thead = el("thead"); const tr = el("tr");
  for (const h of head) tr.append(el("th", h, { scope: "col" }));
  thead.append(tr); t.append(thead);
  const tbody = el("tbody");
  for (const r of rows) tbody.append(r);
  t.append(tbody);
  return t;
}
function row(values, attrs) {
  const tr = el("tr", null, attrs);
  for (const v of values) tr.append(v instanceof Node ? (() => { const td = el("td"); td.append(v); return td; })() : el("td", v));
  return tr;
}

/* Pending approvals */
const pending = new Map();
function renderPending() {
  const box = $("pending");
  box.replaceChildren();
  $("h-pending").textContent = "Pending approvals (" + pending.size + ")";
  if (pending.size === 0) { box.append(el("p", "none", { class: "muted" })); return; }
  for (const p of pending.values()) {
    const r = p.request;
    const card = el("div", null, { class: "card", "data-approval": p.id, role: "group", "aria-label": "approval for " + r.tool });
    const where = el("div", r.tool + " in session ");
    where.append(el("a", r.session, { href: "#session=" + encodeURIComponent(r.session) }));
    card.append(where);
    card.append(el("div", r.subject, { class: "subject" }));
    card.append(el("div", "why: " + r.reason));
    card.append(el("div", "gates: " + r.gates.join(", ") + (r.rules.length ? "; rules: " + r.rules.join(", ") : ""), { class: "muted" }));
    card.append(el("div", "waiting since " + p.since, { class: "muted" }));
    const actions = el("div", null, { class: "actions" });
    // "Always" stores the offered pattern in the project's local rules: later calls like this one are not held.
    const answers = [["approve", "Approve"], ["deny", "Deny"]];
    if (r.always) answers.push(["always", "Always: " + r.always]);
    for (const [answer, label] of answers) {
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

/* Recent decisions of this server */
function addDecision(d) {
  const meta = el("div", d.at.slice(11, 19) + " · " + d.tool + " · " + d.decision.toUpperCase() + " (" + d.stage + ") · session ", { class: "meta" });
  meta.append(el("a", d.session, { href: "#session=" + encodeURIComponent(d.session) }));
  const li = entry([meta, el("div", d.subject, { class: "subject" }), el("div", d.reason)], { class: "d-" + d.decision });
  $("recent").prepend(li);
  while ($("recent").children.length > 100) $("recent").lastChild.remove();
}
/** One line of a list: a meta line (when, what, the decision as a word), then the call or text, then details. */
function entry(parts, attrs) {
  const li = el("li", null, attrs);
  for (const p of parts) if (p) li.append(p);
  return li;
}

function showPolicy(health) {
  const bad = (health.policies || []).filter((p) => p.errors);
  const box = $("policy-errors");
  box.hidden = bad.length === 0;
  box.textContent = bad.map((p) => "rules file does not compile, the last good rules stay in force: " + p.source + "\n" +
    p.errors.map((d) => "  " + d.span.file + ":" + d.span.line + ":" + d.span.column + ": " + d.code + " " + d.message).join("\n")).join("\n");
}

/* Sessions */
function chainText(c) { return c.ok ? "verified" : "BROKEN at line " + c.seq + " (" + c.reason + ")"; }
async function loadSessions() {
  const list = await api("/api/sessions");
  const rows = list.map((s) => row([
    el("a", s.id, { href: "#session=" + encodeURIComponent(s.id) }),
    s.live ? "live" : "past",
    s.events,
    s.decisions.allow + " / " + s.decisions.ask + " / " + s.decisions.deny,
    chainText(s.chain),
  ], { "data-session": s.id }));
  $("sessions").replaceChildren(list.length === 0 ? el("p", "no session logs yet", { class: "muted" }) :
    table(["session", "state", "events", "allow / ask / deny", "chain"], rows));
}
const refreshSessions = debounce(() => loadSessions().catch(() => {}), 1000);

/* One session: timeline, verify, what-if */
let current = null;
function callAnchor(callId) { return "call-" + callId; }
function callLink(callId, text) {
  return el("a", text, { href: "#session=" + encodeURIComponent(current) + "&call=" + encodeURIComponent(callId) });
}
function lineLink(seq) {
  return el("a", String(seq), { href: "#session=" + encodeURIComponent(current) + "&line=" + seq });
}
function timelineRow(r) {
  const time = String(r.at || "").slice(11, 19);
  const meta = (words) => el("div", ["line " + r.seq, time].concat(words).join(" · "), { class: "meta" });
  switch (r.kind) {
    case "call": {
      const decided = r.decision === null ? "UNDECIDED" : r.decision.toUpperCase() + " (" + r.stage + ")";
      const extra = [];
      if (r.rules.length) extra.push("rules: " + r.rules.join(", "));
      if (r.gates.length) extra.push("gates: " + r.gates.join(", "));
      extra.push("model requests: " + r.modelRequests);
      if (r.approval) extra.push("approval: " + r.approval);
      extra.push(r.executed ? "ran" : "did not run");
      return entry([meta(["call", r.tool, decided]), el("div", r.subject, { class: "subject" }), r.reason ? el("div", r.reason) : null,
        el("div", extra.join("; "), { class: "muted" })],
        Object.assign({ id: callAnchor(r.callId), tabindex: "-1", class: "k-call d-" + (r.decision || "none") },
          r.decisionSeq === null ? {} : { "data-line": String(r.decisionSeq) }));
    }
    case "approval": {
      const what = el("div");
      what.append(el("span", "approval " + r.state + " for "), callLink(r.callId, r.tool + " call " + r.callId));
      return entry([meta(["approval", r.state.toUpperCase()]), what, r.reason ? el("div", r.reason) : null,
        r.gates.length ? el("div", "gates: " + r.gates.join(", "), { class: "muted" }) : null], { class: "k-approval" });
    }
    case "prompt": return entry([meta(["user prompt"]), el("div", r.text, { class: "subject" })], { class: "k-prompt" });
    case "command": return entry([meta(["user command"]), el("div", r.text, { class: "subject" })], { class: "k-command" });
    default: return entry([meta([r.kind]), el("div", r.text)], { class: "k-" + r.kind });
  }
}
async function loadTimeline(id, focus) {
  const t = await api("/api/sessions/" + encodeURIComponent(id));
  if (current !== id) { current = id; resetSessionTools(); }
  $("timeline-section").hidden = false;
  $("h-timeline").textContent = "Session " + t.id + " (chain " + chainText(t.chain) + ")";
  const list = el("ol", null, { class: "entries" });
  list.append(...t.rows.map(timelineRow));
  $("timeline").replaceChildren(list);
  const target = !focus ? null : focus.call ? document.getElementById(callAnchor(focus.call))
    : focus.line ? document.querySelector('[data-line="' + Number(focus.line) + '"]') : null;
  if (target) { target.scrollIntoView({ block: "center" }); target.focus(); }
}
const refreshTimeline = debounce(() => { if (current) loadTimeline(current).catch(() => {}); }, 200);
function resetSessionTools() {
  $("verify-result").replaceChildren();
  $("whatif-result").replaceChildren();
}
async function verify() {
  const box = $("verify-result");
  box.replaceChildren(el("p", "verifying…"));
  try {
    const v = await api("/api/sessions/" + encodeURIComponent(current) + "/verify", { method: "POST", body: "{}" });
    const out = [el("p", (v.verified ? "VERIFIED: " : "NOT VERIFIED: ") + v.lines + " lines, " + v.calls + " calls" +
      (v.verified ? "; the chain is intact and every decision re-derives under the rules the log recorded" : "; " + v.reason),
      { "data-verified": String(v.verified) })];
    if (v.badLine) {
      out.push(el("p", "first bad line: line " + v.badLine.seq + " (" + v.badLine.reason + ": " + v.badLine.detail + ")", { "data-bad-line": String(v.badLine.seq) }));
      out.push(el("pre", v.badLine.text, { class: "subject" }));
    }
    box.replaceChildren(...out);
  } catch (err) { box.replaceChildren(el("p", "verify failed: " + err.message)); }
  refreshTimeline();
  refreshSessions();
}
async function whatIf(ev) {
  ev.preventDefault();
  const box = $("whatif-result");
  const rules = $("whatif-file").value.trim();
  box.replaceChildren(el("p", "replaying…"));
  try {
    const w = await api("/api/sessions/" + encodeURIComponent(current) + "/what-if", { method: "POST", body: JSON.stringify({ rules }) });
    const out = [el("p", w.changed.length + " of " + w.calls + " calls differ under " + w.rulesFile + " (" + w.replay + "; the log recorded " + (w.recorded || "none") + ")",
      { "data-changed": String(w.changed.length) })];
    if (!w.chain.ok) out.push(el("p", "the chain is broken at line " + w.chain.seq + ": only the lines before it were replayed"));
    if (w.changed.length) out.push(table(["line", "tool", "call", "recorded", "what-if"], w.changed.map((c) => row([
      lineLink(c.seq), c.tool, el("span", c.subject, { class: "subject" }),
      c.recorded.decision.toUpperCase() + " (" + c.recorded.stage + ")",
      c.replayed === null ? "NOT REPLAYED (" + (c.note || "unknown") + ")" : c.replayed.decision.toUpperCase() + " (" + c.replayed.stage + ")" + (c.note ? " [" + c.note + "]" : ""),
    ], { "data-what-if": String(c.seq) }))));
    box.replaceChildren(...out);
  } catch (err) {
    const lines = [el("p", "what-if failed: " + err.message)];
    for (const d of (err.body && err.body.diagnostics) || []) lines.push(el("div", d.span.file + ":" + d.span.line + ":" + d.span.column + ": " + d.code + " " + d.message, { class: "subject" }));
    box.replaceChildren(...lines);
  }
}

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("session");
  if (id) loadTimeline(id, { call: params.get("call"), line: params.get("line") }).catch((err) => { $("status").textContent = err.message; });
}
window.addEventListener("hashchange", route);
$("verify").addEventListener("click", verify);
$("whatif-form").addEventListener("submit", whatIf);

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
  events.addEventListener("session", (m) => {
    if (JSON.parse(m.data).id === current) refreshTimeline();
    refreshSessions();
  });
}
start().catch((err) => { $("status").textContent = "error: " + err.message; });
`;
