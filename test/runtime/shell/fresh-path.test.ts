import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** docs/adr/0794: a variable assigned `$(mktemp …)` is a path in the directory mktemp really uses. */
describe("a variable assigned from $(mktemp) holds a fresh path where mktemp makes it", () => {
  it.each<[string, string]>([
    ['t=$(mktemp); rm -f "$t"', "/tmp/tmp.XXXXXXXXXX"],
    ['t="$(mktemp -d)"; rm -rf "$t"', "/tmp/tmp.XXXXXXXXXX"],
    ["t=`mktemp -q`; rm -f $t", "/tmp/tmp.XXXXXXXXXX"],
    ['t=$(mktemp -p /etc/cron.d); rm -f "$t"', "/etc/cron.d/tmp.XXXXXXXXXX"],
    ['t=$(mktemp -dp ~/.ssh); rm -rf "$t"', "~/.ssh/tmp.XXXXXXXXXX"],
    ['t=$(mktemp --tmpdir=/var/tmp buildXXXX --suffix=.log); rm -f "$t"', "/var/tmp/buildXXXX.log"],
    ['t=$(mktemp -t ciXXXXXX); rm -f "$t"', "/tmp/ciXXXXXX"],
    ['t=$(mktemp out/runXXXX); rm -f "$t"', "out/runXXXX"],
    ['t=$(mktemp ../../etc/xXXXX); rm -f "$t"', "../../etc/xXXXX"],
    ['t=$(mktemp fooXXXX); rm -f "$t"', "fooXXXX"],
    ['TMPDIR=~; t=$(mktemp); rm -f "$t"', "~/tmp.XXXXXXXXXX"],
    ['export TMPDIR=/srv/scratch; t=$(mktemp); rm -f "$t"', "/srv/scratch/tmp.XXXXXXXXXX"],
    ['unset TMPDIR; t=$(mktemp); rm -f "$t"', "/tmp/tmp.XXXXXXXXXX"],
  ])("%s removes %s", (command, arg) => {
    const cmd = analyze(command).commands.at(-1)!;
    expect(cmd.args.at(-1)).toBe(arg);
    expect(cmd.dynamicArgs).toBe(false);
  });

  it.each<string>([
    // mktemp may fail and leave the name empty: `"$t"/..` is then `/..`, `"$d/"*` is `/*`.
    't=$(mktemp); rm -rf "$t"/..',
    't=$(mktemp -d); rm -rf "$t/.."',
    't=$(mktemp -d); rm -rf "$t"/*',
    't=$(mktemp -d); rm -rf "$t$t"',
    // What mktemp prints is not read: other programs, options, prefix assignments, redirects, pipelines.
    't=$(mktemp -X); rm -f "$t"',
    't=$(mktemp --tmp); rm -f "$t"',
    't=$(TMPDIR=~ mktemp); rm -f "$t"',
    't=$(env mktemp); rm -f "$t"',
    't=$(mktemp 2>/dev/null); rm -f "$t"',
    't=$(mktemp | tr a b); rm -f "$t"',
    't=$(cd /etc; mktemp x.XXX); rm -f "$t"',
    't=$(mktemp "$D/x.XXX"); rm -f "$t"',
    't=x$(mktemp); rm -f "$t"',
    't=$(mktemp -t -p /etc x.XXX); rm -f "$t"',
    't=$(mktemp -p /tmp /etc/x.XXX); rm -f "$t"',
    // TMPDIR set to something unknown, a function named mktemp, a later change of the name.
    'TMPDIR=$X; t=$(mktemp); rm -f "$t"',
    'mktemp() { echo ~/.bashrc; }; t=$(mktemp); rm -f "$t"',
    't=$(mktemp); read t; rm -f "$t"',
    't=$(mktemp); eval "$X"; rm -f "$t"',
    '[ -n "$X" ] && t=$(mktemp); rm -f "$t"',
    't=$(mktemp); t+=/x; rm -f "$t"',
    't=$(mktemp -d); u="$t"; rm -rf "$u"/..',
    't=$(mktemp -d); u=$t; u+=/..; rm -rf "$u"',
  ])("%s stays unknown", (command) => {
    const cmd = analyze(command).commands.at(-1)!;
    expect(cmd.dynamicArgs).toBe(true);
  });

  it("does not follow a cd into it, which stays put when mktemp failed", () => {
    const cmd = analyze('d=$(mktemp -d); cd "$d"; rm -rf ./*').commands.at(-1)!;
    expect(cmd.workdir).toBeNull();
  });
});
