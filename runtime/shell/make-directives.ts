/**
 * The lines of a makefile that decide what its recipes run without being recipes (docs/adr/0824): `include` of a
 * makefile, `SHELL` (the program every recipe runs under), `.SHELLFLAGS` (code put before each recipe), `MAKEFLAGS`
 * (options of every make that reads the file) and `export` (a variable in every recipe's environment).
 */
import { outsideProject } from "./elsewhere.ts";
import type { PlantedCode } from "./planted-code.ts";

/** make's `$(NAME)` as the shell's `${NAME}`, so a plain variable reads as one and not as a substitution. */
const asShell = (value: string): string => value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, "$${$1}");

/** The assignment of a variable on a makefile line: `override`/`export` first, any of make's operators. */
function assigned(line: string, name: string): string | null {
  const m = new RegExp(`^\\s*(?:(?:override|export)\\s+)*${name}\\s*(?:::?|[?+!])?=\\s*(.*)$`).exec(line);
  return m === null ? null : m[1]!.trim();
}

export function makeDirectives(text: string): PlantedCode[] {
  const out: PlantedCode[] = [];
  for (const line of text.replace(/\\\n/g, " ").split("\n")) {
    if (line.startsWith("\t")) continue;
    const include = /^\s*(?:-include|sinclude|include)\s+(.+)$/.exec(line)?.[1] ?? "";
    for (const file of include.split(/\s+/).filter(outsideProject))
      out.push({ language: "unread", code: `includes ${file}, a makefile from outside the project` });
    // `load` runs a shared object's code inside make itself (docs/adr/0859).
    const load = /^\s*-?load\s+(.+)$/.exec(line)?.[1] ?? "";
    for (const file of load.split(/\s+/).filter(outsideProject))
      out.push({ language: "unread", code: `loads ${file}, an object from outside the project, into make` });
    const shell = assigned(line, "SHELL");
    // The program runs each recipe: analysed as a command, so one outside the project is planted code that asks.
    if (shell !== null && shell !== "") out.push({ language: "shell", code: asShell(shell) });
    // What follows the options is the code; make hands it to the shell as one quoted word (docs/adr/0859).
    const flags =
      assigned(line, "\\.SHELLFLAGS")
        ?.replace(/^(?:-\S*\s*)*/, "")
        .replace(/^(["'])(.*)\1$/, "$2") ?? "";
    if (flags !== "") out.push({ language: "shell", code: asShell(flags) });
    const makeflags = assigned(line, "(?:MAKEFLAGS|MFLAGS|GNUMAKEFLAGS)") ?? "";
    if (makeflags !== "") out.push({ language: "shell", code: `make ${asShell(makeflags)}` });
    const exported = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:::?|[?+!])?=\s*(.*)$/.exec(line);
    if (exported !== null)
      out.push({ language: "shell", code: `export ${exported[1]}=${asShell(exported[2]!.trim())}` });
  }
  // `$(file <PATH)` reads a file's text into the makefile, where `$(eval …)` makes it rules (docs/adr/0859).
  for (const m of text.matchAll(/\$[({]file\s*<\s*([^)}\s]+)/g))
    if (outsideProject(m[1]!))
      out.push({ language: "unread", code: `reads ${m[1]} into the makefile, text from outside the project` });
  return out;
}

/** The makefile text make is told to evaluate before its makefiles: `--eval=T`, `--eval T`, `-E T`, `-ET`. */
export function makeEvalTexts(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if ((a === "--eval" || a === "-E") && args[i + 1] !== undefined) out.push(args[++i]!);
    else if (a.startsWith("--eval=")) out.push(a.slice(7));
    else if (/^-E./.test(a)) out.push(a.slice(2));
  }
  return out;
}

/**
 * What evaluated makefile text does beyond setting variables (docs/adr/0868): the makefiles it includes and the
 * command lines it runs, `$(shell CMD)` (one level of nested parentheses) and `VAR != CMD`.
 */
export function makeEvalEffects(text: string): { readonly includes: string[]; readonly commands: string[] } {
  const includes: string[] = [];
  const commands: string[] = [];
  for (const line of text.replace(/\\\n/g, " ").split("\n")) {
    const include = /^\s*(?:-include|sinclude|include)\s+(.+)$/.exec(line)?.[1] ?? "";
    includes.push(...include.split(/\s+/).filter((w) => w !== ""));
    const bang = /^\s*[^\s=:!?+]+\s*!=\s*(.*)$/.exec(line)?.[1];
    if (bang !== undefined && bang.trim() !== "") commands.push(bang);
  }
  for (const m of text.matchAll(/\$[({]shell\s+((?:[^()]|\([^()]*\))*)[)}]/g)) commands.push(m[1]!);
  return { includes, commands };
}
