/**
 * A local HTTP server that speaks the Anthropic Messages API, for tests that drive the real SDK, Claude Code
 * or pi against a scripted model. Every response is decided by `handler(request, index)`; nothing is canned.
 *
 *   const server = await startMessagesServer({ handler: () => ({ text: "hi" }) });
 *   env.ANTHROPIC_BASE_URL = server.url;   // no trailing /v1: the SDK and Claude Code add it
 *   ...; server.requests[0].body; await server.close();
 *
 * Speaks: POST /v1/messages (JSON, or SSE when `stream: true`), POST /v1/messages/count_tokens,
 * GET|HEAD / and /health (health checks). Any API key is accepted. Query strings (`?beta=true`) are ignored.
 * Any other path answers 404 with Anthropic error JSON and is recorded in `allRequests` only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { randomBytes } from "node:crypto";

export type ContentBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly id?: string; readonly name: string; readonly input: unknown }
  | { readonly type: "thinking"; readonly thinking: string; readonly signature?: string };

export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal";

export interface ReplyTiming {
  /** Wait this long before sending anything (headers included). */
  readonly delayMs?: number;
  /** Streaming only: wait this long between SSE events. */
  readonly chunkDelayMs?: number;
  /** Streaming only: after this many SSE events, stop sending and keep the connection open (abort tests). */
  readonly stallAfterEvents?: number;
  /** Extra response headers (e.g. `x-should-retry: false`, `retry-after`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ReplyUsage {
  readonly input_tokens?: number;
  readonly output_tokens?: number;
}

export type Reply = ReplyTiming &
  (
    | { readonly text: string; readonly stopReason?: StopReason; readonly usage?: ReplyUsage }
    | {
        readonly toolUse: { readonly name: string; readonly input: unknown; readonly id?: string };
        /** Optional text block sent before the tool_use block. */
        readonly preamble?: string;
        readonly stopReason?: StopReason;
        readonly usage?: ReplyUsage;
      }
    | { readonly content: readonly ContentBlock[]; readonly stopReason: StopReason; readonly usage?: ReplyUsage }
    /** An API error: status code and Anthropic error JSON (type defaults from the status). */
    | { readonly status: number; readonly error?: { readonly type?: string; readonly message?: string } }
    /** Any status and raw body, verbatim (e.g. a broken JSON body). */
    | { readonly raw: { readonly status: number; readonly body: string; readonly contentType?: string } }
    /** Never answer; the connection stays open until the client gives up or the server closes. */
    | { readonly hang: true }
  );

export interface RecordedRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Path with the query string, as sent. */
  readonly url: string;
  /** Header names are lower-case; repeated headers are joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body, or undefined when the body was empty or not JSON. */
  readonly body: unknown;
  readonly rawBody: string;
  /** True when the body asked for `stream: true`. */
  readonly stream: boolean;
}

export type MessagesHandler = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export interface MessagesServer {
  /** `http://127.0.0.1:<port>`, to use as ANTHROPIC_BASE_URL. */
  readonly url: string;
  readonly port: number;
  /** Every POST /v1/messages, in arrival order (the index passed to the handler). */
  readonly requests: readonly RecordedRequest[];
  /** Every request of any path, count_tokens and health checks included. */
  readonly allRequests: readonly RecordedRequest[];
  /** Resets `requests` and `allRequests` (the handler index starts at 0 again). */
  clear(): void;
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>;
}

export interface MessagesServerOptions {
  readonly handler?: MessagesHandler;
  /** Default 0 (ephemeral). */
  readonly port?: number;
}

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  504: "timeout_error",
  529: "overloaded_error",
};

