import { readFileSync } from "node:fs";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { canonicalTool } from "../../../compiler/tool-names.ts";
import type { Policy } from "../../../compiler/ir.ts";
import type { DecisionRecord } from "../../../runtime/events/index.ts";
import { counterIds, createSession, type CallInput } from "../../../runtime/session/index.ts";
import { scriptedModel } from "../../../runtime/rulestest/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { CWD, HOME, policyOf } from "./random-sessions.ts";

/**
 * docs/adr/0460: a word the agent writes is never read as a member of Object.prototype. Every name of
 * Object.prototype (and `__proto__`) used as a program, as the verb of the common multi-verb tools, as an option
 * name, behind wrappers and as an interpreter's module, decided through the real session under the permissive
 * scoring profile: the decision never throws, is a decision, and is the one an ordinary unknown word in the same
 * place gets (a prototype key is not knowledge about any program).
 */
const PROTOTYPE_WORDS = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];
/** A word no table knows, in the same places: what a prototype key must be treated like. */
const PLAIN = "zqxplain";

const PLACES: readonly ((w: string) => string)[] = [
  (w) => w,
  (w) => `${w} -rf /tmp/scratch`,
  (w) => `${w} ~`,
  (w) => `./${w} --help`,
  (w) => `/usr/local/bin/${w} x`,
  (w) => `git ${w}`,
  (w) => `git ${w} --${w}`,
  (w) => `git -c ${w}.${w}=x status`,
  (w) => `git config ${w}.${w} x`,
  (w) => `git config --global alias.${w} status`,
  (w) => `docker ${w} x`,
  (w) => `docker compose ${w}`,
  (w) => `kubectl ${w} pods`,
  (w) => `kubectl get ${w}`,
  (w) => `npm ${w}`,
  (w) => `npm run ${w}`,
  (w) => `npx ${w}`,
  (w) => `yarn ${w}`,
  (w) => `aws ${w} ${w}`,
  (w) => `aws s3 ${w} s3://bucket/x`,
  (w) => `gcloud ${w} ${w}`,
  (w) => `az ${w} ${w}`,
  (w) => `gh ${w} ${w}`,
  (w) => `gh api ${w}`,
  (w) => `cargo ${w}`,
  (w) => `pip ${w} x`,
  (w) => `pip install ${w}`,
  (w) => `brew ${w}`,
  (w) => `apt ${w} x`,
  (w) => `systemctl ${w} x`,
  (w) => `terraform ${w}`,
  (w) => `helm ${w} x`,
  (w) => `make ${w}`,
  (w) => `python3 -m ${w}`,
  (w) => `python3 -c 'import ${w}'`,
  (w) => `node -e '${w}()'`,
  (w) => `sed ${w} x`,
  (w) => `curl ${w}`,
  (w) => `curl -X ${w} https://example.com`,
  (w) => `ls --${w}`,
  (w) => `ls --${w}=x`,
  (w) => `rm --${w}=x notes.txt`,
  (w) => `cat ${w}`,
  (w) => `cd ${w} && ls`,
  (w) => `sudo ${w}`,
  (w) => `sudo -u ${w} ls`,
  (w) => `env ${w}`,
  (w) => `env ${w}=1 ls`,
  (w) => `x=1 ${w}`,
  (w) => `${w}=1 ls`,
  (w) => `export ${w}=1`,
  (w) => `nice ${w}`,
  (w) => `timeout 5 ${w}`,
  (w) => `xargs ${w}`,
  (w) => `bash -c '${w}'`,
  (w) => `sh -c "${w} x"`,
  (w) => `ssh host ${w}`,
  (w) => `echo x | ${w}`,
  (w) => `$${w} x`,
  (w) => `${w}() { ls; }; ${w}`,
  (w) => `alias ${w}=ls; ${w}`,
  (w) => `echo hi > ${w}`,
];

/** Places where the word's letters are options (`tar tvf`, `ps aux`): only a decision is asked of them. */
const LETTER_PLACES: readonly ((w: string) => string)[] = [
  (w) => `tar ${w} x`,
  (w) => `tar -${w} x`,
  (w) => `ps ${w}`,
  (w) => `rm -${w} notes.txt`,
  (w) => `sed -${w} x`,
];

