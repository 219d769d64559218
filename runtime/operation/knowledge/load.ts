/**
 * Programs whose purpose is to load the machine: CPU, memory, process-table and I/O stressors. What they
 * exhaust is the host the agent and the user's other work run on (docs/adr/0317): EXPENSIVE, which asks under
 * the built-in act levels. Their listings and help read.
 */
import { fx, type Program } from "./types.ts";

const LOAD = fx("EXPENSIVE", ["execute"], "resource-exhaustion");
const LOOK = fx("READ", [], "resource-exhaustion");
const BOUNDED = fx("WRITE", ["execute"], "resource-exhaustion");
/** A timeout of at most a minute: `10`, `10s`, `60s`, `1m`. */
const SHORT_RUN = /^(?:[1-9]|[1-5]\d|60)s?$|^1m$/;
/**
 * Stressors that hold the host past a timeout's reach or all at once: memory (`--vm`, `-m`, `--vm-bytes`,
 * `--malloc`, `--bigheap`, `--mmap`, `--brk`, `--stack`), processes and threads (`--fork`, `-f`, `--clone`,
 * `--pthread`, `--zombie`), disks (`--hdd`, `-d`), and every stressor at once (`--all`, `--seq`, `--aggressive`).
 */
const HOLDS_HOST =
  /^--?(?:vm|m|malloc|bigheap|mmap|brk|stack|fork|f|vfork|clone|pthread|zombie|hdd|d|all|a|seq|sequential|aggressive|maximize)(?:[-=]|$)/;

export const LOAD_GENERATORS: readonly Program[] = [
  {
    names: [
      "stress",
      "stress-ng",
      "memtester",
      "cpuburn",
      "burnP6",
      "burnK7",
      "burnMMX",
      "hackbench",
      "mprime",
      "prime95",
      "y-cruncher",
      "stressapptest",
    ],
    values: ["--timeout", "-t"],
    base: LOAD,
    rules: [
      {
        flag: ["--class", "--stressors", "--list", "--version", "-V"],
        notFlag: ["--all", "-a", "--seq", "--sequential"],
        then: LOOK,
      },
      // A run bounded by its own timeout of a minute or less, on stressors that neither hold memory nor spawn
      // processes, is a benchmark: the host is loaded for seconds and given back (docs/adr/0550).
      { optionText: { "--timeout": SHORT_RUN, "-t": SHORT_RUN }, unlessText: HOLDS_HOST, then: BOUNDED },
    ],
  },
  // Floods (docs/adr/0350): `ping -f`, an interval below ping's own floor of 0.2 s (`-i 0.001`), and packet
  // generators in flood or fast modes saturate the link and the target. An ordinary ping reads.
  {
    names: ["ping", "ping6"],
    values: ["-c", "-i", "-s", "-W", "-w", "-t", "-I", "-l", "-p", "-Q", "-M", "-m"],
    base: fx("READ", ["read_external"], "network"),
    rules: [
      { text: /^-[A-Za-z]*f|^--flood$/, then: LOAD },
      { optionText: { "-i": /^0*(?:\.0*[01]\d*)?$/ }, then: LOAD },
      { text: /^-[A-Za-z]*i(?=[\d.])0*(?:\.0*[01]\d*)?$/, then: LOAD },
      { optionText: { "-l": /^\d{2,}$/ }, then: LOAD },
    ],
  },
  { names: ["hping", "hping2", "hping3", "nping", "mausezahn", "mz", "trafgen", "pktgen", "t50"], base: LOAD },
  // HTTP load testers and denial-of-service tools send as many requests as they can to whatever they name; aimed
  // at the machine itself (localhost) they are a benchmark, aimed anywhere else they are an attack on a host the
  // user may not own (docs/adr/0350).
  {
    names: [
      "ab",
      "wrk",
      "wrk2",
      "hey",
      "siege",
      "vegeta",
      "bombardier",
      "oha",
      "h2load",
      "httperf",
      "autocannon",
      "loadtest",
      "plow",
      "cassowary",
    ],
    base: LOAD,
    rules: [
      { flag: ["-h", "--help", "-V", "--version", "version", "help"], then: LOOK },
      {
        text: /^(?:https?:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/,
        unlessText:
          /^(?:https?:\/\/)?(?!localhost|127\.|\[::1\]|0\.0\.0\.0)[\w.-]+\.[a-z]{2,}(?:[:/]|$)|^https?:\/\/(?!localhost|127\.|\[::1\]|0\.0\.0\.0)/,
        then: fx("WRITE", ["execute"], "resource-exhaustion"),
      },
    ],
  },
  { names: ["slowhttptest", "slowloris", "goldeneye", "hulk", "thc-ssl-dos", "xerxes", "mhddos"], base: LOAD },
  // sysbench prepares and reports without load; `run` is the load.
  { names: ["sysbench"], base: LOOK, rules: [{ word: ["run"], then: LOAD }] },
];
