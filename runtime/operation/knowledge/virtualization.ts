/**
 * Hypervisors and local VM or cluster managers (docs/adr/0300). On a hypervisor (`virsh`, `qm`, `VBoxManage`,
 * `govc`) a forced power-off, a reset or a shutdown of a guest is an outage and may lose its unsaved state:
 * DESTRUCTIVE, like deleting it, its disks or its snapshots. A command run inside a guest through the
 * hypervisor (`qm guest exec`, `virsh qemu-agent-command`, `VBoxManage guestcontrol … run`) is not read here.
 * Development VMs and clusters on this machine (`vagrant`, `multipass`, `minikube`, `kind`…) are stopped and
 * started as ordinary work; deleting one is DESTRUCTIVE.
 */
import { ESCAPE, HOST_DIR, REMOTE_CODE } from "./cloud.ts";
import { NEW_DEP } from "./outside-code.ts";
import { PUBLISH } from "./publication.ts";
import { fx, subs, type Program, type Rule } from "./types.ts";

const READ = fx("READ", ["read_local"], "virtualization");
const WRITE = fx("WRITE", ["write_local", "execute"], "virtualization");
const DESTROY = fx("DESTRUCTIVE", ["write_local"], "virtualization");
/** A block device of the host (a disk, a partition, a volume), named as a guest's disk source. */
const HOST_DISK =
  /^(?:file=)?\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|md|dm-|mapper\/|disk\/|loop|mtd|zd|rbd|[\w-]+\/[\w-]+$)|,file=\/dev\//;
const HOST_DISK_GIVEN = fx("SECURITY", ["write_local", "read_local"], "virtualization", "host-access");
/**
 * A host root, system or home directory shared into a dev VM or cluster node (docs/adr/0741), as a mount spec or
 * an option's `=` value: `minikube mount /:/host`, `colima start --mount /:w`, `multipass mount / vm:/h`,
 * `k3d cluster create --volume /etc:/etc@all`, `minikube start --mount-string=/:/host`. Every container the VM
 * runs reaches it as root; a project folder or a directory below the home (`~/src:w`) stays ordinary.
 */
const HOST_SHARE = new RegExp(String.raw`^(?:--[\w-]+=)?${HOST_DIR}(?::|$)`);
/** The verbs that mount, or create or start a machine with its mounts. */
const SHARING_SUBS = [
  ["mount"],
  ["start"],
  ["launch"],
  ["create"],
  ["init"],
  ["cluster", "create"],
  ["node", "create"],
];

/** Verbs that delete a local VM, cluster or image. */
const DELETE_WORDS = ["destroy", "delete", "rm", "remove", "purge", "prune", "undefine"];
const LOCAL_READS = ["status", "global-status", "list", "ls", "info", "version", "ip", "ssh-config", "get", "find"];

