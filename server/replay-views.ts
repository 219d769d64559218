/**
 * The UI's two replays of one session log, by the code `rules replay` runs (runtime/replay): **Verify** (the
 * hash chain and every recorded decision re-derived under the rules the log recorded, with the first bad line
 * shown when the chain is broken) and **What-if** (every call replayed under another rules file, listed as
 * `rules replay --policy FILE --diff` lists them). Results are data; the routes decide who may ask.
 */
import { open, stat } from "node:fs/promises";
import { extname, isAbsolute, join } from "node:path";
import { compileFile } from "../compiler/index.ts";
import type { Diagnostic } from "../core/index.ts";
import { diffCalls, replayLog, verified, type CallReplay, type ReplayResult } from "../runtime/replay/index.ts";
import { SESSION_ID } from "./audit.ts";

export interface Verification {
  readonly id: string;
  readonly verified: boolean;
  /** The first thing that is not so (broken chain, a decision that does not re-derive), or null. */
  readonly reason: string | null;
  readonly lines: number;
  readonly calls: number;
  /** The first bad line of a broken chain: its number (seq) and its text, clipped. */
  readonly badLine: {
    readonly seq: number;
    readonly reason: string;
    readonly detail: string;
    readonly text: string;
  } | null;
}

export type WhatIf =
  | {
      readonly ok: true;
      readonly id: string;
      readonly rulesFile: string;
      readonly recorded: string | null;
      readonly replay: string | null;
      readonly calls: number;
      /** As `rules replay --diff`: the calls whose decision changed, and those that could not be replayed. */
      readonly changed: readonly CallReplay[];
      readonly chain: ReplayResult["chain"];
    }
  | {
      readonly ok: false;
      readonly code: "serve-what-if-bad-file" | "serve-what-if-invalid";
      readonly message: string;
      readonly diagnostics?: readonly Diagnostic[];
    };

/** A rules file is YAML text of modest size; nothing else is read for a what-if. */
const MAX_RULES_BYTES = 1024 * 1024;
const MAX_LINE_SHOWN = 2_000;

export function sessionLogPath(logDir: string, id: string): string | null {
  return SESSION_ID.test(id) ? join(logDir, `${id}.jsonl`) : null;
}

export async function verifySession(logDir: string, id: string, home: string): Promise<Verification | null> {
  const path = sessionLogPath(logDir, id);
  if (path === null || !(await isFile(path))) return null;
  const result = await replayLog(path, { policy: "recorded", home });
  const chain = result.chain;
  return {
    id,
    verified: verified(result),
    reason: result.verification.reason,
    lines: chain.ok ? chain.count : chain.count + 1,
    calls: result.calls.length,
    badLine: chain.ok
      ? null
      : { seq: chain.seq, reason: chain.reason, detail: chain.detail, text: await lineAt(path, chain.head.end) },
  };
}

export async function whatIfSession(
  logDir: string,
  id: string,
  rulesFile: string,
  home: string,
): Promise<WhatIf | null> {
  const path = sessionLogPath(logDir, id);
  if (path === null || !(await isFile(path))) return null;
  const bad = await rulesFileProblem(rulesFile);
  if (bad !== null) return { ok: false, code: "serve-what-if-bad-file", message: bad };
  const compiled = compileFile(rulesFile);
  if (compiled.policy === null)
    return {
      ok: false,
      code: "serve-what-if-invalid",
      message: `${rulesFile} does not compile`,
      diagnostics: compiled.diagnostics,
    };
  const result = await replayLog(path, { policy: compiled.policy, home });
  return {
    ok: true,
    id,
    rulesFile,
    recorded: result.policy.recorded,
    replay: result.policy.replay,
    calls: result.calls.length,
    changed: diffCalls(result.calls),
    chain: result.chain,
  };
}

/** Only what the user points at, and only a rules file: an absolute path to a regular .yaml/.yml file. */
async function rulesFileProblem(file: string): Promise<string | null> {
  if (!isAbsolute(file)) return "give the rules file as an absolute path";
  if (![".yaml", ".yml"].includes(extname(file).toLowerCase())) return "a rules file ends in .yaml or .yml";
  const s = await stat(file).catch(() => null);
  if (s === null) return `no such rules file: ${file}`;
  if (!s.isFile()) return `not a regular file: ${file}`;
  if (s.size > MAX_RULES_BYTES) return `larger than ${MAX_RULES_BYTES} bytes: not a rules file`;
  return null;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** The text of the line that starts at byte `offset` (the first bad line of a broken chain). */
async function lineAt(path: string, offset: number): Promise<string> {
  const handle = await open(path, "r");
  try {
    const buf = Buffer.alloc(MAX_LINE_SHOWN * 4);
    const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
    const text = buf.toString("utf8", 0, bytesRead);
    const end = text.indexOf("\n");
    const line = end < 0 ? text : text.slice(0, end);
    return line.length > MAX_LINE_SHOWN ? `${line.slice(0, MAX_LINE_SHOWN)}…` : line;
  } finally {
    await handle.close();
  }
}
