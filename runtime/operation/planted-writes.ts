/**
 * Text the Write and Edit tools put into a file that runs later by itself (docs/adr/0500): a Makefile, a project
 * script, conftest.py, a devcontainer, package.json scripts, a hook. ADR 0451 judges such text when a bash string
 * writes it (`echo … >> Makefile`); a tool writing the same text plants the same code. It is analysed as the bash
 * string that would write it, `cat > FILE <<'END'` with the text as the heredoc, so every finding and level of
 * the planted code applies exactly as it does to that string.
 */
import { plantedCode, type ShellAnalysis, type ShellAnalyzer } from "../shell/index.ts";

/** Input fields that hold the text a write or edit tool puts in the file (Claude Code, pi, notebook edits). */
const TEXT_FIELDS = ["content", "new_string", "newText", "new_str", "new_source"] as const;

/** Past this much text the planted part is not read: it is unanalysable, and gates as opaque code (fails closed). */
const MAX_TEXT = 65_536;

function writtenText(input: Readonly<Record<string, unknown>>): string | null {
  const parts: string[] = [];
  for (const field of TEXT_FIELDS) {
    const v = input[field];
    if (typeof v === "string") parts.push(v);
  }
  const edits = input["edits"];
  if (Array.isArray(edits))
    for (const e of edits) {
      if (typeof e !== "object" || e === null) continue;
      for (const field of TEXT_FIELDS) {
        const v = (e as Record<string, unknown>)[field];
        if (typeof v === "string") parts.push(v);
      }
    }
  return parts.length === 0 ? null : parts.join("\n");
}

/** A heredoc end word that no line of the text is. */
function endWord(text: string): string {
  const lines = new Set(text.split("\n"));
  let word = "RULEGATE_PLANTED";
  for (let i = 0; lines.has(word); i++) word = `RULEGATE_PLANTED_${i}`;
  return word;
}

/**
 * The analysis of the code a write or edit plants in `file` (the path as the agent wrote it), or null when the
 * file has no run-later role or the input holds no text.
 */
export function plantedWrite(
  file: string,
  input: Readonly<Record<string, unknown>>,
  analyzer: ShellAnalyzer,
): ShellAnalysis | null {
  const text = writtenText(input);
  if (text === null || text.trim() === "") return null;
  if (plantedCode(file, text.slice(0, MAX_TEXT)).length === 0) return null;
  if (text.length > MAX_TEXT) {
    const reason = `the text written to ${file}, which runs later, is longer than ${MAX_TEXT} characters and was not read`;
    return {
      source: "",
      normalized: "",
      commands: [],
      findings: [{ kind: "unanalysable", reason }],
      unanalysable: true,
    };
  }
  const end = endWord(text);
  const quoted = `'${file.replaceAll("'", "'\\''")}'`;
  return analyzer.analyze(`cat > ${quoted} <<'${end}'\n${text}\n${end}\n`);
}
