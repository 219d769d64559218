/**
 * Configuration files that make a tool load code at its next run (docs/adr/0845): mocha's `require`, eslint's
 * `extends` and `plugins`, babel's and prettier's `plugins`, a JavaScript config's `import`/`require()` and
 * `globalSetup`, pytest's `addopts` and `pythonpath`. What they load from the project or a package is the project's
 * own; what they load from scratch space, a home or an address is code nobody here read.
 */
import { loadsFromElsewhere } from "./package-settings.ts";

/** Keys whose values name a module, a plugin, a preset or a configuration the tool loads. */
const LOAD_KEYS =
  "extends|plugins|presets|parser|require|globalSetup|globalTeardown|setupFiles|setupFilesAfterEnv|testEnvironment|reporter|reporters|transform|resolver|testRunner|runner|snapshotSerializers|loader|customSyntax|processors";

/** The words of a value: a quoted string each, else the bare rest of the line. */
function valueWords(value: string): string[] {
  const quoted = [...value.matchAll(/(["'`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) => m[2]!);
  return quoted.length > 0 ? quoted : value.split(/[\s,[\]]+/).filter((w) => w !== "");
}

/** The places a configuration text loads code from: its load keys' values and a script's imports. */
function loadedPlaces(text: string): string[] {
  const out: string[] = [];
  // A key, then its value: an inline list up to `]`, else the rest of the line (YAML lists follow as `- x` lines).
  const keyed = new RegExp(
    `(?:^|[\\s{,])["']?(?:${LOAD_KEYS})["']?\\s*[:=]\\s*(\\[[^\\]]*\\]?|[^\\n]*)((?:\\n[ \\t]*-[^\\n]*)*)`,
    "gm",
  );
  for (const m of text.matchAll(keyed))
    out.push(...valueWords(m[1]!.replace(/[{}]/g, " ")), ...valueWords(m[2]!.replace(/^\s*-\s*/gm, " ")));
  for (const m of text.matchAll(
    /\b(?:require|import)\s*\(\s*(["'`])([^"'`]*)\1|\bimport\s+(?:[^"'`;]*?\bfrom\s+)?(["'`])([^"'`]*)\3/g,
  ))
    out.push(m[2] ?? m[4]!);
  return out;
}

/** The modules a tool's configuration text loads from outside the project, as written. */
export function configLoadsFromElsewhere(text: string): string[] {
  return [...new Set(loadedPlaces(text).filter(loadsFromElsewhere))];
}

/**
 * pytest's settings in pytest.ini, setup.cfg, tox.ini or pyproject.toml: `addopts` is a pytest command line of its
 * own (read as one), and `pythonpath` entries outside the project put code nobody read on its import path.
 */
export function pytestSettings(text: string): { readonly commands: string[]; readonly elsewhere: string[] } {
  const commands: string[] = [];
  for (const m of text.matchAll(/^\s*addopts\s*=\s*(\[[^\]]*\]|[^\n]*)/gm)) {
    const v = m[1]!.trim();
    commands.push(`pytest ${v.startsWith("[") || /^["']/.test(v) ? valueWords(v).join(" ") : v}`);
  }
  const elsewhere: string[] = [];
  for (const m of text.matchAll(/^\s*pythonpath\s*=\s*(\[[^\]]*\]|[^\n]*)/gm))
    elsewhere.push(...valueWords(m[1]!).filter(loadsFromElsewhere));
  return { commands, elsewhere };
}

/** An INI or TOML setting's values for the keys given, with the indented lines that continue it (INI lists). */
export function settingValues(text: string, keys: string): string[] {
  const re = new RegExp(`^[ \\t]*["']?(?:${keys})["']?[ \\t]*[=:][ \\t]*([^\\n]*(?:\\n[ \\t]+[^\\n]*)*)`, "gm");
  return [...text.matchAll(re)].map((m) => m[1]!.trim());
}

/** A setting's value without the one pair of quotes TOML or pylint puts around it. */
const unquoted = (v: string): string => v.replace(/^(["'])([\s\S]*)\1$/, "$2").replace(/\\(["'\\])/g, "$1");

/**
 * Python tools' settings that load code at the tool's next run (docs/adr/0858): mypy's `plugins` and `mypy_path`,
 * flake8's `local-plugins` `paths`, hatch's custom hook `path`, pylint's `init-hook` (Python code, read as such, whose
 * places outside the project are put on the import path), and a `pythonpath` set again in pytest's `addopts`
 * (`-o pythonpath=/tmp`, `--override-ini=pythonpath=/tmp`). A module by name loads what is installed; a place
 * outside the project holds code nobody here read.
 */
export function pythonToolSettings(text: string): { readonly hooks: string[]; readonly elsewhere: string[] } {
  const hooks = settingValues(text, "init-hook|init_hook").map(unquoted);
  const placed = [
    ...settingValues(text, "plugins|mypy_path|paths|path").flatMap(valueWords),
    ...hooks.flatMap((h) => [...h.matchAll(/(["'])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) => m[2]!)),
    ...settingValues(text, "addopts").flatMap((a) =>
      [...a.matchAll(/\bpythonpath=(["']?)([^\s"']+)\1/g)].flatMap((m) => m[2]!.split(/[,:]/)),
    ),
  ];
  return { hooks, elsewhere: [...new Set(placed.filter(loadsFromElsewhere))] };
}
