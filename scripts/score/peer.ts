/**
 * The nearest peer, cc-safety-net (a devDependency), scored on the same corpora as rulegate: each command is
 * checked in a scratch home laid out like the one rulegate is scored in (a project folder inside the home),
 * with no user or project configuration, at its default safety level. The peer only allows or denies.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOME_DIR, ROOT, summarise, type Entry, type Score, type Scored } from "./score.ts";

export const PEER = "cc-safety-net";
const CHILD = join(import.meta.dirname, "peer-child.ts");

export function peerVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "node_modules", PEER, "package.json"), "utf8")) as { version: string })
    .version;
}

/** A scratch home with an empty project in it; the peer refuses to judge in a folder that does not exist. */
export interface PeerHome {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

export function makePeerHome(): PeerHome {
  const root = mkdtempSync(join(tmpdir(), "rulegate-peer-"));
  const home = join(root, "home", "dev");
  const cwd = join(home, "project");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(join(root, "config"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CC_SAFETY_NET")));
  return { root, home, cwd, env: { ...env, HOME: home, CC_SAFETY_NET_HOME: join(root, "config"), NO_COLOR: "1" } };
}

/** The corpora name the home by its absolute path too (`/home/dev/.ssh/id_rsa`): point those at the scratch home. */
export function localise(command: string, home: string): string {
  return command.replace(new RegExp(`${HOME_DIR}(?![\\w.-])`, "g"), home);
}

export function scorePeer(entries: readonly Entry[]): Score {
  const place = makePeerHome();
  try {
    const input = entries.map((e) => JSON.stringify(localise(e.command, place.home))).join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", CHILD, place.cwd], {
      cwd: ROOT,
      env: place.env,
      input,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`${PEER} exited ${run.status}: ${run.stderr}`);
    const outs = run.stdout
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { kind: string; reason?: string; ruleId?: string });
    if (outs.length !== entries.length)
      throw new Error(`${PEER} answered ${outs.length} of ${entries.length} commands`);
    return summarise(
      entries.map((entry, i): Scored => {
        const o = outs[i]!;
        return {
          entry,
          decision: o.kind,
          stage: PEER,
          check: o.ruleId ?? null,
          reason: o.reason ?? "allowed",
          categories: [],
        };
      }),
    );
  } finally {
    rmSync(place.root, { recursive: true, force: true });
  }
}
