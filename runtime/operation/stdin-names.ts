/**
 * The names a program reads from stdin, one per line (`tar -T -`, `zip -@`, `cpio -o`; docs/adr/0786). GNU tar
 * splits a list on NUL as well as on newlines when it meets one (`--null`), and honours option lines in it: a
 * `-C DIR` line (or `-C` with DIR on the next line) moves the names after it below DIR. Other option lines name
 * nothing. Each name keeps the directory it is read below (null: the command's own).
 */
export interface StdinName {
  readonly name: string;
  readonly dir: string | null;
}

export function stdinNames(text: string): StdinName[] {
  const out: StdinName[] = [];
  let dir: string | null = null;
  const lines = text
    .split(/[\n\0]/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const change = /^(?:-C|--directory)(?:[ =]?)(.*)$/.exec(line);
    if (change !== null) {
      dir = change[1]!.trim() !== "" ? change[1]!.trim() : (lines[++i] ?? null);
      continue;
    }
    if (line.startsWith("-")) continue;
    out.push({ name: line, dir });
  }
  return out;
}

/** A name joined to the directory its list put it below, unless absolute or in the home. */
export function belowListDir(n: StdinName): string {
  return n.dir === null || n.name.startsWith("/") || n.name.startsWith("~")
    ? n.name
    : `${n.dir.replace(/\/+$/, "")}/${n.name}`;
}
