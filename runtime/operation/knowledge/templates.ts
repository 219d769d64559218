/**
 * Project templates fetched from elsewhere (docs/adr/0492). cookiecutter, cruft and copier run the template's own
 * hooks (`hooks/pre_gen_project.py`, copier `_tasks`) while they render it: a template named by its place
 * (`gh:o/t`, a URL, a git remote) is code nobody vetted, run now, as `pip install git+URL` is. A local template runs
 * the project's own code. degit, tiged and giget only copy a repository's files (as `git clone` does): what they
 * write is a fetched tree, so running anything from it later in the same string is a download-run (staged-code.ts).
 */
import { REMOTE_SOURCE, UNVETTED } from "./outside-code.ts";
import { fx, type Program } from "./types.ts";

const RENDER = fx("WRITE", ["read_local", "write_local", "execute"], "code", "template");
const FETCH = fx("WRITE", ["read_external", "write_local"], "network", "template");
/** A copy's operands: the source (a place, or a path read), and the destination tree written when given. */
const INTO_LAST = { positional: "read", last: "write", pathLike: true, remoteCopy: true } as const;

export const TEMPLATES: readonly Program[] = [
  {
    names: ["cookiecutter", "cruft"],
    values: ["-o", "--output-dir", "--config-file", "--checkout", "-c", "--directory", "--replay-file"],
    base: RENDER,
    runsCode: true,
    paths: { positional: "read", pathLike: true, extractsTo: ["-o", "--output-dir"] },
    rules: [{ wordText: REMOTE_SOURCE, then: UNVETTED, paths: { extractsTo: ["-o", "--output-dir"] } }],
  },
  {
    names: ["copier"],
    values: ["-a", "--answers-file", "-r", "--vcs-ref", "-d", "--data", "--data-file", "-x", "--exclude"],
    base: RENDER,
    runsCode: true,
    paths: INTO_LAST,
    rules: [{ wordText: REMOTE_SOURCE, then: UNVETTED, paths: INTO_LAST }],
  },
  // `degit o/r dir` (a bare `o/r` is GitHub), `tiged`, `giget gh:o/r dir`: into the cwd when no directory is given.
  {
    names: ["degit", "tiged", "giget"],
    values: ["--mode", "--provider", "--auth"],
    base: FETCH,
    paths: { extractsTo: [] },
    rules: [
      { minWords: 2, then: FETCH, paths: { ...INTO_LAST, recursive: { degit: true, tiged: true, giget: true } } },
    ],
  },
];
