/**
 * How many passes a `while` loop runs, as written (docs/adr/0653), beside the `for` loops of walk.ts: a counter
 * compared with a literal bound (`while [ $i -lt 1000000 ]`, `while (( i < 100000 ))`), or a `read` loop fed by a
 * producer whose length is known (`seq 1 100000 | while read i`) or that never ends (`yes | while read`). Null
 * when the loop's length cannot be read: a `read` of a file or of another command's output is as long as that is.
 */
import { ownEntry } from "../../core/index.ts";
import type { RawCommand } from "./walk.ts";

/** `[ $i -lt N ]`, `[[ "$i" -le N ]]`, `test $i -ne N`, `(( i < N ))`, `((i<=N))`: the bound N. */
const COUNTER =
  /^(?:\[\[?|test)\s+"?\$\{?\w+\}?"?\s+-(?:lt|le|ne)\s+"?(\d+)"?\s*(?:\]\]?)?$|^\(\(\s*\w+\s*(?:<=?|!=)\s*(\d+)\s*\)\)$/;

export function whilePasses(keyword: string, condition: string, upstream: readonly RawCommand[] | null): number | null {
  if (keyword !== "while") return null;
  const bound = COUNTER.exec(condition.replace(/;\s*$/, "").trim());
  if (bound !== null) return Number(bound[1] ?? bound[2]);
  if (!/^read\b/.test(condition) || upstream === null) return null;
  return producedLines(upstream.at(-1));
}

/** Lines the command before the loop prints: `yes` without end, `seq A B` as many as it counts. */
function producedLines(raw: RawCommand | undefined): number | null {
  const words = raw?.words ?? [];
  if (words.length === 0 || words.some((w) => w.dynamic)) return null;
  const [program, ...args] = words.map((w) => w.value);
  if (program === "yes") return Number.POSITIVE_INFINITY;
  if (program !== "seq") return null;
  if (args.some((a) => /^inf(?:inity)?$/i.test(a))) return Number.POSITIVE_INFINITY;
  const nums = args.filter((a) => /^-?\d+$/.test(a)).map(Number);
  if (nums.length === 0 || nums.length !== args.length) return null;
  const first = nums.length >= 2 ? nums[0]! : 1;
  const step = nums.length === 3 ? Math.abs(nums[1]!) || 1 : 1;
  return Math.floor(Math.abs(nums.at(-1)! - first) / step) + 1;
}

/**
 * Producers that print a line per event and never end on their own (docs/adr/0749): `inotifywait -m`, `tail -f`,
 * `journalctl -f`, `dmesg -w`, `fswatch` (unless `-1`), `kubectl get -w`, a follow of a service's logs.
 */
const MONITORS: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
  inotifywait: (a) => a.some((w) => w === "--monitor" || /^-[a-zA-Z]*m[a-zA-Z]*$/.test(w)),
  tail: (a) => a.some((w) => /^--follow\b/.test(w) || /^-[a-zA-Z0-9]*[fF][a-zA-Z0-9]*$/.test(w)),
  journalctl: (a) => a.some((w) => w === "--follow" || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(w)),
  dmesg: (a) => a.some((w) => w === "--follow" || /^-[a-zA-Z]*w[a-zA-Z]*$/.test(w)),
  fswatch: (a) => !a.some((w) => w === "-1" || w === "--one-event"),
  kubectl: (a) => a.some((w) => w === "-w" || w === "--watch" || w === "-f" || w === "--follow"),
  docker: (a) => a.includes("logs") && a.some((w) => w === "-f" || w === "--follow"),
};

/** The producer feeding a `while read` loop when it never ends on its own, as written; else null. */
export function eventMonitor(
  keyword: string,
  condition: string,
  upstream: readonly RawCommand[] | null,
): string | null {
  if (keyword !== "while" || !/^read\b/.test(condition)) return null;
  const words = upstream?.at(-1)?.words ?? [];
  if (words.length === 0 || words.some((w) => w.dynamic)) return null;
  const [program, ...args] = words.map((w) => w.value);
  return ownEntry(MONITORS, program!)?.(args) === true ? words.map((w) => w.raw).join(" ") : null;
}
