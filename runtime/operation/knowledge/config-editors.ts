/**
 * Editors of INI, JSON, YAML, TOML and XML files by key (docs/adr/0487): `crudini --set FILE SECTION KEY VALUE`,
 * `dasel put -f FILE`, `xmlstarlet ed -L FILE`, `json -I -f FILE`, `sd FIND REPLACE FILE`. Each rewrites the file it
 * names in place, so the file is a write: the system-file, outside-workspace and protected-path rules then judge
 * it like `sed -i`. What they only read stays a read. augtool edits the system's configuration tree itself.
 */
import { fx, type Program, type Rule } from "./types.ts";

const READS = fx("READ", ["read_local"], "filesystem");
const EDITS = fx("WRITE", ["read_local", "write_local"], "filesystem", "config");

export const CONFIG_EDITORS: readonly Program[] = [
  // `crudini --set|--del|--merge FILE [SECTION] [KEY] [VALUE]`: the first operand is the file, the rest are names.
  {
    names: ["crudini"],
    values: ["--output", "--ini-options"],
    base: READS,
    paths: { positional: "read", pathLike: true },
    rules: [
      {
        flag: ["--set", "--del", "--merge"],
        then: EDITS,
        paths: { positional: "read", first: "write", pathLike: true },
      },
    ],
  },
  // `dasel put|delete -f FILE`: the file given with -f is rewritten unless an output file (`-o`) is named.
  {
    names: ["dasel"],
    values: ["-f", "--file", "-r", "--read", "-w", "--write", "-t", "--type", "-v", "--value", "-s", "--selector"],
    base: READS,
    paths: { options: { "-f": "read", "--file": "read" } },
    rules: [
      ...["put", "delete"].map(
        (verb): Rule => ({
          sub: [verb],
          notFlag: ["-o", "--out"],
          then: EDITS,
          paths: { options: { "-f": "write", "--file": "write" } },
        }),
      ),
    ],
  },
  // `xmlstarlet ed -L|--inplace [edits] FILE…`: every operand after the edit options is rewritten.
  {
    names: ["xmlstarlet", "xml"],
    values: ["-u", "-v", "-d", "-s", "-i", "-a", "-n", "-r", "-m", "-N", "--update", "--value", "--delete"],
    base: READS,
    paths: { positional: "read" },
    rules: [{ sub: ["ed"], flag: ["-L", "--inplace"], then: EDITS, paths: { positional: "write" } }],
  },
  // trentm's `json -I -f FILE -e CODE` edits FILE in place.
  {
    names: ["json"],
    values: ["-f", "-e", "-c", "-d", "-D", "-o", "-k"],
    base: READS,
    paths: { options: { "-f": "read" } },
    rules: [{ flag: ["-I", "--in-place"], then: EDITS, paths: { options: { "-f": "write" } } }],
  },
  // `sd FIND REPLACE FILE…` replaces in place unless previewing (`-p`); with no file it filters stdin.
  {
    names: ["sd"],
    values: ["-f", "--flags", "-n", "--max-replacements"],
    base: EDITS,
    paths: { positional: "write", skip: 2 },
    rules: [{ flag: ["-p", "--preview"], then: READS, paths: { positional: "read", skip: 2 } }],
  },
  // augtool's tree is the system's configuration (`/files/etc/ssh/sshd_config/PermitRootLogin`): changing it
  // changes the host; looking at it reads.
  {
    names: ["augtool"],
    values: ["-r", "--root", "-I", "--include", "-t", "--transform", "-f", "--file", "-l", "--load-file"],
    base: fx("SECURITY", ["write_local"], "system", "config"),
    rules: [
      ...["get", "print", "match", "ls", "dump-xml", "errors", "info", "span", "label"].map(
        (verb): Rule => ({
          sub: [verb],
          then: READS,
        }),
      ),
      { flag: ["-h", "--help", "-V", "--version"], then: READS },
    ],
  },
];
