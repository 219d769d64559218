/**
 * Files of code a command's environment makes it load (docs/adr/0155): `LD_PRELOAD=/tmp/x.so ls`,
 * `PYTHONPATH=/tmp/m python -m pytest`, `NODE_OPTIONS='--require /tmp/x.js' npm test`, `PATH=/tmp/b:$PATH git
 * status`, `git -c core.hooksPath=/dev/shm/h commit`. What such a file does cannot be read here: the project's
 * own files and the system's are what the command runs anyway; a file from anywhere else (a temp directory,
 * the home, an expansion) is code nobody read, so the call is opaque (docs/explanation/decision-order.md): it gates at least.
 * So is a program such a file holds when a command's own hook runs it (`tcpdump -z /tmp/x.sh`, docs/adr/0313).
 */
import { codeEnvKind, interpreterOf, isCarriedLabel, SHELLS, type SimpleCommand } from "../shell/index.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";
import { codeOptionValues } from "./code-option-values.ts";
import { scriptOperands } from "./script-operands.ts";

/** Directories whose code is the machine's own: root-owned, installed by its package managers. */
const SYSTEM_CODE = ["/usr/", "/lib/", "/lib32/", "/lib64/", "/bin/", "/sbin/", "/opt/", "/nix/store/", "/snap/"];

/** node options whose value is a module loaded before the program. */
const NODE_LOADS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);
/** ruby switches whose value is a library loaded, or a directory searched first. */
const RUBY_LOADS = new Set(["-r", "-I"]);

/** One reason per file of code from outside the project and the system, as `NAME loads WORD`. */
export function loadedCode(commands: readonly SimpleCommand[], base: AccessBase): string[] {
  const out: string[] = [];
  for (const cmd of commands) {
    const where: AccessBase = cmd.workdir === undefined ? base : { ...base, workdir: cmd.workdir };
    for (const a of cmd.assignments) {
      const files = codeFiles(a.name, a.value);
      for (const word of files) {
        if (!trusted(word, where) && !(a.name === "PATH" && homeTool(word, where)))
          out.push(`${a.name} makes it load ${word}, code from outside the project`);
      }
      // A search path kept for later commands (`export PATH=.:$PATH`, `PATH=:$PATH`) with a relative or empty
      // entry searches whatever folder each later command runs in: a cloned repository's `./git` (docs/adr/0357).
      if (lasting(cmd) && codeEnvKind(a.name) === "paths" && relativeEntry(a.value))
        out.push(`${a.name} searches the folder each later command runs in`);
    }
    // A program a command's own hook runs (`tcpdump -z /tmp/x.sh`, `git --upload-pack=/dev/shm/p`): docs/adr/0313.
    const hook = cmd.context.wrappers.at(-1);
    if (hook !== undefined && isCarriedLabel(hook) && cmd.programPath !== undefined && !trusted(cmd.programPath, where))
      out.push(`${hook} runs ${cmd.programPath}, a program from outside the project`);
    // A program file run by its path from a temp or shared directory (docs/adr/0356): `nohup /tmp/x &`,
    // `export PAGER=/tmp/x`, `alias git=/tmp/evilgit`, `function ls { /dev/shm/x; }`. Whatever starts it (a
    // detacher, a variable, an alias, a loop), it is a file nobody here read; the home's own bin folders are the
    // user's installed tools.
    else if (cmd.programPath !== undefined && !trusted(cmd.programPath, where) && !homeTool(cmd.programPath, where))
      out.push(`${label(cmd)}runs ${cmd.programPath}, a program from outside the project`);
    // A search tool's preprocessor is given each file it searches (`rg --pre sh . /tmp/dl`): a shell or an
    // interpreter there, with no script or code of its own, runs every such file as its script (docs/adr/0752).
    if (hook !== undefined && / --pre$/.test(hook) && bareInterpreter(cmd))
      out.push(`${hook} runs every file it searches as a script of ${cmd.program}`);
    // A file of code handed to an interpreter, a runner or a build tool from outside the project (docs/adr/0638):
    // `python3 /tmp/x.py`, `bash /tmp/i.sh`, `node --require /tmp/h.js`, `java -jar /tmp/x.jar`. It may have been
    // downloaded or dropped there by an earlier call; what it does cannot be read here.
    // So is code a runner's or a build tool's own option names (`rollup -c /tmp/r.mjs`, `go vet -vettool=…`): 0842.
    for (const word of [...scriptOperands(cmd), ...codeOptionValues(cmd)])
      if (!trusted(word, where) && !homeTool(word, where))
        out.push(`\`${cmd.program}\` runs ${word}, code from outside the project`);
    // node's preload spelled inside another option's value, which the tool hands on to the node it starts
    // (`tap --node-arg=--require=/tmp/h.js`, `npm test --node-options='-r /tmp/h.js'`, pm2's `--node-args`): 0841.
    for (const word of nestedNodeLoads(cmd.args))
      if (!trusted(word, where))
        out.push(`\`${cmd.program}\` hands node ${word} to load, code from outside the project`);
    if (cmd.program === "git") {
      for (const o of cmd.droppedOptions ?? []) {
        const m = /^-c\s*core\.hookspath=(.*)$/i.exec(o);
        if (m !== null && !trusted(m[1]!, where))
          out.push(`core.hooksPath runs hooks from ${m[1]}, outside the project`);
      }
    }
  }
  return out;
}

