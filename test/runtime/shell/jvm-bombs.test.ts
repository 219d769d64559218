/**
 * The JVM REPLs' code is judged like other interpreters' (docs/adr/0494): a collection grown without end by `add`
 * or `put`, and Java's and Kotlin's arrays allocated past any bound, are resource bombs; groovy and scala `-e` code
 * is read for them and for the shell doors of ADR 0413.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "../hard-deny/ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});
const check = (command: string): string | null => judge(d.bash(command))?.check ?? null;

describe("JVM one-liners that exhaust memory are resource bombs", () => {
  it.each([
    [`jshell -R-Xmx64g <<< 'var l=new java.util.ArrayList<long[]>(); while(true) l.add(new long[100000000]);'`],
    [`jshell <<< 'var l=new java.util.ArrayList<long[]>(); while(true) l.add(new long[1<<20]);'`],
    [`jshell <<< 'var m=new java.util.HashMap<Integer,String>(); int i=0; while(true) m.put(i++, "x");'`],
    [`echo 'long[] a = new long[10000000000L];' | jshell -`],
    [`groovy -e 'def l=[]; while(true) l.add(new byte[1000000])'`],
    [`kotlin -e 'val l = mutableListOf<LongArray>(); while (true) l.add(LongArray(100000000))'`],
    [`scala -e 'val q = new java.util.LinkedList[String](); while (true) q.offer("x")'`],
    [
      `python3 -c "s=set()
while True: s.add(len(s))"`,
    ],
  ])("%s", (command) => {
    expect(check(command)).toBe("fork-bomb");
  });

  it.each([
    [`jshell <<< 'System.out.println(1+1);'`],
    [`jshell <<< 'var l=new java.util.ArrayList<Integer>(); for (int i=0;i<10;i++) l.add(i); System.out.println(l);'`],
    [`jshell <<< 'byte[] b = new byte[4096];'`],
    [`python3 -c "s=set(); [s.add(i) for i in range(10)]; print(s)"`],
    [
      `python3 -c "while True:
    x = q.get(); s.add(x)
    break"`,
    ],
  ])("%s is no bomb", (command) => {
    expect(check(command)).not.toBe("fork-bomb");
  });
});

describe("groovy and scala -e code is read for the shell commands it runs", () => {
  it("groovy's execute() of a literal is that command", () => {
    expect(check(`groovy -e '"rm -rf /home/u".execute()'`)).not.toBeNull();
  });
});
