import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { findAnnotations, parseAnnotation, parseExpression, parsePattern } from "../../grammar/index.ts";
import { AnnotationParser } from "../../grammar/annotation-parser.ts";
import { ExpressionParser } from "../../grammar/expression-parser.ts";

/**
 * Grammar: cost of one parse (lex + CST parse + AST visitor) of typical rule expressions (~60 characters),
 * permission patterns and annotation lines, in a warmed-up process; and the one-off cost of building a
 * parser (Chevrotain's self-analysis), which a cold `rules compile` pays once per grammar.
 * Each sample times a batch of parses (timer resolution), p50/p99 over the samples.
 */
const EXPRESSIONS = [
  'op.tool == "bash" and op.programs contains "git" and op.level >= WRITE',
  'seen(op.type == read_external) and count(op.path matches "**/f/**") >= 2',
  'bash(deploy-1 *) or (op.path under "~/project" and not (op.type == read_local))',
  "op.type in [write_local, write_external, write_sensitive]",
];
const PATTERNS = ["bash(git push --force*)", "read(~/.ssh/**)", "WebFetch(domain:example.com)", "mcp__github__*"];
const ANNOTATIONS = ["@safety READ gcloud * list", "<!-- @safety DESTRUCTIVE gcloud compute instances delete -->"];
const BATCH = 10;
const SAMPLES = 3000;

export const grammarBench: BenchSection = {
  name: "grammar",
  async run(progress) {
    const rows: BenchRow[] = [];
    progress("building the parsers (self-analysis)");
    rows.push(build("build expression parser (self-analysis, once per process)", () => new ExpressionParser()));
    rows.push(build("build annotation parser (self-analysis, once per process)", () => new AnnotationParser()));

    progress(`${SAMPLES} samples × ${BATCH} parses per input`);
    const chars = Math.round(EXPRESSIONS.reduce((n, e) => n + e.length, 0) / EXPRESSIONS.length);
    const expr = timeEach(EXPRESSIONS, parseExpression);
    rows.push({
      what: `parseExpression, ${EXPRESSIONS.length} rule expressions of ~${chars} chars`,
      value: `p50 ${expr.p50.toFixed(1)} µs, p99 ${expr.p99.toFixed(1)} µs`,
      // Not a README.md's Measured table budget (the compile budget covers it), so shown, not judged.
      budget: `no §5 budget; expected tens of µs`,
      ok: null,
    });
    const pat = timeEach(PATTERNS, parsePattern);
    rows.push({
      what: "parsePattern, 4 permission patterns",
      value: `p50 ${pat.p50.toFixed(1)} µs, p99 ${pat.p99.toFixed(1)} µs`,
      budget: "",
      ok: null,
    });
    const ann = timeEach(ANNOTATIONS, parseAnnotation);
    rows.push({
      what: "parseAnnotation, one annotation line",
      value: `p50 ${ann.p50.toFixed(1)} µs, p99 ${ann.p99.toFixed(1)} µs`,
      budget: "",
      ok: null,
    });
    const doc = skillDoc(200);
    const scan = timeEach([doc], findAnnotations, 200, 1);
    rows.push({
      what: `findAnnotations, SKILL.md of ${Math.round(doc.length / 1024)} KiB with 20 annotations`,
      value: `p50 ${(scan.p50 / 1000).toFixed(2)} ms`,
      budget: "",
      ok: null,
    });
    return rows;
  },
};

function build(what: string, make: () => unknown): BenchRow {
  const t0 = performance.now();
  make();
  return { what, value: `${(performance.now() - t0).toFixed(1)} ms`, budget: "", ok: null };
}

/** Per-parse microseconds: each sample is a batch over all inputs, divided by the number of parses. */
function timeEach(
  inputs: readonly string[],
  parse: (s: string) => unknown,
  samples = SAMPLES,
  batch = BATCH,
): { p50: number; p99: number } {
  for (let i = 0; i < 500; i++) for (const s of inputs) parse(s); // JIT warm-up
  const times: number[] = [];
  for (let n = 0; n < samples; n++) {
    const t0 = performance.now();
    for (let b = 0; b < batch; b++) for (const s of inputs) parse(s);
    times.push(((performance.now() - t0) * 1000) / (batch * inputs.length));
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function skillDoc(paragraphs: number): string {
  const out = ["# A skill", ""];
  for (let i = 0; i < paragraphs; i++) {
    out.push(`Some prose about step ${i}, with a command \`gcloud thing ${i}\` and more words to read.`);
    if (i % 10 === 0) out.push(`@safety ${i % 20 === 0 ? "READ" : "WRITE"} gcloud thing ${i} *`);
  }
  return out.join("\n");
}
