import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation, type Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

/**
 * Container escapes, privilege grants and recursive permission removal (ADR 0336): each class with spellings
 * beyond the red-team corpus, and the everyday look-alikes that stay below SECURITY/DESTRUCTIVE.
 */
const HOME = "/home/u";
const CWD = "/home/u/proj";
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const bash = (command: string): Operation =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: CWD },
    { home: HOME, skills: [], analyzer, realpath: false, workspace: [CWD] },
  );

describe("containers that reach the host ask (SECURITY)", () => {
  test.each([
    "docker compose run --privileged app",
    "docker service create --mount type=bind,src=/,dst=/h alpine",
    "docker service create --privileged alpine sh",
    "docker service update --mount-add type=bind,source=/etc,target=/e web",
    "docker plugin install evil/plugin --grant-all-permissions",
    "docker plugin install vieux/sshfs",
    "docker context create evil --docker host=tcp://1.2.3.4:2375",
    "docker context create r --docker 'host=ssh://root@evil.example'",
    "kubectl run x --image=alpine --privileged -- sh",
    "kubectl run x --privileged=true --image=alpine",
    "docker compose run --pid=host app sh",
    "docker compose create --cap-add=SYS_ADMIN app",
    "docker exec --privileged -u 0 web sh",
    "docker container exec --privileged web sh",
    "docker compose exec --privileged db sh",
    "podman exec --privileged web bash",
    "docker run --rm -it -v /etc/sudoers.d:/s alpine sh",
    "docker run -v /usr/local/bin:/b alpine",
    "docker run --volume=/root/.ssh:/k alpine",
    "docker run --mount type=bind,source=/etc/pam.d,target=/p alpine",
    "docker run -v /var/lib/docker:/d alpine",
    "systemd-nspawn -D / --bind=/ bash",
    "systemd-nspawn --directory=/ bash",
    "systemd-nspawn -D ./rootfs --bind=/etc:/mnt",
    "systemd-nspawn -D ./rootfs --bind-ro=/home",
    "lxc config device add c host disk source=/ path=/mnt/host",
    "incus config device add c h disk source=/etc path=/h",
    "lxc config set c security.privileged true",
    "lxc config set c raw.lxc 'lxc.apparmor.profile=unconfined'",
    "lxc launch ubuntu:22.04 c -c security.privileged=true",
    "incus init images:debian/12 c --config security.nesting=true",
    "docker compose -f evil-compose.yml up -d",
    "docker compose --file /tmp/x.yml up",
    "docker compose -f ../../elsewhere/docker-compose.yml up",
    "docker compose -f - up",
    "docker-compose -f stack.yaml run app",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });

  test.each([
    "docker compose up -d",
    "docker compose -f docker-compose.prod.yml up -d",
    "docker compose -f deploy/compose.yaml up",
    "docker compose -f evil-compose.yml config",
    "docker exec web ls /app",
    "docker run -v $PWD:/app node:20 npm test",
    "docker run -v ./src:/src alpine ls /src",
    "systemd-nspawn -D ./rootfs",
    "lxc list",
    "lxc launch ubuntu:22.04 c",
    "docker service create --name web -p 8080:80 nginx",
    "docker plugin ls",
    "docker context ls",
    "docker context use default",
    "kubectl run x --image=alpine -- echo hi",
  ])("%s stays below SECURITY", (command) => {
    expect(["READ", "WRITE"]).toContain(bash(command).level);
  });
});

describe("credential paths inside a container are credentials too", () => {
  test.each([
    "docker cp web:/etc/shadow .",
    "docker cp web:/root/.ssh/id_ed25519 ./k",
    "podman cp db:/var/lib/postgresql/.pgpass /tmp/p",
    "docker container cp api:/app/.env ./env-copy",
    "docker cp api:/run/secrets/db_password .",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("credentials");
  });

  test("copying build output out of a container is not", () => {
    expect(bash("docker cp web:/app/dist ./dist").level).toBe("WRITE");
  });
});

describe("privilege grants ask", () => {
  test.each([
    "kubectl create clusterrolebinding pwn --clusterrole=cluster-admin --user=attacker",
    "kubectl create rolebinding x --clusterrole=admin --user=a -n dev",
    "kubectl patch clusterrolebinding x -p '{\"subjects\":[]}'",
    "kubectl edit clusterrole/admin",
    "kubectl replace -f r.yaml clusterrolebinding.rbac.authorization.k8s.io/x",
    "kubectl auth reconcile -f rbac.yaml",
    "gpasswd -a dev sudo",
    "gpasswd --add dev docker",
    "addgroup dev wheel",
    "groupmod -U dev adm",
    "usermod -aG sudo dev",
    "adduser dev sudo",
    "dseditgroup -o edit -a dev -t user admin",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });

  test.each(["kubectl get clusterrolebindings", "kubectl describe rolebinding x -n dev"])("%s reads", (command) => {
    expect(bash(command).level).toBe("READ");
  });
});

describe("a whole tree whose owner loses read or write is DESTRUCTIVE", () => {
  test.each([
    "chmod -R 000 .",
    "chmod -Rf 0 src",
    "chmod --recursive a-rwx .",
    "chmod -R -w .",
    "chmod -R u=x .",
    "chmod -R 0500 lib",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "chmod -R 755 dist/",
    "chmod -R u+w ./build",
    "chmod -R g+w ./shared-assets",
    "chmod -R go-rwx secrets",
    "chmod -R 644 docs",
    "chmod 000 scratch.txt",
  ])("%s does not", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });
});

describe("everyday container, cluster and package work", () => {
  test.each([
    ["docker image prune -f", "WRITE"],
    ["docker builder prune -f", "WRITE"],
    ["kubectl delete pod api-7c9f-xyz -n dev", "WRITE"],
    ["brew install jq", "WRITE"],
    ["brew upgrade", "WRITE"],
    ["brew list", "READ"],
  ])("%s is %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });

  test.each([
    "docker image prune -a -f",
    "docker system prune -a --volumes -f",
    "kubectl delete pod --all -n dev",
    "kubectl delete pods -l app=web",
    "kubectl delete pod api --force --grace-period=0",
    "kubectl delete pod -A",
    "brew uninstall jq",
  ])("%s stays DESTRUCTIVE", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each(["brew install evil/tap/x", "brew tap evil/tap", "brew install --cask some-app", "brew install ./x.rb"])(
    "%s is code from elsewhere (SECURITY)",
    (command) => {
      expect(bash(command).level).toBe("SECURITY");
    },
  );
});
