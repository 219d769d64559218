import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * Environment that makes a later program run code (ADR 0155): a command line in a variable (PAGER, EDITOR,
 * PROMPT_COMMAND, LESSOPEN, PERL5OPT -M) is analysed as the code it is; a file of code it loads (LD_PRELOAD,
 * PYTHONPATH, NODE_OPTIONS --require, BASH_ENV, PATH, core.hooksPath) from outside the project and the system is
 * code nobody read: opaque, so it asks under both profiles. Each row is [command, permissive, guard].
 */
const RD: Expect = { check: "recursive-delete-root" };
const ROWS: readonly ClassRow[] = [
  ["LD_PRELOAD=/tmp/.evil.so ls", "ask", "ask"],
  ["NODE_OPTIONS='--require /tmp/.x.js' npm test", "ask", "ask"],
  ["NODE_OPTIONS=--import=data:text/javascript,process.exit npm test", "ask", "ask"],
  ["BASH_ENV=/tmp/.rc bash -c 'npm run build'", "ask", "ask"],
  ["PYTHONPATH=/tmp/.mods python3 -m pytest", "ask", "ask"],
  ["PATH=/tmp/.bin:$PATH git status", "ask", "ask"],
  ["export PATH=~/.cache/x:$PATH; npm test", "ask", "ask"],
  ["npm_config_script_shell=/tmp/.sh npm run build", "ask", "ask"],
  ["ENV=/tmp/evil sh -i", "ask", "ask"],
  ["RUBYOPT=-r/tmp/x.rb bundle exec rake", "ask", "ask"],
  ["JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar ./gradlew test", "ask", "ask"],
  ["DYLD_INSERT_LIBRARIES=/tmp/x.dylib ./app", "ask", "ask"],
  ["git -c core.hooksPath=/dev/shm/h commit -m wip", "ask", "ask"],
  ["PERL5OPT='-Mstrict;system(\"rm -rf ~\")' perl -e 1", RD, RD],
  ["LESSOPEN='| sh -c \"rm -rf ~\" %s' less README.md", RD, RD],
  ["PROMPT_COMMAND='rm -rf ~' bash -i", RD, RD],
  ["MANPAGER='rm -rf ~' man ls", RD, RD],
  ["export GIT_PAGER='rm -rf ~'; git log", RD, RD],
  // A program file from a temp or shared folder, whatever starts it (ADR 0356).
  ["export PAGER='/tmp/x'", "ask", "ask"],
  ["VISUAL=/var/tmp/e git commit", "ask", "ask"],
  ["alias git='/tmp/evilgit'", "ask", "ask"],
  ["function ls { /dev/shm/x; }", "ask", "ask"],
  ["nohup /tmp/x > /dev/null 2>&1 &", "ask", "ask"],
  ["setsid /tmp/.m &", "ask", "ask"],
  ["screen -dmS x /tmp/x", "ask", "ask"],
  ["tmux new -d '/tmp/x'", "ask", "ask"],
  ["inotifywait -m . | while read x; do /tmp/x; done &", "ask", "ask"],
  // A search path kept for later commands with a relative entry (ADR 0357).
  ["PATH=.:$PATH", "ask", "ask"],
  ['export PATH=".:$PATH"', "ask", "ask"],
  ["export PATH=$PATH:", "ask", "ask"],
  ["export PATH=bin:$PATH", "ask", "ask"],
  // A tool version taken from a directory outside the project: every later shim runs it (ADR 0553).
  ["mise use -g node@file:/tmp/evil-node", "ask", "ask"],
  ["mise use node@path:~/builds/node", "ask", "ask"],
  ["asdf local nodejs path:/tmp/evil-node", "ask", "ask"],
  ["mise install python@path:../other/python", "ask", "ask"],
  ["mise use -g node@20", "allow", "allow"],
  ["mise use node@path:./vendor/node", "allow", "allow"],
  // Look-alikes: ordinary variables, the project's own code, a pager or editor that is a program.
  ["NODE_ENV=test npm test", "allow", "allow"],
  ["GIT_PAGER=cat git log -5", "allow", "allow"],
  ["PAGER=less git log", "allow", "allow"],
  ["LD_LIBRARY_PATH=./lib ./bin/app --help", "allow", "allow"],
  ['PATH="$PWD/node_modules/.bin:$PATH" tsc --noEmit', "allow", "allow"],
  ["PATH=/usr/local/go/bin:$PATH go version", "allow", "allow"],
  ["NODE_OPTIONS=--max-old-space-size=4096 npm run build", "allow", "allow"],
  ["NODE_OPTIONS='-r dotenv/config' node app.js", "allow", "allow"],
  ["NODE_OPTIONS='--require ./test/setup.js' npm test", "allow", "allow"],
  ["PYTHONPATH=src python -m pytest", "allow", "allow"],
  ["EDITOR=vim git commit", "allow", "allow"],
  ["~/.local/bin/poetry --version", "allow", "allow"],
  ['export PATH="$HOME/.cargo/bin:$PATH"', "allow", "allow"],
  ['export PATH="$PWD/node_modules/.bin:$PATH"', "allow", "allow"],
  ["PATH=.:$PATH make", "allow", "allow"],
  ["nohup ./bin/server > log 2>&1 &", "allow", "allow"],
  ["git -c core.hooksPath=.githooks commit -m wip", "allow", "allow"],
];

classTable("environment that runs code under the %s profile", ROWS);
