import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { compileList, lastMatch, listIncludes } from "../../../runtime/match/path-glob.ts";
import { globs } from "./support.ts";

/**
 * Differential test: `listIncludes` skips the gitignore walk when one expression per anchor says that no
 * positive glob matches. On the shipped credential and protected lists, plus random lists of every anchor
 * kind, and on random paths built from their own segments, it must give exactly the walk's verdict.
 */
const HOME = "/home/u";
const CWD = "/repo/app";
const defaults = parse(readFileSync(new URL("../../../rules/builtin/defaults.yaml", import.meta.url), "utf8")) as {
  paths: { credentials: string[]; protected: string[] };
};
const SHIPPED = [defaults.paths.credentials, defaults.paths.protected];

const GLOBS = [
  ".env",
  ".env.*",
  "!.env.example",
  "*.pem",
  "id_rsa*",
  "~/.ssh/**",
  "~",
  "~/.aws/**",
  "/etc/**",
  "/etc/passwd",
  "/",
  "./src/**",
  "src/*.ts",
  "../other/**",
  "..",
  ".",
  "node_modules/",
  "*.{pem,key}",
  "!*.key",
  "[ab].txt",
  "!~/.ssh/known_hosts",
  "**",
  "a/**/b",
  "credentials",
  "credentials.*",
  ".git/**",
  "!.git/hooks/**",
  "x?y",
  "~/.config/gcloud/**",
  "/work/**/secret*",
];
const SEGMENTS = [
  "home",
  "u",
  "repo",
  "app",
  "src",
  ".env",
  ".env.example",
  ".ssh",
  "id_rsa",
  "id_rsa.pub",
  "known_hosts",
  "etc",
  "passwd",
  "a.ts",
  "x.pem",
  "x.key",
  "a.txt",
  "b.txt",
  "other",
  ".git",
  "hooks",
  "config",
  "credentials",
  "credentials.json",
  "xzy",
  "node_modules",
  "a",
  "b",
  "work",
  "secret.txt",
  ".aws",
  ".config",
  "gcloud",
  "..",
  ".",
];

/** Paths built from the segments, some with their letters in other cases (`.SSH`, `Id_Rsa`). */
const caseArb = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.charAt(0).toUpperCase() + s.slice(1));
const pathArb = fc.oneof(
  fc
    .array(fc.constantFrom(...SEGMENTS).chain(caseArb), { minLength: 0, maxLength: 5 })
    .map((s) => [HOME, ...s].join("/")),
  fc.array(fc.constantFrom(...SEGMENTS), { minLength: 0, maxLength: 6 }).map((s) => `/${s.join("/")}`),
  fc.array(fc.constantFrom(...SEGMENTS), { minLength: 0, maxLength: 4 }).map((s) => [HOME, ...s].join("/")),
  fc.array(fc.constantFrom(...SEGMENTS), { minLength: 0, maxLength: 4 }).map((s) => [CWD, ...s].join("/")),
);
const listArb = fc.array(fc.constantFrom(...GLOBS), { minLength: 1, maxLength: 8 });

describe("the list shortcut agrees with the gitignore walk", () => {
  test("on the shipped credential and protected lists", () => {
    fc.assert(
      fc.property(pathArb, fc.boolean(), (p, nocase) => {
        for (const shipped of SHIPPED) {
          const list = compileList(globs(...shipped), { nocase });
          expect(listIncludes(list, p, HOME, CWD), `${p} in ${shipped.length} globs`).toBe(
            lastMatch(list, p, HOME, CWD),
          );
        }
      }),
      { numRuns: 3000 },
    );
    // Every shipped list, 3000 paths, both cases, the slow walk as the oracle: minutes on a loaded machine.
  }, 120_000);

  test("on random lists of every anchor kind", () => {
    fc.assert(
      fc.property(listArb, pathArb, fc.boolean(), fc.boolean(), (texts, p, bareIsRelative, nocase) => {
        const list = compileList(globs(...texts), { bareIsRelative, nocase });
        expect(listIncludes(list, p, HOME, CWD), `${p} in [${texts.join(", ")}]`).toBe(lastMatch(list, p, HOME, CWD));
      }),
      { numRuns: 3000 },
    );
  });

  test("the shipped lists do match some paths (the test is not vacuous)", () => {
    const creds = compileList(globs(...defaults.paths.credentials));
    expect(listIncludes(creds, "/home/u/.ssh/id_rsa", HOME, CWD)).toBe(true);
    expect(listIncludes(creds, "/repo/app/.env.example", HOME, CWD)).toBe(false);
    expect(listIncludes(creds, "/repo/app/.env.local", HOME, CWD)).toBe(true);
  });

  test("a case-insensitive list matches other cases of the same names, and the default list does not", () => {
    const nocase = compileList(globs(...defaults.paths.credentials), { nocase: true });
    const exact = compileList(globs(...defaults.paths.credentials));
    for (const p of ["/home/u/.SSH/ID_RSA", "/repo/app/.ENV", "/repo/app/Server.PEM", "/home/u/.Aws/Credentials"]) {
      expect(listIncludes(nocase, p, HOME, CWD), p).toBe(true);
      expect(listIncludes(exact, p, HOME, CWD), p).toBe(false);
    }
    expect(listIncludes(nocase, "/repo/app/.ENV.EXAMPLE", HOME, CWD)).toBe(false);
  });
});
