import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

/** Programs that remove their inputs are recursive deletes of them (docs/adr/0322). */
describe("archivers, rsync and trash commands that remove what they are given", () => {
  it.each([
    "tar -cf /dev/null --remove-files ~/Documents",
    "tar czf /tmp/x.tgz --remove-files ~/Documents",
    "tar --remove-files -czf /tmp/x.tgz -C ~ Documents",
    "tar --remove-f -cf x.tar -C /home/u Pictures",
    "zip -rm /tmp/x.zip ~/Documents",
    "zip -r -m /tmp/x.zip ~/Documents",
    "zip -9mr x.zip $HOME/Documents",
    "zip --move x.zip ~/Documents",
    "7z a -sdel /tmp/x.7z ~/Documents",
    "7za a -tzip -sdel x.zip ~/Documents",
    "gio trash ~/Documents",
    "gio remove -f ~/Documents",
    "trash-put ~/Documents",
    "trash ~/Pictures",
    "rsync -a --remove-source-files ~/Documents/ /tmp/x/",
    "rsync -av --remove-source-files -e ssh ~/Documents host:/backup/",
  ])("%s", (command) => {
    expect(judge(d.bash(command))?.check).toBe("destructive-outside-workspace");
  });

  it.each(["gio trash ~", "trash-put /", "tar -cf /dev/null --remove-files /etc"])("%s reaches a root", (command) => {
    expect(judge(d.bash(command))?.check).toMatch(/recursive-delete-root|destructive-outside-workspace/);
  });

  it.each([
    "tar --remove-files -czf build.tgz build",
    "tar czf x.tgz ~/Documents",
    "zip -rm dist.zip dist",
    "zip -r x.zip src -x '*.map'",
    "7z a dist.7z dist",
    "gio trash ./old",
    "gio list ~/Documents",
    "trash-list",
    "rsync -a ~/Documents/ ./backup/",
  ])("%s is not", (command) => {
    expect(judge(d.bash(command))?.check ?? null).not.toBe("destructive-outside-workspace");
  });
});

/** Extraction where the archive's absolute names say, or below a directory named by 7z's attached -o. */
describe("extraction outside the workspace", () => {
  it.each(["tar xf evil.tar --absolute-names", "tar -xPf evil.tar", "tar xPf evil.tar", "tar -P -x -f x.tar -C out"])(
    "%s writes a whole tree into /",
    (command) => {
      expect(judge(d.bash(command))?.check).toBe("destructive-outside-workspace");
    },
  );

  it.each([
    ["7z x evil.7z -o/home/u", "SECURITY"],
    ["7z x evil.7z -o~/.config", "SECURITY"],
    ["7za e a.7z -o/home/other", "SECURITY"],
    ["7z x a.7z -o./out", "WRITE"],
    ["7z x a.7z -o/tmp/x -aoa -y", "WRITE"],
    ["7z l a.7z", "READ"],
    ["tar -cPf x.tar src", "WRITE"],
  ])("%s is %s", (command, level) => {
    expect(d.bash(command).level).toBe(level);
  });
});
