/**
 * The values of a build tool's, linter's or test runner's options that are code it loads and runs (docs/adr/0842):
 * a configuration written as a module (`rollup -c /tmp/r.mjs`, `vite -c`), a plugin, a reporter or formatter
 * (`eslint -f /tmp/f.js`, `mocha --reporter`, `jest --reporters=`), a file or folder of tests
 * (`mocha --file`, `vitest --dir /tmp`), or a program the tool starts (`go build -toolexec`, `go vet -vettool`,
 * `mypy --python-executable`). As written; loaded-code.ts judges where they are, as it does a script's operand.
 */
import { ownEntry } from "../../core/index.ts";
import { optionKebab } from "./option-names.ts";
import { makeEvalEffects, makeEvalTexts, PATH_LOOKUP, type SimpleCommand } from "../shell/index.ts";

const GRADLE = ["-I", "--init-script", "-b", "--build-file", "-c", "--settings-file", "-p", "--project-dir"];
const PHPUNIT = ["-c", "--configuration", "--bootstrap"];

/** Per tool, its options (short letters a name cannot show among them) whose value is code, a program or its place. */
const TOOL_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  rollup: ["-c", "--config", "-p", "--plugin"],
  vite: ["-c", "--config"],
  postcss: ["-c", "--config", "-u", "--use"],
  eslint: ["-c", "--config", "-f", "--format", "--rulesdir", "--resolve-plugins-relative-to"],
  mocha: ["--config", "--file", "-r", "--require", "-R", "--reporter", "-u", "--ui"],
  jest: [
    "-c",
    "--config",
    "--reporters",
    "--rootDir",
    "--roots",
    "--testRunner",
    "--testEnvironment",
    "--resolver",
    // Modules jest requires into its run (docs/adr/0863).
    "--testSequencer",
    "--testResultsProcessor",
    "--prettierPath",
    "--dependencyExtractor",
    "--snapshotResolver",
    "--globalSetup",
    "--globalTeardown",
    "--setupFiles",
    "--setupFilesAfterEnv",
    "--watchPlugins",
  ],
  vitest: [
    "-c",
    "--config",
    "-r",
    "--root",
    "--dir",
    "--reporter",
    "--environment",
    "--workspace",
    // A pool, a sequencer or a coverage provider given as a module is imported (docs/adr/0863).
    "--pool",
    "--sequence.sequencer",
    "--coverage.customProviderModule",
    "--globalSetup",
    "--setupFiles",
  ],
  // A pytest configuration names the plugins and the import path its run loads (`addopts = -p …`, `pythonpath`).
  pytest: ["-c", "--config-file"],
  "py.test": ["-c", "--config-file"],
  // A tsconfig may extend another and sets where the emitted files go.
  tsc: ["-p", "--project"],
  // An overlay or another go.mod swaps the sources or the dependencies that are compiled and run (docs/adr/0867).
  go: [
    "-toolexec",
    "--toolexec",
    "-vettool",
    "--vettool",
    "-exec",
    "--exec",
    "-overlay",
    "--overlay",
    "-modfile",
    "--modfile",
  ],
  mypy: ["--python-executable", "--config-file"],
  "ts-node": ["-r", "--require", "-C", "--compiler", "--transpiler", "-P", "--project"],
  nodemon: ["-r", "--require", "--config"],
  webpack: ["-c", "--config"],
  "webpack-cli": ["-c", "--config"],
  // Build tools' files of build code, which run whatever they say (docs/adr/0867): gradle's init, build and settings
  // scripts and its project folder, cmake's initial cache and toolchain, bazel's rc, doit's dodo file, R's script.
  gradle: GRADLE,
  gradlew: GRADLE,
  cmake: ["-C", "--toolchain"],
  bazel: ["--bazelrc"],
  bazelisk: ["--bazelrc"],
  doit: ["-f", "--file"],
  R: ["-f", "--file"],
  // A library required before the program or the specs, a test run's bootstrap and configuration, and the folder
  // whose composer.json's scripts and plugins an install runs.
  ruby: ["-r"],
  rspec: ["-r", "--require"],
  phpunit: PHPUNIT,
  pest: PHPUNIT,
  composer: ["-d", "--working-dir"],
};

/**
 * Any tool's long option whose name says its value is code it loads (a plugin, a reporter, a formatter, a
 * transform, a preload, a program it starts): the value counts when it is a file of code by its extension.
 */
const CODE_NAME =
  /^--(?:[a-z0-9]+-)*(?:plugins?|reporters?|formatter|custom-formatter|transform(?:er)?|transpiler|compiler|require|preload|loader|toolexec|vettool|(?:python-)?executable|interpreter|setup-files?|global-setup|test-runner|runner|sequencer|(?:results-)?processor|extractor|resolver|module|module-path|prettier-path|pool)$/;
/** A file of code by its extension: modules of JavaScript and TypeScript, python, shared libraries. */
const CODE_FILE = /\.(?:[cm]?[jt]sx?|py|so|dylib|node)$/;

