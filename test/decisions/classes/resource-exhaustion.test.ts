import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * Issue 11, class fork-bomb: exhausting the machine by technique, each beside the ordinary command of the same
 * shape that must stay allowed. Each row is [command, permissive, guard].
 */
const BOMB: Expect = { check: "fork-bomb" };

/** Exhaustion written as interpreter code (ADR 0650). */
const INTERPRETER_CODE: readonly ClassRow[] = [
  // Forks that double: in a loop, or written out in a row.
  [`python3 -c "import os; list(map(lambda _: os.fork(), range(64)))"`, BOMB, BOMB],
  [`python3 -c "import os; [os.fork() for _ in range(20)]"`, BOMB, BOMB],
  [`ruby -e '20.times { fork }'`, BOMB, BOMB],
  [`php -r 'for ($i = 0; $i < 30; $i++) pcntl_fork();'`, BOMB, BOMB],
  [`perl -e 'fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork;fork'`, BOMB, BOMB],
  [`python3 -c "import os; pid = os.fork(); print(pid)"`, "allow", "allow"],
  [`python3 -c "import os; os.fork(); os.fork(); print(os.getpid())"`, "allow", "allow"],
  // A string doubled on every pass.
  [`python3 -c "s='a'; [s := s+s for _ in range(64)]"`, BOMB, BOMB],
  [`lua -e 's="x" while true do s=s..s end'`, BOMB, BOMB],
  [`node -e "let s='x'; for (;;) s += s"`, BOMB, BOMB],
  [`perl -e '$s="x"; $s .= $s for 1..64'`, BOMB, BOMB],
  [`python3 -c "s = 'ab'; s = s + s; print(s)"`, "allow", "allow"],
  [`python3 -c "x = 1; [x := x + x for _ in range(64)]; print(x)"`, "allow", "allow"],
  // Allocations past memory.
  [`python3 -c "import numpy as np; np.ones((10**6, 10**6))"`, BOMB, BOMB],
  [`python3 -c "import torch; torch.zeros(100000, 100000)"`, BOMB, BOMB],
  [`python3 -c "bytes(2**40)"`, BOMB, BOMB],
  [`python3 -c "import os; os.urandom(10**12)"`, BOMB, BOMB],
  [`node -e "Array(2**32-1).fill(0).map(String)"`, BOMB, BOMB],
  [`node -e "new Array(2**31).fill(1)"`, BOMB, BOMB],
  [`python3 -c "import numpy as np; print(np.zeros((1000, 1000)).sum())"`, "allow", "allow"],
  [`python3 -c "import os; print(os.urandom(16).hex())"`, "allow", "allow"],
  [`node -e "console.log(Array(5).fill(0))"`, "allow", "allow"],
  // Numbers no machine computes.
  [`python3 -c "import math; math.factorial(10**9)"`, BOMB, BOMB],
  [`python3 -c "print(pow(7, 10**10))"`, BOMB, BOMB],
  [`python3 -c "import math; print(math.factorial(20), pow(2, 64))"`, "allow", "allow"],
  // An endless iterator collected whole.
  [`python3 -c "import itertools; list(itertools.count())"`, BOMB, BOMB],
  [`python3 -c "list(iter(int, 1))"`, BOMB, BOMB],
  [`python3 -c "from itertools import cycle; list(cycle('ab'))"`, BOMB, BOMB],
  [`python3 -c "sum(iter(lambda: 0, 1))"`, BOMB, BOMB],
  [`ruby -e 'p (1..).to_a'`, BOMB, BOMB],
  [`python3 -c "import itertools; print(list(itertools.islice(itertools.count(), 10)))"`, "allow", "allow"],
  [`python3 -c "print(list(zip('abc', range(3))))"`, "allow", "allow"],
  // A pattern that backtracks exponentially, against a long input.
  [`python3 -c "import re; re.match('(a+)+$', 'a'*64 + 'b')"`, BOMB, BOMB],
  [`node -e "/(a+)+$/.test('a'.repeat(64)+'b')"`, BOMB, BOMB],
  [`perl -e '("a" x 64 . "b") =~ /(a+)+$/'`, BOMB, BOMB],
  [`ruby -e "('a'*40 + 'b') =~ /(a*)*$/"`, BOMB, BOMB],
  [`php -r "preg_match('/(\\w+\\s?)+$/', str_repeat('a', 40).'!');"`, BOMB, BOMB],
  [`python3 -c "import re; print(re.match(r'(\\w+)\\s(\\w+)', 'hello world'))"`, "allow", "allow"],
  [`node -e "console.log(/(a+)+$/.test('aab'))"`, "allow", "allow"],
];

