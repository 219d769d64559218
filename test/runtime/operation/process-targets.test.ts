import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const op = (command: string) =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  );

describe("signals whose targets nobody can see at review time are DESTRUCTIVE (ADR 0318)", () => {
  test.each([
    // Computed targets.
    "kill -STOP $(pgrep dockerd)",
    "kill $(pidof Xorg)",
    "kill -9 $(pgrep -u dev)",
    "kill -9 `pgrep -u dev`",
    'kill -s KILL "$(pgrep python)"',
    "p=$(pidof Xorg); kill $p",
    'pids=$(pgrep -f node); kill -9 "$pids"',
    "kill $(ps -e -o pid=)",
    "kill $(ps aux | grep node | awk '{print $2}')",
    "kill -9 $(docker inspect -f '{{.State.Pid}}' db)",
    "pgrep node | xargs kill -9",
    "ps aux | grep node | awk '{print $2}' | xargs kill",
    "pidof sshd | xargs kill",
    // Every process of a shared runtime, by name or pattern.
    "killall -9 node",
    "killall node python3",
    "killall -r '^pyth'",
    "pkill python",
    "pkill -x node",
    "pkill -f node",
    "pkill sh",
    "pkill -9 -i CHROME",
    // All containers at once.
    "docker stop $(docker ps -q)",
    "docker update --restart=no $(docker ps -q)",
    "docker container pause $(docker container ls -q)",
    "ids=$(docker ps -q); docker stop $ids",
    "docker ps -q | xargs docker stop",
    "podman kill $(podman ps -q)",
    // Sources that only look like a known process: a daemon's pid file, every user of a filesystem.
    "kill $(cat /var/run/sshd.pid)",
    "kill $(< /run/docker.pid)",
    "lsof -t / | xargs kill",
    "kill -9 -$(pgrep -o node)",
    "fuser -k -m /",
    "fuser -km /home",
    "xkill -all",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("DESTRUCTIVE");
  });

  test.each([
    "kill %1",
    "kill 48213",
    "kill -TERM 48213 48214",
    "npm run dev & PID=$!; sleep 3; kill $PID",
    "kill $!",
    "kill $(cat server.pid)",
    "kill $(< app.pid)",
    "kill $(lsof -t -i :3000)",
    "kill -9 $(lsof -ti:3000)",
    'kill $(pgrep -f "vite --port 5173")',
    "kill $SERVER_PID",
    'pkill -f "vite --port 5173"',
    "pkill -INT -f 'jest --watch'",
    'pkill -f "node server.js"',
    "killall my-dev-server",
    "fuser -k 3000/tcp",
    "docker stop web",
  ])("%s names what it stops", (command) => {
    expect(op(command).level).toBe("WRITE");
  });
});

describe("a port's holder is the project's only on a dev server's port (ADR 0432)", () => {
  test.each([
    "fuser -k 7777/tcp",
    "fuser -k -n tcp 7777",
    "fuser -k 3000/tcp 7777/tcp",
    "kill $(lsof -t -i:7777)",
    "kill -9 $(lsof -ti tcp:5432)",
    "kill-port 7777",
    "kill $(fuser 6379/tcp)",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(op(command).level).toBe("DESTRUCTIVE");
  });

  // npx fetches kill-port, which is not a well-known tool: the fetch alone is SECURITY (ADR 0372), above the kill.
  test("npx kill-port 7777 is at least DESTRUCTIVE", () => {
    expect(["DESTRUCTIVE", "SECURITY"]).toContain(op("npx kill-port 7777").level);
  });

  test.each([
    "fuser -k 3000/tcp",
    "kill $(lsof -t -i:5173)",
    "kill $(lsof -t -i :8080)",
    "npx kill-port 3000",
    "fuser 7777/tcp",
    "lsof -i :7777",
  ])("%s is not", (command) => {
    expect(op(command).level).not.toBe("DESTRUCTIVE");
  });
});
