/**
 * The hard-deny catalogue: every implemented check by name, in the order they are tried. This table is
 * the list of names; rules/builtin/defaults.yaml must name exactly these (a test holds them equal, and
 * the compiler validates policy files against the defaults: ADR 0095).
 */
import { authorizedKeysWrite, agentSettingsEdit, rulegateConfigEdit, shellProfileWrite } from "./config-files.ts";
import { forkBomb, interpreterDestructive, pipeToShell } from "./code.ts";
import { blockDeviceWrite, filesystemFormat } from "./disks.ts";
import { systemPermissionChange } from "./permissions.ts";
import { destructiveOutsideWorkspace } from "./outside-workspace.ts";
import { persistence } from "./persistence.ts";
import { containerHostWrite } from "./container-host.ts";
import { privilegeEscalation } from "./privilege.ts";
import { recursiveDeleteRoot } from "./recursive-delete.ts";
import { reverseShell } from "./reverse-shell.ts";
import { credentialRead } from "./secrets.ts";
import { rulegateSelfControl } from "./self-control.ts";
import { tlsWeakening } from "./tls.ts";
import type { Check } from "./types.ts";

export const CATALOGUE: readonly { readonly name: string; readonly check: Check }[] = [
  { name: "recursive-delete-root", check: recursiveDeleteRoot },
  { name: "filesystem-format", check: filesystemFormat },
  { name: "block-device-write", check: blockDeviceWrite },
  { name: "fork-bomb", check: forkBomb },
  { name: "system-permission-change", check: systemPermissionChange },
  { name: "privilege-escalation", check: privilegeEscalation },
  { name: "container-host-write", check: containerHostWrite },
  { name: "rulegate-config-edit", check: rulegateConfigEdit },
  { name: "rulegate-self-control", check: rulegateSelfControl },
  { name: "agent-settings-edit", check: agentSettingsEdit },
  { name: "authorized-keys-write", check: authorizedKeysWrite },
  { name: "shell-profile-write", check: shellProfileWrite },
  { name: "persistence", check: persistence },
  { name: "destructive-outside-workspace", check: destructiveOutsideWorkspace },
  { name: "credential-read", check: credentialRead },
  { name: "tls-weakening", check: tlsWeakening },
  { name: "interpreter-destructive", check: interpreterDestructive },
  { name: "reverse-shell", check: reverseShell },
  { name: "pipe-to-shell", check: pipeToShell },
];
