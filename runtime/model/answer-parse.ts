/**
 * Finds the JSON answer in a model's text: the whole text, else the first fenced block, else the first
 * balanced `{…}` that parses. Returns undefined when none of those is JSON (the caller fails closed).
 */
export function extractJson(text: string): unknown {
  const whole = tryParse(text.trim());
  if (whole !== undefined) return whole;
  const fenced = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/.exec(text);
  if (fenced?.[1] !== undefined) {
    const inFence = tryParse(fenced[1].trim());
    if (inFence !== undefined) return inFence;
  }
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const end = matchingBrace(text, start);
    if (end === -1) continue;
    const embedded = tryParse(text.slice(start, end + 1));
    if (embedded !== undefined) return embedded;
  }
  return undefined;
}

function tryParse(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Index of the `}` closing the `{` at `start`, skipping braces inside strings; -1 when unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}
