import { ownEntry } from "../core/index.ts";
/**
 * The routes of `rules serve` (fastify). The hook endpoint runs the same code as the command hook
 * (runClaudeCodeHook) with the server's warm sessions, watched policies and, with `--approvals web`, the
 * UI's approval queue as the human; a blocked outcome (the command hook's exit 2) is a 500, which Claude
 * Code's `onFailure: "block"` turns into a block. Everything else is the UI and its JSON API.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { join } from "node:path";
import { runClaudeCodeHook, type HookContext } from "../adapters/claude-code/hook.ts";
import type { AgentCall, AgentDecision } from "../adapters/common/index.ts";
import { STAGES, type Stage } from "../runtime/events/index.ts";
import type { ApprovalRequest } from "../runtime/stages/index.ts";
import type { ApprovalAnswer, ApprovalQueue } from "./approvals.ts";
import { listSessions, sessionTimeline } from "./audit.ts";
import { verifySession, whatIfSession } from "./replay-views.ts";
import { UI_COOKIE, type Auth } from "./auth.ts";
import type { ServerMetrics } from "./metrics.ts";
import type { PolicyStore } from "./policy-store.ts";
import { UI_PAGE } from "./ui-page.ts";

export interface AppDeps {
  readonly auth: Auth;
  readonly hook: Omit<HookContext, "observe">;
  readonly policies: PolicyStore;
  readonly approvals: ApprovalQueue | null;
  readonly metrics: ServerMetrics;
  /** One line for the server's log (the CLI prints it). */
  readonly log: (line: string) => void;
  readonly port: () => number;
  /** Sessions this server has served since it started (the others in the log directory are past ones). */
  readonly live: () => ReadonlySet<string>;
}

export interface RecentDecision {
  readonly at: string;
  readonly session: string;
  readonly tool: string;
  readonly subject: string;
  readonly decision: string;
  readonly stage: string;
  readonly reason: string;
}

const RECENT = 200;
/** A Write tool call carries the whole file: room for large ones. */
const BODY_LIMIT = 64 * 1024 * 1024;

