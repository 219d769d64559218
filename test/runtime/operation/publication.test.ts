import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation, type Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

/**
 * Publication in every ecosystem (ADRs 0340-0343): uploads to a registry or a public host cannot be taken back.
 * Each mechanism in several spellings, and the look-alikes that stay ordinary work.
 */
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

const bash = (command: string): Operation =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  );

describe("a task runner's publishing task, an unknown uploader and a Python upload publish (ADR 0340)", () => {
  test.each([
    "./gradlew publishToMavenCentral",
    "./gradlew clean build publish",
    "gradle publishPlugins",
    "gradle :lib:bintrayUpload",
    "gradlew artifactoryPublish -Pversion=1.0",
    "mvn deploy",
    "./mvnw -B release:perform",
    "mvn deploy:deploy-file -Dfile=x.jar",
    "sbt publish",
    "sbt +publishSigned",
    "lein deploy clojars",
    "mix hex.publish --yes",
    "rake release",
    "bundle exec rake release",
    "fastlane release",
    "make publish",
    "just deploy",
    "flit publish",
    "hatch publish -r test",
    "maturin publish",
    "rye publish",
    "pub publish --force",
    "expo publish",
    "snapcraft upload x.snap --release stable",
    "jf rt upload build/ repo/",
    "crane push app.tar org/app",
    "oras push ghcr.io/org/x:1 file.txt",
    "s3_website push",
    "cpan-upload x.tar.gz",
    "chrome-webstore-upload upload --auto-publish",
    "npx np",
    "npx semantic-release",
    "npx release-it --ci",
    "ghp-import -n -p -f _build/html",
    "mkdocs gh-deploy --force",
    "hugo deploy --force",
    "python3 -m twine upload --repository pypi dist/*",
    "python -m twine upload dist/*",
    "python3.12 -m flit publish",
    "python setup.py sdist upload",
    "python3 setup.py sdist bdist_wheel upload -r pypi",
    "python setup.py register",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "./gradlew assembleRelease",
    "./gradlew build test",
    "mvn package",
    "mvn -q test",
    "sbt compile",
    "make",
    "make build FILE=deploy.txt",
    "gradle test --tests *PublishTest*",
    "rake test",
    "python3 -m twine check dist/*",
    "python -m build",
    "python setup.py sdist",
    "python3 -m http.server 8000",
    "lsb_release -a",
    "form submit",
    "hugo server",
  ])("%s does not publish", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });
});
