/**
 * The MCP proxy's wiring (docs/reference/cli.md `rules mcp-proxy`): an SDK Server faces the client, an SDK Client faces the
 * real server, and every message passes through unchanged except `tools/call`, which the gate decides first.
 * The downstream server starts when the client initializes, so it sees the client's own capabilities and
 * name; the client gets the server's capabilities, name and instructions back (docs/adr/0230).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  ElicitResultSchema,
  InitializeRequestSchema,
  type InitializeResult,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
  type Notification,
  type Request,
  type Result,
  ResultSchema,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpGate } from "./gate.ts";

/** A proxied request may wait for a human or a slow tool: only the client's own timeout and cancel end it. */
const NO_TIMEOUT = 2 ** 31 - 1;

export interface ProxyOptions {
  /** The client side (the proxy's stdio). */
  readonly upstream: Transport;
  /** Starts the real server; called once, at the client's initialize. */
  readonly downstream: () => Transport;
  readonly gate: McpGate;
  /** Out-of-band trouble (a transport error): the CLI writes it to stderr, never to the protocol. */
  readonly warn: (line: string) => void;
}

export interface RunningProxy {
  /** Resolves when either side closed; the other side is closed then too. */
  readonly closed: Promise<string>;
  close(): Promise<void>;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The SDK checks its own declared capabilities before it sends or serves; a proxy declares the server's. */
class PassThroughServer extends Server {
  protected override assertNotificationCapability(): void {}
  protected override assertRequestHandlerCapability(): void {}
}
class PassThroughClient extends Client {
  protected override assertNotificationCapability(): void {}
  protected override assertRequestHandlerCapability(): void {}
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { gate } = options;
  const server = new PassThroughServer({ name: "rulegate-mcp-proxy", version: "0" }, { capabilities: {} });
  let client: Client | null = null;
  let clientCaps: ClientCapabilities = {};
  let ended: (why: string) => void = () => {};
  const closed = new Promise<string>((done) => {
    ended = done;
  });
  const close = async () => {
    await Promise.allSettled([server.close(), client?.close() ?? Promise.resolve()]);
  };
  const downstream = (): Client => {
    if (client === null) throw new McpError(-32002, "the server is not initialized yet");
    return client;
  };

  server.setRequestHandler(InitializeRequestSchema, async (req): Promise<InitializeResult> => {
    if (client !== null) throw new McpError(-32600, "initialize was sent twice");
    clientCaps = req.params.capabilities;
    const c = new PassThroughClient(req.params.clientInfo, { capabilities: req.params.capabilities });
    c.fallbackRequestHandler = (r, extra) =>
      server.request({ method: r.method, params: r.params } as ServerRequest, ResultSchema, relay(extra, r));
    c.fallbackNotificationHandler = (n) => {
      if (n.method === "notifications/tools/list_changed") known = null;
      return server.notification(n as ServerNotification);
    };
    c.onclose = () => {
      ended("the MCP server exited");
      void server.close();
    };
    c.onerror = (err) => options.warn(`MCP server connection: ${err.message}`);
    client = c;
    let negotiated: string | null = null;
    try {
      const transport = options.downstream();
      // The SDK tells a transport the version it agreed on (HTTP needs it in headers): the proxy keeps it.
      transport.setProtocolVersion = (v) => {
        negotiated = v;
      };
      await c.connect(transport, { timeout: NO_TIMEOUT });
    } catch (err) {
      throw new McpError(-32603, `rulegate could not start the MCP server: ${messageOf(err)}`);
    }
    const instructions = c.getInstructions();
    return {
      protocolVersion: earlier(req.params.protocolVersion, negotiated),
      capabilities: c.getServerCapabilities() ?? {},
      serverInfo: c.getServerVersion() ?? { name: "unknown", version: "0" },
      ...(instructions !== undefined ? { instructions } : {}),
    };
  });

  server.setRequestHandler(ListToolsRequestSchema, async (req, extra) => {
    const result = (await forward(downstream(), req, extra)) as ListToolsResult;
    return gate.listed(result);
  });

