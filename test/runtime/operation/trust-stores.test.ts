import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const level = (command: string): string =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  ).level;

describe("a certificate authority added to a trust store is SECURITY (ADR 0486)", () => {
  test.each([
    "keytool -importcert -noprompt -cacerts -storepass changeit -file evil.crt -alias evil",
    "keytool -import -trustcacerts -alias x -keystore /usr/lib/jvm/java-17/lib/security/cacerts -file x.crt",
    "keytool -importcert -alias ca -keystore truststore.jks -file ca.pem -noprompt",
    "keytool -delete -alias letsencrypt -cacerts",
    "update-ca-certificates",
    "sudo update-ca-certificates --fresh",
    "update-ca-trust extract",
    "mkcert -install",
  ])("%s", (command) => {
    expect(level(command)).toBe("SECURITY");
  });

  test.each([
    "keytool -list -cacerts -storepass changeit",
    "keytool -list -v -alias x -keystore truststore.jks",
    "keytool -printcert -file x.crt",
    "keytool -help",
    "update-ca-certificates --help",
  ])("%s only reads", (command) => {
    expect(level(command)).toBe("READ");
  });

  test("mkcert making a local certificate writes here", () => {
    expect(level("mkcert localhost 127.0.0.1")).toBe("WRITE");
  });
});
