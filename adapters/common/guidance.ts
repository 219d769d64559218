/**
 * The line both agents get at the start: rulegate is active and its decisions are final for the model.
 * Short on purpose: it is added to every session's context.
 */
export const GUIDANCE =
  "rulegate is active in this session: every tool call is checked against the user's rules and may be allowed, " +
  "sent to the user for approval, or denied. A denial is final for you: do not retry the action in another form, " +
  "split it up, encode it, or use a different tool to get around it. Tell the user what you wanted to do and why; " +
  "only the user can lift a rule.";

export const CLAUDE_CODE_SYSTEM_NOTE = `${GUIDANCE} (The user controls rulegate with /rulegate commands, which you cannot run.)`;
export const PI_SYSTEM_NOTE = `${GUIDANCE} (The user controls rulegate with /rules, /disable and related commands, which you cannot run.)`;
