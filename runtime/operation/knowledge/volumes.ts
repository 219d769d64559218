/**
 * Storage pools, RAID arrays, SCSI and NVMe controllers, network block devices and partition tables in the kernel
 * (docs/adr/0632): `zpool offline tank /dev/sdb`, `zfs receive -F tank/home`, `mdadm --stop /dev/md0`,
 * `nvme fw-commit`, `partx -d /dev/sda`, `sg_unmap`, `iscsiadm --logoutall=all`, `rbd rm`, `storcli /c0/v0 del`.
 * What they change holds every filesystem on it, and none has an undo, so every change is DESTRUCTIVE; their
 * listings and status reports read. The hard-deny catalogue still denies the formats and wipes among them
 * (hard-deny/disks.ts).
 */
import { fx, subs, type Program, type Rule } from "./types.ts";

const CHANGE = fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk");
const LOOK = fx("READ", ["read_local"], "disk");
const HELP: Rule = { flag: ["-h", "--help", "-V", "--version", "-?"], then: LOOK };
const reads = (words: readonly (readonly string[])[]): Rule[] => words.map((sub): Rule => ({ sub, then: LOOK }));

export const VOLUMES: readonly Program[] = [
  {
    names: ["zpool"],
    base: CHANGE,
    rules: [
      HELP,
      { bare: true, then: LOOK },
      ...reads([["list"], ["status"], ["iostat"], ["get"], ["history"], ["events"], ["version"], ["help"]]),
      // A bare `zpool import` lists the pools that could be imported; naming one imports it.
      { sub: ["import"], maxWords: 0, notFlag: ["-a", "-f", "-F"], then: LOOK },
    ],
  },
  {
    names: ["zfs"],
    base: CHANGE,
    rules: [
      HELP,
      { bare: true, then: LOOK },
      ...reads([["list"], ["get"], ["diff"], ["holds"], ["userspace"], ["groupspace"], ["projectspace"], ["version"]]),
      ...reads([["help"]]),
    ],
  },
  {
    names: ["btrfs"],
    base: CHANGE,
    rules: [
      HELP,
      // `btrfs check` only reads unless told to repair or rebuild.
      {
        sub: ["check"],
        notFlag: ["--repair", "--init-csum-tree", "--init-extent-tree", "--clear-space-cache"],
        then: LOOK,
      },
      ...reads([
        ["filesystem", "show"],
        ["filesystem", "df"],
        ["filesystem", "du"],
        ["filesystem", "usage"],
        ["subvolume", "list"],
        ["subvolume", "show"],
        ["subvolume", "get-default"],
        ["device", "stats"],
        ["device", "usage"],
        ["scrub", "status"],
        ["balance", "status"],
        ["replace", "status"],
        ["qgroup", "show"],
        ["property", "get"],
        ["property", "list"],
        ["inspect-internal"],
        ["version"],
        ["help"],
      ]),
    ],
  },
  {
    names: ["mdadm"],
    base: CHANGE,
    rules: [
      {
        flag: [
          "--detail",
          "-D",
          "--examine",
          "-E",
          "--query",
          "-Q",
          "--detail-platform",
          "-h",
          "--help",
          "-V",
          "--version",
        ],
        notFlag: [
          "--fail",
          "-f",
          "--remove",
          "-r",
          "--stop",
          "-S",
          "--add",
          "-a",
          "--create",
          "-C",
          "--grow",
          "-G",
          "--zero-superblock",
          "--assemble",
          "-A",
          "--set-faulty",
          "--readonly",
          "-o",
          "--readwrite",
          "-w",
          "--run",
          "-R",
        ],
        then: LOOK,
      },
    ],
  },
  {
    names: ["nvme"],
    base: CHANGE,
    rules: [
      HELP,
      ...reads(
        [
          "list",
          "list-subsys",
          "list-ns",
          "list-ctrl",
          "id-ctrl",
          "id-ns",
          "id-ns-desc",
          "id-nvmset",
          "smart-log",
          "error-log",
          "fw-log",
          "effects-log",
          "get-log",
          "get-feature",
          "show-regs",
          "show-hostnqn",
          "discover",
          "version",
          "help",
        ].map((s) => [s]),
      ),
    ],
  },
  // Partitions in the kernel's table: `partx -d` drops them, `delpart`/`resizepart` change them under a mounted disk.
  {
    names: ["partx"],
    base: CHANGE,
    rules: [HELP, { flag: ["-s", "--show"], notFlag: ["-d", "--delete", "-a", "--add", "-u", "--update"], then: LOOK }],
  },
  { names: ["delpart", "addpart", "resizepart"], base: CHANGE, rules: [HELP] },
  // SCSI commands sent straight to a drive: unmap (trim), write-same, stop, raw writes and resets.
  {
    names: [
      "sg_unmap",
      "sg_write_same",
      "sg_start",
      "sg_dd",
      "sg_write_buffer",
      "sg_write_long",
      "sg_write_verify",
      "sg_write_x",
      "sg_compare_and_write",
      "sg_reset",
      "sg_raw",
      "sg_reassign",
      "sg_wr_mode",
      "sg_sat_set_features",
      "sg_zone",
      "sg_prevent",
    ],
    base: CHANGE,
    rules: [HELP],
  },
  // iSCSI sessions: logging out detaches every disk they carry from under whatever is mounted on it.
  {
    names: ["iscsiadm"],
    base: CHANGE,
    rules: [
      HELP,
      {
        notFlag: [
          "-l",
          "--login",
          "-u",
          "--logout",
          "--logoutall",
          "--loginall",
          "-o",
          "--op",
          "-n",
          "--name",
          "--discover",
        ],
        then: LOOK,
      },
    ],
  },
  // Ceph block images and RAID controllers: removing an image or a virtual drive loses what is on it.
  {
    names: ["rbd"],
    base: CHANGE,
    rules: [
      HELP,
      ...reads([["ls"], ["list"], ["info"], ["du"], ["disk-usage"], ["status"], ["showmapped"], ["device", "list"]]),
      ...reads([
        ["snap", "ls"],
        ["snap", "list"],
        ["lock", "ls"],
        ["lock", "list"],
        ["image-meta", "list"],
        ["image-meta", "get"],
      ]),
    ],
  },
  {
    names: ["storcli", "storcli64", "perccli", "perccli64", "megacli", "MegaCli64"],
    base: CHANGE,
    rules: [HELP, { word: ["show"], then: LOOK }],
  },
  // The boot loader on the EFI partition: removing or replacing it decides whether the machine boots.
  {
    names: ["bootctl"],
    base: CHANGE,
    rules: [HELP, { bare: true, then: LOOK }, ...reads([["status"], ["list"], ["is-installed"], ["help"]])],
  },
  // A rescue copy of a disk into an image reads the disk; a disk as its output is the hard-deny catalogue's
  // (block-device-write): `ddrescue /dev/sdb rescue.img rescue.map`.
  {
    names: ["ddrescue", "gddrescue"],
    values: [
      "-b",
      "--sector-size",
      "-c",
      "--cluster-size",
      "-i",
      "--input-position",
      "-o",
      "--output-position",
      "-s",
      "--size",
      "-m",
      "--domain-mapfile",
    ],
    base: fx("WRITE", ["write_local", "read_local"], "filesystem"),
    rules: [HELP],
    paths: { first: "read", positional: "write" },
  },
  // Disk images made from a disk read it: `qemu-img convert -O qcow2 /dev/sda disk.qcow2` writes only the last
  // operand, `partclone.ext4 -c -s /dev/sda1 -o backup.img` only `-o`. A disk as what they write is block-device-write's.
  {
    names: ["qemu-img"],
    values: ["-f", "-F", "-O", "-o", "-t", "-T", "-B", "-l", "-S", "-m", "-r", "--object", "--image-opts"],
    base: fx("WRITE", ["write_local"], "filesystem"),
    rules: [
      HELP,
      ...subs(["info", "check", "compare", "map", "measure"], LOOK),
      {
        sub: ["convert"],
        then: fx("WRITE", ["write_local", "read_local"], "filesystem"),
        paths: { positional: "read", last: "write" },
      },
    ],
    paths: { positional: "write" },
  },
  {
    names: [
      "partclone.ext2",
      "partclone.ext3",
      "partclone.ext4",
      "partclone.extfs",
      "partclone.xfs",
      "partclone.btrfs",
      "partclone.ntfs",
      "partclone.fat",
      "partclone.fat16",
      "partclone.fat32",
      "partclone.vfat",
      "partclone.exfat",
      "partclone.hfsp",
      "partclone.f2fs",
      "partclone.dd",
      "partclone.imager",
      "partclone.restore",
      "partclone.chkimg",
    ],
    values: ["-s", "--source", "-o", "--output", "-O", "--overwrite", "-L", "--logfile", "-z", "--buffer_size"],
    base: fx("WRITE", ["write_local", "read_local"], "filesystem"),
    rules: [HELP],
    paths: {
      options: {
        "-s": "read",
        "--source": "read",
        "-o": "write",
        "--output": "write",
        "-O": "write",
        "--overwrite": "write",
      },
    },
  },
];
