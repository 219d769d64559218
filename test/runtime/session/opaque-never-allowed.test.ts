import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { counterIds, createSession } from "../../../runtime/session/index.ts";
import { scriptedModel } from "../../../runtime/rulestest/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { CWD, HOME, policyOf } from "./random-sessions.ts";

/**
 * docs/explanation/decision-order.md, first invariant (docs/adr/0109): opaque code is never allowed. Random commands, hidden by every
 * way issue 11 §1 lists (a program name from a variable or substitution, IFS splitting, brace expansion,
 * nesting past the depth cap, a pipe into a shell held in a variable, eval of a built string), decided under
 * random permissive policies (default allow, allow patterns that cover the command, every level mapped to
 * allow or log, a classifier that allows whatever it reviews), in either mode, with nobody to answer a gate.
 * A substitution that only prints a literal written in it (`$(echo ls)`) is read (docs/adr/0167), and so is a variable
 * written out earlier in the string (`v=ls; $v`, docs/adr/0683): they are checked
 * by the second property instead, never more allowed than the command it spells, and never allowed when that
 * command deletes.
 */
const PROGRAMS = ["ls", "cat", "echo", "git", "make", "touch", "rm", "shred", "curl", "python3", "deployctl", "npm"];
const ARGS = ["-la", "-rf", "-u", "status", "build", "notes.txt", "src/", "/tmp/x", "~/projects", "--all", "-v"];

type Hide = (program: string, args: readonly string[]) => string;

const HIDES: readonly { name: string; hide: Hide }[] = [
  { name: "variable set in a branch", hide: (p, a) => `if [ -n "$X" ]; then v=${p}; fi; $v ${a.join(" ")}` },
  { name: "variable read from another", hide: (p, a) => `w=${p}; v=$w; $v ${a.join(" ")}` },
  { name: "variable used in a loop", hide: (p, a) => `v=${p}; for i in 1 2; do $v ${a.join(" ")}; done` },
  { name: "unknown variable", hide: (_p, a) => `$TOOL ${a.join(" ")}` },
  { name: "substitution", hide: (p, a) => `$(printf %s ${p}) ${a.join(" ")}` },
  { name: "backticks", hide: (p, a) => `\`echo -n ${p}\` ${a.join(" ")}` },
  { name: "computed substitution", hide: (p, a) => `$(tr A-Z a-z <<< ${p.toUpperCase()}) ${a.join(" ")}` },
  { name: "IFS", hide: (p, a) => [p, ...a].join("${IFS}") },
  { name: "IFS variable", hide: (p, a) => `IFS=,; c=${[p, ...a].join(",")}; $c` },
  { name: "brace word", hide: (p, a) => `{${[p, ...a].join(",")}}` },
  { name: "brace in the name", hide: (p, a) => `${p.slice(0, 1)}{${p.slice(1)},} ${a.join(" ")}` },
  { name: "pipe into $SHELL", hide: (p, a) => `echo '${[p, ...a].join(" ")}' | $SHELL` },
  { name: "shell in a variable", hide: (p, a) => `s=$(command -v sh); echo '${[p, ...a].join(" ")}' | $s` },
  { name: "eval of a built string", hide: (p, a) => `x='${[p, ...a].join(" ")}'; eval $x` },
  { name: "eval of a substitution", hide: (p, a) => `eval "$(echo ${[p, ...a].join(" ")})"` },
  { name: "nesting past the depth", hide: (p, a) => `${"eval ".repeat(10)}${[p, ...a].join(" ")}` },
];

function permissivePolicy(opts: {
  default: "allow" | "ask";
  pattern: string;
  level: "allow" | "log";
  classifier: boolean;
}): string {
  const levels = `{ READ: ${opts.level}, WRITE: ${opts.level}, DESTRUCTIVE: ${opts.level}, EXPENSIVE: ${opts.level}, SECURITY: ${opts.level} }`;
  return `
version: 1
extends: [builtin:defaults]
settings: { default: ${opts.default}, fail: ask }
permissions:
  allow: ["${opts.pattern}"]
levels:
  plan: ${levels}
  act: ${levels}
skills:
  - tool: deployctl
    default: READ
classifier:
  enabled: ${opts.classifier}
`;
}

