/**
 * An interpreter one-liner read for what it does (docs/adr/0330): the shell commands its calls amount to
 * (code-commands.ts), which the analysis runs as bash; the effects no command spells (code-effects.ts); the
 * calls that change files at paths the text does not fix (unknown code: gated); the destructive calls read
 * precisely, whose hard deny (interpreters.ts' scan) gives way to the judgement of their command.
 */
import { codeCommands, sqlCommands } from "./code-commands.ts";
import { codeEffects, readsWholeEnvironment, resourceBomb, SENDS_ENVIRONMENT, spinsForever } from "./code-effects.ts";
import { mask } from "./code-mask.ts";
import { readCode } from "./code-values.ts";
import type { Language } from "./interpreters.ts";
import type { CodeEffect } from "./types.ts";

export interface OneLinerReading {
  readonly commands: readonly string[];
  readonly effects: readonly CodeEffect[];
  readonly unreadable: readonly string[];
  /** Per destructive-scan name, the calls read precisely. */
  readonly read: ReadonlyMap<string, number>;
  readonly deletes: readonly string[];
}

/** Longer code is not read here (interpreters.ts reports it unscanned). */
const MAX_CODE = 100_000;
const NOTHING: OneLinerReading = { commands: [], effects: [], unreadable: [], read: new Map(), deletes: [] };

export function readOneLiner(language: Language, code: string): OneLinerReading {
  if (code.length > MAX_CODE) return NOTHING;
  const masked = mask(language, code);
  // The whole environment read (printed, stored, sent) is `env`, judged as the dump it is (docs/adr/0411).
  const dump = readsWholeEnvironment(language, masked.text) ? ["env"] : [];
  // awk's programs are read only for the environment dump and for a resource bomb (docs/adr/0415).
  if (language === "awk") {
    const bomb = resourceBomb(masked.text, [...masked.values.values()]);
    // `getline line < "FILE"` reads FILE: `cat FILE`, which the credential paths judge.
    const reads = [...code.matchAll(/\bgetline\s*(?:[A-Za-z_$][\w$]*\s*)?<\s*"([^"\n]+)"/g)].map(
      (m) => `cat -- '${m[1]!.replace(/'/g, `'\\''`)}'`,
    );
    return {
      ...NOTHING,
      commands: [...dump, ...reads],
      effects: bomb === null ? [] : [{ what: bomb, level: "DESTRUCTIVE", category: "fork-bomb" }],
    };
  }
  const text = readCode(language, masked);
  const calls = codeCommands(text);
  const effects = codeEffects(text, calls.computedSignals);
  // Sending the whole environment is `env | curl …`: the credential check's exfiltration of the environment.
  const url = [...text.masked.values.values()].find((v) => /^(?:https?|ftp):\/\/\S+$/i.test(v));
  const exfiltration = effects.some((e) => e.what === SENDS_ENVIRONMENT)
    ? [`env | curl --data-binary @-${url === undefined ? "" : ` '${url.replace(/'/g, `'\\''`)}'`}`]
    : [];
  // A loop that spins doing nothing is bash's `while :; do :; done` (docs/adr/0509).
  const spin = spinsForever(masked.text) ? ["while :; do :; done"] : [];
  return {
    commands: [...calls.lines, ...sqlCommands(text), ...(exfiltration.length > 0 ? exfiltration : dump), ...spin],
    effects,
    unreadable: calls.unreadable,
    read: calls.unreadable.length > 0 ? new Map() : calls.read,
    deletes: calls.deletes,
  };
}
