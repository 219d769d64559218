/**
 * The decision bench's measurements in a process of their own, run from the bundle the decision bench builds
 * (as the package ships: esbuild, no tsx transform at run time). Prints one JSON object.
 */
import { measureDecisions } from "./decision-rounds.ts";

process.stdout.write(JSON.stringify(await measureDecisions()) + "\n");