export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
  const recent: RecentDecision[] = [];
  const streams = new Set<FastifyReply>();
  const broadcast = (event: string, data: unknown) => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const s of streams) s.raw.write(text);
  };

  const observe = (session: string, call: AgentCall, d: AgentDecision) => {
    deps.metrics.decisions.inc({ decision: d.decision });
    const entry = {
      at: new Date().toISOString(),
      session,
      tool: call.tool,
      subject: subjectOf(call),
      decision: d.decision,
      stage: d.stage,
      reason: d.reason,
    };
    recent.push(entry);
    if (recent.length > RECENT) recent.shift();
    broadcast("decision", entry);
  };
  deps.approvals?.onChange((c) =>
    c.kind === "added"
      ? broadcast("approval-added", c.approval)
      : broadcast("approval-removed", { id: c.id, why: c.why }),
  );
  deps.policies.onChange(() => broadcast("policy", health()));

  const health = () => {
    const policies = deps.policies.status();
    return {
      status: policies.some((p) => p.errors !== null) ? "degraded" : "ok",
      pid: process.pid,
      approvals: deps.approvals === null ? "terminal" : "web",
      pending: deps.approvals?.pending().length ?? 0,
      policies,
    };
  };

  // Bodies stay text: the hook reads the same bytes a command hook reads on stdin.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));

  app.addHook("onRequest", async (req, reply) => {
    if (!deps.auth.hostAllowed(req.headers.host, deps.port()))
      return reply.code(421).send({ error: { code: "serve-bad-host", message: "unexpected Host header" } });
    if (req.method === "GET" && req.url.startsWith("/login?")) return;
    if (!deps.auth.allowed(req.headers))
      return reply
        .code(401)
        .send({ error: { code: "serve-unauthorized", message: "a bearer token or the UI's login is required" } });
  });

  app.post("/v1/hooks/claude-code", async (req, reply) => {
    const body = typeof req.body === "string" ? req.body : "";
    const event = eventName(body);
    const stop = deps.metrics.hookSeconds.startTimer({ event });
    const outcome = await runClaudeCodeHook(body, { ...deps.hook, observe }).catch(() => null);
    stop();
    const session = sessionName(body);
    // Whatever the event appended (a call, a prompt, a command), a page showing this session reloads its rows.
    if (session !== null && streams.size > 0) broadcast("session", { id: session });
    if (outcome?.exit === 0)
      return reply
        .code(200)
        .type("application/json")
        .send(outcome.stdout || "{}");
    deps.metrics.failures.inc({ event });
    const message = outcome?.stderr ?? "rulegate: internal error (hook-internal-error), blocking the call";
    deps.log(`hook ${event} blocked: ${message}`);
    return reply.code(500).send({ error: { code: "serve-hook-blocked", message } });
  });

  // A held approval for a gated call decided elsewhere (`rules mcp-proxy`): the request waits until the UI
  // answers; the asker's own approval timeout ends it by closing the connection, which takes it off the queue.
  app.post("/v1/approvals", async (req, reply) => {
    const request = parseApprovalRequest(req.body);
    if (request === null)
      return reply.code(400).send({
        error: { code: "serve-bad-approval", message: "send an approval request (session, callId, tool, …)" },
      });
    if (deps.approvals === null)
      return reply.code(409).send({
        error: {
          code: "serve-no-web-approvals",
          message: "this rules serve asks in the terminal (--approvals terminal)",
        },
      });
    const gone = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    // The asker's session has no learner here: its prompt offers no "always" (only this server's hook sessions store one).
    const answer = await deps.approvals.approver.ask({ ...request, always: null }, { signal: gone.signal });
    return { answer };
  });

  app.get("/healthz", async () => health());
  app.get("/metrics", async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );

  app.get("/login", async (req: FastifyRequest<{ Querystring: { once?: string } }>, reply) => {
    const cookie = deps.auth.login(req.query.once ?? "");
    if (cookie === null)
      return reply
        .code(401)
        .type("text/plain")
        .send("this login link was used already or is not valid; run rules serve again for a new one");
    return reply.header("set-cookie", `${UI_COOKIE}=${cookie}; HttpOnly; SameSite=Strict; Path=/`).redirect("/", 303);
  });
  app.get("/", async (_req, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
      .send(UI_PAGE),
  );

  app.get("/api/approvals", async () => deps.approvals?.pending() ?? []);
  app.post("/api/approvals/:id", async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const answer = parseAnswer(req.body);
    if (answer === null)
      return reply
        .code(400)
        .send({ error: { code: "serve-bad-answer", message: 'send {"answer":"approve"|"always"|"deny"}' } });
    // "always" changes the rules for good: the person at the browser's login only, never the token (ADR 0222).
    if (answer === "always" && !deps.auth.uiSession(req.headers))
      return reply
        .code(403)
        .send({ error: { code: "serve-ui-only", message: '"always" is for the web UI\'s login, not the token' } });
    const held = deps.approvals?.pending().find((p) => p.id === req.params.id);
    if (answer === "always" && held !== undefined && held.request.always === null)
      return reply
        .code(409)
        .send({ error: { code: "serve-no-always", message: "this approval offers no pattern to store" } });
    if (deps.approvals === null || !deps.approvals.answer(req.params.id, answer))
      return reply
        .code(404)
        .send({ error: { code: "serve-no-such-approval", message: "not pending (answered, timed out or unknown)" } });
    return { ok: true };
  });
  app.get("/api/decisions", async () => [...recent].reverse());
  const logDir = join(deps.hook.rulegateHome, "sessions");
  const noSession = (reply: FastifyReply) =>
    reply.code(404).send({ error: { code: "serve-no-such-session", message: "no log for this session" } });
  app.get("/api/sessions", async () => {
    const live = deps.live();
    return (await listSessions(logDir)).map((s) => ({ ...s, live: live.has(s.id) }));
  });
  app.get("/api/sessions/:id", async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const t = await sessionTimeline(logDir, req.params.id);
    return t ?? noSession(reply);
  });
  app.post("/api/sessions/:id/verify", async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const v = await verifySession(logDir, req.params.id, deps.hook.home);
    return v ?? noSession(reply);
  });
  // The what-if reads a file the person at the UI names: the browser's login only, never the hook's token (ADR 0220).
  app.post("/api/sessions/:id/what-if", async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    if (!deps.auth.uiSession(req.headers))
      return reply
        .code(403)
        .send({ error: { code: "serve-ui-only", message: "the what-if is for the web UI's login, not the token" } });
    const rules = rulesFileOf(req.body);
    if (rules === null)
      return reply.code(400).send({ error: { code: "serve-bad-what-if", message: 'send {"rules":"/abs/path.yaml"}' } });
    const w = await whatIfSession(logDir, req.params.id, rules, deps.hook.home);
    if (w === null) return noSession(reply);
    if (!w.ok) return reply.code(422).send({ error: w });
    return w;
  });
  app.get("/api/events", (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    reply.raw.write(": live\n\n");
    streams.add(reply);
    req.raw.on("close", () => streams.delete(reply));
  });
  app.addHook("onClose", async () => {
    for (const s of streams) s.raw.end();
  });
  return app;
}

