/**
 * The web UI: one page of plain HTML and JavaScript served by the server itself (no CDN, no build step).
 * Everything the agent wrote (commands, paths, reasons) is set as text, never as HTML (ui-script.ts). Live
 * updates come over SSE (/api/events); the page is usable by keyboard (real buttons, links and a form) and
 * without colour (every state is also a word), and approve/deny work at phone width.
 */
import { UI_SCRIPT } from "./ui-script.ts";

export const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rulegate</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 0 12px 40px; max-width: 960px; overflow-wrap: anywhere; }
  header { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
  h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 24px; }
  .banner { border: 2px solid #b00; padding: 8px; white-space: pre-wrap; }
  .card { border: 1px solid #888; border-radius: 6px; padding: 10px; margin: 8px 0; }
  .subject { font-family: ui-monospace, monospace; word-break: break-all; }
  .actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 8px; }
  .actions button { flex: 1; min-height: 44px; font-size: 16px; }
  .actions button[data-answer="always"] { flex-basis: 100%; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
  button:focus-visible, a:focus-visible { outline: 3px solid #05f; }
  table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; } td, th { text-align: left; padding: 4px; border-bottom: 1px solid #ddd; vertical-align: top; }
  .muted { color: #555; }
  .tools { display: grid; gap: 12px; margin: 8px 0 16px; }
  .tools .row { display: flex; gap: 8px; flex-wrap: wrap; } .tools input { flex: 1; min-width: 200px; min-height: 36px; font: inherit; }
  .tools button { min-height: 36px; font: inherit; }
  pre.subject { white-space: pre-wrap; border: 1px dashed #888; padding: 6px; }
  .entries { list-style: none; padding: 0; margin: 0; }
  .entries li { border-bottom: 1px solid #ccc; padding: 6px 0; overflow-wrap: anywhere; }
  .entries li:focus { outline: 3px solid #05f; }
  .meta { font-size: 13px; color: #444; }
  /* Colour only repeats what a word already says. */
  .d-deny .meta { font-weight: bold; } .d-deny { border-left: 4px solid #b00; padding-left: 6px !important; }
</style>
</head>
<body>
<header><h1>rulegate</h1><span id="status" class="muted" role="status">connecting…</span></header>
<div id="policy-errors" class="banner" hidden></div>
<main>
  <section aria-labelledby="h-pending"><h2 id="h-pending">Pending approvals</h2><div id="pending"><p class="muted">none</p></div></section>
  <section aria-labelledby="h-recent"><h2 id="h-recent">Recent decisions</h2>
    <ol id="recent" class="entries"></ol></section>
  <section aria-labelledby="h-sessions"><h2 id="h-sessions">Sessions</h2><div id="sessions"></div></section>
  <section aria-labelledby="h-timeline" id="timeline-section" hidden><h2 id="h-timeline">Session</h2>
    <div class="tools">
      <div><button type="button" id="verify">Verify the hash chain</button><div id="verify-result" role="status" aria-live="polite"></div></div>
      <form id="whatif-form"><label for="whatif-file">What-if: replay this session under another rules file (absolute path)</label>
        <div class="row"><input id="whatif-file" name="rules" type="text" required autocomplete="off" spellcheck="false" placeholder="/path/to/rules.yaml"><button type="submit" id="whatif">Replay</button></div>
        <div id="whatif-result" role="status" aria-live="polite"></div></form>
    </div>
    <div id="timeline"></div></section>
</main>
<script>${UI_SCRIPT}</script>
</body>
</html>
`;
