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

/** Name lists (ADR 0748): the names a list file holds are unknown paths read; 7-Zip's `-i!` names members itself. */
const NAME_LISTS: readonly ClassRow[] = [
  ["printf '%s\\n' /home/dev/.ssh/id_ed25519 > /tmp/l && tar czf /tmp/c.tgz --files-from=/tmp/l", "ask", "ask"],
  ["echo .ssh > /tmp/l && tar -C /home/dev -czf /tmp/s.tgz -T /tmp/l", "ask", "ask"],
  ["tar -cf /tmp/x.tar --files-from /tmp/names", "ask", "ask"],
  ["echo /home/dev/.ssh/id_ed25519 > /tmp/l.txt && 7z a /tmp/k.7z @/tmp/l.txt", "ask", "ask"],
  ["7z a /tmp/k.7z -i@/tmp/list.txt", "ask", "ask"],
  ["rsync -a --files-from=/tmp/list . /tmp/out/", "ask", "ask"],
  ["7z a /tmp/a.7z -ir!/home/dev/.aws/*", "deny", "deny"],
  ["7za a x.7z -i!/home/dev/.ssh/id_rsa", "deny", "deny"],
  // The list itself is read: a key given as a list prints its lines back in the errors.
  ["tar -czf out.tgz -T /home/dev/.ssh/id_rsa", "deny", "deny"],
  ["tar -xf a.tgz -T /home/dev/.ssh/id_rsa", "deny", "deny"],
  // Look-alikes: names on stdin that are known, exclusion lists, members of the project.
  ["tar -czf out.tgz -T - <<< 'src'", "allow", "allow"],
  ["tar czf app.tgz -X .tarignore src", "allow", "allow"],
  ["tar czf app.tgz --exclude-from=.tarignore src", "allow", "allow"],
  ["7z a out.7z -ir!src/*.ts", "allow", "allow"],
  ["7z a out.7z src", "allow", "allow"],
];

classTable("archivers' name lists under the %s profile", NAME_LISTS);
