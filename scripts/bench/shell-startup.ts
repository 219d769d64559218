/**
 * Run in a fresh process by the shell bench: what the first bash call of a hook pays (load the grammar's
 * wasm, then the first parse). Prints one JSON line; nothing else runs here.
 */
import { loadShellAnalyzer } from "../../runtime/shell/index.ts";

const t0 = performance.now();
const analyzer = await loadShellAnalyzer();
const t1 = performance.now();
analyzer.analyze("git status && npm test");
const t2 = performance.now();
process.stdout.write(JSON.stringify({ loadMs: t1 - t0, firstMs: t2 - t1 }) + "\n");
