import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team disk, ADR 0632: storage pools, RAID arrays, drive controllers and kernel partition tables changed by their
 * own tools, and a disk named anywhere in the words of a program nobody described. Each row is [command, permissive,
 * guard].
 */
const ROWS: readonly ClassRow[] = [
  // Pool, array and controller tools: every change asks, their listings read.
  ["zpool offline tank /dev/sdb", "ask", "ask"],
  ["zpool export -f tank", "ask", "ask"],
  ["zfs set readonly=on tank/home", "ask", "ask"],
  ["zfs receive -F tank/home < /tmp/stream", "ask", "ask"],
  ["zfs rename tank/home tank/old", "ask", "ask"],
  ["mdadm /dev/md0 --fail /dev/sda1 --remove /dev/sda1", "ask", "ask"],
  ["mdadm --stop /dev/md0", "ask", "ask"],
  ["btrfs check --repair /dev/sda2", "ask", "ask"],
  ["nvme fw-commit /dev/nvme0 -s 1 -a 1", "ask", "ask"],
  ["nvme disconnect-all", "ask", "ask"],
  ["partx -d /dev/sda", "ask", "ask"],
  ["delpart /dev/sda 2", "ask", "ask"],
  ["sg_unmap --lba=0 --num=4294967295 /dev/sda", "ask", "ask"],
  ["sg_start --stop /dev/sda", "ask", "ask"],
  ["iscsiadm -m node --logoutall=all", "ask", "ask"],
  ["rbd rm rbd/prod-db", "ask", "ask"],
  ["storcli /c0/v0 del force", "ask", "ask"],
  ["bootctl remove", "ask", "ask"],
  ["umount -a -f", "ask", "ask"],
  ["umount -l /mnt/data", "ask", "ask"],
  ["zpool status", "allow", "allow"],
  ["zfs list -t snapshot", "allow", "allow"],
  ["btrfs check /dev/sda2", "allow", "allow"],
  ["btrfs filesystem df /", "allow", "allow"],
  ["mdadm --detail /dev/md0", "allow", "allow"],
  ["nvme smart-log /dev/nvme0", "allow", "allow"],
  ["partx -s /dev/sda", "allow", "allow"],
  ["iscsiadm -m session", "allow", "allow"],
  ["storcli /c0 show all", "allow", "allow"],
  ["bootctl status", "allow", "allow"],
  // A disk in any word of a program nobody described: an option's value, `KEY=`, `TYPE:`, glued to an option.
  ["fio --name=w --filename=/dev/sda --rw=write --bs=1M --direct=1", "ask", "ask"],
  ["dd_rescue -A /dev/zero /dev/sda", "ask", "ask"],
  ["xorriso -outdev /dev/sdb -blank as_needed", "ask", "ask"],
  ["mformat -i /dev/sdb1 ::", "ask", "ask"],
  ["mformat -i/dev/sdb1 ::", "ask", "ask"],
  ["flashtool write image.bin device=/dev/mmcblk0", "deny", "deny"],
  ["fio --name=t --filename=./fio.tmp --size=10M --rw=randwrite", "allow", "allow"],
  ["xorriso -as mkisofs -o out.iso dist", "allow", "allow"],
  // Writers by key or address, and more makers of filesystems: a hard deny.
  ["socat -u FILE:/dev/zero OPEN:/dev/sda", "deny", "deny"],
  ["dc3dd wipe=/dev/sda", "deny", "deny"],
  ["sg_dd if=/dev/zero of=/dev/sg0 bs=512", "deny", "deny"],
  ["mkudffs /dev/sdb", "deny", "deny"],
  ["mkreiserfs -f /dev/sda3", "deny", "deny"],
  ["socat -u FILE:notes.txt CREATE:/tmp/out.txt", "allow", "allow"],
  // A rescue copy reads the disk into an image; a disk as its output is a write.
  ["ddrescue /dev/sdb rescue.img rescue.map", "allow", "allow"],
  ["ddrescue -f /dev/sdb /dev/sdc rescue.map", "deny", "deny"],
  // A disk by its other names (ADR 0744): an LVM volume's /dev/VG/LV, a named array, a major:minor link, a zvol.
  ["dd if=/dev/zero of=/dev/vg0/root bs=1M count=100", "deny", "deny"],
  ["dd if=/dev/zero of=/dev/ubuntu-vg/ubuntu-lv bs=1M count=100", "deny", "deny"],
  ["dd if=/dev/zero of=/dev/md/root bs=1M count=100", "deny", "deny"],
  ["dd if=/dev/zero of=/dev/block/8:0 bs=512 count=1", "deny", "deny"],
  ["cat image.raw > /dev/centos/home", "deny", "deny"],
  ["tee /dev/zvol/tank/vm < disk.img", "deny", "deny"],
  ["dd if=/dev/vg0/root of=./root.img bs=1M", "allow", "allow"],
  ["dd if=/dev/zero of=/dev/shm/scratch bs=1M count=10", "allow", "allow"],
  ["lvdisplay /dev/vg0/root", "allow", "allow"],
  // socat's bare path opens read-write; `-u` writes the second address, `-U` the first, otherwise both.
  ["socat -u /dev/zero /dev/sda", "deny", "deny"],
  ["socat -u FILE:/dev/zero OPEN:/dev/vg0/data,wronly", "deny", "deny"],
  ["socat -U GOPEN:/dev/md/data -", "deny", "deny"],
  ["socat - /dev/block/259:1", "deny", "deny"],
  ["socat -u /dev/zero FILE:./zeros.bin", "allow", "allow"],
  // A partition table or filesystem made in an image file of the project writes that file (ADR 0772); a device, a
  // path outside the project, an unknown word or a second disk in an option's value stays a hard deny.
  ["truncate -s 256M build/disk.raw && sgdisk -n 1:0:0 build/disk.raw", "allow", "allow"],
  ["parted -s build/disk.img mklabel gpt", "allow", "allow"],
  ["mkfs.ext4 build/disk.img", "allow", "allow"],
  ["wipefs -a build/disk.img", "allow", "allow"],
  ["parted -s /dev/sda mklabel gpt", "deny", "deny"],
  ["sgdisk -n 1:0:0 ../disk.raw", "deny", "deny"],
  ["sgdisk -n 1:0:0 /tmp/disk.raw", "deny", "deny"],
  ["sgdisk -n 1:0:0 $DISK", "deny", "deny"],
  ["sgdisk -n 1:0:0 build/*", "deny", "deny"],
  ["cd /dev && sgdisk -Z sda", "deny", "deny"],
  ["sgdisk --replicate=/dev/sdb build/d.img", "deny", "deny"],
  ["sgdisk -R/dev/sdb build/d.img", "deny", "deny"],
  ["sgdisk -b ~/.bashrc build/d.img", "deny", "deny"],
  ["parted -s build/disk.img mklabel gpt /dev/sda", "deny", "deny"],
  ["cryptsetup luksFormat build/disk.img", "deny", "deny"],
];

classTable("disks changed by their own tools or named to unknown ones under the %s profile", ROWS);
