/**
 * What an interpreter one-liner does that no shell command spells (docs/adr/0331, 0332): the calls of a cloud
 * SDK or a database driver that destroy (`boto3…terminate_instances`, `.drop()`, `flushall`), network clients
 * that send data (`requests.post`, `fetch(…, {method: 'POST'})`, `Net::HTTP.post`), native code (`ctypes`,
 * `ffi`, `syscall`), a change of user id (`os.setuid(0)`), signals to processes the code computes, and
 * resource bombs (`10**10**10`, `'x' * 10**8` in a loop of a million, threads spawned in a loop, a list grown
 * in a loop without end). Each is an effect with a level and a category; the operation takes the highest
 * level, and a resource bomb is also the `fork-bomb` hard deny.
 *
 * Read by technique over the masked code (literals masked: code-mask.ts), per language; approximate by design,
 * towards a question rather than an allow.
 */
import { exhaustion } from "./code-exhaustion.ts";
import type { CodeText } from "./code-values.ts";
import type { Language } from "./interpreters.ts";
import type { CodeEffect } from "./types.ts";

/** Cloud SDKs, database drivers and stores, named where the code loads or uses them. */
const SDKS: Readonly<Record<Language, RegExp | null>> = {
  python:
    /\b(?:boto3|botocore|google\.cloud|googleapiclient|azure|openstack|digitalocean|hcloud|kubernetes|sqlite3|psycopg2?|psycopg|pymysql|MySQLdb|mysql\.connector|asyncpg|pymongo|motor|redis|sqlalchemy|elasticsearch|cassandra|firebase_admin|pinecone|supabase)\b/,
  javascript:
    /@aws-sdk|\baws-sdk\b|@google-cloud|@azure|\bpg\b|\bmysql2?\b|\bmongodb\b|\bmongoose\b|\bredis\b|\bioredis\b|\bsqlite3?\b|better-sqlite3|\bknex\b|\bprisma\b|\bsequelize\b|@elastic|firebase-admin|@supabase|\bbun:sqlite\b/,
  ruby: /\bAws::|\bGoogle::Cloud\b|\bAzure::|\bFog\b|\bPG\b|\bMysql2\b|\bSQLite3\b|\bMongo\b|\bRedis\b|\bSequel\b|\bActiveRecord\b/,
  perl: /\bDBI\b|\bRedis\b|\bMongoDB\b|\bPaws\b|\bNet::Amazon\b/,
  php: /\bPDO\b|\bmysqli\b|\bpg_\w+|\bRedis\b|\bMongoDB\b|\bAws\\|\bGoogle\\Cloud\b/,
  lua: /\bredis\b|\bluasql\b/,
  awk: null,
};
/** A method of such a client that destroys: its name starts with a destroy verb (`delete_bucket`, `dropDatabase`). */
const DESTROY_METHOD =
  /(?:^|\.|->|::)(?:begin_|async_|batch_|bulk_)?(?:delete|terminate|drop|destroy|purge|truncate|remove|flush|wipe|erase|deregister|empty|batch_delete|bulk_delete)(?:[_A-Z]\w*|s|all|db|_all|_many|Many|_objects)?$/i;
