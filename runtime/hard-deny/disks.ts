/**
 * Raw disks. block-device-write: any write to a disk or partition device node (`dd of=/dev/sda`,
 * `> /dev/nvme0n1`, `cp img /dev/disk2`, `tee /dev/mapper/x`) or to raw memory; the harmless nodes
 * (/dev/null, /dev/stdout, /dev/tty, /dev/fd/*) are not disks. filesystem-format: programs that create
 * filesystems, partition tables or erase devices, except their listing modes (`fdisk -l`, `parted -l`).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, hasRun, operands, shown } from "./commands.ts";
import { redirectTargets } from "./changes.ts";
import { accessForms, isDiskDevice, namedDevice } from "../operation/index.ts";
import { changed, under } from "./paths.ts";
import type { Check } from "./types.ts";
import { targetOf } from "./targets.ts";
import { insideWorkspace, rootWorkspace, type Workspace } from "./workspace.ts";

export { isDiskDevice };

export const blockDeviceWrite: Check = (op, ctx) => {
  const commands = commandsOf(op);
  // Partitioning and formatting tools name a device they may only list (`parted /dev/sda print`):
  // filesystem-format knows their read-only modes, so their device arguments are judged there.
  const onlyDiskTools = (raw: string | undefined): boolean => {
    const naming = commands.filter((c) => raw !== undefined && c.args.includes(raw));
    return naming.length > 0 && naming.every(isDiskTool);
  };
  for (const a of changed(op)) {
    const hit = accessForms(a).find(isDiskDevice);
    if (hit !== undefined && !(a.via === "argument" && onlyDiskTools(a.raw))) return `writes to the device ${hit}`;
  }
  const redirected = redirectTargets(op, ctx.home).find(isDiskDevice);
  if (redirected !== undefined) return `writes to the device ${redirected}`;
  for (const cmd of commands) {
    const named = deviceDestination(cmd);
    if (named !== null) return `writes to the device ${named}`;
    if (cmd.program === "dd" || cmd.program === "dcfldd" || cmd.program === "dc3dd") {
      const of = cmd.args.find((a) => a.startsWith("of="))?.slice(3);
      if (of !== undefined && isDiskDevice(of)) return `writes to the device ${of}`;
    }
    // scrub overwrites what it is given with patterns: a device is erased (docs/adr/0423).
    if (cmd.program === "scrub") {
      const dev = operands(cmd, ["-p", "--pattern", "-b", "--blocksize", "-s", "--device-size", "-D", "--dirent"]).find(
        isDiskDevice,
      );
      if (dev !== undefined) return `erases the device ${dev}`;
    }
    const socatDevice = socatWrites(cmd).find(isDiskDevice);
    if (socatDevice !== undefined) return `writes to the device ${socatDevice}`;
    // ddrescue INFILE OUTFILE [MAPFILE]: the second operand is written.
    if (cmd.program === "ddrescue") {
      const out = operands(cmd, ["-b", "--sector-size", "-c", "--cluster-size", "-i", "-o", "-s", "-m"])[1];
      if (out !== undefined && isDiskDevice(out)) return `writes to the device ${out}`;
    }
  }
  return null;
};

/**
 * The files socat writes (docs/adr/0744): a bare path is socat's GOPEN, which opens read-write, like `OPEN:`. With
 * `-u` data flows from the first address to the second, with `-U` back; otherwise both are written.
 */
function socatWrites(cmd: SimpleCommand): readonly string[] {
  if (cmd.program !== "socat") return [];
  const files = operands(cmd, ["-L", "-W", "-b", "-t", "-T", "-lf", "-lp"]).map((a) => {
    const m = /^(?:(?:GOPEN|OPEN|CREATE|FILE):)?(\/[^,]+)/i.exec(a);
    return m?.[1] ?? "";
  });
  const [first = "", second = ""] = files;
  if (hasFlag(cmd, "-u")) return [second];
  if (hasFlag(cmd, "-U")) return [first];
  return [first, second];
}