export const VIRTUALIZATION: readonly Program[] = [
  {
    names: ["virsh"],
    values: ["-c", "--connect", "--pool", "-l", "--log"],
    base: WRITE,
    rules: [
      ...subs(["qemu-agent-command", "qemu-monitor-command", "lxc-enter-namespace"], REMOTE_CODE),
      // A disk of the host given to a guest: whoever runs the guest reads and writes it raw (docs/adr/0564).
      { sub: ["attach-disk"], text: HOST_DISK, then: HOST_DISK_GIVEN },
      ...subs(
        [
          "destroy",
          "undefine",
          "reset",
          "shutdown",
          "reboot",
          "vol-delete",
          "vol-wipe",
          "pool-delete",
          "pool-destroy",
          "pool-undefine",
          "snapshot-delete",
          "snapshot-revert",
          "managedsave-remove",
          "detach-disk",
          "detach-device",
          "net-destroy",
          "net-undefine",
          "blockcommit",
          "blockpull",
        ],
        DESTROY,
      ),
      ...subs(
        [
          "list",
          "dominfo",
          "domstate",
          "dumpxml",
          "domblklist",
          "domiflist",
          "domifaddr",
          "net-list",
          "pool-list",
          "vol-list",
          "snapshot-list",
          "capabilities",
          "nodeinfo",
          "version",
          "uri",
          "hostname",
          "help",
        ],
        READ,
      ),
    ],
  },
  {
    names: ["VBoxManage", "vboxmanage"],
    base: WRITE,
    rules: [
      { sub: ["guestcontrol"], word: ["run", "start", "copyto"], then: REMOTE_CODE },
      { sub: ["internalcommands", "createrawvmdk"], then: HOST_DISK_GIVEN },
      { text: /RawDrive=\/dev\//, then: HOST_DISK_GIVEN },
      { sub: ["unregistervm"], flag: ["--delete", "--delete-all"], then: DESTROY },
      { sub: ["closemedium"], flag: ["--delete"], then: DESTROY },
      { sub: ["controlvm"], word: ["poweroff", "reset"], then: DESTROY },
      { sub: ["snapshot"], word: ["delete", "restore", "restorecurrent"], then: DESTROY },
      ...subs(["list", "showvminfo", "showmediuminfo", "--version"], READ),
    ],
  },
  {
    // Proxmox VE: virtual machines (qm) and containers (pct).
    names: ["qm", "pct"],
    base: WRITE,
    rules: [
      { sub: ["guest", "exec"], then: REMOTE_CODE },
      ...subs(["exec", "enter"], REMOTE_CODE),
      ...subs(["destroy", "stop", "shutdown", "reset", "reboot", "delsnapshot", "rollback", "unlink"], DESTROY),
      ...subs(["list", "config", "status", "pending", "listsnapshot", "showcmd"], READ),
    ],
  },
  {
    names: ["xl"],
    base: WRITE,
    rules: [...subs(["destroy", "shutdown", "reboot"], DESTROY), ...subs(["list", "info", "vcpu-list"], READ)],
  },
  {
    // VMware vSphere: `govc vm.destroy`, `govc vm.power -off`, `govc datastore.rm`.
    names: ["govc"],
    base: WRITE,
    rules: [
      { text: /^[a-z.]+\.(?:destroy|rm|remove|unregister)$/, then: DESTROY },
      { sub: ["vm.power"], flag: ["-off", "-reset", "-s", "-r"], then: DESTROY },
      { sub: ["guest.run"], then: REMOTE_CODE },
      { text: /^[a-z.]+\.(?:ls|info|find)$/, then: READ },
    ],
  },
  { names: ["prlctl", "vmrun"], base: WRITE, rules: [{ word: ["delete", "deleteVM", "stop"], then: DESTROY }] },
  // Development VMs and clusters on this machine.
  {
    names: ["vagrant", "multipass", "minikube", "kind", "k3d", "limactl", "colima", "docker-machine", "orb", "orbctl"],
    values: ["-p", "--profile", "--name"],
    base: WRITE,
    rules: [
      ...SHARING_SUBS.map((sub): Rule => ({ sub, text: HOST_SHARE, then: ESCAPE })),
      // A Vagrant plugin is a Ruby gem loaded into every later vagrant run (docs/adr/0371).
      { sub: ["plugin", "install"], then: NEW_DEP },
      // `vagrant cloud publish BOX VERSION PROVIDER FILE --release`, `vagrant cloud version release`: a box on Vagrant
      // Cloud, pulled by whoever names it (docs/adr/0671).
      { sub: ["cloud"], word: ["publish", "release", "upload"], then: PUBLISH },
      { sub: ["box"], word: ["remove", "prune"], then: DESTROY },
      { sub: ["snapshot"], word: ["delete", "restore", "pop"], then: DESTROY },
      ...subs(DELETE_WORDS, DESTROY),
      // k3d and orbctl name the object first: `k3d cluster delete dev`, `k3d node rm`.
      ...["cluster", "node", "registry"].map((s): Rule => ({ sub: [s], word: DELETE_WORDS, then: DESTROY })),
      { sub: ["box", "list"], then: READ },
      // Every instance stopped at once (`multipass stop --all`, ADR 0518).
      { sub: ["stop"], flag: ["--all"], then: fx("SECURITY", ["execute", "write_local"], "container", "system") },
      ...subs(LOCAL_READS, READ),
    ],
  },
  {
    // A guest booted with a host disk as its own (`-hda /dev/sda`, `-drive file=/dev/nvme0n1,format=raw`).
    names: [
      "qemu-system-x86_64",
      "qemu-system-aarch64",
      "qemu-system-i386",
      "qemu-system-arm",
      "qemu-system-riscv64",
      "qemu-kvm",
    ],
    base: WRITE,
    rules: [{ text: HOST_DISK, then: HOST_DISK_GIVEN }],
  },
];
