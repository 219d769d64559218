/**
 * Child process of the concurrency test: appends BATCHES batches of 3 events to one log, as a parallel
 * Claude Code hook process would. Usage: node --import tsx append-worker.ts LOG WRITER BATCHES
 */
import { openLog } from "../../../runtime/log/index.ts";

const [path, writer, batches] = process.argv.slice(2);
if (path === undefined || writer === undefined || batches === undefined) throw new Error("usage: LOG WRITER BATCHES");
const log = await openLog(path);
for (let batch = 0; batch < Number(batches); batch++) {
  await log.append([0, 1, 2].map((k) => ({ at: new Date().toISOString(), session: writer, type: "probe", batch, k })));
}
await log.close();