/** Options whose value is where a program writes: `partclone -o /dev/sda1`, `balena flash --drive /dev/sda`. */
const OUTPUT_OPTIONS = new Set([
  "-o",
  "--output",
  "--outfile",
  "--output-file",
  "--out",
  "--of",
  "--drive",
  "--dest",
  "--destination",
  "--target",
  "--to",
  "--write",
  "--overwrite",
  "-O",
]);
/**
 * `KEY=DEVICE` items, alone or in a comma list: `fsarchiver restfs a.fsa id=0,dest=/dev/sda1`, `of=`, dc3dd's
 * `wipe=`/`hwipe=` (docs/adr/0632).
 */
const OUTPUT_KEY = /(?:^|,)(?:dest|destination|of|out|output|target|drive|device|wipe|hwipe)=([^,]+)/g;
/** Programs given a device last that read it (`cmp img /dev/sda`, `mount -o ro x /dev/sdb1` names a mount point). */
const READERS = new Set(["cmp", "diff", "mount", "ln", "ls", "stat", "file", "blkid", "lsblk", "udevadm", "smartctl"]);
/** Verbs whose last operand is the destination of an image copy: `qemu-img convert x /dev/sda`, `bmaptool copy`. */
const COPY_VERBS = new Set([
  "convert",
  "copy",
  "dd",
  "flash",
  "write",
  "burn",
  "restore",
  "clone",
  "restfs",
  "restparts",
]);

/**
 * A disk device named as where any program writes (docs/adr/0469): the value of an output option, a `dest=` item,
 * or the last operand after a copying verb. Disk tools are judged by filesystem-format instead.
 */
function deviceDestination(cmd: SimpleCommand): string | null {
  if (isDiskTool(cmd) || READERS.has(cmd.program)) return null;
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (OUTPUT_OPTIONS.has(a) && args[i + 1] !== undefined && isDiskDevice(args[i + 1]!)) return args[i + 1]!;
    const eq = /^(--?[A-Za-z][\w-]*)=(.+)$/.exec(a);
    if (eq !== null && OUTPUT_OPTIONS.has(eq[1]!) && isDiskDevice(eq[2]!)) return eq[2]!;
    const glued = /^-o(\/dev\/.+)$/.exec(a);
    if (glued !== null && isDiskDevice(glued[1]!)) return glued[1]!;
    for (const m of a.matchAll(OUTPUT_KEY)) if (isDiskDevice(m[1]!)) return m[1]!;
  }
  // Image tools that write their later operands (docs/adr/0562): `e2image -ra SRC DEST`, `xfs_copy SRC TARGET…`;
  // `e2image -I DEVICE IMAGE` writes the image's metadata back onto its first operand.
  if (cmd.program === "e2image" || cmd.program === "xfs_copy") {
    const named = operands(cmd, ["-b", "-B", "-o", "-O", "-L"]);
    const written = cmd.program === "e2image" && hasFlag(cmd, "-I") ? named.slice(0, 1) : named.slice(1);
    const device = written.find(isDiskDevice);
    if (device !== undefined) return device;
  }
  const words = operands(cmd);
  const last = words.at(-1);
  if (words.length >= 2 && last !== undefined && isDiskDevice(last) && words.some((w) => COPY_VERBS.has(w)))
    return last;
  return null;
}

export const filesystemFormat: Check = (op, ctx) => {
  const ws = ctx.workspace ?? rootWorkspace(op.call.cwd, ctx.home);
  for (const cmd of commandsOf(op)) {
    if (formats(cmd) && !imageInWorkspace(cmd, op, { ws, home: ctx.home }))
      return `${shown(cmd)} formats or erases a disk`;
  }
  return null;
};

/**
 * `mkfs.ext4 -F ./build/rootfs.img`, `sgdisk -n 1:0:0 build/disk.raw`: a filesystem or partition table made inside
 * an image file of the workspace formats no disk (docs/adr/0772). Makers: every operand is a literal path of the
 * workspace or temp space and none is a device. Partition editors: every word they are given, an option's value
 * too, is a literal path of the project's own folders (temp space is shared: a link planted there may be a device).
 */
function imageInWorkspace(
  cmd: SimpleCommand,
  op: Parameters<Check>[0],
  at: { readonly ws: Workspace; readonly home: string },
): boolean {
  if (IMAGE_PARTITIONERS.has(cmd.program)) return partitionsAnImage(cmd, op, at);
  if (!isMaker(cmd.program) || cmd.program === "blkdiscard") return false;
  const words = operands(cmd, ["-t", "-L", "-b", "-c", "-l", "-E", "-O", "-U", "-n", "-N", "-i", "-I", "-m", "-o"]);
  if (words.length === 0) return false;
  return words.every((w) =>
    literalImagePath(w, { cmd, op, keep: (p) => insideWorkspace(p, at.ws, at.home), home: at.home }),
  );
}

