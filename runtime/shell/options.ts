/** Skips the options of a wrapper program (sudo, env, timeout, ...) to find where the wrapped command starts. */
import type { Word } from "./words.ts";

export interface OptionSpec {
  /** Short option letters that take a value (`-u root`, `-uroot`). */
  readonly short: string;
  /** Long options that take a value (`--user root`, `--user=root`). */
  readonly long?: readonly string[];
  /** Options starting with `+` too (`bash +e`). */
  readonly plus?: boolean;
}

export interface ParsedOption {
  readonly name: string; // "-u" or "--user"
  readonly value: Word | null;
}

export interface ParsedOptions {
  readonly options: readonly ParsedOption[];
  /** Index of the first operand in `args`. */
  readonly rest: number;
}

export function parseOptions(args: readonly Word[], spec: OptionSpec): ParsedOptions {
  const options: ParsedOption[] = [];
  let i = 0;
  while (i < args.length) {
    const w = args[i]!;
    const v = w.value;
    if (w.dynamic) break;
    if (v === "--") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq < 0 ? v : v.slice(0, eq);
      if (eq >= 0) options.push({ name, value: { value: v.slice(eq + 1), dynamic: false, raw: v.slice(eq + 1) } });
      else if (spec.long?.includes(name)) {
        options.push({ name, value: args[i + 1] ?? null });
        i++;
      } else options.push({ name, value: null });
      i++;
      continue;
    }
    if (v.length < 2 || !(v.startsWith("-") || (spec.plus === true && v.startsWith("+")))) break;
    i++;
    for (let j = 1; j < v.length; j++) {
      const letter = v[j]!;
      const name = v[0]! + letter;
      if (!spec.short.includes(letter)) {
        options.push({ name, value: null });
        continue;
      }
      const glued = v.slice(j + 1);
      if (glued !== "") options.push({ name, value: { value: glued, dynamic: false, raw: glued } });
      else {
        options.push({ name, value: args[i] ?? null });
        i++;
      }
      break;
    }
  }
  return { options, rest: Math.min(i, args.length) };
}

export function hasOption(parsed: ParsedOptions, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}

export function optionValue(parsed: ParsedOptions, ...names: string[]): Word | null {
  for (const o of parsed.options) if (names.includes(o.name) && o.value !== null) return o.value;
  return null;
}

/** `NAME=value` operands (env, sudo) are assignments, not the command. */
export function splitAssignments(args: readonly Word[]): {
  assignments: { name: string; value: Word }[];
  rest: readonly Word[];
} {
  const assignments: { name: string; value: Word }[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(args[i]!.value);
    if (m === null) break;
    assignments.push({ name: m[1]!, value: { value: m[2]!, dynamic: args[i]!.dynamic, raw: args[i]!.raw } });
  }
  return { assignments, rest: args.slice(i) };
}