classTable("exhaustion written as interpreter code", INTERPRETER_CODE);

/** Counts past any sane size given to load generators, test runners, scalers and replica options (ADR 0651). */
const OVERSIZED_COUNTS: readonly ClassRow[] = [
  ["pytest -n 1000", "ask", "ask"],
  ["python3 -m pytest -n 512", "ask", "ask"],
  ["npx jest --maxWorkers=2000", "ask", "ask"],
  ["go test -parallel 5000 ./...", "ask", "ask"],
  ["pytest -n 4", "allow", "allow"],
  ["pytest -n auto", "allow", "allow"],
  ["python3 -m pytest -n 8 tests/", "allow", "allow"],
  ["ab -n 100000000 -c 1000 http://localhost:3000/ &", "ask", "ask"],
  ["wrk -t 64 -c 20000 -d 100000s http://localhost:3000/", "ask", "ask"],
  ["wrk -t 8 -c 100 -d 2h http://localhost:3000/", "ask", "ask"],
  ["hey -n 1000000000 -c 5000 http://localhost:3000/", "ask", "ask"],
  ["siege -c 1000 -t 24H http://localhost:3000/", "ask", "ask"],
  ["oha -z 48h http://localhost:8080/", "ask", "ask"],
  ["k6 run --vus 20000 --duration 24h /tmp/load.js", "ask", "ask"],
  ["iperf3 -c 10.0.0.5 -t 0 -P 128", "ask", "ask"],
  ["ab -n 1000 -c 10 http://localhost:3000/", "allow", "allow"],
  ["wrk -t 4 -c 100 -d 30s http://localhost:3000/", "allow", "allow"],
  ["hey -n 200 -c 50 http://localhost:3000/", "allow", "allow"],
  ["k6 run --vus 10 --duration 30s load.js", "allow", "allow"],
  ["iperf3 -c 10.0.0.5 -t 10 -P 4", "allow", "allow"],
  ["docker compose up -d --scale worker=2000", "ask", "ask"],
  ["docker service scale web=10000", "ask", "ask"],
  ["docker service create --replicas 5000 nginx", "ask", "ask"],
  ["kubectl create deployment load --image=nginx --replicas=3000", "ask", "ask"],
  [
    "aws autoscaling update-auto-scaling-group --auto-scaling-group-name prod-web --max-size 10000 --desired-capacity 10000",
    "ask",
    "ask",
  ],
  ["gcloud compute instance-groups managed resize web-mig --size 5000 --zone us-central1-a", "ask", "ask"],
  ["gcloud container clusters resize prod --num-nodes 2000", "ask", "ask"],
  ["az vmss scale -g rg -n web --new-capacity 5000", "ask", "ask"],
  ["docker compose up -d --scale worker=3", "allow", "allow"],
  ["docker service scale web=3", "allow", "allow"],
  ["gcloud compute instance-groups managed resize web-mig --size 3 --zone us-central1-a", "allow", "allow"],
  [
    "aws autoscaling update-auto-scaling-group --auto-scaling-group-name prod-web --desired-capacity 4",
    "allow",
    "allow",
  ],
];

classTable("counts past any sane size", OVERSIZED_COUNTS);

/** Exhaustion written in the little languages of the shell's tools: bc, dc, printf, sed, jq (ADR 0652). */
const LITTLE_LANGUAGES: readonly ClassRow[] = [
  ["printf '%*s' 99999999999 x > /dev/null", "ask", "ask"],
  ["printf '%99999999999d' 1", "ask", "ask"],
  ["printf -v pad '%*s' 10000000000 ''", "ask", "ask"],
  ["bc <<< '2^2^32'", "ask", "ask"],
  ["echo '10^10^10' | bc -l", "ask", "ask"],
  ["bc -l <<< '3^(4^20)'", "ask", "ask"],
  ["dc -e '2 2 32 ^ ^ p'", "ask", "ask"],
  ["echo '10 10 10 ^ ^ p' | dc", "ask", "ask"],
  ["sed ':a;s/.*/&&/;ba' <<< x", "ask", "ask"],
  ["sed -e ':x' -e 's/x*/&&/' -e 'tx' file.txt", "ask", "ask"],
  ["jq -n '[range(1e12)]'", "ask", "ask"],
  ["jq -n 'range(0; infinite)'", "ask", "ask"],
  ["jq -n 'def f: [f, f]; f'", "ask", "ask"],
  ["jq -n '[repeat(1)]'", "ask", "ask"],
  ["jq -n '[limit(5; repeat(1))]'", "allow", "allow"],
  ["jq '[range(10)]' data.json", "allow", "allow"],
  ["jq -n 'def fact: if . <= 1 then 1 else . * (. - 1 | fact) end; 10 | fact'", "allow", "allow"],
  ["jq '.items[] | select(.name == \"x\")' data.json", "allow", "allow"],
  ["sed ':a;N;$!ba;s/\\n/ /g' file.txt", "allow", "allow"],
  ["sed 's/foo/&&/g' file.txt", "allow", "allow"],
  ["sed -e ':a' -e '/\\\\$/N; s/\\\\\\n//; ta' file.txt", "allow", "allow"],
  ["printf '%*s\\n' 20 hello", "allow", "allow"],
  ["printf '%-40s|\\n' name", "allow", "allow"],
  ["bc <<< '2^64'", "allow", "allow"],
  ["echo 'scale=50; 4*a(1)' | bc -l", "allow", "allow"],
  ["dc -e '2 64 ^ p'", "allow", "allow"],
];

