/**
 * A link that opens stored data to whoever holds it (docs/adr/0731): `aws s3 presign s3://b/k`, `gsutil signurl`,
 * `gcloud storage sign-url`, `az storage blob generate-sas`, `b2 get-download-url-with-auth`, `rclone link`, `mc
 * share download`. The URL carries its own credential: anyone it reaches (a log, a
 * chat, a page) reads the object until it expires, without an account and without a trace in the owner's access
 * list. It sends nothing itself, which is why no upload check sees it; what it hands out is the data.
 */
import { ownEntry } from "../../core/index.ts";
import type { SimpleCommand } from "../shell/index.ts";

/** Subcommand words every storage CLI uses for a bearer link: a presigned or signed URL, a shared access signature. */
const LINK_VERB =
  /^(?:presign|signurl|sign-url|signed-url|create-signed-url|generate-sas|generate-presigned-url|create-presigned-[\w-]+|get-download-url-with-auth|get-download-authorization)$/i;
/** Programs whose own word for it is a common one elsewhere (`npm link`, `git share`): only theirs count. */
const OWN_WORDS: Readonly<Record<string, readonly string[]>> = {
  rclone: ["link"],
  mc: ["share"],
  mcli: ["share"],
};

/** The subcommand word that makes a bearer link, as written; null when none. */
export function sharedLink(cmd: SimpleCommand): string | null {
  // The first words that are no option (`aws --profile p s3 presign URL`: an option's value may be among them, a
  // word that names a bearer link is no value anyone gives).
  const verbs = cmd.args.filter((a) => !a.startsWith("-")).slice(0, 4);
  const own = ownEntry(OWN_WORDS, cmd.program) ?? [];
  // `rclone link` takes its options anywhere; its first word is the verb.
  if (own.includes(cmd.args[0] ?? "")) return cmd.args[0] ?? null;
  return verbs.find((v) => LINK_VERB.test(v)) ?? null;
}
