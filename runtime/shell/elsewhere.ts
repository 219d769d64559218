/**
 * A place outside the project, as a file that runs names it: absolute, in a home (`~`, `$HOME`, make's `$(HOME)`),
 * above the project (`..`, `../x`), or an address; quotes and a YAML list's `- ` before it skipped. One reading for
 * make's `include` (docs/adr/0824), Taskfile `includes:` and lefthook's `extends:` (0818). A tool's settings, which
 * may extend a monorepo's root, read package-settings.ts' loadsFromElsewhere instead (docs/adr/0844).
 */
export function outsideProject(value: string): boolean {
  return /^\s*-?\s*["']?(?:\/|~|\.\.(?:\/|$)|\$[({]?HOME\b[)}]?|[a-z][a-z0-9+.-]*:\/\/)/i.test(value);
}
