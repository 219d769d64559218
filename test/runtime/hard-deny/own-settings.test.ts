import { beforeAll, describe, expect, it } from "vitest";
import { OWN_SETTINGS } from "../../../runtime/normalize/index.ts";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

/** The last letter of a name made a glob: `.mcp.json` → `.mcp.jso?`. */
const globbed = (name: string): string => `${name.slice(0, -1)}?`;

/** One table for the checks and the glob-word candidates (docs/adr/0324): every name is denied either way. */
describe("agent, rulegate and SSH login names, written literally or as a glob word", () => {
  const cases: [string, string][] = [
    ...OWN_SETTINGS.AGENT_HOME.map((n): [string, string] => [`~/${n}`, "agent-settings-edit"]),
    ...OWN_SETTINGS.AGENT_ANYWHERE.map((n): [string, string] => [n, "agent-settings-edit"]),
    ...OWN_SETTINGS.AGENT_ANYWHERE.map((n): [string, string] => [`~/${n}`, "agent-settings-edit"]),
    ...OWN_SETTINGS.RULEGATE_ANYWHERE.map((n): [string, string] => [`${n}/policy.yaml`, "rulegate-config-edit"]),
    ...OWN_SETTINGS.RULEGATE_HOME.map((n): [string, string] => [`~/${n}/rules.yaml`, "rulegate-config-edit"]),
    ...OWN_SETTINGS.AUTHORIZED_KEYS_HOME.map((n): [string, string] => [`~/${n}`, "authorized-keys-write"]),
  ];
  it.each(cases)("%s is %s", (path, check) => {
    const file = /\.(?:json|yaml)$|authorized_keys2?$/.test(path) ? path : `${path}/x.json`;
    expect(judge(d.bash(`echo x > ${file}`))?.check).toBe(check);
    expect(judge(d.bash(`echo x > ${globbed(file)}`))?.check).toBe(check);
  });
});