const policyArb = fc.record({
  default: fc.constantFrom("allow" as const, "ask" as const),
  pattern: fc.constantFrom("bash(*)", "bash", "bash(* *)"),
  level: fc.constantFrom("allow" as const, "log" as const),
  classifier: fc.boolean(),
});

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

describe("opaque code is never allowed", () => {
  test("no hidden form of any command is allowed under any permissive policy, in either mode", async () => {
    const policies = new Map<string, ReturnType<typeof policyOf>>();
    await fc.assert(
      fc.asyncProperty(
        policyArb,
        fc.nat(HIDES.length - 1),
        fc.constantFrom(...PROGRAMS),
        fc.array(fc.constantFrom(...ARGS), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (opts, h, program, args, plan) => {
          const yaml = permissivePolicy(opts);
          const policy = policies.get(yaml) ?? policyOf(yaml);
          policies.set(yaml, policy);
          const session = createSession(policy, {
            clock: () => new Date(Date.UTC(2026, 0, 1)),
            ids: counterIds(),
            home: HOME,
            cwd: CWD,
            analyzer,
            model: scriptedModel(() => ({ review: "allow" })),
            approver: null,
          });
          if (plan) expect((await session.command("/plan on")).ok).toBe(true);
          const command = HIDES[h]!.hide(program, args);
          const d = await session.decide({ tool: "Bash", input: { command } });
          expect(d.decision, `${HIDES[h]!.name}: ${command} → ${d.stage}: ${d.reason}`).not.toBe("allow");
        },
      ),
      { numRuns: 400 },
    );
  });

  test("a name printed by a literal substitution or held in a written variable is never more allowed than the command it spells, nor a deletion allowed", async () => {
    const rank = (d: string): number => ["allow", "ask", "deny"].indexOf(d);
    const policies = new Map<string, ReturnType<typeof policyOf>>();
    await fc.assert(
      fc.asyncProperty(
        policyArb,
        fc.constantFrom(...PROGRAMS),
        fc.array(fc.constantFrom(...ARGS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(
          (p: string) => `$(echo ${p})`,
          (p: string) => `\`echo ${p}\``,
          (p: string) => `"$(printf ${p})"`,
          (p: string) => `$(echo ${p.slice(0, 1)})${p.slice(1)}`,
          // A variable written out earlier is read the same way (docs/adr/0683).
          (p: string) => `v=${p}; $v`,
          (p: string) => `v="${p}"; "\${v}"`,
        ),
        async (opts, program, args, hide) => {
          const yaml = permissivePolicy(opts);
          const policy = policies.get(yaml) ?? policyOf(yaml);
          policies.set(yaml, policy);
          const decide = async (command: string) =>
            createSession(policy, {
              clock: () => new Date(Date.UTC(2026, 0, 1)),
              ids: counterIds(),
              home: HOME,
              cwd: CWD,
              analyzer,
              model: scriptedModel(() => ({ review: "allow" })),
              approver: null,
            }).decide({ tool: "Bash", input: { command } });
          const plain = await decide([program, ...args].join(" "));
          const command = [hide(program), ...args].join(" ");
          const hidden = await decide(command);
          expect(rank(hidden.decision), `${command} → ${hidden.stage}: ${hidden.reason}`).toBeGreaterThanOrEqual(
            rank(plain.decision),
          );
          if ((program === "rm" || program === "shred") && args.some((a) => !a.startsWith("-")))
            expect(hidden.decision, `${command} → ${hidden.stage}: ${hidden.reason}`).not.toBe("allow");
        },
      ),
      { numRuns: 300 },
    );
  });
});
