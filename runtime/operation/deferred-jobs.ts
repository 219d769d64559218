/**
 * A job left to run after the call has returned, after a wait (docs/adr/0567): `(sleep 86400; bash x) &`, `screen
 * -dmS upd bash -c 'while sleep 120; do bash /tmp/pull.sh; done'`, `pueue add -- 'sleep 3600; bash x'`, `nohup sh -c
 * 'sleep 600; …' &`. What it runs is judged now like any command, but it runs when nobody watches: an hour later,
 * or every two minutes from then on, the way cron and `at` would (the persistence hard deny) without their files.
 * A job started now (`npm run dev &`, `screen -dmS dev npm start`) is ordinary work, and so is a short pause before
 * one (`(sleep 2; open http://localhost:3000) &`).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { seconds } from "./endless-input.ts";

/** A pause this long or longer, in a job that outlives the call, defers what follows it. */
const DEFERRING_SECONDS = 60;

/** Wrapper labels whose command runs on after the call returns: detached sessions, job queues, daemonizers. */
const DETACHING =
  /^(?:nohup|setsid|daemonize|disown|screen|pueue add|nq|tsp|tmux (?:new|new-session|new-window|split-window|run-shell|run))(?:\s|$)/;

/** Why some job of this string runs code after a wait of a minute or more, once the call has returned, or null. */
export function deferredJob(commands: readonly SimpleCommand[]): string | null {
  const detachedCommands = commands.filter(detached);
  const wait = detachedCommands.find((c) => c.program === "sleep" && pause(c) >= DEFERRING_SECONDS);
  if (wait === undefined) return null;
  const later = detachedCommands.find((c) => c !== wait && c.program !== "sleep" && c.program !== "");
  return later === undefined
    ? null
    : `${later.program} runs after \`sleep ${wait.args.join(" ")}\`, once the call is over`;
}

function detached(cmd: SimpleCommand): boolean {
  return cmd.context.background || cmd.context.wrappers.some((w) => DETACHING.test(w));
}

/** `sleep 1h 30m` sleeps the sum; `sleep infinity` for ever; an argument nobody can read counts as none. */
function pause(cmd: SimpleCommand): number {
  if (cmd.args.some((a) => /^inf(?:inity)?$/i.test(a))) return Number.POSITIVE_INFINITY;
  return cmd.args.reduce((sum, a) => sum + (seconds(a) ?? 0), 0);
}
