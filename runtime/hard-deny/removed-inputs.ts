/**
 * Programs that remove what they are given while doing something else (docs/adr/0322): archivers that move their
 * inputs into the archive (`tar --remove-files`, `zip -m`, `7z a -sdel`), `rsync --remove-source-files`, and the
 * trash commands (`gio trash`, `trash-put`, `rip`, `kioclient remove`). Each removes whole trees, like `rm -r`: the recursive-delete checks
 * judge these words as they judge `rm -rf`'s (outside the workspace, the root, a home).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { operands } from "./commands.ts";
import { belowListDir, stdinNames } from "../operation/index.ts";

/** Options that take the next word, per program. */
const TAR_VALUED = [
  "-f",
  "--file",
  "-C",
  "--directory",
  "-T",
  "--files-from",
  "-X",
  "--exclude-from",
  "-b",
  "--blocking-factor",
  "-H",
  "--format",
  "-g",
  "--listed-incremental",
  "-K",
  "-L",
  "-N",
  "-V",
  "--label",
  "-I",
  "--use-compress-program",
];
/** tar's old-style letters that take the next word (`tar cfC x.tar dir …`). */
const TAR_OLD_VALUED = "fCTXbHgKLNVI";
const ZIP_VALUED = ["-b", "-t", "-tt", "-n", "-P", "-Z", "-O", "--out", "-x", "-i", "-s", "-sp"];
const RSYNC_VALUED = [
  "-e",
  "--rsh",
  "-f",
  "--filter",
  "-T",
  "--temp-dir",
  "-B",
  "--block-size",
  "-M",
  "--remote-option",
  "--port",
  "--exclude",
  "--include",
];
const TRASHERS = new Set(["trash-put", "trash", "gvfs-trash", "rmtrash", "trash-cli", "rip"]);
const KIO_CLIENTS = new Set(["kioclient", "kioclient5", "kioclient6"]);
const SEVEN_ZIP = new Set(["7z", "7za", "7zr", "7zz"]);

/** Words naming what the command removes besides what it writes; [] for any other command. */
export function removedInputs(cmd: SimpleCommand): readonly string[] {
  const p = cmd.program;
  const args = cmd.args;
  if ((p === "tar" || p === "bsdtar") && args.some((a) => /^--remove-f(?:i(?:l(?:e(?:s)?)?)?)?$/.test(a)))
    return tarMembers(cmd);
  if (p === "zip" && args.some((a) => a === "--move" || /^-[a-zA-Z0-9]*m[a-zA-Z0-9]*$/.test(a)))
    return operands(cmd, ZIP_VALUED).slice(1);
  if (SEVEN_ZIP.has(p) && args.some((a) => a.toLowerCase() === "-sdel")) return operands(cmd).slice(2);
  if (p === "rsync" && args.some((a) => /^--remove-(?:source-files|sent-files)$/.test(a))) {
    const ops = operands(cmd, RSYNC_VALUED);
    return ops.slice(0, -1).filter((w) => !/^[^/]*:/.test(w));
  }
  if (p === "gio") {
    const ops = operands(cmd);
    if (ops[0] === "trash" || ops[0] === "remove" || ops[0] === "rm") return ops.slice(1);
    if (ops[0] === "move" || ops[0] === "mv") return ops.slice(1, -1);
  }
  if (p === "gtrash" && operands(cmd)[0] === "put") return operands(cmd).slice(1);
  // KDE's file manager from the command line (docs/adr/0633): `kioclient5 remove ~/Documents`, a move to `trash:/`.
  if (KIO_CLIENTS.has(p)) {
    const ops = operands(cmd);
    if (ops[0] === "remove" || ops[0] === "rm") return ops.slice(1);
    if (ops[0] === "move" || ops[0] === "mv") return ops.slice(1, -1);
  }
  if (TRASHERS.has(p)) return operands(cmd);
  return [];
}

/** The members of a tar command, joined to its `-C` directory where one precedes them (`-C ~ Documents`). */
function tarMembers(cmd: SimpleCommand): readonly string[] {
  const args = cmd.args;
  const out: string[] = [];
  let dir: string | null = null;
  let start = 0;
  // Old style: `tar cf ARCHIVE …`, the letters that take a value consume the words after the first.
  const first = args[0] ?? "";
  if (first !== "" && !first.startsWith("-") && /^[A-Za-z]+$/.test(first)) {
    start = 1 + [...first].filter((c) => TAR_OLD_VALUED.includes(c)).length;
  }
  for (let i = start; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-C" || a === "--directory") {
      dir = args[++i] ?? null;
      continue;
    }
    if (a.startsWith("--directory=")) {
      dir = a.slice("--directory=".length);
      continue;
    }
    if (TAR_VALUED.includes(a)) {
      i++;
      continue;
    }
    if (/^-[A-Za-z]+$/.test(a)) {
      // A cluster: a value letter takes the rest of it, or the next word (`-cf x.tar`, `-Cdir`).
      const at = [...a.slice(1)].findIndex((c) => TAR_OLD_VALUED.includes(c));
      if (at >= 0) {
        const letter = a[at + 1]!;
        const rest = a.slice(at + 2);
        const value = rest !== "" ? rest : (args[++i] ?? "");
        if (letter === "C") dir = value;
      }
      continue;
    }
    if (a.startsWith("-") && a !== "-") continue;
    out.push(dir === null || a.startsWith("/") || a.startsWith("~") ? a : `${dir.replace(/\/$/, "")}/${a}`);
  }
  // The names read from stdin (`printf '~/.bashrc\n' | tar cf x.tar -T - --remove-files`) are members too, each
  // below the directory its list or the command put it (docs/adr/0786).
  if (cmd.stdin?.text != null && listsStdin(args))
    for (const n of stdinNames(cmd.stdin.text)) out.push(belowListDir({ name: n.name, dir: n.dir ?? dir }));
  return out;
}

/** `-T -`, `--files-from=-`, `-T /dev/stdin`, `-T-`: tar reads the names of its members from stdin. */
function listsStdin(args: readonly string[]): boolean {
  const stdin = (v: string | undefined): boolean => v === "-" || v === "/dev/stdin" || v === "/dev/fd/0";
  return args.some(
    (a, i) =>
      ((a === "-T" || a === "--files-from") && stdin(args[i + 1])) ||
      stdin(/^--files-from=(.*)$/.exec(a)?.[1]) ||
      stdin(/^-[A-Za-z]*T(.+)$/.exec(a)?.[1]),
  );
}
