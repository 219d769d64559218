/**
 * Archive extractors besides tar, unzip, 7z, cpio and ar (filesystem.ts): each unpacks below the directory its
 * destination option names, else the cwd, so everything below that directory may be written (docs/adr/0472):
 * `unsquashfs -f -d / x.sqfs`, `cabextract -d ~/.config x.cab`, `unar -o ~/.local/bin x.rar`. Their listing
 * modes only read.
 */
import { fx, type Program } from "./types.ts";

const W = fx("WRITE", ["write_local"], "filesystem");
const LOOK = fx("READ", ["read_local"], "filesystem");

export const EXTRACTORS: readonly Program[] = [
  {
    names: ["unsquashfs"],
    values: ["-d", "-dest", "-e", "-ef", "-p", "-processors", "-da", "-fr", "-o", "-offset", "-exclude-file"],
    base: W,
    paths: { positional: "read", extractsTo: ["-d", "-dest"] },
    rules: [{ flag: ["-l", "-ls", "-ll", "-lls", "-lln", "-s", "-stat"], then: LOOK, paths: { positional: "read" } }],
  },
  {
    names: ["cabextract"],
    values: ["-d", "--directory", "-F", "--filter", "-e", "--encoding"],
    base: W,
    paths: { positional: "read", extractsTo: ["-d", "--directory"] },
    rules: [{ flag: ["-l", "--list", "-t", "--test"], then: LOOK, paths: { positional: "read" } }],
  },
  {
    names: ["unar"],
    values: ["-o", "-output-directory", "-p", "-password", "-e", "-encoding", "-i", "-indexes"],
    base: W,
    paths: { positional: "read", extractsTo: ["-o", "-output-directory"] },
  },
  { names: ["lsar"], base: LOOK, paths: { positional: "read" } },
  {
    // atool (docs/adr/0566): `-x` and `aunpack` unpack into the cwd, `-X DIR`/`--extract-to=DIR` into DIR; `-l`,
    // `-c` and `-d` list, print and compare, `-a` creates the archive named first from the other operands.
    names: ["atool", "aunpack"],
    values: ["-X", "--extract-to", "-F", "--format", "-O", "--format-option"],
    base: W,
    paths: { positional: "read", extractsTo: ["-X", "--extract-to"] },
    rules: [
      { flag: ["-l", "--list", "-c", "--cat", "-d", "--diff"], then: LOOK, paths: { positional: "read" } },
      { flag: ["-a", "--add"], then: W, paths: { positional: "read", first: "write" } },
    ],
  },
  { names: ["als", "acat", "adiff"], base: LOOK, paths: { positional: "read" } },
  { names: ["apack"], base: W, paths: { positional: "read", first: "write" } },
  // rpm2archive and bsdcpio's kin are covered by cpio's -D; msiextract and innoextract name theirs -C / -d.
  {
    names: ["msiextract"],
    values: ["-C", "--directory"],
    base: W,
    paths: { positional: "read", extractsTo: ["-C", "--directory"] },
    rules: [{ flag: ["-l", "--list"], then: LOOK, paths: { positional: "read" } }],
  },
  {
    names: ["innoextract"],
    values: ["-d", "--output-dir", "-p", "--password"],
    base: W,
    paths: { positional: "read", extractsTo: ["-d", "--output-dir"] },
    rules: [{ flag: ["-l", "--list", "-t", "--test"], then: LOOK, paths: { positional: "read" } }],
  },
  // More unpackers by their own destination options (docs/adr/0634): `ouch decompress x.tgz --dir ~`,
  // `zpaq x a.zpaq -to ~ -force`, `file-roller --extract-to=~ x.zip`, `ark --batch --destination ~ x.tgz`.
  {
    names: ["ouch"],
    values: ["-d", "--dir", "-f", "--format", "-p", "--password", "-l", "--level", "-t", "--threads"],
    base: W,
    paths: { positional: "read" },
    rules: [
      { sub: ["decompress"], then: W, paths: { positional: "read", extractsTo: ["-d", "--dir"] } },
      { sub: ["d"], then: W, paths: { positional: "read", extractsTo: ["-d", "--dir"] } },
      { sub: ["compress"], then: W, paths: { positional: "read", last: "write" } },
      { sub: ["c"], then: W, paths: { positional: "read", last: "write" } },
      { sub: ["list"], then: LOOK, paths: { positional: "read" } },
      { sub: ["l"], then: LOOK, paths: { positional: "read" } },
    ],
  },
  {
    names: ["zpaq"],
    values: ["-to", "-until", "-method", "-threads", "-key", "-not", "-only"],
    base: W,
    paths: { positional: "read", first: "write" },
    rules: [
      { sub: ["x"], then: W, paths: { positional: "read", extractsTo: ["-to"] } },
      { sub: ["l"], then: LOOK, paths: { positional: "read" } },
      { sub: ["list"], then: LOOK, paths: { positional: "read" } },
    ],
  },
  {
    names: ["file-roller", "engrampa"],
    values: ["-e", "--extract-to", "-a", "--add-to"],
    base: W,
    paths: { positional: "read", extractsTo: ["-e", "--extract-to"] },
    rules: [
      {
        flag: ["-a", "--add-to", "-d", "--add"],
        then: W,
        paths: { positional: "read", options: { "-a": "write", "--add-to": "write" } },
      },
    ],
  },
  {
    names: ["ark"],
    values: ["-o", "--destination", "-a", "--add-to", "--mimetypes"],
    base: W,
    paths: { positional: "read", extractsTo: ["-o", "--destination"] },
  },
  // Disk ARchiver: `-x` restores below `-R ROOT` (else the cwd), `-c` archives the tree below `-R ROOT`, `-g` only
  // picking subtrees of it; `-l` and `-t` list and test.
  {
    names: ["dar"],
    values: [
      "-c",
      "--create",
      "-x",
      "--extract",
      "-R",
      "--fs-root",
      "-g",
      "--go-into",
      "-l",
      "--list",
      "-t",
      "--test",
      "-A",
      "--ref",
      "-I",
      "-X",
      "-P",
    ],
    base: W,
    paths: { positional: "read" },
    rules: [
      { flag: ["-l", "--list", "-t", "--test", "-d", "--diff"], then: LOOK, paths: { positional: "read" } },
      { flag: ["-x", "--extract"], then: W, paths: { positional: "read", extractsTo: ["-R", "--fs-root"] } },
      {
        flag: ["-c", "--create"],
        then: W,
        // Every file below ROOT is read, as a served tree is: the role's read of a whole tree.
        paths: { options: { "-c": "write", "--create": "write" }, served: { options: ["-R", "--fs-root"] } },
      },
    ],
  },
  // unp unpacks into the cwd by the archive's type; words after `--` go to the unpacker it picks (`-C DIR`, `-d DIR`,
  // `-o DIR`), which may place the files anywhere (docs/adr/0780).
  {
    names: ["unp"],
    base: W,
    paths: { positional: "read", extractsTo: ["."] },
    rules: [{ text: /^--$/, then: W, paths: { positional: "read", extractsTo: ["/"] } }],
  },
  // lha's command letters carry the folder it extracts into (`xw=DIR`): one outside the project writes there.
  {
    names: ["lha", "lhasa"],
    base: W,
    paths: { positional: "read" },
    rules: [
      { firstWord: /^-?[a-z]*[lv][a-z]*$/, then: LOOK, paths: { positional: "read", skip: 1 } },
      {
        firstWord: /^-?[a-z]*w=(?:\/|~|\$|.*\.\.)/,
        then: W,
        paths: { positional: "read", skip: 1, extractsTo: ["/"] },
      },
      { firstWord: /^-?[a-z]*[xe]/, then: W, paths: { positional: "read", skip: 1, extractsTo: ["."] } },
    ],
  },
  // Nixpacks and Cloud Native Buildpacks build an image from a folder, every file of it (docs/adr/0692).
  {
    names: ["nixpacks"],
    base: fx("WRITE", ["execute", "write_local"], "container"),
    rules: [
      {
        sub: ["build"],
        then: fx("WRITE", ["execute", "write_local"], "container"),
        paths: { positional: "read", pathLike: true, recursive: { nixpacks: true } },
      },
    ],
  },
];
