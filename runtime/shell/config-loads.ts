/**
 * Tool configuration files that name modules the tool loads at every run (docs/adr/0818, amended): shx's
 * `.shxrc.json` plugins, babel's presets and plugins, eslint's plugins, parser and `extends`, prettier's plugins,
 * mocha's and nyc's `require`, postcss, swc, stylelint, remark and lint-staged. A module named by an absolute path,
 * a home path or an address is code from outside the project that nobody here read.
 */
import type { PlantedCode } from "./planted-code.ts";

/** The configuration files, in their JSON, YAML or bare spellings (the JavaScript ones are read as code). */
export const TOOL_CONFIG =
  /(?:^|\/)\.(?:shxrc|babelrc|eslintrc|prettierrc|mocharc|nycrc|swcrc|postcssrc|stylelintrc|remarkrc|lintstagedrc)(?:\.json5?|\.ya?ml)?$|(?:^|\/)(?:babel\.config|\.?jest\.config|tsconfig[^/]*)\.json$/;

/** Keys whose values are modules the tool loads. */
const MODULE_KEYS =
  /["']?\b(plugins|presets|require|extends|parser|reporter|reporters|setupFiles\w*|globalSetup|globalTeardown|testEnvironment|transform|processors?|customSyntax)\b["']?\s*[:=][ \t]*((?:\n[ \t]*-[ \t]*[^\n]+)+|\[[^\]]*\]|\{[^}]*\}|"[^"]*"|'[^']*'|[^\s,}\]]+)/g;

/** Absolute, in a home, or an address (`npm:`/`node:` names are packages). */
const OUTSIDE = /^(?:\/|~|\$HOME\b|[a-z][a-z0-9+.-]*:\/\/)/i;

export function configLoads(text: string): PlantedCode[] {
  const out: PlantedCode[] = [];
  for (const m of text.matchAll(MODULE_KEYS))
    for (const v of m[2]!.matchAll(/"([^"]*)"|'([^']*)'|([^\s"'[\]{},]+)/g)) {
      const value = v[1] ?? v[2] ?? v[3]!;
      if (OUTSIDE.test(value))
        out.push({ language: "unread", code: `loads ${value} (\`${m[1]}\`), code from outside the project` });
    }
  return out;
}
