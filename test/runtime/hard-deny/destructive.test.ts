import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

const check = (command: string): string | null => judge(d.bash(command))?.check ?? null;

describe("recursive-delete-root", () => {
  it.each([
    ["rm -rf /"],
    ["rm -fr /"],
    ["rm -r -f /"],
    ["rm --recursive --force /"],
    ["rm -R /"],
    ["rm -rf /*"],
    ["rm -rf /*/"],
    ["rm -rf //"],
    ["rm -rf /./"],
    ["rm -rf -- /"],
    ["sudo rm -rf /"],
    ["/bin/rm -rf /"],
    ["\\rm -rf /"],
    ["rm -rf {/,x}"],
    ["rm -rf ~"],
    ["rm -rf ~/"],
    ["rm -rf ~/*"],
    ["rm -rf $HOME"],
    ['rm -rf "$HOME/"'],
    ["rm -rf .."],
    ["cd ~ && rm -rf ."],
    ["rm -rf /etc"],
    ["rm -r /usr"],
    ["rm -rf /usr/local"],
    ["rm -rf /usr/lib/"],
    ["rm -rf /var"],
    ["rm -rf /var/lib"],
    ["rm -rf /boot"],
    ["rm -rf /home"],
    ["rm -rf /home/user"],
    ["rm -rf /root"],
    ["rm -rf /Users/someone"],
    ["rm -rf /System"],
    ["rm -rf /opt"],
    ["rm -rf /etc/*"],
    ["rm -rf /u*"],
    ['rm -rf "$TMPDIR"'],
    ['TMPDIR=/ rm -rf "$TMPDIR"'],
    ["rm -rf $X/"],
    ['rm -rf "${DIR}"/*'],
    ['rm -rf "$(pwd)"'],
    ["rm -rf `pwd`"],
    ["rm -rf /$X"],
    ["rm -rf ~/$PROJECT"],
    ["rm -rf $X/etc"],
    ['for f in $LIST; do rm -rf "$f"; done'],
    ['cd "$X" && rm -rf *'],
    ['cd "$X" && rm -rf .'],
    ['cd "$X" && rm -rf ../..'],
    ['cd "$X" && rm -rf etc'],
    ["X=/; rm -rf $X"],
    ["bash -c 'rm -rf /'"],
    ["echo 'rm -rf /' | sh"],
    ["sudo -u root rm -rf /etc"],
    ["rm -rf --no-preserve-root /"],
    ["rm --no-preserve-root -r /x"],
    ["find / -delete"],
    ["find ~ -type f -delete"],
    ["find /etc -name '*' -exec rm -f {} +"],
    ["find -L /usr -execdir rm -rf {} \\;"],
    ["rsync -a --delete empty/ /"],
    ["rsync -a --delete-after /tmp/empty/ ~/"],
    ["shred -r /etc"],
    ["srm -r ~"],
    ["git clean -fdx ~"],
    ["git clean -fd /"],
    ["mv /etc /tmp/etc"],
    ["mv ~ /tmp/old-home"],
    ["echo / | xargs rm -rf"],
    ["cat dirs.txt | xargs -0 rm -r"],
    ["echo / | xargs find -delete"],
    ["ls | parallel rm -rf"],
    ["parallel rm -rf {} ::: /"],
    ["cat dirs | parallel -j8 rm -r"],
  ])("hits %s", (command) => {
    expect(check(command)).toBe("recursive-delete-root");
  });

  it.each([
    ["rm -rf ./build"],
    ["rm -rf build dist"],
    ["rm -rf node_modules"],
    ["rm -rf /tmp/foo"],
    ["rm -rf /tmp/*"],
    ["rm -rf ~/proj/dist"],
    ['rm -rf "$TMPDIR/build"'],
    ["rm -rf ${TMPDIR:-/tmp}/test"],
    ["rm -rf ./build/$VERSION"],
    ["rm -rf dist-$V"],
    ["rm -rf /tmp/*/cache"],
    ["rm -f /usr/local/etc/x.conf"],
    ["rmdir /tmp/x"],
    ["rm -rf .git/hooks/pre-commit"],
    ["find . -name '*.pyc' -delete"],
    ["find src -name '*.o' -exec rm {} +"],
    ["find / -name passwd"],
    ["rsync -a --delete src/ backup/"],
    ["rsync -av --delete ./ host:/srv/app/"],
    ["mv build dist"],
    ["git clean -fdx build"],
    ["git clean -ndx ~"],
    ["mv /tmp/x ~/proj/x"],
    ['cd "$X" && rm -rf ./build'],
    ['cd "$X" && rm -rf build'],
    ["cd build && rm -rf *"],
    ['echo "rm -rf /"'],
    ['git commit -m "rm -rf /"'],
    ["rm -r"],
    ["find . -name '*.tmp' | xargs rm -f"],
    ["ls | xargs cat"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});

describe("system-permission-change", () => {
  it.each([
    ["chmod -R 777 /"],
    ["chmod 755 /"],
    ["sudo chown -R me /"],
    ["chown -R me:me /usr"],
    ["chown -R me /usr/local"],
    ["chgrp -R staff /etc"],
    ["chmod -R 700 /etc"],
    ["chmod 777 ~"],
    ["chmod -R o+w ~"],
    ["chown root ~/.ssh"],
    ["chmod 644 ~/.ssh/id_rsa"],
    ["chmod -R 755 ~/.ssh"],
    ["setfacl -R -m u:x:rwx /"],
    ["setfacl -m u:bob:rwx ~/.ssh"],
    ["chattr -R +i /etc"],
    ["chmod u+s /usr/bin/vim"],
    ["chmod 4755 ./tool"],
    // Every spelling of the setuid/setgid bits (ADR 0336): a number after an operator, several actions in a clause.
    ["chmod =4755 /tmp/sh"],
    ["chmod +4000 /tmp/sh"],
    ["chmod a=2755 ./tool"],
    ["chmod u=rwx+s /tmp/sh"],
    ["chmod u+x+s,g-w /tmp/sh"],
    ["chmod 04755 /tmp/sh"],
    ["chmod g+s,o-w shared"],
    ["chmod 777 /var/run/docker.sock"],
    ["chmod -R a+w /var/www"],
    ["chmod o+w /etc/hosts"],
    ["chmod 0666 /etc/passwd"],
    ["chmod -R 777 /*"],
    ["chmod -R 777 $DIR"],
    ["chown --no-preserve-root -R me /x"],
    // A mode given at creation (ADR 0422).
    ["install -d -m 777 /etc/x"],
    ["install -dm777 /etc/x"],
    ["install --mode=0777 -d /usr/share/x"],
    ["mkdir -m 777 /etc/x"],
    ["mkdir --mode=a+rwx /var/lib/x"],
    ["install -m 666 x.conf /etc/x.conf"],
  ])("hits %s", (command) => {
    expect(check(command)).toBe("system-permission-change");
  });

  it.each([
    ["chmod +x script.sh"],
    ["chmod =755 script.sh"],
    ["chmod -4000 ./tool"],
    ["chmod +x ./bin/*"],
    ["chmod 644 README.md"],
    ["chmod -R 755 dist"],
    ["chmod -R u+w node_modules"],
    ["chmod 700 ~/.ssh"],
    ["chmod 600 ~/.ssh/id_ed25519"],
    ["chmod go-rwx ~/.ssh/config"],
    ["chmod 700 ~"],
    ["sudo chmod 755 /usr/local/bin/tool"],
    ["sudo chmod +x /usr/local/bin/tool"],
    ["chmod 777 /tmp/shared"],
    ["chmod -x script.sh"],
    ["chown me file.txt"],
    ["chown -R me:me ./data"],
    ['chmod 644 "$f"'],
    ["chattr +i notes.txt"],
    ["ls -l /etc"],
    ["mkdir -m 777 /tmp/shared"],
    ["mkdir -m 700 ~/.ssh"],
    ["install -d -m 755 build/out"],
    ["install -m 644 x.conf ./etc/x.conf"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});

describe("block-device-write and filesystem-format", () => {
  it.each([
    ["dd if=/dev/zero of=/dev/sda bs=1M", "block-device-write"],
    ["dd if=img of=/dev/nvme0n1", "block-device-write"],
    ["dd if=img of=/dev/mmcblk0p1", "block-device-write"],
    ["sudo dd if=x.iso of=/dev/disk2 bs=4m", "block-device-write"],
    ["dd if=x of=/dev/rdisk3", "block-device-write"],
    ["echo x > /dev/sda", "block-device-write"],
    ["cat img > /dev/vdb", "block-device-write"],
    ["cat img | sudo tee /dev/xvda1", "block-device-write"],
    ["cp disk.img /dev/sdb", "block-device-write"],
    ["dd if=x of=/dev/mapper/vg-root", "block-device-write"],
    ["head -c 1M /dev/urandom > /dev/hda", "block-device-write"],
    ["dd if=/dev/zero of=/dev/mem", "block-device-write"],
    ["shred /dev/sdb", "block-device-write"],
    ["mkfs.ext4 /dev/sdb1", "filesystem-format"],
    ["mkfs -t xfs /dev/sdc", "filesystem-format"],
    ["sudo mke2fs /dev/sdb", "filesystem-format"],
    ["mkswap /dev/sda2", "filesystem-format"],
    ["wipefs -a /dev/sdb", "filesystem-format"],
    ["fdisk /dev/sda", "filesystem-format"],
    ["sfdisk /dev/sda < layout", "filesystem-format"],
    ["sgdisk --zap-all /dev/sda", "filesystem-format"],
    ["parted /dev/sda mklabel gpt", "filesystem-format"],
    ["parted -s /dev/sda rm 1", "filesystem-format"],
    ["diskutil eraseDisk APFS X disk2", "filesystem-format"],
    ["diskutil apfs deleteContainer disk3", "filesystem-format"],
    ["cryptsetup luksFormat /dev/sdb", "filesystem-format"],
    ["blkdiscard /dev/nvme0n1", "filesystem-format"],
    // An image file outside the workspace is a disk as far as anyone here can tell (ADR 0215).
    ["mkfs.vfat ~/disk.img", "filesystem-format"],
    ["hdparm --user-master u --security-erase p /dev/sda", "filesystem-format"],
    ["hdparm --security-erase-enhanced p /dev/sda", "filesystem-format"],
    ["hdparm --yes-i-know-what-i-am-doing --trim-sector-ranges 0:8 /dev/sda", "filesystem-format"],
    ["nvme format /dev/nvme0n1", "filesystem-format"],
    ["sg_format --format /dev/sg1", "filesystem-format"],
    ["ddrescue --force /dev/zero /dev/sdc", "block-device-write"],
    ["dcfldd if=/dev/zero of=/dev/sdb", "block-device-write"],
    ["lvremove -f /dev/vg0/root", "filesystem-format"],
    ["vgremove -f vg0", "filesystem-format"],
    ["zfs destroy -r tank", "filesystem-format"],
    ["btrfs subvolume delete /", "filesystem-format"],
    ["mdadm --zero-superblock /dev/sda", "filesystem-format"],
    ["flashrom -p internal -w evil.rom", "filesystem-format"],
    ["efibootmgr -b 0000 -B", "filesystem-format"],
  ])("%s hits %s", (command, expected) => {
    expect(check(command)).toBe(expected);
  });

  it.each([
    ["dd if=/dev/sda of=backup.img"],
    ["dd if=/dev/zero of=zeros.bin bs=1M count=1"],
    ["echo x > /dev/null"],
    ["cmd 2> /dev/stderr"],
    ["echo x > /dev/stdout"],
    ["echo x > /dev/tty"],
    ["cat /dev/sda | head -c 512 | xxd"],
    ["ls /dev/disk/by-id"],
    ["lsblk"],
    ["fdisk -l"],
    ["sudo fdisk -l /dev/sda"],
    ["sfdisk -d /dev/sda"],
    ["parted -l"],
    ["parted /dev/sda print"],
    ["sgdisk -p /dev/sda"],
    ["wipefs /dev/sdb"],
    ["diskutil list"],
    ["diskutil info disk0"],
    ["df -h"],
    ["mount"],
    // A filesystem made in an image file of the workspace formats no disk; reading a disk onto a file is no write.
    ["mkfs.vfat disk.img"],
    ["mkfs.ext4 -F ./build/rootfs.img"],
    ["hdparm -I /dev/sda"],
    ["hdparm -tT /dev/sda"],
    ["nvme list"],
    ["ddrescue /dev/sdb disk.img map.log"],
    ["zfs list"],
    ["btrfs subvolume list /"],
    ["mdadm --detail /dev/md0"],
    ["flashrom -p internal -r backup.rom"],
    ["efibootmgr -v"],
    ["lvremove --help"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});

describe("fork-bomb", () => {
  it.each([[":(){ :|:& };:"], ["bomb(){ bomb|bomb& }; bomb"], ["f() {\n  f | f &\n}\nf"], ["bash -c ':(){ :|:& };:'"]])(
    "hits %s",
    (command) => {
      expect(check(command)).toBe("fork-bomb");
    },
  );

  it.each([
    ["f() { echo hi; }; f"],
    ['retry() { "$@" || retry "$@"; }'],
    ['walk() { for d in */; do (cd "$d" && walk); done; }'],
    ["echo ':(){ :|:& };:'"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});