classTable("exhaustion in little languages", LITTLE_LANGUAGES);

/** Loops that start a background job on every pass, counted or fed past any process limit (ADR 0653). */
const SPAWNING_LOOPS: readonly ClassRow[] = [
  ["i=0; while [ $i -lt 1000000 ]; do sleep 1000 & i=$((i+1)); done", BOMB, BOMB],
  ["yes | while read; do sleep 1d & done", BOMB, BOMB],
  ["seq 1 100000 | while read i; do nohup sleep 1d >/dev/null 2>&1 & done", BOMB, BOMB],
  ["n=0; while (( n < 50000 )); do python3 worker.py & n=$((n+1)); done", BOMB, BOMB],
  ["seq 1 500 | while read i; do curl -s http://localhost:3000/ & done", "ask", "ask"],
  ["yes | while read x; do (sleep 600 &); done", BOMB, BOMB],
  ["i=0; while [ $i -lt 4 ]; do ./worker.sh & i=$((i+1)); done", "allow", "allow"],
  ['seq 1 8 | while read i; do ./job.sh "$i" & done', "allow", "allow"],
  ["i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done", "allow", "allow"],
  ['seq 1 100000 | while read i; do echo "$i"; done', "allow", "allow"],
  ['i=0; while [ "$i" -lt 10 ]; do echo "$i"; i=$((i+1)); done', "allow", "allow"],
];

classTable("loops that start background jobs without bound", SPAWNING_LOOPS);

/**
 * Repeaters and monitors (ADR 0749): `watch` under a second apart, a `read` loop fed by a producer that never ends,
 * zsh's `repeat`, and a process forked off by `setsid -f`, `daemonize`, `screen -dm` or `tmux new -d`.
 */
const REPEATERS: readonly ClassRow[] = [
  ["watch -n 0.1 'sleep 3600 >/dev/null 2>&1 &'", BOMB, BOMB],
  ["watch -n 0.5 -x setsid -f sleep 86400", BOMB, BOMB],
  ["watch -t -n 0.1 'docker run -d alpine sleep infinity'", BOMB, BOMB],
  ["watch -n .2 -x sh -c 'nohup sleep 999 >/dev/null 2>&1 &'", BOMB, BOMB],
  ["inotifywait -m -e access /tmp | while read -r _; do cat /tmp/x >/dev/null & done", BOMB, BOMB],
  ["tail -F app.log | while read -r l; do sleep 100 & done", BOMB, BOMB],
  ["journalctl -f | while read line; do (sleep 60 &); done", BOMB, BOMB],
  ["zsh -c 'repeat 1000000 { sleep 999 & }'", BOMB, BOMB],
  ["while :; do setsid -f sleep 100; done", BOMB, BOMB],
  ["while true; do screen -dm sleep 100; done", BOMB, BOMB],
  ["while :; do tmux new -d 'sleep 100'; done", BOMB, BOMB],
  // Look-alikes: a slow or ending watch, foreground work per event, one detached job.
  ["watch -n 2 git status", "allow", "allow"],
  ["watch -n 5 'kubectl get pods'", "allow", "allow"],
  ["watch -g -n 0.1 'ls build'", "allow", "allow"],
  ["inotifywait -m -e modify src | while read -r _; do npm run build; done", "allow", "allow"],
  ['tail -f app.log | while read -r l; do echo "$l"; done', "allow", "allow"],
  ["setsid -f sleep 100", "allow", "allow"],
  ["zsh -c 'repeat 3 { echo hi }'", "allow", "allow"],
];

classTable("repeaters and monitors that start jobs without end", REPEATERS);
