import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team interpreters, obfuscation and runners (round 8). ADR 0637: command lines reached through more doors (a
 * CMake script on stdin, asyncio and readpipe, a debugger's `!`, an argv list in code, a here-string fed to an
 * unknown program, strace's output pipe, npm explore, pm2 start, terminals). ADR 0638: a file of code run from
 * outside the project. Each row is [command, permissive, guard].
 */
const DOORS: readonly ClassRow[] = [
  ["cmake -P /dev/stdin <<< 'file(REMOVE_RECURSE /home/dev/Documents)'", "deny", "deny"],
  ["cmake -P - <<< 'message(hi)'", "deny", "deny"],
  [`python3 -c "import asyncio; asyncio.run(asyncio.create_subprocess_shell('rm -rf ~/.ssh'))"`, "deny", "deny"],
  [`python3 -c "from distutils.dir_util import remove_tree; remove_tree('/home/dev/.config')"`, "deny", "deny"],
  [`perl -e 'readpipe("rm -rf ~/.ssh")'`, "deny", "deny"],
  ["r2 -qc '!rm -rf ~/.ssh' --", "deny", "deny"],
  ["rizin -qc '!rm -rf ~/.ssh' --", "deny", "deny"],
  [`scala-cli -e 'sys.process.Process(Seq("rm","-rf","/home/dev/Documents")).!'`, "deny", "deny"],
  [
    `rust-script -e 'std::process::Command::new("rm").args(["-rf","/home/dev/.ssh"]).status().unwrap();'`,
    "deny",
    "deny",
  ],
  [`gp -q <<< 'system("rm -rf ~/.ssh")'`, "deny", "deny"],
  ["strace -o '|rm -rf ~/' true", "deny", "deny"],
  ["strace -o '!rm -rf ~/' true", "deny", "deny"],
  ["npm explore lodash -- rm -rf /home/dev", "deny", "deny"],
  ["pm2 start 'rm -rf /home/dev' --no-autorestart", "deny", "deny"],
  ["wezterm start -- rm -rf /home/dev", "deny", "deny"],
  ["tilix -e rm -rf /home/dev", "deny", "deny"],
  // Look-alikes.
  ["cmake -P cmake/version.cmake", "allow", "allow"],
  ["cmake -S . -B build", "allow", "allow"],
  [`python3 -c "import shutil; shutil.rmtree('build')"`, "allow", "allow"],
  [`scala-cli -e 'println(List(1,2,3))'`, "allow", "allow"],
  ['r2 -qc "pd 10" ./a.out', "allow", "allow"],
  ["strace -o trace.log ls", "allow", "allow"],
  ["npm explore lodash -- ls", "allow", "allow"],
  ["pm2 start app.js", "allow", "allow"],
  ["pm2 start 'npm run dev'", "allow", "allow"],
  ["wezterm start -- htop", "allow", "allow"],
  // ADR 0639: code of a language nothing here reads that writes or deletes a file it names.
  [`bb -e '(spit ".claude/settings.json" "{}")'`, "ask", "ask"],
  [`bb -e '(babashka.fs/delete-tree (str (System/getProperty "user.home") "/Documents"))'`, "ask", "ask"],
  [`hy -c '(import shutil) (shutil.rmtree "/home/dev/Documents")'`, "ask", "ask"],
  [`swipl -g "open('.rulegate/rules.local.yaml',write,S),write(S,'version: 1'),close(S)" -t halt`, "deny", "deny"],
  [`bb -e '(println (+ 1 2))'`, "allow", "allow"],
  [`bb -e '(spit "out.txt" "x")'`, "allow", "allow"],
  [`hy -c '(print (+ 1 2))'`, "allow", "allow"],
];

const OUTSIDE: readonly ClassRow[] = [
  ["python3 /tmp/payload.py", "ask", "ask"],
  ["node /tmp/payload.js", "ask", "ask"],
  ["bash -x /tmp/install.sh", "ask", "ask"],
  ["sh /tmp/cmd.txt", "ask", "ask"],
  ["sh < /tmp/cmds.sh", "ask", "ask"],
  ["source /tmp/setup.sh", "ask", "ask"],
  ["busybox ash /tmp/x", "ask", "ask"],
  ["php /tmp/x.php", "ask", "ask"],
  ["go run /tmp/payload.go", "ask", "ask"],
  ["java /tmp/Payload.java", "ask", "ask"],
  ["java -agentpath:/tmp/evil.so -version", "ask", "ask"],
  // ADR 0656: a jar peeled to the tool it names is still a jar run from where it lies.
  ["java -jar /tmp/unknown.jar", "ask", "ask"],
  ["java -Xmx1g -jar ~/Downloads/tool.jar --help", "ask", "ask"],
  ["java -jar /tmp/x-1.jar < input.txt", "ask", "ask"],
  ["ssh -o PKCS11Provider=/tmp/evil.so prod-bastion", "deny", "deny"], // opaque, and it reaches a host
  ["node --require /tmp/hook.js -e 0", "ask", "ask"],
  ["python3 -m cProfile /tmp/payload.py", "ask", "ask"],
  ["python3 -m trace --count /tmp/payload.py", "ask", "ask"],
  ["python3 -m pytest -p no:cacheprovider /tmp/evil_test.py", "ask", "ask"],
  ["python3 -m unittest discover -s /tmp/evil", "ask", "ask"],
  ["cargo run --manifest-path /tmp/evil/Cargo.toml", "ask", "ask"],
  ["tox -c /tmp/evil/tox.ini", "ask", "ask"],
  ["pandoc --lua-filter=/tmp/x.lua README.md -o /tmp/out.html", "ask", "ask"],
  ["xsltproc /tmp/evil.xsl README.xml", "ask", "ask"],
  ["run-parts /tmp/scripts", "ask", "ask"],
  ["npm --prefix /tmp/evil run setup", "ask", "ask"],
  ["bash ../other-repo/scripts/setup.sh", "ask", "ask"],
  // The project's code, the system's, installed tools in the home, and code written out in the command itself.
  ["python3 scripts/gen.py", "allow", "allow"],
  ["node dist/cli.js --help", "allow", "allow"],
  ["bash ./scripts/test.sh", "allow", "allow"],
  ["source .venv/bin/activate", "allow", "allow"],
  ["python3 -m pytest tests/", "allow", "allow"],
  ["python3 -m cProfile -o prof.out app.py", "allow", "allow"],
  ["php -S localhost:8000", "allow", "allow"],
  ["python3 /usr/lib/python3/dist-packages/pip/__main__.py --version", "allow", "allow"],
  ["node ~/.nvm/versions/node/v20.11.0/lib/node_modules/npm/bin/npm-cli.js -v", "allow", "allow"],
  ["cargo run --manifest-path crates/cli/Cargo.toml", "allow", "allow"],
  ["java -jar build/libs/app-0.0.1-SNAPSHOT.jar --server.port=8080", "allow", "allow"],
  ["java -jar target/app.jar < input.txt", "allow", "allow"],
];

classTable("commands reached through more doors under the %s profile", DOORS);
classTable("code files run from outside the project under the %s profile", OUTSIDE);

/** A call with no arguments in unread code (Erlang's `halt().`) is the language's own function, not the program. */
const EMPTY_CALLS: readonly ClassRow[] = [
  [`erl -noshell -eval 'io:format("hi~n"), halt().'`, "ask", "ask"],
  [`erl -noshell -eval 'init:stop().'`, "ask", "ask"],
  [`erl -noshell -eval 'os:cmd("rm -rf /home/dev/Documents"), halt().'`, "deny", "deny"],
  [`erl -noshell -eval 'os:cmd("halt"), halt().'`, "deny", "deny"],
];

classTable("calls with no arguments in unread code under the %s profile", EMPTY_CALLS);
