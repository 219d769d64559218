import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import rulegate from "../../../adapters/pi/index.ts";

/**
 * Issue 16 §3 and §4 in pi (docs/adr/0265, 0266), through the extension itself with a fake pi: a gated call
 * offered an "always" pattern is asked with a select of three; "always" stores the pattern in the user's
 * `.rulegate/rules.local.yaml` and the next call like it passes without a dialog. `report_skill_safety` only
 * tightens: a lower report changes nothing, a higher one gates.
 */
const RULES = 'version: 1\nsettings: { default: allow }\npermissions:\n  ask: ["bash(npm run *)"]\n';

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
interface Tool {
  name: string;
  execute: (id: string, params: unknown, s: unknown, u: unknown, ctx: unknown) => Promise<unknown>;
}

function fakePi(answers: { select?: (title: string, options: string[]) => string | undefined }) {
  const handlers = new Map<string, Handler>();
  const tools = new Map<string, Tool>();
  const entries: { type: string; customType: string; data: unknown }[] = [];
  const dialogs: { kind: string; title: string; options?: string[] }[] = [];
  const dir = mkdtempSync(join(tmpdir(), "rulegate-pi-always-"));
  writeFileSync(join(dir, "rules.yaml"), RULES);
  const ctx = {
    cwd: dir,
    hasUI: true,
    ui: {
      confirm: async (title: string) => {
        dialogs.push({ kind: "confirm", title });
        return true;
      },
      select: async (title: string, options: string[]) => {
        dialogs.push({ kind: "select", title, options });
        return answers.select?.(title, options);
      },
      notify: () => undefined,
    },
    sessionManager: {
      getSessionId: () => "s1",
      getBranch: () => entries,
      getSessionDir: () => join(dir, "sessions"),
    },
  };
  const api = {
    on: (name: string, h: Handler) => handlers.set(name, h),
    registerTool: (t: Tool) => tools.set(t.name, t),
    registerCommand: () => undefined,
    appendEntry: (customType: string, data: unknown) => entries.push({ type: "custom", customType, data }),
  };
  rulegate(api as never);
  let n = 0;
  const bash = async (command: string) => {
    const id = `c${++n}`;
    const event = { toolCallId: id, toolName: "bash", input: { command } };
    const r = (await handlers.get("tool_call")?.(event, ctx)) as { block?: boolean } | undefined;
    if (r?.block !== true) await handlers.get("tool_result")?.(event, ctx);
    return r?.block === true ? "blocked" : "ran";
  };
  const env = process.env;
  const start = async () => {
    env["RULEGATE_POLICY"] = join(dir, "rules.yaml");
    await handlers.get("session_start")?.({}, ctx);
  };
  const report = async (params: unknown) => {
    const out = (await tools.get("report_skill_safety")?.execute("r1", params, undefined, undefined, ctx)) as {
      content: { text: string }[];
    };
    return out.content[0]?.text ?? "";
  };
  const events = () => entries.flatMap((e) => (e.data as { events: { type: string }[] }).events);
  return { dir, dialogs, bash, start, report, events, tools };
}

const saved = process.env["RULEGATE_POLICY"];
afterEach(() => {
  if (saved === undefined) delete process.env["RULEGATE_POLICY"];
  else process.env["RULEGATE_POLICY"] = saved;
});

describe("pi: always allow calls like this", () => {
  it("offers the narrowest pattern; 'always' stores it and the next call like it is not asked", async () => {
    const pi = fakePi({ select: (_t, options) => options[1] });
    await pi.start();
    expect(await pi.bash("npm run test:unit -- --watch=false")).toBe("ran");
    expect(pi.dialogs).toHaveLength(1);
    expect(pi.dialogs[0]?.kind).toBe("select");
    expect(pi.dialogs[0]?.options).toEqual([
      "Allow once",
      "Always allow calls like this: bash(npm run test:unit *)",
      "Deny",
    ]);
    const local = readFileSync(join(pi.dir, ".rulegate", "rules.local.yaml"), "utf8");
    expect(local).toContain('- "bash(npm run test:unit *)"');
    expect(local).toContain('you answered "always" for bash');
    expect(pi.events().map((e) => e.type)).toContain("policy_changed");
    expect(await pi.bash("npm run test:unit -- --coverage")).toBe("ran");
    expect(pi.dialogs).toHaveLength(1);
    // Not broader than what was approved: another script is asked again.
    expect(await pi.bash("npm run build")).toBe("ran");
    expect(pi.dialogs).toHaveLength(2);
  });

  it("'Allow once' approves this call only and writes nothing", async () => {
    const pi = fakePi({ select: (_t, options) => options[0] });
    await pi.start();
    expect(await pi.bash("npm run test:unit -- --watch=false")).toBe("ran");
    expect(await pi.bash("npm run test:unit -- --coverage")).toBe("ran");
    expect(pi.dialogs).toHaveLength(2);
    expect(existsSync(join(pi.dir, ".rulegate", "rules.local.yaml"))).toBe(false);
  });

  it("'Deny' and a cancelled dialog block the call", async () => {
    for (const pick of [(o: string[]) => o[2], () => undefined]) {
      const pi = fakePi({ select: (_t, options) => pick(options) });
      await pi.start();
      expect(await pi.bash("npm run test:unit")).toBe("blocked");
      expect(existsSync(join(pi.dir, ".rulegate", "rules.local.yaml"))).toBe(false);
    }
  });
});

describe("pi: report_skill_safety only tightens", () => {
  it("ignores a lower report (recorded), and a higher one gates the command", async () => {
    const pi = fakePi({ select: () => undefined });
    await pi.start();
    // A prompt injection asks for READ: the gated npm call is still asked.
    const lower = await pi.report({ tool: "npm", default: "READ", operations: { run: "READ" } });
    expect(lower).toContain("ignored");
    expect(lower).not.toContain("raised");
    expect(await pi.bash("npm run test:unit")).toBe("blocked");
    expect(pi.dialogs).toHaveLength(1);
    expect(pi.events().map((e) => e.type)).toContain("labels_reported");
    const higher = await pi.report({ tool: "mytool", operations: { archive: "DESTRUCTIVE" } });
    expect(higher).toContain("raised to DESTRUCTIVE");
    expect(await pi.bash("mytool list")).toBe("ran");
    expect(pi.dialogs).toHaveLength(1);
    // The raised operation is no longer let through as before.
    expect(await pi.bash("mytool archive")).toBe("blocked");
  });

  it("refuses a malformed report and approves nothing", async () => {
    const pi = fakePi({ select: () => undefined });
    await pi.start();
    expect(await pi.report({ tool: "npm", default: "REED" })).toContain("not recorded");
    // Its own gate stays: the report tool cannot answer it.
    expect(await pi.bash("npm run test:unit")).toBe("blocked");
  });
});
