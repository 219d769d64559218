import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * Issue 11 §6, the pass side: everyday commands the safety net used to stop, each beside the dangerous command of
 * the same shape that must stay stopped. Each row is [command, permissive, guard].
 */
const OUTSIDE: Expect = { check: "destructive-outside-workspace" };
const OPAQUE: Expect = { check: "opaque-code" };

/** An extraction or a tree copy is reviewed only when its target is or holds a protected place (ADR 0165). */
const TREE_WRITES: readonly ClassRow[] = [
  ["tar xzf vendor.tgz -C vendor/", "allow", "allow"],
  ["tar -xzf release.tar.gz -C vendor/", "allow", "allow"],
  ["unzip -o assets.zip -d public/", "allow", "allow"],
  ["unzip fixtures.zip -d test/fixtures", "allow", "allow"],
  ["mkdir -p /tmp/work && tar xzf fixtures.tgz -C /tmp/work", "allow", "allow"],
  ["cp -r templates/basic ./examples/", "allow", "allow"],
  ["rsync -av src/ dist/", "allow", "allow"],
  ["rsync -av src/ /tmp/src-copy/", "allow", "allow"],
  // The project root holds .git and .claude, the home .gitconfig: unpacking there is reviewed.
  ["tar xzf payload.tgz", "ask", "ask"],
  ["tar xzf payload.tgz -C .github", "ask", "ask"],
  ["tar xzf payload.tgz -C ~", "ask", "ask"],
  ["unzip -o theme.zip -d ~/.ssh", "deny", "deny"],
  // A system directory: whatever files of the same names are there are replaced.
  ["unzip -o plugin.zip -d /usr/local/bin", OUTSIDE, OUTSIDE],
  ["tar -xf update.tar -C /", OUTSIDE, OUTSIDE],
  ["tar xzf tools.tgz -C /opt/tools", OUTSIDE, OUTSIDE],
];

classTable("tree writes", TREE_WRITES);

/** Names and metadata are no secret: a listing, a stat, an empty file or new times (ADR 0166). */
const METADATA: readonly ClassRow[] = [
  ["ls ~/.ssh", "allow", "allow"],
  ["ls -la ~/.aws", "allow", "allow"],
  ["stat ~/.ssh/id_ed25519", "allow", "allow"],
  ["du -sh ~/.gnupg", "allow", "allow"],
  ["touch .env.test", "allow", "allow"],
  ['ls "$DIR"', "allow", "allow"],
  ["cat ~/.ssh/id_ed25519.pub", "allow", "allow"],
  ["cp .env.example .env.test", "allow", "allow"],
  // The content stays a credential read or write.
  ["cat ~/.ssh/id_ed25519", "deny", "deny"],
  ["ls ~/.ssh && cat ~/.ssh/id_rsa", "deny", "deny"],
  ["truncate -s 0 .env", "deny", "deny"],
  ["echo TOKEN=x > .env.test", "deny", "deny"],
  ['cat "$F"', "ask", "ask"],
];

classTable("names and metadata", METADATA);

/** A substitution that prints a literal written in it is read; hiding a dangerous name stays opaque (ADR 0167). */
const ECHOED: readonly ClassRow[] = [
  ["$(echo hello)", "allow", "allow"],
  ["`echo pwd`", "allow", "allow"],
  ["$(echo ls) -la", "allow", "allow"],
  ['ls "$(echo src)"', "allow", "allow"],
  ["$(echo rm) -rf build", OPAQUE, OPAQUE],
  ["$(echo git) push --force origin main", OPAQUE, OPAQUE],
  ["$(echo sudo) ls", OPAQUE, OPAQUE],
  ["$(echo rm) -rf ~/Documents", OUTSIDE, OUTSIDE],
  ["cat $(echo .env)", "deny", "deny"],
  ["$(printf %s r m) -rf build", "ask", "ask"],
  ["$(tr a-z n-za-m <<< yf)", "ask", "ask"],
  ["echo() { command echo rm; }; $(echo ls) -rf build", OPAQUE, OPAQUE],
];

classTable("literal substitutions", ECHOED);