/** Non-Bash tools keyed by user text: the tool name itself, a path, a URL, an MCP server. */
const CALLS: readonly ((w: string) => CallInput)[] = [
  (w) => ({ tool: w, input: {} }),
  (w) => ({ tool: `mcp__${w}__${w}`, input: { [w]: w } }),
  (w) => ({ tool: "Read", input: { file_path: w } }),
  (w) => ({ tool: "Write", input: { file_path: `${w}/${w}`, content: w } }),
  (w) => ({ tool: "WebFetch", input: { url: `https://${w}.example/${w}`, prompt: w } }),
  (w) => ({ tool: "Bash", input: { command: "ls", [w]: w } }),
];

const PERMISSIVE = readFileSync(new URL("../../../scripts/score/permissive-profile.yaml", import.meta.url), "utf8");

let analyzer: ShellAnalyzer;
let policy: Policy;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
  policy = policyOf(PERMISSIVE);
});

async function decide(call: CallInput): Promise<DecisionRecord> {
  const session = createSession(policy, {
    clock: () => new Date(Date.UTC(2026, 0, 1)),
    ids: counterIds(),
    home: HOME,
    cwd: CWD,
    analyzer,
    model: scriptedModel(() => ({ review: "allow" })),
    approver: null,
  });
  return session.decide(call);
}

/** "decision (stage)" or the thrown error: what the call came to, comparable between two words. */
async function outcome(call: CallInput): Promise<string> {
  try {
    const d = await decide(call);
    if (!["allow", "ask", "deny"].includes(d.decision) || typeof d.reason !== "string")
      return `not a decision: ${JSON.stringify(d.decision)}`;
    return `${d.decision} (${d.stage})`;
  } catch (err) {
    return `threw: ${err instanceof Error ? err.message : String(err)}`;
  }
}

describe("Object.prototype names in user text", () => {
  test("as a program, a verb, an option, behind a wrapper or as a module: decided like any unknown word", async () => {
    const wrong: string[] = [];
    for (const place of PLACES) {
      const expected = await outcome({ tool: "Bash", input: { command: place(PLAIN) } });
      for (const w of PROTOTYPE_WORDS) {
        const got = await outcome({ tool: "Bash", input: { command: place(w) } });
        if (got !== expected) wrong.push(`${place(w)} → ${got}, like ${place(PLAIN)} → ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("as bundled option letters: a decision", async () => {
    const wrong: string[] = [];
    for (const place of LETTER_PLACES)
      for (const w of PROTOTYPE_WORDS) {
        const got = await outcome({ tool: "Bash", input: { command: place(w) } });
        if (/^(threw|not a decision)/.test(got)) wrong.push(`${place(w)} → ${got}`);
      }
    expect(wrong).toEqual([]);
  });

  test("as a tool name, an MCP server, a path, a URL or an input field: decided like any unknown word", async () => {
    const wrong: string[] = [];
    for (const call of CALLS) {
      const expected = await outcome(call(PLAIN));
      for (const w of PROTOTYPE_WORDS) {
        const got = await outcome(call(w));
        if (got !== expected) wrong.push(`${JSON.stringify(call(w))} → ${got}, like ${PLAIN} → ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("as a tool name, each is its own canonical name (not an alias table's prototype member)", () => {
    for (const w of PROTOTYPE_WORDS) expect(canonicalTool(w)).toBe(w.toLowerCase());
  });

  test("mixed into random commands, they never make the decision throw", async () => {
    const word = fc.oneof(
      fc.constantFrom(...PROTOTYPE_WORDS),
      fc.constantFrom(...PROTOTYPE_WORDS).map((w) => `--${w}`),
      fc.constantFrom(...PROTOTYPE_WORDS).map((w) => `-${w}`),
      fc.constantFrom(...PROTOTYPE_WORDS).map((w) => `${w}=x`),
      fc.constantFrom("git", "docker", "kubectl", "npm", "sudo", "env", "rm", "-rf", "x=1", "|", "&&", ";", "/tmp"),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 6 }), async (words) => {
        const got = await outcome({ tool: "Bash", input: { command: words.join(" ") } });
        expect(got, words.join(" ")).not.toMatch(/^(threw|not a decision)/);
      }),
      { numRuns: 300 },
    );
  });
});
