/**
 * A repository's own secrets, kept encrypted in its history (docs/adr/0490). git-crypt, transcrypt, BlackBox and
 * git-secret decrypt them with a key the user holds: into the work tree, where any later command reads them as plain
 * text, or onto the screen. Unlocking, revealing, printing or exporting the key is a credential read like `sops -d`;
 * granting someone a key hands every secret to them. Listing what is encrypted, or locking it again, is not.
 */
import { fx, type Program, type Rule } from "./types.ts";

const DECRYPTED = fx("SECURITY", ["credential_access", "read_local", "write_local"], "crypto", "credentials");
const GRANTED = fx("SECURITY", ["credential_access", "write_local"], "crypto", "credentials", "permissions");
const LISTED = fx("READ", ["read_local"], "crypto");
const LOCKED = fx("WRITE", ["write_local"], "crypto");

const each = (then: Rule["then"], ...subs: string[]): Rule[] => subs.map((s): Rule => ({ sub: [s], then }));

/** The subcommands of git-crypt and git-secret, also run as `git crypt …` and `git secret …` (git.ts). */
export const GIT_CRYPT_RULES: readonly Rule[] = [
  ...each(DECRYPTED, "unlock", "export-key"),
  ...each(GRANTED, "add-gpg-user"),
  ...each(LISTED, "status", "help", "version"),
];
export const GIT_SECRET_RULES: readonly Rule[] = [
  ...each(DECRYPTED, "reveal", "cat"),
  ...each(GRANTED, "tell"),
  ...each(LISTED, "list", "whoknows", "changes", "usage"),
];

export const REPOSITORY_SECRETS: readonly Program[] = [
  { names: ["git-crypt"], base: LOCKED, rules: GIT_CRYPT_RULES },
  { names: ["git-secret"], base: LOCKED, rules: GIT_SECRET_RULES },
  // transcrypt's every mode but the listing configures the clone with the password (and so decrypts) or shows it.
  {
    names: ["transcrypt"],
    values: ["-c", "--cipher", "-p", "--password", "-C", "--context", "-e", "--export-gpg", "-i", "--import-gpg"],
    base: DECRYPTED,
    rules: [{ flag: ["-l", "--list"], then: LISTED }],
  },
  // BlackBox: v1 has one script per verb, v2 one `blackbox` program with the verb as its subcommand.
  {
    names: [
      "blackbox_decrypt_all_files",
      "blackbox_decrypt_file",
      "blackbox_cat",
      "blackbox_view",
      "blackbox_edit",
      "blackbox_edit_start",
      "blackbox_diff",
      "blackbox_postdeploy",
    ],
    base: DECRYPTED,
  },
  { names: ["blackbox_addadmin"], base: GRANTED },
  {
    names: ["blackbox"],
    base: LOCKED,
    rules: [
      ...each(DECRYPTED, "decrypt", "cat", "view", "edit", "diff"),
      { sub: ["admin", "add"], then: GRANTED },
      ...each(LISTED, "status", "info", "admin", "file", "help"),
    ],
  },
];
