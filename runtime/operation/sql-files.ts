/**
 * Files a SQL shell's own commands name (docs/adr/0421): sqlite3's and duckdb's dot-commands (`.output FILE`,
 * `.once FILE`, `.save`, `.backup`, `.log`, `.import`, `.read`, `.open`, `.load`), psql's meta-commands (`\o`,
 * `\w`, `\g`, `\copy … to|from`, `\i`, `\lo_export`), mysql's (`tee`, `source`), and the SQL that reads or writes
 * a file (`writefile`, `readfile`, duckdb's `read_text`/`read_csv`/… and `COPY … TO`, `VACUUM INTO`, `ATTACH`,
 * `INTO OUTFILE`, `LOAD DATA INFILE`). `sqlite3 x.db ".output ~/.bashrc" "select 'curl …|sh'"` writes the shell
 * profile as surely as `echo … > ~/.bashrc`; `duckdb -c "select * from read_text('~/.ssh/id_rsa')"` prints the key.
 * A target that is a command (`.output |cmd`, `\o |cmd`) is code, read by the shell-escape peeling (wrappers.ts).
 */
import type { ScriptFile } from "./script-files.ts";
import type { AccessMode } from "./types.ts";

/** Line commands: the command, then how its words name the file. */
interface LineCommand {
  readonly command: RegExp;
  readonly mode: AccessMode;
  /** Which operand is the file: the first (default) or the last (`.backup ?DB? FILE`, `\lo_export OID FILE`). */
  readonly last?: boolean;
}

const LINE_COMMANDS: readonly LineCommand[] = [
  { command: /^\.(?:output|once|log|save|clone|excel)$/i, mode: "write" },
  { command: /^\.backup$/i, mode: "write", last: true },
  { command: /^\.(?:import|read|load|restore|open)$/i, mode: "read" },
  { command: /^\\(?:o|out|w|write|g|gx|gset|s)$/, mode: "write" },
  { command: /^\\(?:i|ir|include|include_relative)$/, mode: "read" },
  { command: /^\\lo_import$/, mode: "read" },
  { command: /^\\lo_export$/, mode: "write", last: true },
  { command: /^(?:tee|\\T)$/i, mode: "write" },
  { command: /^(?:source|\\\.)$/i, mode: "read" },
];
/** Operands that are no file. */
const NO_FILE = /^(?:stdout|stderr|stdin|off|on|-|pstdin|pstdout)$/i;

const Q = String.raw`(?:'([^']*)'|"([^"]*)")`;
/** SQL anywhere in the text that reads or writes the file in its first quoted operand. */
const SQL_FILES: readonly { readonly re: RegExp; readonly mode: AccessMode }[] = [
  { re: new RegExp(String.raw`\bwritefile\s*\(\s*${Q}`, "gi"), mode: "write" },
  {
    re: new RegExp(
      String.raw`\b(?:readfile|read_text|read_blob|read_csv(?:_auto)?|read_json(?:_auto|_objects)?|read_ndjson(?:_auto|_objects)?|read_parquet|parquet_scan|read_xlsx|sniff_csv|load_file|pg_read_file|pg_read_binary_file|lo_import)\s*\(\s*\[?\s*${Q}`,
      "gi",
    ),
    mode: "read",
  },
  { re: new RegExp(String.raw`\bvacuum\b[^;]*?\binto\s+${Q}`, "gi"), mode: "write" },
  { re: new RegExp(String.raw`\battach\s+(?:database\s+)?(?:if\s+not\s+exists\s+)?${Q}`, "gi"), mode: "write" },
  { re: new RegExp(String.raw`\bcopy\b[^;]*?\bto\s+${Q}`, "gi"), mode: "write" },
  { re: new RegExp(String.raw`\bcopy\s+[^;]*?\bfrom\s+${Q}`, "gi"), mode: "read" },
  { re: new RegExp(String.raw`\binto\s+(?:out|dump)file\s+${Q}`, "gi"), mode: "write" },
  { re: new RegExp(String.raw`\bload\s+data\s+(?:\w+\s+)*?infile\s+${Q}`, "gi"), mode: "read" },
  { re: new RegExp(String.raw`\bexport\s+database\s+${Q}`, "gi"), mode: "write" },
  { re: new RegExp(String.raw`\bimport\s+database\s+${Q}`, "gi"), mode: "read" },
  { re: new RegExp(String.raw`\blo_export\s*\([^,)]*,\s*${Q}`, "gi"), mode: "write" },
  // duckdb reads a quoted file name as a table (`SELECT * FROM '~/.aws/credentials.csv'`).
  { re: new RegExp(String.raw`\b(?:from|join)\s+'([^']+)'()`, "gi"), mode: "read" },
];

export function sqlScriptFiles(text: string): ScriptFile[] {
  if (text.length > 65_536) return [];
  const out: ScriptFile[] = [];
  const push = (word: string | undefined, mode: AccessMode): void => {
    if (word === undefined || word === "" || NO_FILE.test(word) || word.startsWith("|")) return;
    if (!out.some((f) => f.word === word && f.mode === mode)) out.push({ word, mode });
  };
  for (const line of text.split(/\n|;(?=\s*[.\\])/)) {
    const words = shellWords(line.trim());
    const command = words[0];
    if (command === undefined) continue;
    const known = LINE_COMMANDS.find((c) => c.command.test(command));
    if (known === undefined) {
      // `\copy t to 'out.csv'`, `\copy t from '~/.pgpass'`: the operand after to/from.
      if (command === "\\copy") {
        const at = words.findIndex((w, i) => i > 0 && /^(?:to|from)$/i.test(w));
        const file = words[at + 1];
        if (at > 0 && file !== undefined && !/^program$/i.test(file))
          push(file, words[at]!.toLowerCase() === "to" ? "write" : "read");
      }
      continue;
    }
    const operands = words.slice(1).filter((w) => !w.startsWith("-"));
    // `.open --new FILE` empties FILE first.
    const mode = command === ".open" && words.includes("--new") ? "write" : known.mode;
    push(known.last === true ? operands.at(-1) : operands[0], mode);
  }
  for (const { re, mode } of SQL_FILES) {
    for (const m of text.matchAll(re)) push(m[1] ?? m[2], mode);
  }
  return out;
}

/** A command line split as the SQL shells split theirs: blanks separate, quotes group. */
function shellWords(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}
