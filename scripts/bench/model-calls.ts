import { join } from "node:path";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { compileFile, type Policy, type Rule } from "../../compiler/index.ts";
import {
  createAnthropicModel,
  withMemo,
  type ModelClient,
  type Question,
  type TranscriptEntry,
} from "../../runtime/model/index.ts";
import { createScriptRunner, type ScriptRunner } from "../../runtime/session/index.ts";
import { startMessagesServer, type MessagesServer } from "../../test/support/messages-server.ts";
import { keywordAnswerer } from "../../test/runtime/model/keyword-answerer.ts";
import { actionOf, isCall, loadTraces, REPO_ROOT, type Trace } from "./model-traces.ts";

/**
 * README.md's Measured table: model calls per tool call on the bundled agent traces under the Carapace rule set (≤ 0.15,
 * against the seed strategy's classifier + one check per plain-English rule per call), and 0 model calls for
 * a repeated identical operation. The traces run through `rules eval`'s own script runner; the model is the
 * real Anthropic adapter behind the real memo, talking to a local Messages API server that answers from the
 * request's keywords (test/runtime/model/keyword-answerer.ts), so every request that would reach the
 * network is counted where it is sent. Input tokens are the usage the server reports per request (its rough
 * 4-characters-a-token count of the prompt), for ours and for the seed strategy, which is run for real in the
 * same process for that: its request count is also checked against the formula.
 */
const CARAPACE = join(REPO_ROOT, "rules/examples/carapace.yaml");
/** The same eight rules in plain English only (no `match`, no `after`): what batching and the memo alone save. */
const CARAPACE_ENGLISH = join(REPO_ROOT, "test/fixtures/model/carapace-english.yaml");
const BUDGET = 0.15;
const HOME = "/home/dev";

interface Counted {
  readonly calls: number;
  readonly requests: number;
  readonly questions: number;
  readonly memoHits: number;
  readonly inputTokens: number;
}

export const modelCallsBench: BenchSection = {
  name: "model-calls",
  async run(progress) {
    const traces = loadTraces();
    const server = await startMessagesServer({ handler: keywordAnswerer });
    try {
      const carapace = policyOf(CARAPACE);
      const english = policyOf(CARAPACE_ENGLISH);
      const calls = traces.reduce((n, t) => n + t.lines.filter(isCall).length, 0);
      progress(`${traces.length} traces, ${calls} tool calls, under ${relative(CARAPACE)}`);
      const ours = await replay(carapace, traces, server);
      const plain = await replay(english, traces, server);

      // The seed strategy on the Carapace design as written (the eight rules in English): one classifier
      // request, then one trigger request and one effect request per rule, for every call.
      const englishQuestions = english.rules.reduce((n, r) => n + questionsOf(r).length, 0);
      const seed = calls * (1 + englishQuestions);
      progress("the seed strategy, sent for real for its tokens");
      const seedRun = await seedStrategy(english, traces, server);
      if (seedRun.requests !== seed)
        throw new Error(`the seed strategy sent ${seedRun.requests} requests, not ${seed}`);
      if (server.requests.length !== ours.requests + plain.requests + seedRun.requests)
        throw new Error("the model server saw requests the bench did not count");
      const rate = ours.requests / calls;
      const rows: BenchRow[] = [];
      rows.push({
        what: `baseline: seed strategy (classifier + ${englishQuestions} English checks of ${english.rules.length} rules)`,
        value: `${seed} requests, ${(seed / calls).toFixed(2)} per tool call`,
        budget: "(DESIGN: the seed makes ≥ 1)",
        ok: null,
      });
      rows.push({
        what: `carapace.yaml, ${traces.length} bundled traces, ${calls} tool calls`,
        value: `${ours.requests} requests, ${rate.toFixed(3)}/call (${ratio(seed, ours.requests)} fewer)`,
        budget: `≤ ${BUDGET} per tool call`,
        ok: rate <= BUDGET,
      });
      rows.push({
        what: "  questions asked / answered from the memo",
        value: `${ours.questions} / ${ours.memoHits}`,
        budget: "",
        ok: null,
      });
      rows.push({
        what: "  input tokens sent: seed strategy, same traces and run",
        value: `${seedRun.inputTokens}, ${perCall(seedRun.inputTokens, calls)}/call`,
        budget: "",
        ok: null,
      });
      rows.push({
        what: "  input tokens sent: carapace.yaml",
        value: `${ours.inputTokens}, ${perCall(ours.inputTokens, calls)}/call (${ratio(seedRun.inputTokens, ours.inputTokens)} fewer)`,
        budget: "",
        ok: null,
      });
      rows.push({
        what: "the eight rules in English only (no match/after prefilters)",
        value: `${plain.requests} requests (${((100 * plain.requests) / seed).toFixed(1)}% of the seed), ${plain.inputTokens} input tokens`,
        budget: "≤ 10% of the seed's requests",
        ok: plain.requests * 10 <= seed,
      });

      progress("each call of the traces decided twice in a row");
      const repeat = await repeated(carapace, traces, server);
      rows.push({
        what: `repeated identical call (${repeat.calls} calls, each decided twice)`,
        value: `${repeat.extra} extra requests (first time: ${repeat.first})`,
        budget: "0 model calls (memo hit)",
        ok: repeat.extra === 0,
      });
      return rows;
    } finally {
      await server.close();
    }
  },
};

function policyOf(file: string): Policy {
  const { policy, diagnostics } = compileFile(file);
  if (policy === null) throw new Error(`${file} does not compile: ${diagnostics.map((d) => d.message).join("; ")}`);
  return policy;
}

