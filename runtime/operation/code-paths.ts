import { ownEntry } from "../../core/index.ts";
/**
 * Paths named inside interpreter one-liners (`python -c "open('~/.ssh/id_rsa')"`, `node -e "fs.readFileSync('.env')"`).
 * The code is another language, so this only looks at its quoted string literals (never at bash text), and
 * keeps those that look like paths: they count as reads, so the credential list and the sandbox see what
 * the code may open. Cautious by design: a literal that is only printed is still a mention.
 */
const LITERAL = /'((?:[^'\\\n]|\\.){1,4096})'|"((?:[^"\\\n]|\\.){1,4096})"/g;
const PATHISH = /^(?:~|\.{1,2})?\/|^\.[A-Za-z0-9_-]+|\/\.[A-Za-z0-9_-]+/;
const MAX_CODE = 100_000;

export function codePaths(code: string): string[] {
  if (code.length > MAX_CODE) return [];
  const out: string[] = [];
  for (const m of code.matchAll(LITERAL)) {
    const text = (m[1] ?? m[2] ?? "").replace(/\\(.)/g, "$1");
    if (looksLikePathLiteral(text) && !out.includes(text)) out.push(text);
  }
  return out;
}

/** A string that names a path without doubt: absolute, `~`, `./`, `../`, a dotfile, or with a `/.` segment; no blanks, no URL. */
export function looksLikePathLiteral(text: string): boolean {
  return !/\s/.test(text) && !text.includes("://") && PATHISH.test(text);
}

/**
 * Path literals an interpreter one-liner writes, where the call shows it: `open('x', 'w')`, `Path('x').write_text`,
 * `shutil.copy(a, 'x')`, `os.rename(a, 'x')`, `fs.writeFileSync('x')`, `fs.copyFileSync(a, 'x')`. Like the
 * destructive-call scan (shell/interpreters.ts) this reads only the code string. Code that builds its paths
 * at run time is not seen (a literal it only reads stays a read).
 */
const Q = String.raw`(['"])((?:(?!\1)[^\\\n]|\\.){1,4096})\1`;
const SECOND = String.raw`\(\s*(['"])(?:(?!\1)[^\\\n]|\\.)*\1\s*,\s*(['"])((?:(?!\2)[^\\\n]|\\.){1,4096})\2`;
const WRITERS: Readonly<Record<string, readonly RegExp[]>> = {
  python: [
    new RegExp(String.raw`\bopen\(\s*${Q}\s*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+][^'"]*['"]`, "g"),
    new RegExp(
      String.raw`\bPath\(\s*${Q}\s*\)\s*\.\s*(?:write_text|write_bytes|touch|mkdir|unlink|rmdir|rename|replace|symlink_to|hardlink_to|chmod)\b`,
      "g",
    ),
    new RegExp(
      String.raw`\bos\s*\.\s*(?:remove|unlink|rmdir|removedirs|makedirs|mkdir|chmod|chown|truncate)\(\s*${Q}`,
      "g",
    ),
  ],
  javascript: [
    new RegExp(
      String.raw`\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|mkdirSync|mkdir|rmSync|rm|unlinkSync|unlink|truncateSync|truncate|chmodSync|chmod)\(\s*${Q}`,
      "g",
    ),
  ],
  perl: [
    // open(FH, '>', 'x') and open(FH, '>>x'): the three- and two-argument forms of a write.
    new RegExp(String.raw`\bopen\s*\(?\s*[^,()]+,\s*['"](?:\+?>{1,2}|\+<)['"]\s*,\s*${Q}`, "g"),
    new RegExp(String.raw`\bopen\s*\(?\s*[^,()]+,\s*(['"])\+?>{1,2}\s*((?:(?!\1)[^\\\n]|\\.){1,4096})\1`, "g"),
    new RegExp(String.raw`\b(?:unlink|mkdir|rmdir|truncate)\s*\(?\s*${Q}`, "g"),
  ],
  ruby: [
    new RegExp(String.raw`\b(?:File|IO)\s*\.\s*(?:write|binwrite|delete|unlink|truncate)\s*\(?\s*${Q}`, "g"),
    new RegExp(String.raw`\bFile\s*\.\s*open\s*\(\s*${Q}\s*,\s*['"][^'"]*[wa+][^'"]*['"]`, "g"),
    new RegExp(
      String.raw`\bFileUtils\s*\.\s*(?:rm|rm_r|rm_rf|rm_f|remove|remove_dir|mkdir|mkdir_p|makedirs|touch|rmdir)\s*\(?\s*${Q}`,
      "g",
    ),
  ],
};
/** Calls whose second argument is the path written: a copy's or a move's destination. */
const DESTINATIONS: Readonly<Record<string, RegExp>> = {
  python: new RegExp(
    String.raw`\b(?:shutil\s*\.\s*(?:copy|copy2|copyfile|copytree|move)|os\s*\.\s*(?:rename|replace|symlink|link))${SECOND}`,
    "g",
  ),
  javascript: new RegExp(
    String.raw`\b(?:copyFileSync|copyFile|renameSync|rename|symlinkSync|symlink|cpSync|cp|linkSync|link)${SECOND}`,
    "g",
  ),
  perl: new RegExp(String.raw`\b(?:rename|copy|move|symlink|link)${SECOND}`, "g"),
  ruby: new RegExp(
    String.raw`\b(?:File\s*\.\s*(?:rename|symlink|link)|FileUtils\s*\.\s*(?:cp|cp_r|mv|move|copy|ln|ln_s|ln_sf|install))${SECOND}`,
    "g",
  ),
};

export function codeWrites(language: string, code: string): string[] {
  if (code.length > MAX_CODE) return [];
  const out: string[] = [];
  const add = (text: string | undefined) => {
    const path = (text ?? "").replace(/\\(.)/g, "$1");
    if (path !== "" && !out.includes(path)) out.push(path);
  };
  for (const re of ownEntry(WRITERS, language) ?? []) for (const m of code.matchAll(re)) add(m[2]);
  const dest = ownEntry(DESTINATIONS, language);
  if (dest !== undefined) for (const m of code.matchAll(dest)) add(m[3]);
  return out;
}
