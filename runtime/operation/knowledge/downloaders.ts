/**
 * Downloaders beyond curl and wget (docs/adr/0371): libwww-perl's `lwp-download`, `lwp-request` and its `GET`,
 * `HEAD` and `POST` aliases, `lwp-mirror`, and `oras pull` of an artifact. What they save is a download, so a later
 * run of it in the same string is the staged-code hard deny (docs/adr/0311), as for `curl -o`.
 */
import { PUBLISH } from "./publication.ts";
import { fx, type Program } from "./types.ts";

const GET = fx("READ", ["read_external"], "network");
const SAVE = fx("WRITE", ["read_external", "write_local"], "network");
const SEND = fx("WRITE", ["write_external", "read_local"], "network");

export const DOWNLOADERS: readonly Program[] = [
  // `lwp-download URL [FILE|DIR]`: the URL's own name in the cwd (or DIR) when no file is given.
  {
    names: ["lwp-download"],
    base: SAVE,
    paths: { positional: "write", skip: 1, remoteName: { dir: [], unless: [] } },
    rules: [{ minWords: 2, then: SAVE, paths: { positional: "write", skip: 1 } }],
  },
  { names: ["lwp-mirror"], base: SAVE, paths: { positional: "write", skip: 1 } },
  // `lwp-request -m METHOD URL` and its aliases print the response; a method with a body sends stdin.
  {
    names: ["lwp-request", "GET", "HEAD"],
    values: ["-m", "-c", "-C", "-t", "-i", "-H", "-P", "-p"],
    base: GET,
    rules: [{ option: { "-m": ["POST", "PUT", "PATCH", "DELETE"] }, then: SEND }],
  },
  { names: ["POST", "PUT"], values: ["-c", "-C", "-t", "-H", "-P", "-p"], base: SEND },
  // An OCI artifact pulled into a directory (`-o`, else the cwd): its files are named by whoever pushed it.
  {
    names: ["oras"],
    values: ["-o", "--output", "-u", "--username", "-p", "--password", "--config", "-a", "--annotation"],
    base: GET,
    rules: [
      { sub: ["pull"], then: SAVE, paths: { extractsTo: ["-o", "--output"] } },
      { sub: ["push"], then: PUBLISH },
      { sub: ["attach"], then: PUBLISH },
      { sub: ["copy"], then: PUBLISH },
      { sub: ["cp"], then: PUBLISH },
    ],
  },
  // IPFS content by its hash (docs/adr/0670): `ipfs get CID -o FILE` saves whatever whoever added it put there,
  // `ipfs cat CID` prints it. `ipfs add` announces local files to the network (docs/adr/0625).
  {
    names: ["ipfs"],
    values: ["-o", "--output", "--api", "-c", "--config", "--timeout"],
    base: GET,
    rules: [
      { sub: ["get"], then: SAVE, paths: { options: { "-o": "write", "--output": "write" } } },
      { sub: ["add"], then: PUBLISH },
    ],
  },
];