/** AWS SDK v3 commands and resource classes named by their verb: `new DeleteBucketCommand(…)`. */
const DESTROY_COMMAND = /\bnew\s+(?:Delete|Terminate|Drop|Destroy|Purge|Remove)\w*(?:Command)?\s*\(/;

/** Network clients that send data: the call, or the option that makes a request carry a body. */
const SENDS: Readonly<Record<Language, RegExp | null>> = {
  python:
    /\b(?:requests|httpx|session|s|client|aiohttp\.ClientSession\(\))\s*\.\s*(?:post|put|patch)\s*\(|\brequests\s*\.\s*request\s*\(\s*\u0001|[(,]\s*(?:data|files|json|body|content)\s*=(?!=)|\burlopen\s*\([^,()]+,\s*[^\s)]|\.request\s*\(\s*\u0001\s*,[^,()]*,\s*[^\s)]|\.\s*(?:sendall|sendto|send|sendfile|storbinary|sendmail)\s*\(/,
  javascript:
    /\bmethod\s*:\s*\u0001|\bbody\s*:|\.\s*(?:post|put|patch)\s*\(|\b(?:https?|net|tls|dgram)\s*\.\s*(?:request|connect|createConnection)\s*\(|\b(?:req|request|socket|sock|client|ws|conn|s)\s*\.\s*(?:write|end|send)\s*\(|\bnew\s+WebSocket\b|\bsendBeacon\b/,
  ruby: /\bNet::HTTP\s*(?:\.\s*(?:post|post_form|put|patch)|::(?:Post|Put|Patch))\b|\.\s*(?:post|put|patch)\s*\(|\bTCPSocket\b|\bUDPSocket\b/,
  perl: /->\s*(?:post|put|patch|request)\b|\bHTTP::Request\b|\bIO::Socket\b|\bsocket\s*\(|\bsend\s*\(/,
  php: /\bCURLOPT_POST(?:FIELDS)?\b|\bfsockopen\b|\bstream_socket_client\b|\bstream_context_create\b|\bsocket_(?:send|write)\b|\bmail\s*\(/,
  lua: /\bsocket\b|\bhttp\.request\b/,
  awk: /\/inet\//,
};
/** The network is reached at all (a client, a socket, a URL). */
const NETWORK: Readonly<Record<Language, RegExp>> = {
  python: /\b(?:urllib|requests|httpx|http\.client|aiohttp|socket|ftplib|smtplib|websocket)\b/,
  javascript: /\b(?:fetch|https?|net|tls|dgram|axios|got|WebSocket|XMLHttpRequest|sendBeacon|undici)\b/,
  ruby: /\b(?:Net::HTTP|URI|open-uri|TCPSocket|UDPSocket|Faraday|HTTParty|RestClient)\b/,
  perl: /\b(?:LWP|HTTP::|IO::Socket|Socket|Net::)/,
  php: /\b(?:curl_\w+|fsockopen|stream_socket_client|file_get_contents|socket_\w+|mail)\b/,
  lua: /\b(?:socket|http)\b/,
  awk: /\/inet\//,
};
/** Whether the code reaches the network at all: what it writes may be what it fetched (docs/adr/0837). */
export function reachesNetwork(language: Language, code: string): boolean {
  return NETWORK[language].test(code);
}
/** The process environment, read whole or by name. */
const ENVIRONMENT: Readonly<Record<Language, RegExp>> = {
  python: /\bos\s*\.\s*environ\b|\bgetenv\b/,
  javascript: /\bprocess\s*\.\s*env\b|\bDeno\s*\.\s*env\b|\bBun\s*\.\s*env\b/,
  ruby: /\bENV\b/,
  perl: /%ENV\b|\$ENV\s*\{/,
  php: /\bgetenv\s*\(|\$_(?:ENV|SERVER)\b/,
  lua: /\bos\s*\.\s*getenv\b/,
  awk: /\bENVIRON\b/,
};
/**
 * The whole environment, not one variable of it (`os.environ` given as a value, `%ENV`, `getenv()`, `phpinfo()`,
 * awk's `k in ENVIRON`): every token and key the session holds (docs/adr/0411).
 */
const WHOLE_ENVIRONMENT: Readonly<Record<Language, RegExp>> = {
  python: /\benvironb?\b(?!\s*(?:\[|\.\s*(?:get|setdefault|pop|__contains__)\b))/,
  javascript:
    /\b(?:process|Bun)\s*\.\s*env\b(?!\s*(?:\.|\[|\?\.))|\bDeno\s*\.\s*env\s*\.\s*toObject\b|\bimport\s*\.\s*meta\s*\.\s*env\b(?!\s*(?:\.|\[))/,
  ruby: /\bENV\b(?!\s*(?:\[|\.\s*(?:fetch|key\?|has_key\?|include\?|delete|store)\b))/,
  perl: /%ENV\b|\bkeys\s*\(?\s*%\s*ENV\b/,
  php: /\bgetenv\s*\(\s*\)|\$_(?:ENV|SERVER)\b(?!\s*\[)|\bphpinfo\s*\(/,
  lua: /(?!)/,
  awk: /\bENVIRON\b(?!\s*\[)/,
};
/** The environment handed on to a child process (`env=os.environ`, `{env: {...process.env}}`): nothing printed. */
const PASSED_ON: Readonly<Record<Language, RegExp | null>> = {
  python: /\benv\s*=\s*(?:dict\s*\(\s*)?(?:os\s*\.\s*)?environ\b(?:\s*\.\s*copy\s*\(\s*\))?/g,
  javascript: /\benv\s*:\s*(?:\{\s*\.\.\.\s*)?process\s*\.\s*env\b|\.\.\.\s*process\s*\.\s*env\b/g,
  ruby: null,
  perl: null,
  php: null,
  lua: null,
  awk: null,
};

/**
 * The code reads the whole environment other than to hand it to a child: it prints it, stores it or sends it,
 * which is `env` (docs/adr/0411, the dump ADR 0328 judges). Masked text: names inside strings do not count.
 */
export function readsWholeEnvironment(language: Language, masked: string): boolean {
  const passed = PASSED_ON[language];
  const text = passed === null ? masked : masked.replace(passed, " ");
  return WHOLE_ENVIRONMENT[language].test(text);
}
export const SENDS_ENVIRONMENT = "sends the environment over the network";

/** Native code and raw system calls. */
const NATIVE: Readonly<Record<Language, RegExp | null>> = {
  python: /\b(?:ctypes|cffi|_ctypes|CDLL|WinDLL|mmap|ptrace|prctl)\b|\bsyscall\s*\(/,
  javascript: /\b(?:ffi-napi|ffi|node-ffi|koffi|dlopen|process\s*\.\s*binding|bun:ffi)\b/,
  ruby: /\b(?:Fiddle|FFI|syscall|DL)\b/,
  perl: /\b(?:syscall|DynaLoader|FFI::Platypus|XSLoader)\b/,
  php: /\bFFI\b/,
  lua: /\bffi\b/,
  awk: null,
};
/** A change of the process' user or group id: privilege. */
const SETUID: Readonly<Record<Language, RegExp | null>> = {
  python: /\bos\s*\.\s*set(?:e|re|res)?[ug]id\s*\(|\bsetuid\s*\(/,
  javascript: /\bprocess\s*\.\s*set(?:e)?[ug]id\s*\(/,
  ruby: /\bProcess(?:::Sys)?\s*\.\s*(?:set(?:e|re|res)?[ug]id|[ug]id\s*=|euid\s*=)/,
  perl: /\$[<>()]\s*=(?!=)|\bPOSIX::set[ug]id\b|\bset[ug]id\s*\(/,
  php: /\bposix_set(?:e)?[ug]id\s*\(/,
  lua: null,
  awk: null,
};

/** Processes listed and signalled (`psutil.process_iter()` … `.kill()`), whatever their ids. */
const KILLS_ALL: Readonly<Record<Language, RegExp | null>> = {
  python:
    /\b(?:process_iter|pids)\s*\([\s\S]*\.\s*(?:kill|terminate|send_signal|suspend)\s*\(|\.\s*(?:kill|terminate)\s*\([\s\S]*\b(?:process_iter|pids)\s*\(/,
  javascript: /\bps-list\b|\bfind-process\b|\bfkill\b/,
  ruby: /\bSys::ProcTable\b[\s\S]*\bkill\b/,
  perl: /\bProc::ProcessTable\b[\s\S]*\bkill\b/,
  php: null,
  lua: null,
  awk: null,
};

/** Loops that never end by themselves. */
const ENDLESS =
  /\bwhile\s*\(?\s*(?:True|true|1|!0|!false)\s*\)?\s*[:{]?|\bfor\s*\(\s*;\s*;\s*\)|\bloop\s*(?:do\b|\{)|\biter\s*\(\s*int\s*,|\bwhile\s*\(\s*\)|\bfor\s*\(\s*\)|(?<!\.)\brepeat\b(?!\s*\()|\bitertools\s*\.\s*count\b|\bwhile\s+1\b|\bsetInterval\b/;
/**
 * Growth of a collection or a string; awk's and lua's too (docs/adr/0415): an element stored at a counter that
 * grows (`a[i++] = …`, `t[#t+1] = …`), a string joined to itself by juxtaposition (`s = s "x"`, `s = s s`); a set,
 * list or map of the JVM languages and python's sets (`l.add(…)`, `m.put(…)`, docs/adr/0494).
 */
const GROWS =
  /\.\s*(?:append|push|extend|insert|concat|unshift|add|addAll|addLast|offer|put)\s*\(|<<|\+=|\.=|\bpush\s*\(?\s*@|\[\s*\]\s*=|\bstr_repeat\b|\.repeat\s*\(|\[[^\]=]*(?:\+\+|#\s*\w+\s*\+\s*1)[^\]]*\]\s*=(?!=)|\b(\w+)\s*=\s*\1\s+(?:\w|\u0001|")/;
/** Threads and processes started. */
const STARTS =
  /\b(?:threading\s*\.\s*Thread|Thread|multiprocessing\s*\.\s*Process|Process|Worker|Thread\s*\.\s*new|threads\s*->\s*(?:create|new)|pcntl_fork|fork)\b/;
/** A loop or comprehension over a literal count: `range(10**6)`, `1..1e7`, `for(i=0;i<1e7;`, `.times`. */
const COUNT =
  /\brange\s*\(\s*([\d_.eE*+]+)\s*\)|\b(?:0|1)\s*\.\.\.?\s*([\d_.eE*+]+)|<\s*([\d_.eE*+]+)\s*;|\b([\d_.eE*+]+)\s*\.\s*times\b|\bArray\s*\(\s*([\d_.eE*+]+)\s*\)|\bArray\s*\.\s*from\s*\(\s*\{\s*length\s*:\s*([\d_.eE*+]+)/g;
/** A size: string or list repetition, allocation. */
const SIZE =
  /(?:\u0001|\]|\))\s*(?:\*|\bx)\s*\(?\s*([\d_.eE*+]+)|\bstr_repeat\s*\([^,]*,\s*([\d_.eE*+]+)|\.repeat\s*\(\s*([\d_.eE*+]+)|\bnew\s+Array\s*\(\s*([\d_.eE*+]+)|\bBuffer\s*\.\s*(?:alloc|allocUnsafe)\s*\(\s*([\d_.eE*+]+)|\bbytearray\s*\(\s*([\d_.eE*+]+)|\bnew\s+(?:byte|short|int|long|float|double|char|boolean|Object|String)\s*\[\s*([\d_.eE*+]+)L?\s*\]|\b(?:Byte|Short|Int|Long|Float|Double|Char|Boolean)Array\s*\(\s*([\d_.eE*+]+)L?\s*\)|\bArray\.new\s*\(\s*([\d_.eE*+]+)|\bnp\s*\.\s*(?:zeros|ones|empty)\s*\(\s*([\d_.eE*+]+)|\b(?:list|tuple|set)\s*\(\s*range\s*\(\s*([\d_.eE*+]+)\s*\)\s*\)/g;
/** A power of literal numbers, possibly a tower: `10**10**10`, `2**34`. */
const POWER = /\b\d[\d_]*(?:\.\d+)?n?(?:\s*\*\*\s*\(?\s*\d[\d_]*(?:\.\d+)?n?\s*\)?)+/g;

/** Bytes or items past which an allocation is a memory bomb, and digits past which a number is a CPU bomb. */
const MAX_ITEMS = 2 ** 32;
const MAX_DIGITS = 1e8;
const MAX_STARTS = 1e4;

/** Reads of a file's contents, per language: what a request built from them carries (docs/adr/0416). */
const FILE_READ: Readonly<Record<Language, RegExp | null>> = {
  python: /(?<![.\w])open\s*\(|\.\s*read_(?:text|bytes)\s*\(/,
  javascript: /\breadFile(?:Sync)?\s*\(|\bDeno\s*\.\s*readTextFile|\bBun\s*\.\s*file\s*\(/,
  ruby: /\b(?:File|IO)\s*\.\s*(?:read|binread|readlines)\b/,
  perl: /<\s*\$?\w*\s*>|\bread_file\b|\bslurp\b/,
  php: /\bfile_get_contents\s*\(|\bfile\s*\(/,
  lua: /\bio\s*\.\s*open\b|:read\s*\(/,
  awk: null,
};
/** Requests whose address or parameters carry data even without a body: a GET with a query. */
const REQUEST = /(?:^|\.|::|->)(?:urlopen|get|get_response|getJSON|fetch|request|Request|head|URI|get_print)$/;
/** Secret stores read through a library: the OS keyring, the desktop's secret service, keytar (docs/adr/0416). */
const KEYRING: Readonly<Record<Language, RegExp | null>> = {
  python: /\bkeyring\s*\.\s*get_(?:password|credential)\b|\bsecretstorage\b|\bkeychain\b/,
  javascript: /\bkeytar\b|\bgetPassword\s*\(|\bfindCredentials\s*\(/,
  ruby: /\bKeyring\b|\bKeychain\b/,
  perl: /\bPasswd::Keyring\b/,
  php: null,
  lua: null,
  awk: null,
};
/** A container SDK asked for a privileged container, the host's namespaces or a mount of the host's root. */
const CONTAINER_SDK = /\bdocker\b|\bdockerode\b|\bDocker::|\bpodman\b/i;
const HOST_ACCESS =
  /\bprivileged\s*[=:]\s*(?:True|true|1)\b|\bPrivileged\s*:\s*true\b|\b(?:pid_mode|network_mode|ipc_mode|PidMode|NetworkMode)\s*[=:]\s*\u0001|\bcap_add\s*=|\bCapAdd\s*:/;

export function codeEffects(code: CodeText, computedSignals: readonly string[]): CodeEffect[] {
  const { language } = code;
  const text = code.masked.text;
  const out: CodeEffect[] = [];
  const read = FILE_READ[language];
  if (read !== null && NETWORK[language].test(`${text} ${values(code)}`)) {
    const carrier = code.calls.find((c) => REQUEST.test(c.name) && read.test(c.args.join(",")));
    if (carrier !== undefined)
      out.push({
        what: `sends a file's contents in a request (${carrier.name})`,
        level: "SECURITY",
        category: "exfiltration",
      });
  }
  if (KEYRING[language]?.test(text + values(code)) === true)
    out.push({ what: "reads a secret from the keyring", level: "SECURITY", category: "credentials" });
  if (CONTAINER_SDK.test(text + values(code)) && (HOST_ACCESS.test(text) || rootMount(code)))
    out.push({
      what: "asks a container SDK for a privileged container, the host's namespaces or its root",
      level: "SECURITY",
      category: "container-escape",
    });
  const sdk = SDKS[language];
  if (sdk?.test(text + values(code))) {
    const destroy = code.calls.find(
      (c) => DESTROY_METHOD.test(c.name) && !/^(?:os|shutil|fs|File|FileUtils|Dir)\b/.test(c.name),
    );
    if (destroy !== undefined || DESTROY_COMMAND.test(text))
      out.push({
        what: `calls ${destroy?.name ?? "a destroy command"} of a cloud SDK or database client`,
        level: "DESTRUCTIVE",
        category: /sql|pg|mysql|mongo|redis|DBI|PDO|Sequel|ActiveRecord|elastic|cassandra/i.test(text + values(code))
          ? "database"
          : "cloud",
      });
  }
  const sends = SENDS[language];
  if (sends !== null && NETWORK[language].test(text) && sends.test(text)) {
    const env = ENVIRONMENT[language].test(text);
    out.push({
      what: WHOLE_ENVIRONMENT[language].test(text)
        ? SENDS_ENVIRONMENT
        : env
          ? "sends data over the network, and reads the environment"
          : "sends data over the network",
      level: "SECURITY",
      category: "exfiltration",
    });
  }
  const native = NATIVE[language];
  if (native?.test(text) === true)
    out.push({ what: "loads native code or makes raw system calls", level: "SECURITY", category: "native-code" });
  if (SETUID[language]?.test(text) === true)
    out.push({ what: "changes the user id of the process", level: "SECURITY", category: "privilege" });
  if (KILLS_ALL[language]?.test(text) === true)
    out.push({ what: "signals every process it lists", level: "DESTRUCTIVE", category: "system" });
  for (const name of computedSignals)
    out.push({
      what: `sends a signal (${name}) to a process id computed at run time`,
      level: "DESTRUCTIVE",
      category: "system",
    });
  const bomb = resourceBomb(text, [...code.masked.values.values()]);
  if (bomb !== null) out.push({ what: bomb, level: "DESTRUCTIVE", category: "fork-bomb" });
  return out;
}

/** A literal bind of the host's root or its home, `/:/h` or `{'/': {'bind': …}}`, in container code. */
function rootMount(code: CodeText): boolean {
  return [...code.masked.values.values()].some((v) =>
    /^(?:\/|\/home(?:\/[^/:]*)?|\/etc|\/var\/run\/docker\.sock)(?::|$)/.test(v),
  );
}

/** The literal values joined: an SDK named only in a string (`require("pg")`, `client("ec2")`). */
function values(code: CodeText): string {
  return [...code.masked.values.values()].join(" ").slice(0, 10_000);
}

/** Why the code would exhaust memory, CPU or the process table, or null. */
/**
 * An endless loop whose body is empty, in any language's spelling (docs/adr/0509): python `while True: pass`,
 * `for(;;){}`, `while(1);`, perl `1 while 1`, ruby `loop {}`, lua `while true do end`. Masked text.
 */
const SPIN =
  /\bwhile\s*\(?\s*(?:True|true|1)\s*\)?\s*:\s*(?:pass|\.\.\.|continue)\s*(?:$|[;\n])|(?:\bfor\s*\(\s*;\s*;\s*\)|\bwhile\s*\(\s*(?:true|1|!0)\s*\))\s*(?:\{\s*\}|;)|(?:^|[;{]\s*)(?:\d+|\(\s*\))\s+(?:while\s+1|until\s+0)\b|\bloop\s*(?:\{\s*\}|do\s+end\b)|\bwhile\s+(?:true|1)\s*(?:do|;)?\s+end\b|\bwhile\s+true\s+do\s+end\b/;
/** The code spins without end doing nothing: what bash's `while :; do :; done` is. */
export function spinsForever(text: string): boolean {
  return SPIN.test(text);
}

export function resourceBomb(text: string, literals: readonly string[] = []): string | null {
  for (const m of text.matchAll(POWER))
    if (digits(m[0]) > MAX_DIGITS)
      return `computes ${m[0].replace(/\s+/g, "")}, a number too large to compute (resource bomb)`;
  const counted = [...text.matchAll(COUNT)].map((m) => ({
    at: m.index,
    passes: numeric(m.slice(1).find((x) => x !== undefined) ?? ""),
  }));
  const counts = counted.map((c) => c.passes);
  const endless = ENDLESS.test(text) && !/\bbreak\b|\breturn\b|\bexit\b|\blast\b/.test(text);
  const iterations = endless ? Number.POSITIVE_INFINITY : counts.reduce((a, n) => a * Math.max(n, 1), 1);
  const sizes = [...text.matchAll(SIZE)].map((m) => numeric(m.slice(1).find((x) => x !== undefined) ?? ""));
  const size = sizes.reduce((a, n) => Math.max(a, n), 0);
  if (size >= MAX_ITEMS) return `allocates ${size.toExponential(0)} items at once (resource bomb)`;
  if (size > 0 && (counts.length > 0 || endless) && size * iterations >= MAX_ITEMS)
    return "allocates without bound in a loop (resource bomb)";
  if (endless && GROWS.test(text)) return "grows a collection in a loop without end (resource bomb)";
  if (STARTS.test(text) && (endless || (counts.length > 0 && iterations >= MAX_STARTS)))
    return "starts threads or processes in a loop without bound (resource bomb)";
  return exhaustion(text, literals, { iterations, endless, counted });
}

/** Decimal digits of a power tower `a**b**c` (right-associative), as a float; Infinity when past any bound. */
function digits(tower: string): number {
  const nums = tower.split("**").map((s) => Number(s.replace(/[()\sn_]/g, "")));
  if (nums.some((n) => !Number.isFinite(n))) return Number.POSITIVE_INFINITY;
  let exponent = nums[nums.length - 1]!;
  for (let i = nums.length - 2; i >= 1; i--) exponent = nums[i]! ** exponent;
  return exponent * Math.log10(Math.max(nums[0]!, 1));
}

/** A literal count: `10**6`, `1e7`, `1_000_000`, `2**34`; products too. */
function numeric(text: string): number {
  const t = text.replace(/_/g, "").replace(/[()]/g, "");
  if (t.includes("**")) {
    const nums = t.split("**").map(Number);
    return nums.reduceRight((e, b) => b ** e);
  }
  if (t.includes("*"))
    return t
      .split("*")
      .map(Number)
      .reduce((a, b) => a * b, 1);
  const n = Number(t);
  return Number.isFinite(n) ? n : 0;
}