/** The words naming code this command's options hand to it, as written. */
export function codeOptionValues(cmd: SimpleCommand): string[] {
  const options = ownEntry(TOOL_OPTIONS, cmd.program) ?? [];
  const args = cmd.args;
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (!a.startsWith("-")) continue;
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(0, eq) : a;
    const value = eq > 0 ? a.slice(eq + 1) : args[i + 1];
    if (value === undefined) continue;
    if (value.startsWith("{")) out.push(...jsonCode(value));
    if (options.includes(name)) out.push(value);
    else if (eq < 0 && /^-[a-zA-Z]./.test(a) && options.includes(a.slice(0, 2))) out.push(a.slice(2));
    else if (CODE_NAME.test(optionKebab(name)) && CODE_FILE.test(value)) out.push(value);
  }
  out.push(...definedFiles(cmd), ...swiftPlugins(cmd), ...evalIncludes(cmd));
  // A value that is an option itself (`rollup -c --environment X`) is no file; an installed program looked up on the
  // PATH (`-vettool=$(which shadow)`) is what running it by its name would run; `/dev/null` loads nothing.
  return out.filter((w) => w !== "" && !w.startsWith("-") && !PATH_LOOKUP.test(w) && w !== "/dev/null");
}

/** cmake's cache entries (`-DNAME[:TYPE]=V`, `-D NAME=V`) and MSBuild's properties (`-p:A=V;B=W`, `/property:`). */
const DEFINES: Readonly<Record<string, RegExp>> = {
  cmake: /^-D(.*)$/,
  ccmake: /^-D(.*)$/,
  dotnet: /^(?:--?|\/)p(?:roperty)?:(.*)$/,
  msbuild: /^(?:--?|\/)p(?:roperty)?:(.*)$/,
};
/** A file of build code by its extension: CMake scripts, MSBuild projects, targets and props, gradle scripts, makefiles. */
const BUILD_FILE = /\.(?:cmake|targets|props|tasks|[a-z]*proj|gradle(?:\.kts)?|mk)$/i;

/**
 * A definition whose value is a file of build code (docs/adr/0867): cmake includes `CMAKE_PROJECT_INCLUDE`,
 * `CMAKE_TOOLCHAIN_FILE` and their kin while it configures, MSBuild imports `CustomBeforeMicrosoftCommonTargets`,
 * and each may run any command. By the value's extension, so every such variable is read, known here or not.
 */
function definedFiles(cmd: SimpleCommand): string[] {
  const define = ownEntry(DEFINES, cmd.program);
  if (define === undefined) return [];
  const out: string[] = [];
  cmd.args.forEach((a, i) => {
    const body = define.exec(a)?.[1];
    const text = body === "" ? (cmd.args[i + 1] ?? "") : (body ?? "");
    for (const pair of text.split(";")) {
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      if (pair.includes("=") && BUILD_FILE.test(value)) out.push(value);
    }
  });
  return out;
}

/** The Swift compiler's options that load a plugin: a library it opens, a program it starts, a folder of them. */
const SWIFT_PLUGINS = ["-load-plugin-library", "-load-plugin-executable", "-plugin-path", "-external-plugin-path"];

/**
 * Plugins the Swift compiler loads, given to it directly (`swiftc -load-plugin-library F`) or passed on through the
 * package manager's `-Xswiftc`/`-Xfrontend` (`swift build -Xswiftc -load-plugin-library -Xswiftc F`): native code.
 */
function swiftPlugins(cmd: SimpleCommand): string[] {
  if (!["swift", "swiftc", "swift-build", "swift-test", "swift-frontend"].includes(cmd.program)) return [];
  // The words passed on read as the compiler's own once the `-Xswiftc` before each is dropped.
  const words = cmd.args.filter((a) => !/^-X(?:swiftc|frontend)$/.test(a));
  const out: string[] = [];
  words.forEach((w, i) => {
    if (SWIFT_PLUGINS.includes(w) && words[i + 1] !== undefined) out.push(words[i + 1]!.replace(/#.*$/, ""));
  });
  return out;
}

/**
 * A setting given as JSON (`jest --haste='{"hasteImplModulePath":"/tmp/h.js"}'`, `--transform='{"…":"F"}'`): its
 * strings that are files of code by their extension, or under a key whose name says code (docs/adr/0863).
 */
function jsonCode(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (typeof v === "string") {
      if (CODE_FILE.test(v) || CODE_NAME.test(optionKebab(`--${key}`))) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(parsed, "");
  return out;
}

/** The makefiles make's `--eval` text includes (`make --eval='include /tmp/x.mk'`): make code, docs/adr/0868. */
function evalIncludes(cmd: SimpleCommand): string[] {
  if (cmd.program !== "make" && cmd.program !== "gmake") return [];
  return makeEvalTexts(cmd.args).flatMap((text) => makeEvalEffects(text).includes);
}
