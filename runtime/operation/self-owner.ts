/**
 * Files given back to the user who runs the session, named literally (docs/adr/0544): `chown -R dev:dev
 * node_modules` when the session's home is /home/dev is `chown -R "$USER:$USER" node_modules`, which the knowledge
 * already treats as a write (SELF_OWNER, ADR 0338). The user is the home's base name: the one name rulegate knows
 * for the account without asking the system, and the one a home directory is made under. Root's home is /root,
 * so `root:root` is its own only when the session runs as root.
 */
import { posix } from "node:path";
import type { SimpleCommand } from "../shell/index.ts";

const OWNERS: ReadonlySet<string> = new Set(["chown", "chgrp"]);

/** Whether this chown/chgrp gives its files to `user` (and `user`'s group) and to nobody else. */
export function givesToSelf(cmd: SimpleCommand, home: string): boolean {
  if (!OWNERS.has(cmd.program) || cmd.args.some((a) => a.startsWith("--reference"))) return false;
  const user = posix.basename(home);
  if (user === "" || user === "/") return false;
  const spec = cmd.args.find((a) => !a.startsWith("-"));
  if (spec === undefined || (cmd.unknownArgs ?? []).includes(cmd.args.indexOf(spec))) return false;
  if (cmd.program === "chgrp") return spec === user;
  const [owner, group] = spec.split(/[:.]/, 2) as [string, string | undefined];
  return owner === user && (group === undefined || group === "" || group === user);
}
