/**
 * Disk and partition device nodes (docs/adr/0423, 0632): `/dev/sda`, `/dev/nvme0n1p2`, `/dev/md0`, `/dev/sg0`,
 * `/dev/mapper/x`, `/dev/disk/by-id/…`, raw memory. The harmless nodes (/dev/null, /dev/zero, /dev/tty,
 * /dev/fd/*) are not disks. A program nobody described that names one anywhere in its words (an operand, an
 * option's value, `of=/dev/sda`, socat's `OPEN:/dev/sda`) may write the whole disk: what it does cannot be read
 * from its words, and a disk holds every filesystem on it.
 */
import type { SimpleCommand } from "../shell/index.ts";

/**
 * Folders of /dev whose entries are no disk: descriptors, terminals, shared memory (a temp space), input, sound,
 * graphics, USB and the like. Any other `/dev/NAME/NAME` is how LVM names a logical volume (`/dev/vg0/root`,
 * `/dev/ubuntu-vg/ubuntu-lv`, docs/adr/0744): a volume group may be called anything, so its name cannot be listed.
 */
const NOT_DISK_FOLDERS =
  "fd|pts|shm|net|input|snd|dri|bus|cpu|hugepages|mqueue|vfio|dma_heap|serial|usb|v4l|dvb|bsg|xen|infiniband|" +
  "char|gpiochip|vhost|tpm|hwrng|cuse|fuse|log|stdin|stdout|stderr|tty|console|null|zero|full|u?random";

/**
 * Device names are matched one path at a time. Besides the kernel's names, a disk has names by link: a named RAID
 * array (`/dev/md/root`), `major:minor` (`/dev/block/8:0`, and `/dev/char/1:1` is /dev/mem), a ZFS or Ceph
 * volume (`/dev/zvol/tank/vm`, `/dev/rbd/pool/img`), and an LVM volume's `/dev/VG/LV`.
 */
const DISK = new RegExp(
  String.raw`^/dev/(?:(?:sd|hd|vd|xvd)[a-z]+\d*|nvme\d+(?:n\d+(?:p\d+)?)?|mmcblk\d+(?:p\d+)?|r?disk\d+(?:s\d+)*` +
    String.raw`|md\d+(?:p\d+)?|md/[^/]+|dm-\d+|mapper/.+|disk/.+|block/\d+:\d+|char/1:[124]|zvol/.+|rbd/.+` +
    String.raw`|mem|kmem|port|mtd\d+(?:ro)?|mtdblock\d+|ubi\d+(?:_\d+)?|ubiblock\d+_\d+|sg\d+|nbd\d+(?:p\d+)?|zd\d+` +
    String.raw`|rbd\d+|bcache\d+|(?!(?:${NOT_DISK_FOLDERS})/)[\w+][\w+.-]*/[\w+][\w+.-]*)$`,
);

/** A device node path, or a glob that can name one (`/dev/sd?`, `/dev/nvme*`: a loop over disks, docs/adr/0423). */
export function isDiskDevice(path: string): boolean {
  if (DISK.test(path)) return true;
  if (!/[*?[]/.test(path)) return false;
  const sample = (c: string): string => path.replace(/\[[^\]]*\]/g, c).replace(/[*?]/g, c);
  return DISK.test(sample("a")) || DISK.test(sample("0"));
}

/**
 * Where a word may hold a device path: the whole word, after `=` or `:` (`--filename=/dev/sda`, `wipe=/dev/sda`,
 * `OPEN:/dev/sda`), after a comma in a list, or glued to a one-letter option (`-i/dev/sdb1`).
 */
const DEVICE_IN_WORD = /(?:^|[=:,]|^-[A-Za-z])(\/dev\/[^\s,;:'"=]+)/g;

/** The first disk device named anywhere in the command's arguments, or null. */
export function namedDevice(cmd: SimpleCommand): string | null {
  for (const arg of cmd.args) {
    if (!arg.includes("/dev/")) continue;
    for (const m of arg.matchAll(DEVICE_IN_WORD)) if (isDiskDevice(m[1]!)) return m[1]!;
  }
  return null;
}
