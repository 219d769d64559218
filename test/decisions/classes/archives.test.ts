import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team symlink-archive, ADR 0634: unpackers told to write below the home by their own destination options, and
 * archives built from a base directory that holds keys. Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  ["ouch decompress /tmp/x.tar.gz --dir /home/dev --yes", "ask", "ask"],
  ["ouch d /tmp/x.zip -d ~/.config", "ask", "ask"],
  ["ouch decompress vendor/plugin.zip --dir ..", "ask", "ask"],
  ["zpaq x /tmp/x.zpaq -to /home/dev -force", "ask", "ask"],
  ["file-roller --extract-to=/home/dev --force /tmp/x.zip", "ask", "ask"],
  ["ark --batch --destination /home/dev /tmp/x.tar.gz", "ask", "ask"],
  ["dar -x /tmp/h -R /home/dev -O -w", "ask", "ask"],
  ["jar cf /tmp/k.jar -C /home/dev .ssh", "deny", "deny"],
  ["jar cfM /tmp/g.jar -C /home/dev/.config gh", "deny", "deny"],
  ["dar -c /tmp/k -R /home/dev -g .ssh -g .aws", "deny", "deny"],
  ["dar -c /tmp/h -R ~", "deny", "deny"],
  // Look-alikes: unpacked into the project, archives of the project.
  ["ouch decompress vendor/plugin.zip --dir vendor", "allow", "allow"],
  ["ouch list dist/app.tar.gz", "allow", "allow"],
  ["zpaq x /tmp/x.zpaq -to ./out", "allow", "allow"],
  ["file-roller --extract-to=./out x.zip", "allow", "allow"],
  ["ark --batch --destination ./out x.tgz", "allow", "allow"],
  ["dar -x backup -R ./restore", "allow", "allow"],
  ["dar -c /tmp/proj -R .", "allow", "allow"],
  ["jar cf app.jar -C build/classes .", "allow", "allow"],
];

classTable("unpackers' destinations and archives' base directories under the %s profile", ROWS);

/** A container build's context folder is read as a whole tree (ADR 0692): the home is ~/.ssh among the rest. */
const BUILD_CONTEXTS: readonly ClassRow[] = [
  ["docker build -t x ~", "deny", "deny"],
  ["docker image build -t dotfiles /home/dev", "deny", "deny"],
  ["podman build -f Containerfile /home/dev", "deny", "deny"],
  ["nerdctl build -t ghcr.io/acme/tools:latest /home/dev", "deny", "deny"],
  ["docker buildx build -t x $HOME", "deny", "deny"],
  ["docker build -t app .", "allow", "allow"],
  ["docker build -t app -f docker/Dockerfile .", "allow", "allow"],
  ["podman build -t app ./services/api", "allow", "allow"],
  ["docker compose build web", "allow", "allow"],
];

classTable("container build contexts under the %s profile", BUILD_CONTEXTS);
