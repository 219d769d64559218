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
    if (!/\s/.test(text) && !text.includes("://") && PATHISH.test(text) && !out.includes(text)) out.push(text);
  }
  return out;
}
