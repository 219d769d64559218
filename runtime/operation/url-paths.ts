/** Local names that URLs stand for: the file a `file:` URL names, and the name a download is saved under. */

/** The path of a `file:` URL (`file:///etc/passwd`, `FILE://localhost/x`), or null for any other word. */
export function fileUrlPath(word: string): string | null {
  const m = /file:(?:\/\/[^/]*)?(\/[^\s]*)/i.exec(word);
  return m === null || m[1] === undefined ? null : decoded(m[1]);
}

/**
 * The file an AWS CLI parameter loads (docs/adr/0673): `file://PATH` as text, `fileb://PATH` as bytes, PATH as
 * written (`file://.env` is the cwd's `.env`, `file:///etc/x` an absolute path), also as a shorthand's value
 * (`Body=fileb://x`). Null for any other word.
 */
export function awsFilePath(word: string): string | null {
  const m = /^(?:[^=\s]*=)?fileb?:\/\/(\S+)$/i.exec(word);
  return m?.[1] === undefined ? null : decoded(m[1]);
}

/** The file name `curl -O` and `wget` save a URL under: its last path segment, `index.html` when empty. */
export function remoteFileName(url: string): string {
  let segment = "";
  try {
    segment = new URL(url).pathname.split("/").at(-1) ?? "";
  } catch {
    // not a URL the fetcher could read either; the default name stands
  }
  return segment === "" ? "index.html" : decoded(segment);
}

/** Percent-escapes decoded where they decode (a lone `%` stays as written, as the tools keep it). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
