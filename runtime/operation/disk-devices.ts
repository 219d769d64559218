/**
 * Disk and partition device nodes (docs/adr/0423, 0632): `/dev/sda`, `/dev/nvme0n1p2`, `/dev/md0`, `/dev/sg0`,
 * `/dev/mapper/x`, `/dev/disk/by-id/…`, raw memory. The harmless nodes (/dev/null, /dev/zero, /dev/tty,
 * /dev/fd/*) are not disks. A program nobody described that names one anywhere in its words (an operand, an
 * option's value, `of=/dev/sda`, socat's `OPEN:/dev/sda`) may write the whole disk: what it does cannot be read
 * from its words, and a disk holds every filesystem on it.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Device names are matched one path at a time. */
const DISK =
  /^\/dev\/(?:(?:sd|hd|vd|xvd)[a-z]+\d*|nvme\d+(?:n\d+(?:p\d+)?)?|mmcblk\d+(?:p\d+)?|r?disk\d+(?:s\d+)*|md\d+|dm-\d+|mapper\/.+|disk\/.+|mem|kmem|port|mtd\d+(?:ro)?|mtdblock\d+|ubi\d+(?:_\d+)?|ubiblock\d+_\d+|sg\d+|nbd\d+(?:p\d+)?|zd\d+|rbd\d+|bcache\d+)$/;

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
