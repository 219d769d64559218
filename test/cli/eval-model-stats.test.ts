import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Io } from "../../cli/io.ts";
import { runCli } from "./run-cli.ts";
import { startMessagesServer, type MessagesServer, type Reply } from "../support/messages-server.ts";
import { answerAll, readPrompt, type SentPrompt } from "../runtime/model/scripted-answerer.ts";

/**
 * `rules eval --model-stats` against the local Messages API server with the real SDK: the figures must be
 * exactly what the server saw and reported (requests, the usage it put in each reply), and the memo hits
 * those requests did not have to make.
 */
const dir = mkdtempSync(join(tmpdir(), "rulegate-cli-model-stats-"));
const policy = join(dir, "rules.yaml");
writeFileSync(
  policy,
  [
    "version: 1",
    "settings:",
    "  default: allow",
    "  fail: deny",
    "rules:",
    "  - id: finance-db-writes",
    '    effect: "adding, modifying or deleting rows of the finance database requires approval"',
    '    match: op.tool == "bash"',
    "    mode: approve",
    "",
  ].join("\n"),
);

const call = (command: string) => JSON.stringify({ session: "s1", tool: "bash", input: { command }, cwd: dir });
/** A write the rule gates, a harmless command, and that command again (a memo hit). */
const input = join(dir, "calls.jsonl");
writeFileSync(
  input,
  [call("sqlite3 finance.db 'DELETE FROM expenses'"), call("git status"), call("git status"), ""].join("\n"),
);

const USAGE = [
  { input_tokens: 321, output_tokens: 17 },
  { input_tokens: 298, output_tokens: 15 },
] as const;

function commandOf(prompt: SentPrompt): string {
  const action = prompt.sections["action"] as { input?: { command?: unknown } } | undefined;
  return typeof action?.input?.command === "string" ? action.input.command : "";
}

let server: MessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The restriction holds for the DELETE only; each reply reports the scripted usage of its index. */
async function scripted(fail: (index: number) => boolean = () => false): Promise<MessagesServer> {
  server = await startMessagesServer({
    handler: (req, index): Reply => {
      if (fail(index)) return { status: 500 };
      const prompt = readPrompt(req);
      const usage = USAGE[index] ?? { input_tokens: 1, output_tokens: 1 };
      return { text: answerAll(prompt, () => ({ holds: commandOf(prompt).includes("DELETE") })), usage };
    },
  });
  return server;
}

const run = (argv: string[], env: Io["env"]) => runCli(argv, { env, cwd: dir });

const envOf = (s: MessagesServer) => ({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: s.url });

describe("rules eval --model-stats", () => {
  it("ends the JSON output with one model_stats line holding what the server saw and reported", async () => {
    const s = await scripted();
    const r = await run(["eval", "--policy", policy, "--format", "json", "--model-stats", input], envOf(s));
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l["decision"])).toEqual(["ask", "allow", "allow", undefined]);
    expect(lines.map((l) => l["llm_calls"])).toEqual([1, 1, 0, undefined]);
    expect(s.requests).toHaveLength(2);
    expect(lines.at(-1)).toEqual({
      model_stats: {
        asks: 3,
        questions: 3,
        memo_hits: 1,
        requests: 2,
        input_tokens: 321 + 298,
        output_tokens: 17 + 15,
        failures: 0,
        failures_by_cause: {},
      },
    });
  });

  it("counts a failed request by its cause, with the tokens of the requests that were answered", async () => {
    const s = await scripted((index) => index === 1);
    const r = await run(["eval", "--policy", policy, "--format", "json", "--model-stats", input], envOf(s));
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // A failed question is never memoized: the repeated call asks again (and gets USAGE's fallback of 1/1).
    expect(lines.map((l) => l["decision"])).toEqual(["ask", "deny", "allow", undefined]);
    expect(s.requests).toHaveLength(3);
    expect(lines.at(-1)).toEqual({
      model_stats: {
        asks: 3,
        questions: 3,
        memo_hits: 0,
        requests: 3,
        input_tokens: 321 + 1,
        output_tokens: 17 + 1,
        failures: 1,
        failures_by_cause: { http_error: 1 },
      },
    });
  });

  it("prints a short block after the summary in table format", async () => {
    const s = await scripted();
    const r = await run(["eval", "--policy", policy, "--format", "table", "--model-stats", input], envOf(s));
    expect(r.code).toBe(0);
    const tail = r.stdout.slice(r.stdout.indexOf("summary:"));
    expect(tail).toBe(
      [
        "summary: 3 calls: 2 allowed, 1 ask, 0 denied; 1 asked a human (1 unanswered); 2 model calls",
        "model:",
        "  requests   2",
        "  questions  3 in 3 asks, 1 answered from the memo",
        "  tokens     619 input, 32 output",
        "  failures   none",
        "",
      ].join("\n"),
    );
  });

  it("counts every ask as unavailable, without a request, when no key is configured", async () => {
    const s = await scripted();
    const r = await run(["eval", "--policy", policy, "--format", "json", "--model-stats", input], {
      ANTHROPIC_BASE_URL: s.url,
    });
    const last = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "null") as unknown;
    expect(last).toEqual({
      model_stats: {
        asks: 3,
        questions: 3,
        memo_hits: 0,
        requests: 0,
        input_tokens: 0,
        output_tokens: 0,
        failures: 3,
        failures_by_cause: { unavailable: 3 },
      },
    });
    expect(s.requests).toHaveLength(0);
  });

  it("prints nothing extra without the flag", async () => {
    const s = await scripted();
    const r = await run(["eval", "--policy", policy, "--format", "json", input], envOf(s));
    expect(r.stdout.trim().split("\n")).toHaveLength(3);
    expect(r.stdout).not.toContain("model_stats");
  });

  it("documents the JSON line in --help", async () => {
    const r = await run(["eval", "--help"], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--model-stats");
    expect(r.stdout).toContain('{"model_stats":{"asks":N,"questions":N,"memo_hits":N,"requests":N,');
    expect(r.stdout).toContain('"input_tokens":N,"output_tokens":N,"failures":N,');
  });
});
