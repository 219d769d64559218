import { ownEntry } from "../../core/index.ts";
/**
 * Publication named by structure rather than by table (docs/adr/0340): every ecosystem has its own uploader, and
 * build tools name their publishing tasks freely (`publishToMavenCentral`, `hex.publish`, `release:perform`,
 * `bintrayUpload`). A task runner asked to run a task whose name holds a publish verb, a program nobody
 * described whose subcommand is one (`flit publish`, `crane push`) or whose own name is one (`cpan-upload`,
 * `semantic-release`), and a Python module or `setup.py` command that uploads are publications: what is uploaded
 * is mirrored at once and cannot be taken back.
 */
import type { SimpleCommand } from "../shell/index.ts";
import {
  APP_STORE_ACTIONS,
  APP_STORE_LOCAL_WORDS,
  IMAGE_COPY_VERBS,
  IMAGE_LOCAL_TASK_PARTS,
  IMAGE_PUSH_SETTING,
  IMAGE_PUSH_TASK_PART,
  OFF_VALUE,
  OPTION_SETTING_PARTS,
  PUBLISHING_PROGRAMS,
  PUBLISHING_SUBCOMMANDS,
  RELEASE_MAKING,
  REGISTRY_REFERENCE,
  REHEARSAL_FLAGS,
  PUBLISH_TASK_RUNNERS,
  PUBLISH_VERBS,
  REGISTRY_COPIERS,
  RELEASE_TASK_RUNNERS,
  SETUP_PY_UPLOADS,
} from "./knowledge/publication.ts";

/** A word's parts: split on every non-alphanumeric character (`-`, `:`, `.`, `+`) and camel case (`publishToMavenCentral` → publish, to, maven, central). */
function parts(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((p) => p !== "");
}

const DRY_RUN = /^--dry-?run(?:=(?:true|1|yes))?$/i;

const positionals = (args: readonly string[]): string[] => args.filter((a) => !a.startsWith("-"));

/** A task name that publishes: a publish verb among its parts, or (where releases publish) `release` as its first part. */
function publishingTask(word: string, release: boolean): boolean {
  const p = parts(word);
  return p.some((x) => PUBLISH_VERBS.has(x)) || (release && p[0] === "release");
}

/** Whether this command publishes by its structure; `known`: the program has its own knowledge (which then decides). */
export function publishesByStructure(cmd: SimpleCommand, known: boolean): boolean {
  const name = cmd.program.toLowerCase();
  // A dry run reports what a release would do and uploads nothing (`release-it --dry-run`, `gradle publish
  // --dry-run`, `semantic-release --dry-run`); `--dry-run=false` does publish (docs/adr/0550).
  if (cmd.args.some((a) => DRY_RUN.test(a))) return false;
  if ((ownEntry(REHEARSAL_FLAGS, name) ?? []).some((f) => cmd.args.includes(f))) return false;
  if (PUBLISH_TASK_RUNNERS.has(name)) {
    const release = RELEASE_TASK_RUNNERS.has(name);
    // A setting (`FILE=deploy.txt`) or a test filter (`--tests '*PublishTest*'`) names no task.
    const tasks = positionals(cmd.args).filter((w) => !/[=*?]/.test(w));
    // Taskwarrior is `task` too: its words are notes (`task add deploy the docs`), not go-task's tasks.
    if (name === "task" && tasks.some((w) => TASKWARRIOR_COMMANDS.has(w) || /^\d+$/.test(w))) return false;
    return (
      tasks.some((w) => publishingTask(w, release) || pushesImage(w)) ||
      cmd.args.some((a) => IMAGE_PUSH_SETTING.test(a)) ||
      (name === "fastlane" && storeAction(tasks))
    );
  }
  if (PACKAGE_MANAGERS.has(name)) return publishingScript(name, positionals(cmd.args));
  if (/^python(?:\d+(?:\.\d+)?)?$/.test(name)) return pythonPublishes(cmd.args);
  const copier = ownEntry(REGISTRY_COPIERS, name);
  if (copier !== undefined) {
    const words = positionals(cmd.args);
    const last = words.at(-1);
    return (
      copier.subs.includes(words[0] ?? "") && (copier.to === undefined || (last !== undefined && copier.to.test(last)))
    );
  }
  if (name === "bazel" || name === "bazelisk") return bazelRunPublishes(cmd.args);
  if (known) return false;
  if (PUBLISHING_PROGRAMS.has(name)) return true;
  const own = parts(name);
  if (own.some((x) => PUBLISH_VERBS.has(x)) || (/-/.test(name) && own.includes("release") && own.length > 1))
    return true;
  if (publishingOption(cmd.args)) return true;
  // The subcommand words of a program nobody described: `flit publish`, `jf rt upload`, `pod trunk push`.
  const words = positionals(cmd.args);
  const [first, second, third] = words;
  if ((ownEntry(PUBLISHING_SUBCOMMANDS, name) ?? []).includes(first ?? "")) return true;
  return (
    [first, second].some(
      (w) => w !== undefined && (publishingTask(w, false) || w === "push" || (w === first && w === "release")),
    ) ||
    makesRelease([first, second, third]) ||
    aliasPublishes(cmd.args) ||
    copiesToRegistry(words)
  );
}

/** Taskwarrior's commands, which no go-task project names a task after. */
const TASKWARRIOR_COMMANDS: ReadonlySet<string> = new Set([
  "add",
  "log",
  "annotate",
  "denotate",
  "append",
  "prepend",
  "modify",
  "done",
  "start",
  "stop",
  "next",
]);

/**
 * `bazel run //:publish`, `bazelisk run //images:push` (docs/adr/0671): the target a run builds and runs is the
 * project's publishing program (rules_oci's `oci_push`, a `npm_package.publish`, a twine wrapper) when its name says
 * so. Only `run` runs anything: `bazel build //app:app_deploy.jar` builds a file.
 */
