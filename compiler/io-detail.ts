/** A file-system error in words that do not depend on the machine (no absolute paths). */
export function ioDetail(err: unknown): string {
  const code = err instanceof Error && "code" in err ? String(err.code) : "";
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    default:
      return code !== "" ? code : err instanceof Error ? err.message : String(err);
  }
}