/** The files or modules a variable's value names as code, by the kind of variable. */
function codeFiles(name: string, value: string): string[] {
  switch (codeEnvKind(name)) {
    case "paths":
      // `$NAME` inside its own value is what the environment already held (`PATH=./bin:$PATH`).
      return value
        .split(name === "LD_PRELOAD" ? /[:\s]+/ : ":")
        .filter((w) => w !== "" && w !== `$${name}` && w !== `\${${name}}`);
    case "node":
      return optionValues(value, NODE_LOADS).filter((m) => !bareModule(m));
    case "ruby":
      return optionValues(value, RUBY_LOADS).filter((m) => !bareModule(m));
    case "java":
      return [...value.matchAll(/-(?:javaagent|agentpath):([^=\s]+)/g)].map((m) => m[1]!);
    default:
      return [];
  }
}

/** An option that hands its value to node as node's own options (`--node-arg`, `--node-options`, `--node-args`). */
const NODE_ARGS = /^--?[\w-]*node[-_]?(?:args?|options|flags)$/i;
/** A value spelled as one of node's loading options (`--require=/tmp/h.js`, `-r /tmp/h.js`). */
const NODE_LOAD_VALUE = /^(?:--require|--import|--loader|--experimental-loader|-r)(?:[=\s]|$)|^-r\S/;

/** The modules node is told to load through the value of another option, outside any package (`--x=--require=F`). */
function nestedNodeLoads(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) continue;
    const eq = a.indexOf("=");
    const value = eq > 0 ? a.slice(eq + 1) : NODE_ARGS.test(a) ? args[i + 1] : undefined;
    if (value === undefined || !(NODE_ARGS.test(eq > 0 ? a.slice(0, eq) : a) || NODE_LOAD_VALUE.test(value))) continue;
    out.push(...optionValues(value, NODE_LOADS).filter((m) => !bareModule(m)));
  }
  return out;
}

/** Values of the given options in an options string: `--require x`, `--require=x`, `-rx`. */
function optionValues(value: string, options: ReadonlySet<string>): string[] {
  const words = value.split(/\s+/).filter((w) => w !== "");
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const eq = w.indexOf("=");
    if (options.has(w)) out.push(words[++i] ?? "");
    else if (eq > 0 && options.has(w.slice(0, eq))) out.push(w.slice(eq + 1));
    else if (/^-[a-zA-Z]./.test(w) && options.has(w.slice(0, 2))) out.push(w.slice(2));
  }
  return out;
}

/** A package name resolved from the project's dependencies or the standard library (`ts-node/register`, `json`). */
function bareModule(spec: string): boolean {
  return /^(?:@[\w.-]+\/)?[\w.-]+(?:\/[\w.-]+)*$/.test(spec) && !spec.startsWith(".") && !/^data:|:/.test(spec);
}

/** Folders of the home where installers put programs the user runs (`~/.local/bin`, `~/.cargo/bin`). */
const HOME_TOOLS =
  /^(?:bin|\.local\/bin|\.cargo\/bin|go\/bin|\.bun\/bin|\.deno\/bin|\.npm-global\/bin|\.nvm|\.volta|\.pyenv|\.rbenv|\.asdf|\.sdkman|\.rustup|\.foundry\/bin|\.dotnet|\.ghcup\/bin|\.nix-profile\/bin|\.juliaup\/bin)\//;

function homeTool(word: string, base: AccessBase): boolean {
  const access = resolveAccess(word, { mode: "read", via: "argument" }, { ...base, realpath: false });
  if (access.dynamic === true || access.marks !== undefined) return false;
  const home = base.home.endsWith("/") ? base.home : `${base.home}/`;
  return access.path.startsWith(home) && HOME_TOOLS.test(`${access.path.slice(home.length)}/`);
}

/** The assignment outlives the command: exported or declared, or a plain assignment with no program. */
function lasting(cmd: SimpleCommand): boolean {
  return ["", "export", "declare", "typeset", "readonly", "local"].includes(cmd.program ?? "");
}

/**
 * A `:`-separated search path with an empty entry, `.`, `..` or a bare relative name (`bin`). `./x` is left out:
 * the analysis writes `$PWD/x`, pinned to this folder, that way.
 */
function relativeEntry(value: string): boolean {
  return value.split(":").some((w) => w === "" || w === "." || w === ".." || w.startsWith("../") || !/^[/~$.]/.test(w));
}

/** What started the program, for the reason: its last wrapper, if any. */
function label(cmd: SimpleCommand): string {
  const w = cmd.context.wrappers.at(-1);
  return w === undefined ? "" : `${w} `;
}

function trusted(word: string, base: AccessBase): boolean {
  // A URL (`--import data:text/javascript,…`, `https:`) is code from nowhere on disk.
  if (/^[a-z][a-z0-9+.-]*:/i.test(word)) return false;
  const access = resolveAccess(word, { mode: "read", via: "argument" }, { ...base, realpath: false });
  if (access.dynamic === true || access.marks !== undefined) return false;
  const project = base.cwd.endsWith("/") ? base.cwd : `${base.cwd}/`;
  const path = `${access.path}/`;
  return path.startsWith(project) || SYSTEM_CODE.some((d) => path.startsWith(d));
}

/** A shell or an interpreter given neither a script nor code (`sh`, `python3 -u`): it runs the file it is handed. */
function bareInterpreter(cmd: SimpleCommand): boolean {
  if (!SHELLS.has(cmd.program) && interpreterOf(cmd.program) === null) return false;
  return cmd.args.every((a) => a.startsWith("-") && !/^-[a-zA-Z]*[cems]|^--(?:eval|command)/.test(a));
}
