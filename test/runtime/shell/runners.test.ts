import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer, views } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** Issue 11 §3, docs/adr/0115: programs that run a command they are given are peeled like sudo or timeout. */
describe("runners, tracers, sandboxes and remote executors are peeled", () => {
  it.each<[string, string, string[]]>([
    ["npx", "npx rimraf /", ["[npx] rimraf /"]],
    ["npx --yes", "npx --yes -p cowsay cowsay hi", ["[npx] cowsay hi"]],
    ["npx -c runs a command line", "npx -c 'rm -rf /x'", ["[npx] rm -rf /x"]],
    ["npm exec --", "npm exec -- rm -rf /", ["[npm exec] rm -rf /"]],
    ["npm x", "npm x --package=a -- tool ./x", ["[npm exec] tool ./x"]],
    ["pnpm exec", "pnpm exec rm -rf ~", ["[pnpm exec] rm -rf ~"]],
    ["pnpm dlx", "pnpm dlx create-vite app", ["[pnpm dlx] create-vite app"]],
    ["yarn dlx", "yarn dlx -p a tool", ["[yarn dlx] tool"]],
    ["bunx", "bunx --bun tool x", ["[bunx] tool x"]],
    ["uv run with options", "uv run --with requests -p 3.12 python x.py", ["[uv run] python x.py"]],
    ["uvx", "uvx --from ruff ruff check .", ["[uvx] ruff check ."]],
    ["poetry run", "poetry run -C sub pytest -x", ["[poetry run] pytest -x"]],
    ["pipx run", "pipx run --spec black black .", ["[pipx run] black ."]],
    ["script -c", "script -q -c 'rm -rf /x' /dev/null", ["[script -c] rm -rf /x"]],
    ["BSD script FILE CMD", "script -q /dev/null rm -rf /x", ["[script] rm -rf /x"]],
    ["strace", "strace -f -o out.txt rm -rf /x", ["[strace] rm -rf /x"]],
    ["ltrace", "ltrace -e malloc rm x", ["[ltrace] rm x"]],
    ["unshare", "unshare -r -m --propagation private rm -rf /x", ["[unshare] rm -rf /x"]],
    ["nsenter", "nsenter -t 1 -m -u -n -i rm -rf /etc", ["[nsenter] rm -rf /etc"]],
    ["firejail", "firejail --net=none --private rm x", ["[firejail] rm x"]],
    [
      "ssh joins the remote words into a command line",
      "ssh -p 2222 -i key host 'rm -rf /srv/app' '&&' ls",
      ["[ssh host] rm -rf /srv/app", "[ssh host] ls"],
    ],
    ["docker exec", "docker exec -it -u root web rm -rf /data", ["[docker exec web] rm -rf /data"]],
    ["docker compose exec", "docker compose exec db psql", ["[docker compose exec db] psql"]],
    ["kubectl exec --", "kubectl exec -it -n prod api-0 -c app -- rm -rf /data", ["[kubectl exec api-0] rm -rf /data"]],
    [
      "osascript do shell script",
      "osascript -e 'do shell script \"rm -rf ~/x\"'",
      ["[osascript do shell script] rm -rf ~/x"],
    ],
  ])("%s", (_name, command, expected) => {
    expect(views(analyze(command))).toEqual(expected);
  });

  it.each<[string, string]>([
    ["npm without exec", "npm test"],
    ["uv without run", "uv pip install x"],
    ["ssh with no command", "ssh host"],
    ["docker run (its own program knowledge)", "docker run --rm alpine ls"],
    ["kubectl get", "kubectl get pods"],
    ["other AppleScript", "osascript -e 'display notification \"hi\"'"],
  ])("leaves %s alone", (_name, command) => {
    expect(analyze(command).commands[0]?.context.wrappers).toEqual([]);
  });

  it("runs a remote or container command in a directory nobody here knows", () => {
    expect(analyze("ssh host rm -rf build").commands[0]?.workdir).toBeNull();
    expect(analyze("docker exec web rm -rf build").commands[0]?.workdir).toBeNull();
    expect(analyze("docker exec -w /app web rm -rf build").commands[0]?.workdir).toBe("/app");
  });
});
