import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * Publication in every ecosystem (ADRs 0340-0343): uploads to a registry or a public host cannot be taken back.
 * Each mechanism in several spellings, and the look-alikes that stay ordinary work.
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

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

describe("releases, tags, images and registries behind a second word publish (ADR 0341)", () => {
  test.each([
    "gh release create v9.9.9 --notes x",
    "gh release create v1.0.0 dist/*",
    "gh release create v1.2.3 --generate-notes",
    "gh release upload v1.0 secret.zip",
    "gh release edit v1.0 --draft=false",
    "gh -R acme/app release create v2",
    "glab release create v1",
    "git push --tags",
    "git tag v2.0 && git push --tags",
    "git push origin --tags",
    "git push --follow-tags",
    "git push -u origin main --follow-tags",
    "git push origin refs/tags/v3.0.0",
    "git push origin HEAD:refs/tags/v3",
    "git push heroku main",
    "git push dokku HEAD:master",
    "docker buildx build --push -t myorg/app .",
    "docker build --push -t org/app .",
    "docker buildx build -o type=registry -t org/app .",
    "docker buildx build --output=type=image,push=true -t org/app .",
    "docker buildx bake --push",
    "docker manifest push org/app:latest",
    "docker compose push",
    "podman manifest push org/app",
    "dotnet nuget push pkg.nupkg -k key -s https://api.nuget.org/v3/index.json",
    "dotnet nuget push *.nupkg --api-key $KEY",
    "dart pub publish --force",
    "flutter pub publish -f",
    "swift package-registry publish",
    "cargo yank --version 1.0.0",
    "cargo yank --vers 1.0.0 --undo",
    "yarn workspaces foreach npm publish",
    "yarn workspaces foreach -A npm publish --tolerate-republish",
    "npx lerna publish from-package --yes",
    "lerna publish",
    "npx nx release --yes",
    "npx changeset publish",
    "pod trunk push",
    "pod repo push specs App.podspec",
    "skopeo copy docker-archive:app.tar docker://docker.io/org/app",
    "skopeo sync --src dir ./images docker://registry.example.com/org",
    "crane copy gcr.io/a/b docker.io/c/d",
    "helm cm-push chart/ repo",
    "eas submit -p ios",
    "eas update --branch production",
    "__proto__ push",
  ])("%s", (command) => {
    expect(["DESTRUCTIVE", "SECURITY", "EXPENSIVE"]).toContain(bash(command).level);
  });

  test.each(["gh secret set API_KEY --body xyz", "gh pr merge 12 --admin --merge"])("%s is SECURITY", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });

  test.each(["firebase hosting:channel:deploy live", "wrangler publish", "wrangler deploy"])(
    "%s deploys (EXPENSIVE at least)",
    (command) => {
      expect(["DESTRUCTIVE", "SECURITY", "EXPENSIVE"]).toContain(bash(command).level);
    },
  );

  test.each([
    "gh release list",
    "gh release view v1.0",
    "gh release create v2 --draft --notes wip",
    "gh pr merge 12 --squash",
    "git push origin feature/login",
    "git push -u origin HEAD",
    "git push",
    "git push --no-follow-tags origin main",
    "docker build -t app .",
    "docker buildx build -t app --load .",
    "docker compose build",
    "npm pack",
    "cargo package",
    "cargo --version",
    "dart pub publish --dry-run",
    "dart pub get",
    "skopeo copy docker://docker.io/org/app oci:./app",
    "skopeo inspect docker://docker.io/library/alpine",
    "helm install app ./chart --version 1.2.0",
  ])("%s does not publish", (command) => {
    expect(["READ", "WRITE"]).toContain(bash(command).level);
  });
});

describe("an image pushed by its destination, a build task that pushes, a cloud registry given a package (ADR 0491)", () => {
  test.each([
    "regctl image copy local/app ghcr.io/org/app:latest",
    "regctl image cp app:1 docker.io/org/app:1",
    "imgtool copy --all build/app 123456789012.dkr.ecr.eu-west-1.amazonaws.com/app:v2",
    "regbot sync ./images europe-docker.pkg.dev/p/r/app",
    "mirrorer mirror oci-layout:dir quay.io/org/app@sha256:0123abcd",
    "./mvnw compile jib:build",
    "mvn -q package jib:build -Djib.to.image=ghcr.io/o/a",
    "mvn com.google.cloud.tools:jib-maven-plugin:build",
    "./gradlew jib",
    "./gradlew bootBuildImage --publishImage",
    "./mvnw package -Dquarkus.container-image.push=true",
    "mvn spring-boot:build-image -Dspring-boot.build-image.publish=true",
    "aws codeartifact publish-package-version --domain d --repository r --format generic --package p --package-version 1 --asset-content a.tgz --asset-name a.tgz --asset-sha256 x",
    "aws ecr put-image --repository-name app --image-tag v1 --image-manifest file://m.json",
    "aws ecr-public put-image --repository-name app --image-manifest file://m.json",
    "gcloud artifacts generic upload --source=dist/app.tgz --package=app --version=1 --repository=public",
    "gcloud artifacts apt upload repo --source=x.deb",
    "az artifacts universal publish --name app --version 1 --path dist",
    "az acr import -n reg --source docker.io/library/nginx:latest",
    "az acr build -r reg -t app:v1 .",
  ])("%s", (command) => {
    const op = bash(command);
    expect(op.level).toBe("DESTRUCTIVE");
    expect(op.categories).toContain("publication");
  });

  test.each([
    "regctl image copy ghcr.io/org/app:1 localhost:5000/app:1",
    "regctl image inspect ghcr.io/org/app:latest",
    "regctl image copy ghcr.io/org/app:1 ocidir://./app",
    "tool copy a.txt b.txt c",
    "./mvnw compile jib:dockerBuild",
    "./gradlew jibDockerBuild",
    "./gradlew jibBuildTar",
    "./gradlew bootBuildImage",
    "aws codeartifact list-packages --domain d --repository r",
    "aws ecr describe-images --repository-name app",
    "gcloud artifacts repositories list",
    "gcloud artifacts generic download --package=app --version=1 --destination=.",
    "az acr repository list -n reg",
  ])("%s does not publish", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });
});
