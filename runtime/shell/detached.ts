/**
 * Commands that start something which outlives them, as `&` does (docs/adr/0387): a container started detached
 * (`docker run -d`, `podman run --detach`, `nerdctl run -dit`), and a process forked off into a session of its own
 * (`setsid -f`, `daemonize`, `start-stop-daemon -b`, `screen -dm`, `tmux new -d`, `systemd-run`: docs/adr/0749). A loop of many
 * passes that starts one on each pass fills the machine like `for …; do sleep 1d & done`.
 */
import type { Word } from "./words.ts";

const ENGINES: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);

/** Whether these words (program first) start a detached container or a forked-off process. */
export function startsDetached(words: readonly Word[]): boolean {
  const program = words[0]?.value.split("/").at(-1) ?? "";
  const rest = words.slice(1).map((w) => w.value);
  if (program === "daemonize") return true;
  // systemd-run starts a unit and returns at once, unless it waits for it or runs it in this terminal's scope.
  if (program === "systemd-run")
    return !rest.some((w) => /^--(?:wait|pty|pipe|scope)$/.test(w) || /^-[a-zA-Z]*[Pt]/.test(w));
  // Options before the command only: `setsid -f`, `start-stop-daemon -S -b -x …`.
  const first = rest.findIndex((w) => !w.startsWith("-"));
  const own = first < 0 ? rest : rest.slice(0, first);
  if (program === "setsid") return own.some((w) => w === "--fork" || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(w));
  if (program === "start-stop-daemon") return rest.some((w) => w === "--background" || /^-[a-zA-Z]*b/.test(w));
  // `screen -dm cmd`, `screen -d -m cmd`: a session started detached.
  if (program === "screen") return own.includes("-dm") || (own.includes("-d") && own.includes("-m"));
  if (program === "tmux") {
    const sub = rest.findIndex((w) => w === "new" || w === "new-session");
    return sub >= 0 && rest.slice(sub + 1).some((w) => /^-[a-zA-Z]*d[a-zA-Z]*$/.test(w));
  }
  if (!ENGINES.has(program)) return false;
  const run = rest.findIndex((w) => w === "run" || w === "create" || w === "start");
  if (run < 0) return false;
  return rest.slice(run + 1).some((w) => w === "--detach" || w === "--detach=true" || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(w));
}
