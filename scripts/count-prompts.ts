/**
 * `npx tsx scripts/count-prompts.ts`: the prompts a user sees in the bundled demo session
 * (rules/examples/demo-session.jsonl) under each bundled rules file, with and without "always" answers
 * (issue 16 §4). Four humans: the demo's own replies, the same with approve → always, and one who approves
 * every prompt once per call or answers always to every prompt.
 */
import { readdirSync, readFileSync } from "node:fs";
import { countPrompts, HUMANS } from "./prompts/count.ts";

const demo = readFileSync("rules/examples/demo-session.jsonl", "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as unknown);
const files = readdirSync("rules/examples")
  .filter((f) => f.endsWith(".yaml"))
  .sort();
console.log(["rules", ...HUMANS].join("\t"));
for (const f of files) {
  const counts = [];
  for (const h of HUMANS) counts.push(await countPrompts(`rules/examples/${f}`, demo, h));
  console.log([f, ...counts].join("\t"));
}
