import { describe, expect, test } from "vitest";
import { LEVEL_RANK } from "../../../compiler/index.ts";
import { bashDeriver } from "./bash-deriver.ts";

/** The host reached through containers, and the machine cut off or powered down (ADRs 0517, 0518). */
const bash = bashDeriver("/home/u/proj", "/home/u");
const atLeast = (command: string, level: "SECURITY" | "DESTRUCTIVE"): boolean =>
  LEVEL_RANK[bash(command).level] >= LEVEL_RANK[level];

describe("a container given the host by another spelling reaches the host (ADR 0517)", () => {
  test.each([
    "docker run --rm -v /tmp/../:/host alpine",
    "docker run --rm -v /.:/host alpine",
    "docker run --rm -v /srv/./../etc:/e alpine",
    "docker run --rm --mount type=bind,source=/var/../,target=/h alpine",
    "docker run --mount type=volume,dst=/host,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/ alpine",
    "docker volume create --driver local --opt type=none --opt o=bind --opt device=/ hostroot",
    "podman volume create --opt o=bind --opt device=/etc hostetc",
    "docker run --rm --volumes-from prod-db alpine",
    "docker run --rm --pid=container:prod-db alpine",
    "docker run --device-cgroup-rule='a *:* rwm' alpine",
    "docker run --rm --cap-add=NET_ADMIN --net=host alpine",
    "docker run --rm --network host --cap-add NET_RAW alpine",
    "docker run --rm --cap-add CAP_BPF alpine",
    "crictl exec -it 3f2a1b sh",
    "runc exec -t --cap CAP_SYS_ADMIN mycontainer sh",
    "ctr -n k8s.io tasks exec --exec-id sh1 -t kube-apiserver-abc sh",
    "buildah run --cap-add=ALL mycontainer -- sh",
  ])("%s", (command) => {
    expect(atLeast(command, "SECURITY")).toBe(true);
  });

  test.each([
    "docker run --rm -v ./data:/data alpine ls /data",
    "docker run --rm -v $PWD:/src -w /src node:20 npm test",
    "docker run --rm --cap-add=NET_ADMIN alpine ip link",
    "docker run --rm --net=host nginx",
    "docker volume create pgdata",
    "docker run --rm --pid=host-not alpine true",
    "crictl ps",
    "crictl logs 3f2a1b",
    "buildah run mycontainer -- npm ci",
  ])("look-alike %s does not", (command) => {
    expect(bash(command).categories).not.toContain("host-access");
  });
});

describe("the machine cut off its network, powered off or its services all stopped (ADR 0518)", () => {
  test.each([
    "tailscale down",
    "tailscale logout",
    "zerotier-cli leave 8056c2e21c000001",
    "warp-cli disconnect",
    "mullvad disconnect",
    "incus stop --all --force",
    "lxc stop --all",
    "multipass stop --all",
    "podman stop -a",
    "docker stop --all",
    "docker compose -f /srv/prod/docker-compose.yml down",
    "docker-compose -f ~/other/compose.yml stop",
    "docker compose --project-directory /srv/prod down",
  ])("%s", (command) => {
    expect(atLeast(command, "SECURITY")).toBe(true);
  });

  test.each([
    "ipmitool -I lanplus -H 10.0.0.5 -U admin -P $IPMI_PW chassis power off",
    "ipmitool -H bmc1 chassis power cycle",
    "ipmitool power reset",
    "wsl.exe --shutdown",
    "wsl --terminate Ubuntu",
    "cmd.exe /c shutdown /s /t 0",
    "/mnt/c/Windows/System32/shutdown.exe /r /t 0",
    "mongosh admin --eval 'db.shutdownServer({force:true})'",
    "mongosh admin --eval 'db.adminCommand({shutdown: 1})'",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "tailscale status",
    "tailscale up",
    "zerotier-cli listnetworks",
    "warp-cli status",
    "ipmitool -H bmc1 sensor list",
    "ipmitool chassis power status",
    "wsl.exe --list --verbose",
    "multipass stop dev",
    "docker stop web",
    "docker compose down",
    "docker compose -f docker-compose.dev.yml down",
    "mongosh --eval 'db.users.find()'",
    "notepad.exe README.md",
  ])("look-alike %s stays below SECURITY", (command) => {
    expect(atLeast(command, "SECURITY")).toBe(false);
  });
});
