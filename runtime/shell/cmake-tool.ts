/**
 * `cmake -E SUBCOMMAND ARGS…`: CMake's portable command mode is the coreutils it names. `cmake -E rm -rf ~/.config`
 * deletes as `rm -rf ~/.config` does, `cmake -E copy a /etc/x` writes as `cp` does (docs/adr/0468). Each
 * subcommand is rewritten to the command it stands for, so every check sees the usual program; `env` and
 * `chdir DIR CMD` run another command. Subcommands nobody described here run as `cmake -E` itself.
 */
import { ownEntry } from "../../core/index.ts";
import type { Word } from "./words.ts";

const lit = (value: string): Word => ({ value, dynamic: false, raw: value });

/** Subcommand → the program and leading words it stands for. */
const AS: Readonly<Record<string, readonly string[]>> = {
  rm: ["rm"],
  remove: ["rm"],
  remove_directory: ["rm", "-r"],
  copy: ["cp"],
  copy_if_different: ["cp"],
  copy_if_newer: ["cp"],
  copy_directory: ["cp", "-r"],
  copy_directory_if_different: ["cp", "-r"],
  copy_directory_if_newer: ["cp", "-r"],
  rename: ["mv"],
  create_symlink: ["ln", "-s"],
  create_hardlink: ["ln"],
  make_directory: ["mkdir", "-p"],
  touch: ["touch"],
  touch_nocreate: ["touch", "-c"],
  cat: ["cat"],
  tar: ["tar"],
  env: ["env"],
  echo: ["echo"],
  echo_append: ["echo", "-n"],
  md5sum: ["md5sum"],
  sha1sum: ["sha1sum"],
  sha256sum: ["sha256sum"],
  sha512sum: ["sha512sum"],
  time: ["time"],
  sleep: ["sleep"],
  true: ["true"],
  false: ["false"],
};

/**
 * The command `cmake -E …` stands for, with the label of the wrapper; null when these are no `-E` words.
 * `chdir DIR CMD…` gives the command and the directory it runs in.
 */
export function cmakeTool(
  args: readonly Word[],
): { readonly words: readonly Word[]; readonly workdir: Word | null } | null {
  if (args[0]?.value !== "-E" || args[1] === undefined) return null;
  const sub = args[1].value;
  const rest = args.slice(2);
  if (sub === "chdir") return rest.length < 2 ? null : { words: rest.slice(1), workdir: rest[0]! };
  const as = ownEntry(AS, sub);
  if (as === undefined) return null;
  // `cmake -E remove -f x`: its `-f` is rm's; `copy_directory a b` copies trees, as `cp -r a b`.
  return { words: [...as.map(lit), ...rest], workdir: null };
}
