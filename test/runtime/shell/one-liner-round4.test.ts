/**
 * Interpreter one-liners, red-team rounds 4 and 5 (ADRs 0411–0419): what the one-liner tables of ADRs 0330/0331
 * did not read yet. Every case here was allowed under `default: allow` + `bash(*)` before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { deriver, type Deriver } from "../hard-deny/ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

const level = (command: string): string => d.bash(command).level;

describe("the whole environment read by a one-liner is the env dump (docs/adr/0411)", () => {
  it.each([
    [`python3 -c "import os;print(dict(os.environ))"`],
    [`python3 -c "import os;print(os.environ)"`],
    [`python3 -c "import os;[print(k,v) for k,v in os.environ.items()]"`],
    [`python3 -c "from os import environ; print(environ)"`],
    [`node -p "process.env"`],
    [`node -p process.env`],
    [`node -e "console.log(JSON.stringify(process.env))"`],
    [`node -e "for (const k in process.env) console.log(k, process.env[k])"`],
    [`deno eval "console.log(Deno.env.toObject())"`],
    [`bun -e "console.log(Bun.env)"`],
    [`ruby -e 'p ENV.to_h'`],
    [`ruby -e 'ENV.each{|k,v| puts "#{k}=#{v}"}'`],
    [`perl -e 'print "$_=$ENV{$_}\\n" for keys %ENV'`],
    [`perl -MData::Dumper -e 'print Dumper(\\%ENV)'`],
    [`php -r 'print_r(getenv());'`],
    [`php -r 'phpinfo();'`],
    [`awk 'BEGIN{for(k in ENVIRON)print k,ENVIRON[k]}'`],
    [`gawk 'BEGIN{for(k in ENVIRON) print k "=" ENVIRON[k]}'`],
  ])("%s", (command) => {
    expect(level(command)).toBe("SECURITY");
    expect(d.bash(command).shell?.commands.some((c) => c.program === "env")).toBe(true);
  });

  it.each([
    [`python3 -c "import os;print(os.environ['HOME'])"`],
    [`python3 -c "import os;print(os.environ.get('PATH'))"`],
    [`python3 -c "import subprocess,os;subprocess.run(['make'],env=dict(os.environ, CI='1'))"`],
    [`node -p "process.env.NODE_ENV"`],
    [`node -e "require('child_process').spawnSync('make',[],{env:{...process.env,CI:'1'},stdio:'inherit'})"`],
    [`ruby -e 'puts ENV["HOME"]'`],
    [`ruby -e 'puts ENV.fetch("HOME")'`],
    [`perl -e 'print $ENV{HOME}'`],
    [`awk 'BEGIN{print ENVIRON["HOME"]}'`],
    [`awk '{print $1}' access.log`],
  ])("%s names one variable or hands the environment on", (command) => {
    expect(d.bash(command).shell?.commands.some((c) => c.program === "env")).toBe(false);
  });
});
