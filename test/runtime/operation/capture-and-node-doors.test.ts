import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * Packet capture that prints or saves payloads reads other programs' secrets (ADR 0477); device cgroup rules and
 * kubectl's node-shell plugins are doors from a container to the host (ADR 0478).
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("a capture that prints or saves payloads is a credential read (ADR 0477)", () => {
  test.each([
    "tcpdump -i any -A -s0 port 80",
    "tcpdump -nnXX -i lo",
    "tcpdump -i eth0 -x",
    "tcpdump -i eth0 -w /tmp/cap.pcap",
    "tshark -i eth0",
    "tshark -i any -Y http.authorization -T fields -e http.authorization",
    "dumpcap -i any -w x.pcapng",
    "ngrep -q -W byline port 80",
    "tcpflow -i any -c port 80",
    "ettercap -T -M arp",
    "bettercap -iface eth0",
    "urlsnarf -i eth0",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("credentials");
  });

  test.each(["tcpdump -D", "tcpdump --version", "tshark -D", "tshark -r cap.pcap -Y http", "tcpdump -r cap.pcap -nn"])(
    "listing or reading a saved capture %s reads",
    (command) => {
      expect(bash(command).level).toBe("READ");
    },
  );

  test("tcpdump printing headers only stays below SECURITY", () => {
    expect(bash("tcpdump -i lo -c 10 port 3000").level).toBe("WRITE");
  });
});

describe("device cgroup rules and node shells reach the host (ADR 0478)", () => {
  test.each([
    "docker run --device-cgroup-rule='a *:* rwm' alpine",
    "docker run --device-cgroup-rule 'b 8:* rmw' -it alpine sh",
    "podman run --device-cgroup-rule='c 1:* rwm' alpine",
    "docker compose run --device-cgroup-rule='a *:* rwm' app",
    "kubectl node-shell node-1",
    "kubectl -n kube-system node-shell node-1 -- sh",
    "kubectl ssh-jump node-1",
    "kubectl nsenter node-1",
    "kubectl-node_shell node-1",
    "oc debug node/worker-1",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("host-access");
  });

  test("kubectl sudo acts as cluster-admin", () => {
    expect(bash("kubectl sudo get secrets -A").categories).toContain("permissions");
  });

  test.each(["docker run --rm alpine echo hi", "kubectl get nodes", "kubectl describe node node-1"])(
    "look-alike %s is not",
    (command) => {
      expect(bash(command).categories).not.toContain("host-access");
    },
  );
});
