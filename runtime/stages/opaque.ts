/**
 * The first invariant of docs/explanation/decision-order.md: opaque code is never allowed. Step 2 denies it when its readable part
 * shows a dangerous intent; step 4 never lets an allow pattern, a level mapped to allow/log, the classifier or
 * `settings.default` allow it, so it gates at least. Not a catalogue check: no policy can turn it off
 * (docs/adr/0109).
 */
import type { Policy } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import { credentialHit } from "./ports.ts";

/** The name a hard deny of opaque code carries in `check`. */
export const OPAQUE_CHECK = "opaque-code";

/** What could not be read, for a reason. */
export function opaqueText(op: Operation): string | null {
  return op.opaque === null ? null : `the command cannot be read (${op.opaque.reasons.join("; ")})`;
}

/** Why opaque code is denied outright: what the readable part shows, or null (then it gates at least). */
export function opaqueIntent(op: Operation, policy: Policy, home: string): string | null {
  const text = opaqueText(op);
  if (op.opaque === null || text === null) return null;
  if (op.opaque.intent !== null) return `${text}, and ${op.opaque.intent}`;
  const cred =
    policy.paths.credentials.length === 0
      ? null
      : credentialHit({ ...op, paths: op.opaque.paths }, policy.paths.credentials, home);
  return cred === null ? null : `${text}, and it names the credential path ${cred}`;
}
