import { eventOf, scanLog, type ScanResult } from "../log/index.ts";
import { eventProblem, isEvent, type Event } from "../events/index.ts";

/** A validated event of the log with the seq of its line. */
export interface Logged {
  readonly seq: number;
  readonly event: Event;
}

/**
 * Reads a whole log for replay: checks the chain, validates every event (the log is outside data), and stops
 * at the first bad line, keeping the good lines before it. Replay works on the full list (it looks ahead
 * from a call to its decision); the hook uses loadSession instead, which streams.
 */
export async function readEvents(
  path: string,
): Promise<{ readonly events: readonly Logged[]; readonly chain: ScanResult }> {
  const events: Logged[] = [];
  const chain = await scanLog(path, (entry) => {
    const event = eventOf(entry.body);
    if (!isEvent(event)) return eventProblem(event) ?? "not an event";
    events.push({ seq: entry.seq, event });
    return undefined;
  });
  return { events, chain };
}