/** Partition-table editors that work on a file as on a disk: `parted -s disk.img mklabel gpt`, `sfdisk x.img`. */
const IMAGE_PARTITIONERS = new Set(["fdisk", "gdisk", "cfdisk", "sfdisk", "sgdisk", "parted", "wipefs"]);

/**
 * Their options are many and some name a second disk (`sgdisk -R /dev/sdb`, `--replicate=…`): so every word but a
 * bare flag counts, a value glued to a short option must hold no path, and a word that is no path (`1:0:0`, `gpt`)
 * reads as a harmless name in the project. Nothing may name a device anywhere.
 */
function partitionsAnImage(
  cmd: SimpleCommand,
  op: Parameters<Check>[0],
  at: { readonly ws: Workspace; readonly home: string },
): boolean {
  if (namedDevice(cmd) !== null || operands(cmd).length === 0) return false;
  const project = (p: string): boolean => at.ws.dirs.some((d) => under(p, d));
  return cmd.args.every((a) => {
    if (a === "--") return true;
    if (!a.startsWith("-") || a === "-")
      return a !== "-" && literalImagePath(a, { cmd, op, keep: project, home: at.home });
    const eq = /^--[^=]+=(.*)$/.exec(a);
    if (eq !== null) return literalImagePath(eq[1]!, { cmd, op, keep: project, home: at.home });
    return !/[/~$`*?[]/.test(a);
  });
}

/** A word that is one known path, spelled as one, off /dev, and kept by `keep` in every form it resolves to. */
interface ImageContext {
  readonly cmd: SimpleCommand;
  readonly op: Parameters<Check>[0];
  /** Whether a resolved path is one the image may live at. */
  readonly keep: (path: string) => boolean;
  readonly home: string;
}

function literalImagePath(word: string, { cmd, op, keep, home }: ImageContext): boolean {
  const t = targetOf(word, cmd, op, home);
  return t.kind === "path" && /^[./~\w]/.test(word) && t.paths.every((p) => !p.startsWith("/dev/") && keep(p));
}

/** Programs that make a filesystem or erase a device (nwipe knows nothing but devices: docs/adr/0423). */
const MAKERS = new Set([
  "mkfs",
  "mke2fs",
  "mkswap",
  "mkdosfs",
  "mkntfs",
  "mkexfatfs",
  "mkudffs",
  "mkreiserfs",
  "mkjfs",
  "mkhfs",
  "mkfatfs",
  "mkexfat",
  "blkdiscard",
  "nwipe",
]);
const PARTITIONERS = new Set([
  "wipefs",
  "fdisk",
  "gdisk",
  "cfdisk",
  "sfdisk",
  "sgdisk",
  "parted",
  "diskutil",
  "cryptsetup",
  "badblocks",
  "zpool",
  "hdparm",
  "nvme",
  "sg_format",
  "sg_sanitize",
  "lvremove",
  "vgremove",
  "pvremove",
  "zfs",
  "btrfs",
  "mdadm",
  "flashrom",
  "efibootmgr",
  "grub-install",
  "grub2-install",
  "flash_erase",
  "flash_eraseall",
  "flashcp",
  "nandwrite",
  "mtd_debug",
  "ubiformat",
  "ubirmvol",
  "ubiupdatevol",
]);

const HDPARM_WRITES = new Set([
  "--security-erase",
  "--security-erase-enhanced",
  "--security-set-pass",
  "--trim-sector-ranges",
  "--trim-sector-ranges-stdin",
  "--write-sector",
  "--make-bad-sector",
  "--dco-restore",
  "--dco-setmax",
  "-N",
]);

function isMaker(program: string): boolean {
  return MAKERS.has(program) || program.startsWith("mkfs.") || program.startsWith("newfs");
}

function isDiskTool(cmd: SimpleCommand): boolean {
  return isMaker(cmd.program) || PARTITIONERS.has(cmd.program);
}

function formats(cmd: SimpleCommand): boolean {
  const p = cmd.program;
  const words = operands(cmd);
  if (isMaker(p)) return !hasFlag(cmd, "-V", "--version", "--help", "-h") || words.length > 0;
  switch (p) {
    case "wipefs": // without -a/-o it only lists signatures
      return hasFlag(cmd, "-a", "--all", "-o", "--offset") && !hasFlag(cmd, "-n", "--no-act");
    case "fdisk":
    case "gdisk":
    case "cfdisk":
      return !hasFlag(cmd, "-l", "--list", "-V", "--version", "-h", "--help");
    case "sfdisk":
      return !hasFlag(
        cmd,
        "-l",
        "--list",
        "-d",
        "--dump",
        "-J",
        "--json",
        "-s",
        "--show-size",
        "-V",
        "--verify",
        "--list-free",
        "-F",
        "-g",
        "--show-geometry",
        "-v",
        "--version",
        "-h",
        "--help",
      );
    case "sgdisk":
      return !cmd.flags.every((f) =>
        [
          "-p",
          "--print",
          "-i",
          "--info",
          "-v",
          "--verify",
          "-O",
          "--print-mbr",
          "-L",
          "--list-types",
          "-V",
          "--version",
          "-P",
          "--pretend",
        ].includes(f),
      );
    case "parted": {
      if (hasFlag(cmd, "-l", "--list", "-v", "--version", "-h", "--help")) return false;
      // `parted /dev/sda print` only reads; any other script command (mklabel, mkpart, rm, resizepart) writes.
      const script = words.slice(1);
      return !(
        script.length > 0 &&
        script.every((w) => w === "print" || w === "unit" || /^(?:s|B|kB|MB|GB|TB|%|cyl|chs|compact)$/.test(w))
      );
    }
    case "diskutil":
      return (
        [
          "eraseDisk",
          "eraseVolume",
          "reformat",
          "partitionDisk",
          "zeroDisk",
          "randomDisk",
          "secureErase",
          "splitPartition",
          "mergePartitions",
        ].includes(words[0] ?? "") ||
        hasRun(words, ["apfs", "deleteContainer"]) ||
        hasRun(words, ["apfs", "eraseVolume"]) ||
        hasRun(words, ["apfs", "deleteVolume"])
      );
    case "cryptsetup":
      return ["luksFormat", "erase", "luksErase", "reencrypt"].includes(words[0] ?? "");
    case "badblocks":
      return hasFlag(cmd, "-w");
    // ATA commands that erase, trim or rewrite sectors, or lock the drive behind a password.
    case "hdparm":
      return cmd.flags.some((f) => HDPARM_WRITES.has(f) || f.startsWith("--fwdownload"));
    case "nvme":
      return ["format", "sanitize", "write-zeroes", "ns-delete", "delete-ns"].includes(words[0] ?? "");
    // The boot loader written over a disk's boot sector or the EFI partition decides what the machine boots.
    case "grub-install":
    case "grub2-install":
    case "sg_format":
    case "sg_sanitize":
    case "lvremove":
    case "vgremove":
    case "pvremove":
      return !hasFlag(cmd, "-h", "--help", "-V", "--version");
    // Volume managers, RAID metadata, firmware and boot entries: what they destroy holds every filesystem on it.
    case "zfs":
      // `zfs rollback -r` destroys every later snapshot, and any rollback drops what was written since.
      return ["destroy", "rollback"].includes(words[0] ?? "");
    case "btrfs":
      return hasRun(words, ["subvolume", "delete"]) || hasRun(words, ["device", "remove"]);
    case "mdadm":
      return hasFlag(cmd, "--zero-superblock", "--create", "-C");
    case "flashrom":
      return hasFlag(cmd, "-w", "--write", "-E", "--erase");
    case "efibootmgr":
      return hasFlag(cmd, "-B", "--delete-bootnum");
    // Raw flash (MTD and UBI): erased or written whole, the firmware and boot loader on it too (docs/adr/0562).
    case "flash_erase":
    case "flash_eraseall":
    case "flashcp":
    case "nandwrite":
    case "ubiformat":
    case "ubirmvol":
    case "ubiupdatevol":
      return !hasFlag(cmd, "-h", "--help", "-V", "--version");
    case "mtd_debug":
      return ["erase", "write"].includes(words[0] ?? "");
    case "zpool":
      return ["create", "destroy", "labelclear"].includes(words[0] ?? "");
    default:
      return false;
  }
}
