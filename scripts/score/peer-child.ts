/**
 * The peer's decisions in a process of its own, so that its HOME and configuration home are the scratch ones
 * scripts/score/peer.ts made: `node --import tsx peer-child.ts CWD` reads one JSON command string per line on
 * stdin and prints one `{kind, reason?, ruleId?}` per line, through cc-safety-net's public library API (the
 * check its hooks run, without the audit log). Input the library rejects (a blank command) is denied, as the
 * peer's hook does: it fails closed.
 */
import { checkCommand } from "cc-safety-net/api";

const cwd = process.argv[2];
if (cwd === undefined) throw new Error("usage: node --import tsx peer-child.ts CWD < commands.jsonl");
process.chdir(cwd); // started from the repository so that tsx resolves; judged from the scratch project
let input = "";
for await (const chunk of process.stdin) input += String(chunk);
const check = (command: string): unknown => {
  try {
    return checkCommand({ command, cwd });
  } catch (e) {
    return { kind: "deny", reason: `failed closed: ${(e as Error).message}` };
  }
};
const out = input
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.stringify(check(JSON.parse(l) as string)));
process.stdout.write(out.map((l) => `${l}\n`).join(""));
