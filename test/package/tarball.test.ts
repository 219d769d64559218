import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTypes } from "../../scripts/build-types.ts";
import { ensureHookBundle, ROOT } from "../e2e/bundle.ts";
import { makeSandbox, runPi } from "../e2e/clients.ts";
import { writeProjectPolicy } from "../e2e/policy.ts";
import { startScriptedAgent } from "../support/scripted-agent.ts";

/**
 * The tarball as a TypeScript user gets it: `npm pack`, installed into a fresh project from the local
 * tarball (its dependencies from this machine's npm cache, the registry only for what the cache lacks), then
 * `tsc --strict --module nodenext` over a file that uses the library. The declaration files are the
 * package's own (emitted by scripts/build-types.ts), checked without skipLibCheck, so a type they reach in a
 * dependency whose own types need a package the user does not have fails here.
 */
let dir: string;
let project: string;
let packed: readonly string[];
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** The parent `npm test`'s npm_* settings stay out of the child npm (e.g. a dry run or another prefix). */
function env(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
}

function run(command: string, args: readonly string[], cwd: string): { status: number | null; output: string } {
  const out = spawnSync(command, args, { cwd, encoding: "utf8", env: env() });
  return { status: out.status, output: `${out.stdout}${out.stderr}` };
}

function typecheck(
  file: string,
  text: string,
  extra: readonly string[] = [],
): { status: number | null; output: string } {
  writeFileSync(join(project, file), text);
  return run(process.execPath, [tsc, "--strict", "--module", "nodenext", "--noEmit", ...extra, file], project);
}

beforeAll(async () => {
  await ensureHookBundle();
  buildTypes();
  dir = realpathSync(mkdtempSync(join(tmpdir(), "rg-tarball-")));
  const pack = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT);
  expect(pack.status, pack.output).toBe(0);
  const [info] = JSON.parse(pack.output.slice(pack.output.indexOf("["))) as {
    filename: string;
    files: { path: string }[];
  }[];
  if (info === undefined) throw new Error(`npm pack printed no package: ${pack.output}`);
  packed = info.files.map((f) => f.path);
  project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), '{ "name": "consumer", "private": true, "type": "module" }\n');
  const install = run(
    "npm",
    ["install", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", join(dir, info.filename)],
    project,
  );
  expect(install.status, install.output).toBe(0);
}, 240_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}, 60_000); // the installed project holds every dependency of the package

describe("the packed tarball", { timeout: 120_000 }, () => {
  it("ships the licence, the manual and the declaration files of both exports", () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "docs/README.md",
        "docs/reference/cli.md",
        "dist/index.mjs",
        "dist/types/index.d.ts",
        "dist/types/adapters/pi/index.d.ts",
      ]),
    );
    expect(readFileSync(join(project, "node_modules", "rulegate", "LICENSE"), "utf8")).toMatch(/^MIT License/);
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { license: string };
    expect(manifest.license).toBe("MIT");
  });

  it("typechecks a strict nodenext file that uses loadPolicy, createSession and decide", () => {
    const checked = typecheck(
      "use.ts",
      `import { createSession, decide, loadPolicy, type DecisionRecord, type Policy } from "rulegate";

const policy: Policy = loadPolicy('version: 1\\npermissions:\\n  deny: ["bash(git push --force*)"]\\n');
const session = createSession(policy, { home: "/home/u", cwd: "/repo" });
const record: DecisionRecord = await session.decide({ tool: "Bash", input: { command: "git push --force" } });
const verdict: "allow" | "ask" | "deny" = record.decision;
const stage: string = record.stage;
export const used = [verdict, stage, typeof decide];
`,
    );
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });

  it("and the types are real: a misuse is a type error, not an any", () => {
    const checked = typecheck(
      "misuse.ts",
      `import { createSession, loadPolicy } from "rulegate";

const session = createSession(loadPolicy("version: 1\\n"), { cwd: 42 });
const n: number = (await session.decide({ tool: "Bash", input: {} })).decision;
export { n };
`,
    );
    expect(checked.status).not.toBe(0);
    expect(checked.output).toMatch(/misuse\.ts\(3,\d+\): error TS2322/);
    expect(checked.output).toMatch(/misuse\.ts\(4,\d+\): error TS2322/);
  });

  it("rulegate/pi has types too: the extension is a typed function of pi's API", () => {
    // pi's own package is not installed here (pi loads the extension itself), so its internals go unchecked.
    const checked = typecheck(
      "pi.ts",
      `import rulegate from "rulegate/pi";

type IsAny<T> = 0 extends 1 & T ? true : false;
const typed: IsAny<typeof rulegate> = false;
const oneParameter: Parameters<typeof rulegate>["length"] = 1;
export { oneParameter, typed };
`,
      ["--skipLibCheck"],
    );
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });

  it("and pi 1.3.0 runs the extension from the installed package: deny, allow, its own files protected", async () => {
    const sb = makeSandbox("tarball-pi");
    writeProjectPolicy(sb.project);
    const installed = join(project, "node_modules", "rulegate");
    const agent = await startScriptedAgent([
      { name: "bash", input: { command: "touch allowed.txt" } },
      { name: "bash", input: { command: "touch forbidden.txt" } },
      {
        name: "write",
        input: { path: join(installed, "adapters", "pi", "index.ts"), content: "export default () => {};\n" },
      },
    ]);
    try {
      const result = await runPi({
        sandbox: sb,
        baseUrl: agent.url,
        extension: join(installed, "adapters", "pi", "index.ts"),
        prompts: ["do the task"],
      });
      expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
      expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
      expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
      expect(agent.resultOf(1)?.text).toMatch(/rulegate denied \(permissions\.deny/);
      expect(agent.resultOf(2)?.text).toMatch(/rulegate denied \(hard_deny.*rulegate's own files/s);
      expect(readFileSync(join(installed, "adapters", "pi", "index.ts"), "utf8")).toMatch(/rulegate/);
    } finally {
      await agent.close();
    }
  });
});