export async function startMessagesServer(options: MessagesServerOptions = {}): Promise<MessagesServer> {
  const handler: MessagesHandler = options.handler ?? (() => ({ text: "ok" }));
  const requests: RecordedRequest[] = [];
  const allRequests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      // A bug in a test handler must surface as an API error, not as a hung client.
      if (!res.headersSent) sendError(res, 500, "api_error", `test handler failed: ${String(error)}`);
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = await record(req);
    allRequests.push(recorded);
    const { method, path } = recorded;
    if ((method === "GET" || method === "HEAD") && (path === "/" || path === "/health" || path === "/v1")) {
      res.writeHead(200, { "content-type": "application/json", "request-id": requestId() });
      res.end(method === "HEAD" ? undefined : JSON.stringify({ ok: true }));
      return;
    }
    if (method === "POST" && path === "/v1/messages/count_tokens") {
      sendJson(res, 200, { input_tokens: estimateTokens(recorded.body) });
      return;
    }
    if (method === "POST" && path === "/v1/messages") {
      if (recorded.body === undefined || typeof recorded.body !== "object") {
        sendError(res, 400, "invalid_request_error", "request body is not a JSON object");
        return;
      }
      const index = requests.length;
      requests.push(recorded);
      const reply = await handler(recorded, index);
      await respond(res, recorded, reply);
      return;
    }
    sendError(res, 404, "not_found_error", `${method} ${path} is not served by the test server`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    allRequests,
    clear() {
      requests.length = 0;
      allRequests.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
    },
  };
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString("utf8");
  let body: unknown;
  try {
    body = rawBody.length > 0 ? JSON.parse(rawBody) : undefined;
  } catch {
    body = undefined;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const url = req.url ?? "/";
  const stream = typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
  return { method: req.method ?? "GET", path: url.split("?")[0] ?? "/", url, headers, body, rawBody, stream };
}

async function respond(res: ServerResponse, request: RecordedRequest, reply: Reply): Promise<void> {
  if (reply.delayMs !== undefined && reply.delayMs > 0) {
    await sleep(reply.delayMs);
    if (res.destroyed) return;
  }
  const extra = reply.headers ?? {};
  if ("hang" in reply) return; // the socket is destroyed by the client or by close()
  if ("raw" in reply) {
    res.writeHead(reply.raw.status, {
      "content-type": reply.raw.contentType ?? "application/json",
      "request-id": requestId(),
      ...extra,
    });
    res.end(reply.raw.body);
    return;
  }
  if ("status" in reply) {
    const type = reply.error?.type ?? ERROR_TYPES[reply.status] ?? "api_error";
    sendError(res, reply.status, type, reply.error?.message ?? `scripted ${type}`, extra);
    return;
  }
  const message = buildMessage(request, reply);
  if (request.stream) await streamMessage(res, message, reply, extra);
  else sendJson(res, 200, message, extra);
}

interface Message {
  readonly id: string;
  readonly type: "message";
  readonly role: "assistant";
  readonly model: string;
  readonly content: readonly Record<string, unknown>[];
  readonly stop_reason: StopReason;
  readonly stop_sequence: null;
  readonly usage: { readonly input_tokens: number; readonly output_tokens: number };
}

function buildMessage(request: RecordedRequest, reply: Reply): Message {
  const blocks = contentOf(reply);
  const content = blocks.map((block): Record<string, unknown> => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "tool_use":
        return {
          type: "tool_use",
          id: block.id ?? `toolu_${randomBytes(12).toString("hex")}`,
          name: block.name,
          input: block.input,
        };
      case "thinking":
        return {
          type: "thinking",
          thinking: block.thinking,
          signature: block.signature ?? randomBytes(16).toString("base64"),
        };
    }
  });
  const model = (request.body as { model?: unknown }).model;
  const usage = "usage" in reply ? reply.usage : undefined;
  return {
    id: `msg_${randomBytes(12).toString("hex")}`,
    type: "message",
    role: "assistant",
    model: typeof model === "string" ? model : "claude-test",
    content,
    stop_reason: stopReasonOf(reply, blocks),
    stop_sequence: null,
    usage: {
      input_tokens: usage?.input_tokens ?? estimateTokens(request.body),
      output_tokens: usage?.output_tokens ?? Math.max(1, Math.ceil(JSON.stringify(content).length / 4)),
    },
  };
}

function contentOf(reply: Reply): readonly ContentBlock[] {
  if ("text" in reply) return [{ type: "text", text: reply.text }];
  if ("toolUse" in reply) {
    const tool: ContentBlock = {
      type: "tool_use",
      name: reply.toolUse.name,
      input: reply.toolUse.input,
      ...(reply.toolUse.id !== undefined ? { id: reply.toolUse.id } : {}),
    };
    return reply.preamble !== undefined ? [{ type: "text", text: reply.preamble }, tool] : [tool];
  }
  if ("content" in reply) return reply.content;
  return [];
}

function stopReasonOf(reply: Reply, blocks: readonly ContentBlock[]): StopReason {
  if ("stopReason" in reply && reply.stopReason !== undefined) return reply.stopReason;
  return blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
}

/** The SSE event sequence of the Messages streaming format, with deltas split into small chunks. */
function streamEvents(message: Message): { event: string; data: unknown }[] {
  const events: { event: string; data: unknown }[] = [];
  const startUsage = { input_tokens: message.usage.input_tokens, output_tokens: 1 };
  events.push({
    event: "message_start",
    data: { type: "message_start", message: { ...message, content: [], stop_reason: null, usage: startUsage } },
  });
  events.push({ event: "ping", data: { type: "ping" } });
  message.content.forEach((block, index) => {
    if (block["type"] === "text") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      });
      for (const text of chunk(String(block["text"]), 12)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "text_delta", text } },
        });
      }
    } else if (block["type"] === "tool_use") {
      events.push({
        event: "content_block_start",
        data: {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block["id"], name: block["name"], input: {} },
        },
      });
      for (const partial_json of chunk(JSON.stringify(block["input"] ?? {}), 10)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } },
        });
      }
    } else {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } },
      });
      for (const thinking of chunk(String(block["thinking"]), 12)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } },
        });
      }
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "signature_delta", signature: block["signature"] } },
      });
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: message.usage.output_tokens },
    },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

async function streamMessage(
  res: ServerResponse,
  message: Message,
  timing: ReplyTiming,
  extra: Readonly<Record<string, string>>,
): Promise<void> {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "request-id": requestId(),
    ...extra,
  });
  const events = streamEvents(message);
  for (const [i, { event, data }] of events.entries()) {
    if (timing.stallAfterEvents !== undefined && i >= timing.stallAfterEvents) return;
    if (res.destroyed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (timing.chunkDelayMs !== undefined && timing.chunkDelayMs > 0) await sleep(timing.chunkDelayMs);
  }
  res.end();
}

function chunk(text: string, size: number): string[] {
  if (text.length === 0) return [""];
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": requestId(), ...extra });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Readonly<Record<string, string>> = {},
): void {
  sendJson(res, status, { type: "error", error: { type, message } }, extra);
}

/** A rough count (4 characters a token) of the prompt: good enough for usage figures in tests. */
function estimateTokens(body: unknown): number {
  if (typeof body !== "object" || body === null) return 0;
  const { system, messages, tools } = body as { system?: unknown; messages?: unknown; tools?: unknown };
  return Math.max(1, Math.ceil(JSON.stringify([system ?? null, messages ?? null, tools ?? null]).length / 4));
}

function requestId(): string {
  return `req_${randomBytes(12).toString("hex")}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
