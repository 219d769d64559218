/**
 * Interpreter one-liners whose intent cannot be read from their text (issue 11 §4): code that evaluates or
 * dispatches by a name computed at run time (`eval`, `exec`, `new Function`, `getattr(os, 'sys'+'tem')`,
 * `__import__('o'+'s')`, `send`/`public_send`, `$f(...)`, `require(m)`), runs a command line or program built
 * at run time (`os.system('r'+'m -rf ~')`, awk's `system("rm " x)`, backticks with interpolation), or forks or
 * spawns inside a loop (`perl -e 'fork while 1'`). Such code is unknown code: the session reports it as
 * unanalysable, which no allow covers (ADR 0126). Literal, readable calls (`os.system('ls')`) are not hits: the
 * command they run is analysed as bash (embedded-shell.ts).
 *
 * String literals are masked first, in one linear pass (a literal becomes LIT, one with interpolation BUILT),
 * so the scans below never look inside strings and use no nested quantifiers (code comes from the agent and
 * must not stall the hook).
 */
import { LIT, type Masked, mask } from "./code-mask.ts";
import type { Language } from "./interpreters.ts";

/** Dynamic evaluation and dispatch by a computed name: always unknown code, whatever the arguments. */
const DYNAMIC: Readonly<Record<Language, readonly [string, RegExp][]>> = {
  python: [
    ["exec/eval", /(?<![.\w])(?:exec|eval|compile)\s*\(/],
    ["__import__ of a computed name", /\b__import__\s*\(\s*(?!\u0001\s*\))/],
    ["import_module of a computed name", /\bimport_module\s*\(\s*(?!\u0001\s*[,)])/],
    // The object may be a call itself: `getattr(__import__('os'), 'sys' + 'tem')`.
    ["getattr of a computed name", /\bgetattr\s*\((?:[^,()]|\([^()]*\))*,(?!\s*\u0001\s*[,)])/],
    [
      "a lookup in globals()/__builtins__",
      /\b(?:globals|locals|vars)\s*\(\s*\)\s*\[|\b__builtins__\b|\bbuiltins\s*\.\s*__dict__/,
    ],
    // A module's or object's namespace read by a key built at run time (`vars(os)['sys' + 'tem']`), and getattr's kin.
    [
      "a namespace lookup by a computed key",
      /(?:\bvars\s*\([^()]*\)|\.\s*__dict__)\s*(?:\[(?!\s*\u0001\s*\])|\.\s*get\s*\((?!\s*\u0001\s*[,)]))|\b(?:attrgetter|methodcaller)\s*\((?!\s*\u0001\s*[,)])/,
    ],
    // PyYAML's unsafe loaders build any object a `!!python/object/apply` tag names, calls included; a file named by
    // a literal is judged by where it is (code-loads.ts).
    [
      "an unsafe YAML load",
      /\bunsafe_load(?:_all)?\s*\(\s*(?!(?:io\s*\.\s*)?open\s*\(\s*\u0001)|\bload(?:_all)?\s*\(\s*(?!(?:io\s*\.\s*)?open\s*\(\s*\u0001)(?:[^()]|\([^()]*\))*\bLoader\s*=\s*(?:\w+\s*\.\s*)?(?:Unsafe)?Loader\b/,
    ],
    // From bytes, or from a file not named here; a file named by a literal is judged by where it is (code-loads.ts).
    [
      "unpickled or unmarshalled code",
      /\b(?:pickle|marshal|dill)\s*\.\s*(?:loads\b|load\s*\(\s*(?!\u0001|(?:io\s*\.\s*)?open\s*\(\s*\u0001))/,
    ],
  ],
  javascript: [
    ["eval", /\beval\b/],
    ["Function", /\bFunction\s*\(/],
    ["require of a computed name", /\brequire\s*\(\s*(?!\u0001\s*\))/],
    ["import of a computed name", /\bimport\s*\(\s*(?!\u0001\s*[,)])/],
    // Also reached without the name vm: `require("vm").runInThisContext(s)`, a destructured `runInNewContext(s)`,
    // `new (require("vm").Script)(s)`.
    [
      "vm",
      /\bvm\s*\.\s*(?:runIn|compileFunction|Script|SourceTextModule)|\bnew\s+Script\b|\b(?:runInThisContext|runInNewContext|runInContext|compileFunction)\b|\.\s*(?:Script|SourceTextModule)\b/,
    ],
    ["a method called by a computed name", /(?:process|globalThis|global|module|Deno|Bun)\s*\[\s*(?!\u0001\s*\])/],
  ],
  ruby: [
    ["eval", /\b(?:eval|instance_eval|class_eval|module_eval|instance_exec|binding\.eval)\b/],
    ["send/public_send", /\b(?:send|public_send|__send__)\b/],
    ["a method or constant looked up by name", /\b(?:method|const_get|define_method)\s*[\s(]/],
  ],
  perl: [
    ["string eval", /\beval\b(?!\s*\{)/],
    ["a call through a computed name", /&\s*\$\w|&\s*\{|->\s*\$\w+\s*\(|\*\{\s*["'\u0002$]/],
  ],
  php: [
    ["eval", /\b(?:eval|assert|create_function|call_user_func(?:_array)?|preg_replace_callback)\s*\(/],
    ["a function called through a variable", /\$\w+\s*\(|\$\{[^}]*\}\s*\(/],
  ],
  lua: [
    ["load", /\b(?:load|loadstring|dofile|loadfile)\s*\(/],
    ["a lookup in _G", /\b_G\s*\[|\b_ENV\s*\[/],
  ],
  awk: [],
};

/** Calls that run a command line or a program; their first argument must be a literal. */
const RUNS: Readonly<Record<Language, RegExp>> = {
  python:
    /(?:\bos\s*\.\s*(?:system|popen|exec\w*|spawn\w*|posix_spawnp?)|\bpty\s*\.\s*spawn|(?<![.\w])(?:system|popen))\s*\(/g,
  javascript: /\b(?:execSync|exec|spawnSync|spawn|execFileSync|execFile|fork|spawnSync|Command|run)\s*\(/g,
  ruby: /(?:\b(?:system|exec|spawn)|\bIO\s*\.\s*popen|\bOpen3\s*\.\s*\w+)\s*[\s(]/g,
  perl: /\b(?:system|exec)\b\s*\(?/g,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(/g,
  lua: /\b(?:os\s*\.\s*execute|io\s*\.\s*popen)\s*\(?/g,
  awk: /\bsystem\s*\(/g,
};

/** Python's subprocess functions, under any alias of the module (`import subprocess as s; s.run(…)`). */
const PY_SUBPROCESS = /(?:\.\s*|(?<![.\w]))(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)\s*\(/g;

/** JavaScript's run calls only count beside child_process, Bun or Deno (`re.exec(s)` is a regex match). */
const JS_PROCESS = /\bchild_process\b|\bBun\s*\.\s*spawn|\bDeno\s*\.\s*(?:Command|run)\b|\bexeca?\b/;

const SHELLS =
  /^(?:.*\/)?(?:sh|bash|zsh|dash|ksh|fish|csh|tcsh|env|xargs|nohup|sudo|cmd|powershell|pwsh|perl|python\d*|ruby|node|php)$/;

/** A fork, and the loops that would repeat it. */
const FORKS: Readonly<Record<Language, RegExp | null>> = {
  python: /\b(?:os\s*\.\s*fork|fork)\s*\(|\bforkpty\s*\(/,
  javascript: /\bfork\s*\(|\bcluster\s*\.\s*fork\b/,
  ruby: /\bfork\b|\bProcess\s*\.\s*fork\b|\bspawn\b/,
  perl: /\bfork\b/,
  php: /\bpcntl_fork\b/,
  lua: null,
  awk: null,
};
const SPAWNS: Readonly<Record<Language, RegExp | null>> = {
  python:
    /\b(?:os\s*\.\s*(?:system|popen|spawn\w*|posix_spawnp?)|subprocess|Popen|multiprocessing\s*\.\s*Process|Process\s*\()/,
  javascript: /\b(?:spawn|spawnSync|exec|execSync|execFile|fork)\s*\(|\bBun\s*\.\s*spawn|\bDeno\s*\.\s*Command\b/,
  ruby: /\b(?:system|exec|spawn)\b|`|%x/,
  perl: /\b(?:system|exec)\b|`|\bqx\b/,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(|`/,
  lua: /\b(?:os\s*\.\s*execute|io\s*\.\s*popen)\b/,
  awk: /\bsystem\s*\(/,
};
const LOOPS: Readonly<Record<Language, RegExp>> = {
  python: /\bwhile\b|\bfor\b|\biter\s*\(|\bitertools\s*\.\s*(?:count|repeat|cycle)\b|\brepeat\s*\(/,
  javascript: /\bfor\s*\(|\bwhile\s*\(|\bsetInterval\b|\.forEach\s*\(|\.map\s*\(|\bdo\s*\{/,
  ruby: /\bloop\b|\bwhile\b|\buntil\b|\.times\b|\.each\b|\bfor\b|\.upto\b|\.step\b/,
  perl: /\bwhile\b|\buntil\b|\bfor(?:each)?\b|\bmap\b|\bredo\b|\bgoto\b/,
  php: /\bwhile\b|\bfor(?:each)?\b|\bdo\s*\{/,
  lua: /\bwhile\b|\bfor\b|\brepeat\b/,
  awk: /\bwhile\b|\bfor\b|\bdo\b/,
};

/** Where a path may come from at run time: the home directory, the environment, the user database. */
const HOME_OR_ENV: Readonly<Record<Language, RegExp>> = {
  python: /\b(?:expanduser|expandvars|environ|getenv|getpwnam|getpwuid|gethome)\b|\bPath\s*\.\s*home\b/,
  javascript: /\bhomedir\b|\bprocess\s*\.\s*env\b|\bDeno\s*\.\s*env\b|\bBun\s*\.\s*env\b/,
  ruby: /\bDir\s*\.\s*home\b|\bENV\s*\[|\bENV\s*\.\s*fetch\b|\bexpand_path\b|\bEtc\s*\.\s*getpw/,
  perl: /\$ENV\s*\{|\bgetpw(?:nam|uid)\b/,
  php: /\bgetenv\s*\(|\$_(?:SERVER|ENV)\b|\bposix_getpw/,
  lua: /\bos\s*\.\s*getenv\b/,
  awk: /\bENVIRON\b/,
};
/** Calls that open, list, walk, copy, remove or change the mode or owner of files by path (docs/adr/0764). */
const FILE_API: Readonly<Record<Language, RegExp>> = {
  python:
    /(?<![.\w])open\s*\(|\b(?:io|os|codecs)\s*\.\s*open\s*\(|\.(?:read_text|read_bytes|write_text|write_bytes|open|iterdir|glob|rglob)\s*\(|\b(?:listdir|scandir|walk|copy\w*|copytree|move|rename|remove|unlink|rmtree|make_archive|l?chmod|l?chown)\s*\(/,
  javascript:
    /\b(?:readFile\w*|writeFile\w*|appendFile\w*|readdir\w*|createReadStream|createWriteStream|copyFile\w*|cp\w*|rm\w*|unlink\w*|rename\w*|open\w*|readTextFile\w*|l?chmod\w*|l?chown\w*)\s*\(/,
  ruby: /\b(?:File|IO|Dir|FileUtils|Pathname)\s*(?:\.|::|\[)/,
  perl: /\b(?:open|sysopen|opendir|unlink|rename|glob|chmod|chown|find|finddepth)\b|<\s*\$?\w*\s*>/,
  php: /\b(?:file_get_contents|file_put_contents|fopen|file|readfile|scandir|glob|copy|rename|unlink|l?chmod|l?chown|l?chgrp|opendir|\w*(?:Directory|Filesystem|Glob)Iterator)\s*\(/,
  lua: /\bio\s*\.\s*(?:open|lines)\b|\bos\s*\.\s*(?:remove|rename)\b/,
  awk: /\bgetline\s*<|[^<>=!]>{1,2}\s*(?!\u0001)[^\s=]/,
};

/** Past this length the code is not scanned (interpreters.ts reports it as unscanned already). */
const MAX_CODE = 100_000;

/** Why the one-liner's intent cannot be read, as a clause ("calls getattr of a computed name"), or null. */
/** perl's `s/…/…/ee`, with any delimiter, and with paired brackets (`s{…}{…}ee`, `s(…)(…)ee`). */
const EVAL_TWICE = /\bs([^\w\s{(<[])(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[a-z]*e[a-z]*e/;
const EVAL_TWICE_BRACKETED =
  /\bs(?:\{[^}]*\}\s*\{[^}]*\}|\([^)]*\)\s*\([^)]*\)|\[[^\]]*\]\s*\[[^\]]*\]|<[^>]*>\s*<[^>]*>)[a-z]*e[a-z]*e/;

export function hiddenIntent(language: Language, code: string): string | null {
  if (code.length > MAX_CODE) return "is too long to read";
  const m = mask(language, code);
  for (const [what, re] of DYNAMIC[language]) if (re.test(m.text)) return `uses ${what}`;
  if (m.builtCommand) return "runs a command line built at run time (backticks with interpolation)";
  if (language === "perl" && /\bqx\s*[({][^)}]*[$@]/.test(code))
    return "runs a command line built at run time (qx with interpolation)";
  // `s/…/…/ee` evaluates the replacement, then evaluates what that gives: text of the data run as perl.
  if (language === "perl" && (EVAL_TWICE.test(code) || EVAL_TWICE_BRACKETED.test(code)))
    return "evaluates a substitution's result as code (s///ee)";
  if (language === "ruby" && /%x[({[][^)}\]]*#\{/.test(code))
    return "runs a command line built at run time (%x with interpolation)";
  const built = builtRun(language, m, code);
  if (built !== null) return `runs a command line or program built at run time (${built})`;
  if (language === "awk") {
    const pipe = awkBuiltPipe(m.text);
    if (pipe !== null) return pipe;
  }
  // The readable part names no file: the path is put together from the home directory or the environment
  // (`os.path.join(os.environ['HOME'], '.ssh', 'id_rsa')`, `Path.home()/'.aws'/'credentials'`).
  if (HOME_OR_ENV[language].test(code) && FILE_API[language].test(m.text))
    return "opens a path built at run time from the home directory or the environment";
  const loop = LOOPS[language].test(m.text);
  if (loop && FORKS[language]?.test(m.text) === true) return "forks inside a loop";
  if (loop && SPAWNS[language]?.test(m.text) === true) return "spawns processes inside a loop";
  return null;
}

/** The first run call whose command is not a literal (a string, or an argv list led by a literal non-shell program). */
function builtRun(language: Language, m: Masked, code: string): string | null {
  if (language === "javascript" && !JS_PROCESS.test(code)) return null;
  const calls = [...m.text.matchAll(new RegExp(RUNS[language].source, "g"))];
  if (language === "python" && /\bsubprocess\b/.test(code))
    calls.push(...m.text.matchAll(new RegExp(PY_SUBPROCESS.source, "g")));
  for (const call of calls) {
    const at = call.index + call[0].length;
    if (!literalArgument(language, m, at)) return call[0].replace(/[\s(]+$/, "");
  }
  return null;
}

/** Whether the argument starting at `at` is a literal command: one string, or a literal program in an argv list. */
function literalArgument(language: Language, m: Masked, at: number): boolean {
  let i = at;
  while (i < m.text.length && /\s/.test(m.text[i]!)) i++;
  const c = m.text[i];
  if (c === LIT) {
    let k = i + 1;
    while (k < m.text.length && /\s/.test(m.text[k]!)) k++;
    const next = m.text[k];
    // A lone literal, or the program of an argv given as separate arguments (perl `system("ls", $x)`).
    if (next === undefined || next === ")" || next === ";" || next === "}") return true;
    if (next === ",") return !SHELLS.test(m.values.get(i) ?? "") || language === "awk";
    return false;
  }
  if (c !== "[" || language === "awk" || language === "perl") return false;
  // An argv list: its program must be a literal, and a shell or interpreter in it must get only literals.
  const close = m.text.indexOf("]", i);
  if (close < 0) return false;
  const items = m.text
    .slice(i + 1, close)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const first = m.text.indexOf(LIT, i);
  if (items[0] !== LIT || first < 0) return false;
  return !SHELLS.test(m.values.get(first) ?? "") || items.every((s) => s === LIT);
}

/** awk: `print … | cmd` or `cmd | getline` where cmd is not a literal. */
function awkBuiltPipe(text: string): string | null {
  for (const p of text.matchAll(/\|/g)) {
    const before = text[p.index - 1];
    const after = text[p.index + 1];
    if (before === "|" || after === "|" || after === "&") continue;
    const rest = text.slice(p.index + 1).trimStart();
    if (rest.startsWith("getline")) {
      if (text.slice(0, p.index).trimEnd().endsWith(LIT)) continue;
      return "reads the output of a command line built at run time (| getline)";
    }
    if (!rest.startsWith(LIT)) return "pipes into a command line built at run time";
  }
  return null;
}
