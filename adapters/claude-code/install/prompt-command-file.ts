/**
 * Claude Code rejects unknown slash commands before any hook sees them; this file makes `/rulegate` a
 * known command. The rulegate UserPromptSubmit hook intercepts the raw prompt and blocks it, so it never
 * reaches the model; without the hook it would reach the model as plain text, which is harmless.
 * `--install` writes it when absent; `--uninstall` removes it only while it is exactly this text.
 */
export const PROMPT_COMMAND = `---
description: rulegate session control — status, disable ID, enable ID, reset, plan on|off, automode on|off, approve-all TOOL
argument-hint: "status | disable ID | enable ID | reset | plan on|off | automode on|off | approve-all TOOL"
---
rulegate $ARGUMENTS
`;
