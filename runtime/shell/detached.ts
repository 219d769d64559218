/**
 * Commands that start something which outlives them, as `&` does (docs/adr/0387): a container started detached
 * (`docker run -d`, `podman run --detach`, `nerdctl run -dit`). A loop of many passes that starts one on each pass
 * fills the machine like `for …; do sleep 1d & done`.
 */
import type { Word } from "./words.ts";

const ENGINES: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);

/** Whether these words (program first) start a detached container. */
export function startsDetached(words: readonly Word[]): boolean {
  const program = words[0]?.value.split("/").at(-1) ?? "";
  if (!ENGINES.has(program)) return false;
  const rest = words.slice(1).map((w) => w.value);
  const run = rest.findIndex((w) => w === "run" || w === "create" || w === "start");
  if (run < 0) return false;
  return rest.slice(run + 1).some((w) => w === "--detach" || w === "--detach=true" || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(w));
}
