import { describe, expect, test } from "vitest";
import {
  compileList,
  compilePathGlob,
  listIncludes,
  pathMatches,
  relativeTo,
} from "../../../runtime/match/path-glob.ts";
import { globs } from "./support.ts";

const HOME = "/home/u";
const CWD = "/repo/app";
const matches = (glob: string, path: string, bareIsRelative = false): boolean =>
  pathMatches(compilePathGlob(glob, { bareIsRelative }), path, HOME, CWD);

describe("a path glob", () => {
  test.each([
    // A name without a slash matches at any depth, and so does everything under it.
    [".env", "/repo/app/.env", true],
    [".env", "/elsewhere/deep/.env", true],
    [".env", "/repo/app/.env.local", false],
    [".env", "/repo/app/.env/inner", true],
    ["*.pem", "/etc/ssl/server.pem", true],
    ["*.pem", "/etc/ssl/server.pem.bak", false],
    ["id_rsa*", "/home/u/.ssh/id_rsa.pub", true],
    ["node_modules/", "/repo/app/node_modules/x/index.js", true],
    ["docker-compose*.yml", "/repo/app/docker-compose.dev.yml", true],
    ["*.{pem,key}", "/x/server.key", true],
    // `~/` is under home.
    ["~/.ssh/**", "/home/u/.ssh/id_rsa", true],
    ["~/.ssh/**", "/home/u/.ssh", true],
    ["~/.ssh/**", "/home/u/.sshx/id_rsa", false],
    ["~/.ssh/**", "/home/v/.ssh/id_rsa", false],
    ["~", "/home/u/anything/below", true],
    ["~/.docker/config.json", "/home/u/.docker/config.json", true],
    // Absolute globs as they are.
    ["/etc/**", "/etc/passwd", true],
    ["/etc/**", "/etcetera/x", false],
    ["/etc/*", "/etc/ssh/sshd_config", true],
    ["/", "/anything", true],
    // Relative globs with a slash (or `./`, `../`) are under the call's cwd.
    [".git/**", "/repo/app/.git/config", true],
    [".git/**", "/repo/app/.git", true],
    [".git/**", "/repo/app/sub/.git/config", false],
    ["./src/**", "/repo/app/src/a/b.ts", true],
    ["src/*.ts", "/repo/app/src/a.ts", true],
    ["src/*.ts", "/repo/app/src/a/b.ts", false],
    ["src/**/*.ts", "/repo/app/src/a/b.ts", true],
    ["**/secrets/*", "/repo/app/x/secrets/a", true],
    ["**/secrets/*", "/other/secrets/a", false],
    [".", "/repo/app", true],
    [".", "/repo/app/deep/file", true],
    [".", "/repo/application", false],
    ["../shared/**", "/repo/shared/lib.ts", true],
    ["../shared/**", "/repo/app/shared/lib.ts", false],
    ["a/./b/../c/*", "/repo/app/a/c/x", true],
  ])("%s matches %s: %s", (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected);
  });

  test("a bare name in a sandbox list is a directory under cwd, not a name at any depth", () => {
    expect(matches("build", "/repo/app/build/out.js", true)).toBe(true);
    expect(matches("build", "/elsewhere/build/out.js", true)).toBe(false);
  });

  test("is compiled once per glob string", () => {
    expect(compilePathGlob("~/.aws/**")).toBe(compilePathGlob("~/.aws/**"));
  });
});

describe("a path glob list", () => {
  const credentials = compileList(globs(".env", ".env.*", "!.env.example", "!.env.sample"));
  test.each([
    ["/repo/.env", true],
    ["/repo/.env.local", true],
    ["/repo/.env.example", false],
    ["/repo/.env.sample", false],
    ["/repo/env.example", false],
  ])("last match wins for %s: %s", (path, expected) => {
    expect(listIncludes(credentials, path, HOME, CWD)).toBe(expected);
  });

  test("a later glob re-excludes what a negation re-included", () => {
    const list = compileList(globs("*.key", "!public.key", "/srv/**/*.key"));
    expect(listIncludes(list, "/repo/public.key", HOME, CWD)).toBe(false);
    expect(listIncludes(list, "/srv/tls/public.key", HOME, CWD)).toBe(true);
  });

  test("is compiled once per list", () => {
    const list = globs("a");
    expect(compileList(list)).toBe(compileList(list));
  });
});

describe("relativeTo", () => {
  test.each([
    ["/repo", "/repo", ""],
    ["/repo", "/repo/a/b", "a/b"],
    ["/repo", "/repository", null],
    ["/", "/etc", "etc"],
  ])("%s relative to %s is %j", (base, path, expected) => {
    expect(relativeTo(base, path)).toBe(expected);
  });
});
