/**
 * git settings that change what later git commands do (ADR 0391): trust widened, pushes rewritten, safeguards off,
 * identity or signing removed, a template directory whose hooks every new repository gets. Look-alikes pass.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");
const ASKS = ["SECURITY", "DESTRUCTIVE"];

describe("git settings kept for later (ADR 0391)", () => {
  test.each([
    "git config --global safe.directory '*'",
    "git config --system --add safe.directory '*'",
    "git config set --global safe.directory '*'",
    "git config --global --add safe.directory '/srv/*'",
    "git -c safe.directory='*' status",
    "git config --global init.templateDir ~/.gittemplate",
    "git config --global init.templatedir /tmp/t",
    "git config init.templateDir /tmp/t",
    "git -c init.templateDir=/tmp/t init",
    "git config --global push.default mirror",
    "git config --global push.default matching",
    "git config remote.origin.mirror true",
    "git config --global remote.origin.push '+refs/heads/*:refs/heads/*'",
    "git config remote.origin.push :main",
    "git config --global push.followTags true",
    "git -c remote.origin.mirror=true push",
    "git -c remote.origin.push=+refs/heads/*:refs/heads/* push",
    "git config --global commit.gpgsign false",
    "git config tag.gpgSign no",
    "git config --system receive.denyNonFastForwards false",
    "git config receive.denyDeletes false",
    "git config receive.denyCurrentBranch ignore",
    "git config --global core.protectNTFS false",
    "git config --global --unset-all user.email",
    "git config --global --unset user.name",
    "git config --global --remove-section user",
    "git config --global --unset-all user.signingkey",
    "git config --global --unset commit.gpgsign",
    "git config --global --remove-section gpg",
    "git config unset --global user.email",
    "git config remove-section --global user",
  ])("%s asks", (command) => {
    expect(ASKS).toContain(bash(command).level);
  });

  test.each([
    "git config --global user.name Dev",
    "git config --global user.email dev@example.com",
    "git config user.signingkey ABCDEF",
    "git config --global commit.gpgsign true",
    "git config --global push.default simple",
    "git config --global push.default current",
    "git config --global push.autoSetupRemote true",
    "git config --global pull.rebase true",
    "git config --global init.defaultBranch main",
    "git config --global --add safe.directory /work/proj",
    "git config remote.origin.mirror false",
    "git config --get push.default",
    "git config --global --unset push.default",
    "git config --global --unset alias.co",
    "git config --global --list",
    "git config --get user.email",
  ])("%s passes", (command) => {
    expect(["READ", "WRITE"]).toContain(bash(command).level);
  });
});

describe("the whole tree untracked and pushed (ADR 0391)", () => {
  test.each([
    "git rm -r --cached . && git commit -m wipe && git push",
    "git rm -r -q --cached . && git commit -am wipe && git push origin main",
    "git rm --cached -r . && git commit -m x && git push",
    "git rm --recursive --cached -- . ; git commit -m x; git push -u origin HEAD",
    "git rm -r --cached ':/' && git commit -m x && git push",
    "git rm -r --cached * && git commit -m x && git push",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "git rm -r --cached . && git add . && git commit -m 'apply gitignore' && git push",
    "git rm -r --cached node_modules && git commit -m untrack && git push",
    "git rm -r --cached . && git commit -m wipe",
    "git rm --cached .env && git commit -m 'stop tracking .env' && git push",
  ])("%s is no wipe", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });
});

describe("an everyday value of a program-naming key is a plain config write (ADR 0391)", () => {
  test.each([
    "git config --global core.editor vim",
    "git config --global core.pager 'less -R'",
    "git config --global credential.helper store",
    "git config core.editor nano",
  ])("%s is a WRITE", (command) => {
    expect(bash(command).level).toBe("WRITE");
    expect(bash(command).paths.some((p) => p.path.endsWith(".gitconfig") || p.path.endsWith(".git/config"))).toBe(
      false,
    );
  });
});