function eventName(body: string): string {
  const m = /"hook_event_name"\s*:\s*"([A-Za-z]{1,40})"/.exec(body);
  return m?.[1] ?? "unknown";
}

function sessionName(body: string): string | null {
  const m = /"session_id"\s*:\s*"([A-Za-z0-9._-]{1,128})"/.exec(body);
  return m?.[1] ?? null;
}

function rulesFileOf(body: unknown): string | null {
  try {
    const json = JSON.parse(typeof body === "string" ? body : "") as { rules?: unknown };
    return typeof json.rules === "string" && json.rules.length > 0 && json.rules.length < 4_096 ? json.rules : null;
  } catch {
    return null;
  }
}

/** The body of POST /v1/approvals: an ApprovalRequest, checked field by field (it is shown in the UI). */
function parseApprovalRequest(body: unknown): ApprovalRequest | null {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(typeof body === "string" ? body : "") as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null) return null;
  const text = (k: string) => (typeof ownEntry(json, k) === "string" ? (ownEntry(json, k) as string) : null);
  const list = (k: string) =>
    Array.isArray(ownEntry(json, k)) && (ownEntry(json, k) as unknown[]).every((x) => typeof x === "string")
      ? (ownEntry(json, k) as string[])
      : null;
  const session = text("session");
  const callId = text("callId");
  const tool = text("tool");
  const subject = text("subject");
  const signature = text("signature");
  const reason = text("reason");
  const gates = list("gates");
  const rules = list("rules");
  if (!session || !callId || !tool || subject === null || !signature || reason === null || !gates || !rules)
    return null;
  const stages = gates.filter((g): g is Stage => (STAGES as readonly string[]).includes(g));
  if (stages.length !== gates.length) return null;
  return { session, callId, tool, subject, signature, gates: stages, rules, reason, always: text("always") };
}

function parseAnswer(body: unknown): ApprovalAnswer | null {
  try {
    const json = JSON.parse(typeof body === "string" ? body : "") as { answer?: unknown };
    return json.answer === "approve" || json.answer === "always" || json.answer === "deny" ? json.answer : null;
  } catch {
    return null;
  }
}

/** What the UI shows of a call: the command, the path, the URL, or the input itself. */
function subjectOf(call: AgentCall): string {
  for (const key of ["command", "file_path", "path", "url", "pattern"]) {
    const v = ownEntry(call.input, key);
    if (typeof v === "string") return v.length > 500 ? `${v.slice(0, 500)}…` : v;
  }
  const text = JSON.stringify(call.input);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
