import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/** History rewritten or recovery expired through settings, jars and modules; runners that ship (ADRs 0483-0484). */
const bash = bashDeriver("/home/u/proj", "/home/u");
const STOPS = ["DESTRUCTIVE", "EXPENSIVE", "SECURITY", "FORBIDDEN"];

describe("git settings that expire recovery at once, and history rewriters by any name (ADR 0483)", () => {
  test.each([
    "git -c gc.pruneExpire=now -c gc.reflogExpire=now gc",
    "git -c gc.reflogExpireUnreachable=now -c gc.auto=1 commit -m x",
    "git config gc.pruneExpire now",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=gc.pruneExpire GIT_CONFIG_VALUE_0=now git gc",
    "java -jar bfg.jar --delete-files '*.ts' --no-blob-protection .",
    "java -Xmx2g -jar tools/bfg-1.14.0.jar --strip-blobs-bigger-than 1M .",
    "python3 -m git_filter_repo --invert-paths --path src --force",
    "git-filter-repo --path secrets --invert-paths",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "git gc",
    "git -c gc.pruneExpire=never gc",
    "git -c gc.reflogExpire=90.days.ago gc",
    "git config --get gc.pruneExpire",
    "git-filter-repo --analyze",
  ])("look-alike %s is not", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });

  test("a jar named after a harmless tool still runs its own code", () => {
    expect(bash("java -jar ls.jar").level).toBe("WRITE");
  });

  test("the Jenkins CLI run as a jar builds a job: a CI run with the server's credentials", () => {
    expect(STOPS).toContain(bash("java -jar jenkins-cli.jar -s https://ci.example build deploy-prod").level);
    expect(STOPS).not.toContain(bash("java -jar jenkins-cli.jar -s https://ci.example list-jobs").level);
  });
});

describe("runners: parallel's placed inputs and package scripts that ship (ADR 0484)", () => {
  test.each([
    "parallel ssh {} 'sudo shutdown -h now' ::: web1 web2",
    "parallel -j4 ssh {} sudo rm -rf /var/lib/app ::: a b",
    "npm run deploy:prod",
    "yarn deploy",
    "pnpm run release",
    "bun run publish:npm",
  ])("%s", (command) => {
    expect(STOPS).toContain(bash(command).level);
  });

  test.each([
    "npm run build",
    "npm run dev",
    "npm run build:prod",
    "npm run prod",
    "yarn test",
    "pnpm deploy --filter=api out/",
    "parallel gzip {} ::: a.log b.log",
  ])("look-alike %s is not", (command) => {
    expect(STOPS).not.toContain(bash(command).level);
  });
});