/** A live session's model (createSessionModel's shape), with the adapter's asks counted under the memo. */
function sessionModel(
  policy: Policy,
  server: MessagesServer,
): { model: ReturnType<typeof withMemo>; requests: () => number; inputTokens: () => number } {
  const inner = createAnthropicModel({ settings: policy.settings.model, env: envOf(server) });
  let requests = 0;
  let inputTokens = 0;
  const counting: ModelClient = {
    async ask(batch, options) {
      const result = await inner.ask(batch, options);
      requests += result.usage.requests;
      inputTokens += result.usage.inputTokens;
      return result;
    },
  };
  return { model: withMemo(counting), requests: () => requests, inputTokens: () => inputTokens };
}

const envOf = (server: MessagesServer) => ({ ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.url });

/** A rule's plain-English questions about one call, each its own request in the seed strategy. */
function questionsOf(rule: Rule): Question[] {
  return [
    ...(rule.activation.kind === "model"
      ? [
          {
            id: "q1",
            kind: "trigger" as const,
            ruleId: rule.id,
            text: rule.activation.text,
            textHash: rule.activation.textHash,
          },
        ]
      : []),
    ...(rule.effect !== null
      ? [{ id: "q1", kind: "effect" as const, ruleId: rule.id, text: rule.effect.text, textHash: rule.effect.textHash }]
      : []),
  ];
}

/**
 * The seed strategy, sent for real through the same adapter (no memo, no prefilter): for every call one
 * classifier review with the transcript so far, then one request per plain-English question (a rule's
 * trigger, a rule's effect) about the call as it is.
 */
async function seedStrategy(
  policy: Policy,
  traces: readonly Trace[],
  server: MessagesServer,
): Promise<{ requests: number; inputTokens: number }> {
  const model = createAnthropicModel({ settings: policy.settings.model, env: envOf(server) });
  const perRule = policy.rules.flatMap(questionsOf).map((q): Question[] => [q]);
  for (const trace of traces) {
    const transcript: TranscriptEntry[] = [];
    for (const line of trace.lines) {
      if (!isCall(line)) {
        if ("user" in line) transcript.push({ kind: "user", text: line.user });
        continue;
      }
      const action = actionOf(line);
      for (const questions of [[{ id: "q1", kind: "review" as const }], ...perRule]) {
        await model.ask({ action, questions, classifier: policy.classifier, transcript: [...transcript] }, {});
      }
      transcript.push({ kind: "tool", text: `${line.tool}: ${JSON.stringify(line.input)}` });
    }
  }
  const { requests, inputTokens } = model.stats();
  return { requests, inputTokens };
}

function runnerOf(
  policy: Policy,
  server: MessagesServer,
): { runner: ScriptRunner; counted: () => Omit<Counted, "calls"> } {
  const models: ReturnType<typeof sessionModel>[] = [];
  const runner = createScriptRunner(policy, () => {
    const m = sessionModel(policy, server);
    models.push(m);
    return { model: m.model, home: HOME, cwd: REPO_ROOT, approver: null };
  });
  return {
    runner,
    counted: () => ({
      requests: models.reduce((n, m) => n + m.requests(), 0),
      inputTokens: models.reduce((n, m) => n + m.inputTokens(), 0),
      questions: models.reduce((n, m) => n + m.model.stats().questions, 0),
      memoHits: models.reduce((n, m) => n + m.model.stats().cacheHits, 0),
    }),
  };
}

/** Every trace through `rules eval`'s runner, one session model (and memo) per session, as in a live agent. */
async function replay(policy: Policy, traces: readonly Trace[], server: MessagesServer): Promise<Counted> {
  let calls = 0;
  let requests = 0;
  let questions = 0;
  let memoHits = 0;
  let inputTokens = 0;
  for (const trace of traces) {
    const { runner, counted } = runnerOf(policy, server);
    for (const [i, line] of trace.lines.entries()) {
      const { output } = await runner.run(line, i + 1);
      if ("ok" in output && !output.ok) throw new Error(`${trace.file}:${i + 1}: ${output.error}`);
      if (isCall(line)) calls++;
    }
    const c = counted();
    requests += c.requests;
    questions += c.questions;
    memoHits += c.memoHits;
    inputTokens += c.inputTokens;
  }
  return { calls, requests, questions, memoHits, inputTokens };
}

/** Each call decided, then the same call decided again at once: the second must not reach the model. */
async function repeated(
  policy: Policy,
  traces: readonly Trace[],
  server: MessagesServer,
): Promise<{ calls: number; first: number; extra: number }> {
  let calls = 0;
  let first = 0;
  let extra = 0;
  for (const trace of traces) {
    const { runner, counted } = runnerOf(policy, server);
    for (const [i, line] of trace.lines.entries()) {
      const before = counted().requests;
      await runner.run(line, i + 1);
      if (!isCall(line)) continue;
      calls++;
      const between = counted().requests;
      await runner.run(line, i + 1);
      first += between - before;
      extra += counted().requests - between;
    }
  }
  return { calls, first, extra };
}

function perCall(n: number, calls: number): string {
  return calls === 0 ? "0" : (n / calls).toFixed(0);
}

function ratio(seed: number, ours: number): string {
  return ours === 0 ? "none needed" : `${(seed / ours).toFixed(0)}×`;
}

function relative(file: string): string {
  return file.startsWith(REPO_ROOT) ? file.slice(REPO_ROOT.length + 1) : file;
}
