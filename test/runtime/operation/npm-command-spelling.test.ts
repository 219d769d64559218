import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * npm's command word is read as npm reads it (ADR 0521): unique prefixes, camelCase and aliases of its commands
 * name the command, so an abbreviated publish is a publish and an abbreviated listing stays a listing.
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("an abbreviated, camelCased or aliased npm command is the command it names", () => {
  test.each([
    "npm pub --tag latest",
    "npm pu",
    "npm publi --access public",
    "npm publis",
    "npm unpub mypkg@1.0.0",
    "npm unpubl mypkg --force",
    "npm depr mypkg 'abandoned'",
    "npm distTag add mypkg@3.0.0-rc.1 latest",
    "npm dist-tags add mypkg@3.0.0 latest",
    "npm own add stranger mypkg",
    "npm author add stranger mypkg",
    "npm --registry https://registry.npmjs.org/ publ",
    "cnpm pub",
    "pnpm -r exec npm publish",
    "pnpm --filter ./packages/a exec npm pub",
    "npm -w pkg exec -- npm publish",
  ])("%s publishes", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    ["npm ls", "READ"],
    ["npm outd", "READ"],
    ["npm expla lodash", "READ"],
    ["npm pub --dry-run", "READ"],
    ["npm publ --dry-run", "READ"],
    ["npm run pub", "WRITE"],
    ["npm test", "WRITE"],
    ["npm tes", "WRITE"],
    ["pnpm -r exec tsc", "WRITE"],
  ])("%s stays %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });

  test("an ambiguous prefix is no command: npm p is npm's error, nothing published", () => {
    expect(bash("npm p").level).not.toBe("DESTRUCTIVE");
  });
});