  /**
   * The tools' annotations give their levels: a call of a tool the client never listed (it may not list at
   * all) waits for the proxy's own tools/list, once per list the server announces.
   */
  let known: Promise<void> | null = null;
  const learnTools = async (c: Client): Promise<void> => {
    let cursor: string | undefined;
    do {
      const page = (await c.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
      )) as ListToolsResult;
      gate.listed(page);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  };

  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const c = downstream();
    if (!gate.knows(req.params.name)) await (known ??= learnTools(c).catch(() => {}));
    const elicit = clientCaps.elicitation !== undefined ? elicitation(extra) : null;
    const verdict = await gate.decide(
      { tool: req.params.name, input: req.params.arguments ?? {} },
      { signal: extra.signal, elicit },
    );
    if (verdict.kind === "deny") return { content: [{ type: "text", text: verdict.text }], isError: true };
    // A call cancelled while it was decided never reaches the server, whatever the decision was.
    if (extra.signal.aborted) return { content: [{ type: "text", text: "cancelled" }], isError: true };
    const result = (await forward(c, req, extra)) as CallToolResult;
    // Whatever answered (a result, also an isError one) ran: history, as PostToolUse is. The result goes back
    // while it is recorded: the session's queue has the record in before the next call is decided.
    verdict
      .executed()
      .catch((err: unknown) => options.warn(`could not record that ${req.params.name} ran: ${messageOf(err)}`));
    return result;
  });

  server.fallbackRequestHandler = (req, extra) => forward(downstream(), req, extra);
  server.fallbackNotificationHandler = async (n) => {
    await client?.notification(n as Notification as Parameters<Client["notification"]>[0]);
  };
  server.onclose = () => {
    ended("the MCP client closed the connection");
    void client?.close();
  };
  server.onerror = (err) => options.warn(`MCP client connection: ${err.message}`);
  await server.connect(options.upstream);
  return { closed, close };
}

/** One request to the real server, cancelled with the client's request and relaying its progress. */
async function forward(client: Client, req: Request, extra: Extra): Promise<Result> {
  try {
    return await client.request(
      { method: req.method, params: req.params } as Parameters<Client["request"]>[0],
      ResultSchema,
      relay(extra, req),
    );
  } catch (err) {
    throw passError(err);
  }
}

/** Request options that carry the caller's cancel and report progress under the caller's own token. */
function relay(
  extra: { signal: AbortSignal; sendNotification: (n: never) => Promise<void> },
  req: { params?: { _meta?: { progressToken?: string | number | undefined } | undefined } | undefined },
) {
  const token = req.params?._meta?.progressToken;
  const send = extra.sendNotification as (n: Notification) => Promise<void>;
  return {
    signal: extra.signal,
    timeout: NO_TIMEOUT,
    ...(token !== undefined
      ? {
          resetTimeoutOnProgress: true,
          onprogress: (p: Record<string, unknown>) =>
            void send({ method: "notifications/progress", params: { ...p, progressToken: token } }).catch(() => {}),
        }
      : {}),
  };
}

/** The SDK prefixes an error's message with its code; the other side gets the original words. */
function passError(err: unknown): unknown {
  if (!(err instanceof McpError)) return err;
  const prefix = `MCP error ${err.code}: `;
  const message = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
  return Object.assign(new Error(message), { code: err.code, data: err.data });
}

export type Elicit = (message: string, signal: AbortSignal) => Promise<"approve" | "deny" | null>;

/**
 * A yes/no form elicitation to the client, related to the tools/call it is about. Anything but an accepted
 * `approve: true` is a no; an error (the client could not ask) is no answer.
 */
function elicitation(extra: Extra): Elicit {
  return async (message, signal) => {
    try {
      const result = await extra.sendRequest(
        {
          method: "elicitation/create",
          params: {
            mode: "form",
            message,
            requestedSchema: {
              type: "object",
              properties: { approve: { type: "boolean", title: "Allow this tool call?" } },
              required: ["approve"],
            },
          },
        },
        ElicitResultSchema,
        { signal, timeout: NO_TIMEOUT },
      );
      return result.action === "accept" && result.content?.["approve"] === true ? "approve" : "deny";
    } catch {
      return signal.aborted ? "deny" : null;
    }
  };
}

/** MCP protocol versions are dates: the proxy speaks the older of what the client asked and the server chose. */
function earlier(asked: string, chosen: string | null): string {
  if (chosen === null) return asked;
  return chosen < asked ? chosen : asked;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