function bazelRunPublishes(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  const words = positionals(end < 0 ? args : args.slice(0, end));
  const run = words.indexOf("run");
  const target = run < 0 ? undefined : words[run + 1];
  if (target === undefined) return false;
  const name = target.slice(Math.max(target.lastIndexOf(":"), target.lastIndexOf("/")) + 1);
  return publishingTask(name, false) || parts(name).includes("push");
}

/**
 * A release made by the subcommand words (docs/adr/0625): `tea releases create`, `jreleaser full-release`,
 * `foo release new`: a `release` part beside a making part, in the first three words.
 */
function makesRelease(words: readonly (string | undefined)[]): boolean {
  const p = words.flatMap((w) => (w === undefined ? [] : parts(w)));
  return p.some((x) => x === "release" || x === "releases") && p.some((x) => RELEASE_MAKING.has(x));
}

/** An alias or task named in an option (`clojure -X:deploy`, `-T:build/publish`): a publish verb among its parts. */
function aliasPublishes(args: readonly string[]): boolean {
  return args.some((a) => /^-[A-Za-z]:/.test(a) && publishingTask(a.slice(3), false));
}

/** `fastlane supply --track production`, `fastlane deliver`: a build sent to an app store (docs/adr/0552). */
function storeAction(tasks: readonly string[]): boolean {
  return tasks.some((t) => APP_STORE_ACTIONS.has(t)) && !tasks.some((t) => APP_STORE_LOCAL_WORDS.has(t));
}

/**
 * An option of a program nobody described that asks it to publish (docs/adr/0552): `pack build IMG --publish`,
 * `xcrun altool --upload-app`, `electron-builder --publish always`. Its first part is a publish verb and no later part
 * names a setting (`--publish-dir`); `--publish never`, `--upload=false` and `--no-publish` publish nothing.
 */
function publishingOption(args: readonly string[]): boolean {
  return args.some((a, i) => {
    if (!a.startsWith("--")) return false;
    const eq = a.indexOf("=");
    const p = parts(eq === -1 ? a : a.slice(0, eq));
    // `--push` pushes what the build made (`earthly --push`, `depot build --push`), `--public` makes it public
    // (`kaggle datasets create --public`): docs/adr/0625.
    if (p.length === 1 && (p[0] === "push" || p[0] === "public")) return eq === -1 || !OFF_VALUE.test(a.slice(eq + 1));
    if (!PUBLISH_VERBS.has(p[0] ?? "") || p.slice(1).some((x) => OPTION_SETTING_PARTS.has(x))) return false;
    const value = eq === -1 ? args[i + 1] : a.slice(eq + 1);
    return value === undefined || !OFF_VALUE.test(value);
  });
}

/** `jib:build`, `jib`, `com.google.cloud.tools:jib-maven-plugin:build`: an image built and pushed (docs/adr/0491). */
function pushesImage(task: string): boolean {
  const p = parts(task);
  return p.includes(IMAGE_PUSH_TASK_PART) && !p.some((x) => IMAGE_LOCAL_TASK_PARTS.has(x));
}

/** `regctl image copy local/app ghcr.io/org/app`: a copying verb first or second, a registry as the destination. */
function copiesToRegistry(words: readonly string[]): boolean {
  const last = words.at(-1);
  return (
    words.length >= 3 &&
    words.slice(0, 2).some((w) => IMAGE_COPY_VERBS.has(w)) &&
    last !== undefined &&
    REGISTRY_REFERENCE.test(last)
  );
}

/** `python -m twine upload`, `python -m flit publish`; `python setup.py sdist upload`. */
function pythonPublishes(args: readonly string[]): boolean {
  const m = args.indexOf("-m");
  if (m !== -1 && args[m + 1] !== undefined) {
    const module = args[m + 1]!;
    const rest = positionals(args.slice(m + 2));
    return PUBLISHING_PROGRAMS.has(module) || rest.slice(0, 2).some((w) => PUBLISH_VERBS.has(w) || w === "register");
  }
  const script = args.findIndex((a) => /(?:^|\/)setup\.py$/.test(a));
  return script !== -1 && args.slice(script + 1).some((a) => SETUP_PY_UPLOADS.has(a));
}

/** Package managers that run a project's scripts: `npm run NAME`, and `yarn NAME`, `pnpm NAME`, `bun NAME` too. */
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(["npm", "pnpm", "yarn", "bun", "cnpm"]);
/** npm's spellings of run; the others run a script named as their first word as well. */
const RUN_WORDS: ReadonlySet<string> = new Set(["run", "run-script", "rum", "urn"]);
/** Built-in commands that hold a publish verb but stay on this machine: `pnpm deploy DIR` copies a workspace package. */
const LOCAL_BUILTINS: ReadonlySet<string> = new Set(["pnpm deploy"]);

/**
 * A project script whose name publishes or deploys (docs/adr/0484): `npm run deploy:prod`, `yarn deploy`, `pnpm run
 * release`. Such scripts are what a team wrote to ship, as `make deploy` and `./gradlew publish` are; a script named
 * for a production build (`npm run build:prod`, Laravel Mix's `npm run prod`) builds here and is no shipment.
 */
function publishingScript(name: string, words: readonly string[]): boolean {
  const [first, second] = words;
  if (first === undefined) return false;
  const script = RUN_WORDS.has(first) ? second : name === "npm" || name === "cnpm" ? undefined : first;
  if (script === undefined || (script === first && LOCAL_BUILTINS.has(`${name} ${first}`))) return false;
  return !/[=*?/]/.test(script) && publishingTask(script, true);
}
