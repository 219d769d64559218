/**
 * The dialog of a gated call (docs/adr/0265). With no "always" offer it is pi's yes/no `confirm`, as before.
 * With one (the narrowest pattern that covers the call, docs/adr/0262) it is a `select` of three: allow once,
 * always allow calls like this (the pattern is shown, and stored in the user's local rules), or deny. Both
 * dialogs exist in pi 1.x and 0.73. Cancelling either (Escape, the run aborted) is a denial.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

export const ASK_TITLE = "rulegate: approve this call?";
export const ALLOW_ONCE = "Allow once";
export const DENY = "Deny";
export const alwaysChoice = (pattern: string): string => `Always allow calls like this: ${pattern}`;

/** The user's answer: approved once, approved with the pattern stored ("always"), or not. */
export async function ask(
  ctx: Pick<ExtensionContext, "ui" | "signal">,
  message: string,
  offer: string | undefined,
): Promise<boolean | "always"> {
  const opts = ctx.signal ? { signal: ctx.signal } : {};
  if (offer === undefined) return ctx.ui.confirm(ASK_TITLE, message, opts);
  const always = alwaysChoice(offer);
  const choice = await ctx.ui.select(`${ASK_TITLE}\n\n${message}`, [ALLOW_ONCE, always, DENY], opts);
  return choice === ALLOW_ONCE ? true : choice === always ? "always" : false;
}
