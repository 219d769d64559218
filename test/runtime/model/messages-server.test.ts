import { afterEach, describe, expect, it } from "vitest";
import Anthropic from "@anthropic-ai/sdk";
import { startMessagesServer, type MessagesServer, type Reply } from "../../support/messages-server.ts";

let server: MessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(handler: (index: number) => Reply): Promise<{ server: MessagesServer; client: Anthropic }> {
  server = await startMessagesServer({ handler: (_req, index) => handler(index) });
  const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
  return { server, client };
}

const params = { model: "claude-test", max_tokens: 100, messages: [{ role: "user" as const, content: "hello" }] };

describe("messages server with the real SDK", () => {
  it("answers a non-streaming request with a text message and records the request", async () => {
    const { server, client } = await start(() => ({ text: "hi there" }));
    const message = await client.messages.create(params);
    expect(message.content).toEqual([{ type: "text", text: "hi there" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.model).toBe("claude-test");
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
    const auth = server.requests[0]?.headers ?? {};
    expect(auth["x-api-key"] ?? auth["authorization"]).toContain("test-key");
    expect(server.requests[0]?.body).toMatchObject({ model: "claude-test", max_tokens: 100 });
  });

  it("streams text deltas that the SDK reassembles into the final message", async () => {
    const long = "The quick brown fox jumps over the lazy dog, twice over.";
    const { server, client } = await start(() => ({ text: long }));
    const deltas: string[] = [];
    const stream = client.messages.stream(params).on("text", (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(message.content).toEqual([{ type: "text", text: long }]);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(long);
    expect(server.requests[0]?.stream).toBe(true);
  });

  it("streams a tool_use block as partial JSON chunks with stop_reason tool_use", async () => {
    const input = { command: "ls -la /tmp", description: "list files with a long description to split" };
    const { client } = await start(() => ({
      toolUse: { name: "Bash", input, id: "toolu_1" },
      preamble: "Let me look.",
    }));
    const message = await client.messages.stream(params).finalMessage();
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "text", text: "Let me look." },
      { type: "tool_use", id: "toolu_1", name: "Bash", input },
    ]);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it("streams thinking blocks with their signature", async () => {
    const { client } = await start(() => ({
      content: [
        { type: "thinking", thinking: "hmm, let me think", signature: "sig" },
        { type: "text", text: "done" },
      ],
      stopReason: "end_turn",
    }));
    const message = await client.messages.stream(params).finalMessage();
    expect(message.content[0]).toMatchObject({ type: "thinking", thinking: "hmm, let me think", signature: "sig" });
  });

  it("passes scripted stop reasons and usage through", async () => {
    const { client } = await start(() => ({
      text: "cut",
      stopReason: "max_tokens",
      usage: { input_tokens: 7, output_tokens: 100 },
    }));
    const message = await client.messages.create(params);
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.usage).toMatchObject({ input_tokens: 7, output_tokens: 100 });
  });

  it.each([
    [400, Anthropic.BadRequestError, "invalid_request_error"],
    [401, Anthropic.AuthenticationError, "authentication_error"],
    [429, Anthropic.RateLimitError, "rate_limit_error"],
    [500, Anthropic.InternalServerError, "api_error"],
    [529, Anthropic.APIError, "overloaded_error"],
  ])("answers status %i as the SDK's typed error with Anthropic error JSON", async (status, errorClass, type) => {
    const { client } = await start(() => ({ status }));
    const error = await client.messages.create(params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(status);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: "error", error: { type } });
    expect((error as InstanceType<typeof Anthropic.APIError>).requestID).toMatch(/^req_/);
  });

  it("answers errors for a streaming request before the stream starts", async () => {
    const { client } = await start(() => ({ status: 529, error: { message: "busy" } }));
    const error = await client.messages
      .stream(params)
      .finalMessage()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(String(error)).toContain("busy");
  });

  it("times the client out when the reply is delayed past its timeout", async () => {
    server = await startMessagesServer({ handler: () => ({ delayMs: 2_000, text: "late" }) });
    const client = new Anthropic({ apiKey: "k", baseURL: server.url, maxRetries: 0, timeout: 200 });
    const error = await client.messages.create(params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it("lets the client abort a hanging request", async () => {
    const { client } = await start(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await client.messages.create(params, { signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
  });

  it("lets the client abort a stream that stalls midway", async () => {
    const { client } = await start(() => ({ text: "a long answer that never finishes", stallAfterEvents: 4 }));
    const controller = new AbortController();
    const stream = client.messages.stream(params, { signal: controller.signal });
    const deltas: string[] = [];
    stream.on("text", (delta) => {
      deltas.push(delta);
      controller.abort();
    });
    const error = await stream.finalMessage().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(deltas.length).toBe(1);
  });

  it("counts tokens and answers health checks", async () => {
    const { server, client } = await start(() => ({ text: "unused" }));
    const count = await client.messages.countTokens({ model: "claude-test", messages: params.messages });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/v1/unknown`, { method: "POST" })).status).toBe(404);
    expect(server.requests).toHaveLength(0);
    expect(server.allRequests.map((r) => r.path)).toEqual(["/v1/messages/count_tokens", "/", "/health", "/v1/unknown"]);
  });

  it("passes the request index to the handler and serves raw bodies verbatim", async () => {
    const { server, client } = await start((index) =>
      index === 0 ? { text: "first" } : { raw: { status: 200, body: "{not json" } },
    );
    expect((await client.messages.create(params)).content).toEqual([{ type: "text", text: "first" }]);
    await expect(client.messages.create(params)).rejects.toThrow();
    expect(server.requests).toHaveLength(2);
    server.clear();
    expect(server.requests).toHaveLength(0);
  });
});
