/**
 * Programs that write files named as plain operands (docs/adr/0471): media and document converters write their
 * output (`convert in.png out.jpg`, `magick xc:white ~/x.jpg`, `qpdf in.pdf out.pdf`), in-place editors and
 * optimizers rewrite every operand (`mogrify`, `exiftool -all=`, `jpegoptim`), renamers change every name they
 * are given (`rename 's/.*\/x/' ~/Documents/*`, `mmv 'a/*' 'b/#1'`, `vidir DIR`), and `script` writes its
 * typescript. ffmpeg's and sox's outputs are read off their words in output-options.ts.
 */
import { fx, type Program } from "./types.ts";

const W = fx("WRITE", ["write_local"], "filesystem");
const LOOK = fx("READ", ["read_local"], "filesystem");

/** ImageMagick's and GraphicsMagick's converters: the inputs, then the output last. */
const LAST_OUT = { positional: "read", last: "write" } as const;

export const CONVERTERS: readonly Program[] = [
  { names: ["convert", "montage", "composite", "compare", "conjure"], base: W, paths: LAST_OUT },
  {
    names: ["magick"],
    base: W,
    paths: LAST_OUT,
    rules: [
      { sub: ["identify"], then: LOOK, paths: { positional: "read" } },
      { sub: ["mogrify"], flag: ["-path"], then: W, paths: { positional: "read", options: { "-path": "write" } } },
      { sub: ["mogrify"], then: W, paths: { positional: "write" } },
    ],
    values: ["-path"],
  },
  {
    names: ["gm"],
    base: W,
    paths: LAST_OUT,
    rules: [{ sub: ["identify"], then: LOOK, paths: { positional: "read" } }],
  },
  // mogrify rewrites its operands in place, unless -path names where the results go.
  {
    names: ["mogrify"],
    values: ["-path"],
    base: W,
    paths: { positional: "write" },
    rules: [{ flag: ["-path"], then: W, paths: { positional: "read", options: { "-path": "write" } } }],
  },
  {
    names: ["heif-convert", "cjxl", "djxl", "avifenc", "avifdec", "img2pdf", "ps2pdf", "pdf2ps"],
    base: W,
    paths: LAST_OUT,
  },
  // qpdf IN OUT; --replace-input rewrites IN.
  {
    names: ["qpdf"],
    base: W,
    paths: LAST_OUT,
    rules: [{ flag: ["--replace-input"], then: W, paths: { positional: "write" } }],
  },
  // ffmpeg reads its `-i` inputs and sox its first operands; what they write is read off their words (output-options.ts).
  { names: ["ffmpeg", "avconv"], values: ["-i"], base: W, paths: { options: { "-i": "read" } } },
  { names: ["sox", "rec"], base: W, paths: { positional: "read" } },
  { names: ["ffprobe", "soxi"], base: LOOK, paths: { positional: "read" } },
  // Optimizers and metadata editors that rewrite the files they are given.
  { names: ["jpegoptim", "optipng", "oxipng", "advpng", "pngcrush", "svgo"], base: W, paths: { positional: "write" } },
  {
    names: ["exiftool"],
    values: ["-o", "-tagsFromFile", "-TagsFromFile", "-w"],
    base: LOOK,
    paths: { positional: "read" },
    // An assignment (`-all=`, `-Comment=x`, `-tagsFromFile`) writes every operand, unless -o names the copy.
    rules: [
      { flag: ["-o"], then: W, paths: { positional: "read", options: { "-o": "write" } } },
      { text: /^-[\w:-]*[+-]?[=<]/, then: W, paths: { positional: "write" } },
      { flag: ["-tagsFromFile", "-TagsFromFile"], then: W, paths: { positional: "write" } },
    ],
  },
  // Renamers: every operand after the expression gets a new name (perl rename; util-linux `rename FROM TO FILES`
  // names one more word first, read here as a file too).
  {
    names: ["rename", "prename", "perl-rename", "file-rename", "rename.ul"],
    values: ["-e", "-E"],
    base: W,
    paths: { positional: "write", skipUnless: ["-e", "-E"], skip: 1 },
    rules: [{ flag: ["-n", "--nono", "--dry-run", "--no-act"], then: LOOK, paths: { positional: "read", skip: 1 } }],
  },
  // mmv FROM TO moves (or with -c/-a/-l/-s copies, appends, links) every file FROM matches into TO's names.
  {
    names: ["mmv"],
    base: W,
    paths: { positional: "delete", last: "write" },
    rules: [{ flag: ["-c", "-a", "-l", "-s", "-n"], then: W, paths: { positional: "read", last: "write" } }],
  },
  // Editors of names: every entry of the directories (or the files) given may be renamed or deleted.
  { names: ["vidir", "qmv"], base: W, paths: { positional: "write" } },
  // script [-c CMD] [FILE]: the typescript (and -O/-I/-B/-T logs) it writes; the command is peeled (runners.ts).
  {
    names: ["script"],
    values: [
      "-c",
      "--command",
      "-E",
      "--echo",
      "-I",
      "--log-in",
      "-O",
      "--log-out",
      "-B",
      "--log-io",
      "-T",
      "--log-timing",
      "-m",
      "--logging-format",
    ],
    base: W,
    paths: {
      positional: "write",
      options: {
        "-I": "write",
        "--log-in": "write",
        "-O": "write",
        "--log-out": "write",
        "-B": "write",
        "--log-io": "write",
        "-T": "write",
        "--log-timing": "write",
      },
    },
  },
];
