/**
 * Publication and exposure (docs/adr/0156): what makes local things visible to others. Publishing to a
 * registry or a static host cannot be taken back (a version uploaded is mirrored at once): DESTRUCTIVE, like
 * `npm publish`. A tunnel or a file server reaches a local port or directory from outside: an ordinary web
 * port is development work, a raw TCP tunnel, a file URL or a port whose service grants a shell or data
 * (ssh, the docker daemon, databases: SENSITIVE_PORT) is SECURITY. What a file server serves is every file
 * below its directory: a recursive read, which the credential paths judge (`python -m http.server -d ~`).
 */
import { fx, type Program, type Rule } from "./types.ts";

export const PUBLISH = fx("DESTRUCTIVE", ["write_external", "read_local"], "network", "publication");
export const EXPOSE = fx("SECURITY", ["write_external"], "network", "publication");
const TUNNEL = fx("WRITE", ["write_external"], "network", "publication");
const SERVE = fx("WRITE", ["read_local", "write_external"], "network", "server");
const READ = fx("READ", ["read_external"], "network", "publication");
const BUILD = fx("WRITE", ["read_local", "write_local"], "build");

/**
 * Ports whose service gives whoever reaches it a shell, the machine or data: ssh, telnet, the docker daemon,
 * etcd and the kubelet, databases and caches, remote desktops.
 */
export const SENSITIVE_PORTS = [
  22, 23, 2375, 2376, 2379, 2380, 3306, 3389, 5432, 5900, 5984, 6379, 6443, 9200, 9300, 10250, 11211, 1433, 1521, 27017,
  4243,
];
const PORTS = SENSITIVE_PORTS.join("|");
/** A word that names one of those ports: `22`, `localhost:5432`, `http://localhost:2375`, `tcp://0.0.0.0:6379/`. */
export const SENSITIVE_PORT = new RegExp(
  String.raw`^(?:(?:[a-z][a-z0-9+.-]*:\/\/)?[^\s:/]*:)?(?:${PORTS})(?:\/.*)?$`,
  "i",
);
/**
 * A listening address other than this machine's loopback: `0.0.0.0`, `::`, `*`, empty, or a LAN address, alone or
 * as `ADDR:PORT` (`--ip=0.0.0.0`, `--bind-addr 0.0.0.0:8080`, `--host ::`).
 */
export const OPEN_BIND =
  /^(?!(?:localhost|127(?:\.\d+){3}|\[?::1\]?|ip6-localhost)(?::\d+)?$)(?:\*|\[?[\d.:a-f]*\]?|[\w.-]+)(?::\d+)?$/i;

/**
 * Publication by structure (docs/adr/0340, publish-tasks.ts). Verbs that, as a part of a task or subcommand name,
 * upload to a registry or a public host. `release` publishes only in the runners listed after (gradle's
 * `assembleRelease` builds; `make release` is often an optimised build); `submit` is left out (`form submit`).
 */
export const PUBLISH_VERBS: ReadonlySet<string> = new Set(["publish", "deploy", "upload", "unpublish", "yank"]);
/** Task runners: every positional word is a task (`./gradlew clean publishToMavenCentral`, `mix hex.publish`). */
export const PUBLISH_TASK_RUNNERS: ReadonlySet<string> = new Set([
  "gradle",
  "gradlew",
  "mvn",
  "mvnw",
  "sbt",
  "mill",
  "lein",
  "mix",
  "rake",
  "ant",
  "fastlane",
  "make",
  "gmake",
  "just",
  "grunt",
  "gulp",
  "lerna",
  "nx",
  "turbo",
  // go-task: `task release:publish` (docs/adr/0671); Taskwarrior's `task add …` is told apart in publish-tasks.ts.
  "task",
]);
/** Runners whose `release…` tasks publish: the gradle/maven/sbt/lein release plugins, bundler's `rake release`, lanes. */
export const RELEASE_TASK_RUNNERS: ReadonlySet<string> = new Set([
  "gradle",
  "gradlew",
  "mvn",
  "mvnw",
  "sbt",
  "mill",
  "lein",
  "rake",
  "fastlane",
  "nx",
]);
/**
 * App-store and tester-channel actions of fastlane and its tools (docs/adr/0552): `supply` uploads to Google Play,
 * `deliver` to the App Store, `pilot` to TestFlight, as their long names say (`upload_to_play_store`). Their
 * `init`, listings and downloads stay on this machine.
 */
export const APP_STORE_ACTIONS: ReadonlySet<string> = new Set([
  "supply",
  "deliver",
  "pilot",
  "appstore",
  "testflight",
  "upload_to_play_store",
  "upload_to_app_store",
  "upload_to_testflight",
  "firebase_app_distribution",
  "appcenter_upload",
]);
export const APP_STORE_LOCAL_WORDS: ReadonlySet<string> = new Set([
  "init",
  "list",
  "builds",
  "download_metadata",
  "download_screenshots",
  "download",
  "export",
  "help",
]);
/**
 * Option names of a program nobody described that ask it to publish (docs/adr/0552): the first part a publish verb
 * (`--publish`, `--upload-app`, `--deploy`), unless a later part names a setting of the upload rather than the act
 * (`--publish-dir`, `--upload-url`, `--deploy-timeout`) or a value turns it off (`--publish never`, `=false`).
 */
export const OPTION_SETTING_PARTS: ReadonlySet<string> = new Set([
  "dir",
  "directory",
  "path",
  "url",
  "uri",
  "host",
  "port",
  "id",
  "name",
  "timeout",
  "retries",
  "retry",
  "key",
  "token",
  "config",
  "file",
  "branch",
  "message",
  "target",
  "to",
  "from",
  "mode",
  "only",
]);
export const OFF_VALUE = /^(?:never|false|no|off|0|none|disabled?)$/i;
/**
 * Publishing programs' own spelling of a rehearsal that uploads nothing, where it is not `--dry-run` (docs/adr/0690):
 * `np --preview` shows the tasks a release would run.
 */
export const REHEARSAL_FLAGS: Readonly<Record<string, readonly string[]>> = { np: ["--preview"] };
/** Programs whose whole purpose is to publish though their names hold no verb: `np` (npm), `ghp-import` (GitHub Pages). */
export const PUBLISHING_PROGRAMS: ReadonlySet<string> = new Set(["np", "ghp-import", "ghr", "dput", "dupload"]);
/**
 * Programs nobody described whose subcommand publishes, by a verb of their own (docs/adr/0625): `ipfs add` announces
 * the files to the network, `croc send` hands them to whoever has the code, `copr-cli build` builds and serves a
 * package to its users, `cosign sign|attest|attach` writes to the image's registry, `skaffold run|deploy` builds,
 * pushes and deploys.
 */
export const PUBLISHING_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  ipfs: ["add"],
  croc: ["send"],
  "copr-cli": ["build", "build-distgit", "buildscm"],
  cosign: ["sign", "attest", "attach", "copy"],
  skaffold: ["run", "deploy"],
};
/** Words beside `release` that make or send one (`tea releases create`), and those that only read one. */
export const RELEASE_MAKING: ReadonlySet<string> = new Set(["create", "new", "upload", "publish", "full", "make"]);
/**
 * Copiers between image locations whose destination (the last operand) is a registry when it says so (`skopeo
 * copy docker-archive:a.tar docker://docker.io/o/a`), or always (`crane copy`, `oras push`).
 */
export const REGISTRY_COPIERS: Readonly<Record<string, { readonly subs: readonly string[]; readonly to?: RegExp }>> = {
  skopeo: { subs: ["copy", "sync"], to: /^docker:\/\// },
  crane: { subs: ["copy", "cp", "push", "append", "mutate", "tag", "flatten", "rebase"] },
  gcrane: { subs: ["copy", "cp", "push", "append", "mutate", "tag", "flatten", "rebase"] },
  oras: { subs: ["push", "cp", "copy", "attach", "tag"] },
};
/**
 * Copying verbs of image tools nobody described (`regctl image copy`, `regsync sync`, `dregsy`): with a registry
 * reference as the last operand they push what they copy (docs/adr/0491).
 */
export const IMAGE_COPY_VERBS: ReadonlySet<string> = new Set(["copy", "cp", "sync", "mirror", "put", "import"]);
/**
 * An image reference whose first part is a registry host, with or without a transport (`docker://`, `oci://`):
 * `ghcr.io/org/app:latest`, `docker.io/o/a`, `123.dkr.ecr.eu-west-1.amazonaws.com/a`, `reg.example:5000/a`. A
 * registry on this machine (`localhost:5000/a`) and a bare `org/app` (a name, or a local tag) are not.
 */
export const REGISTRY_REFERENCE =
  /^(?:(?:docker|oci|registry):\/\/)?(?!localhost[:/]|127\.|\[?::1)(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*(?::\d+)?\/[\w./-]+(?::[\w.-]+)?(?:@sha256:[a-f0-9]+)?$/i;
/**
 * Image build tasks that push what they build (jib's `jib:build` for Maven, `jib` for Gradle, the plugin's full
 * name): a publication like `docker push`. `jib:dockerBuild`, `jibDockerBuild` and `jibBuildTar` keep the image here.
 */
export const IMAGE_PUSH_TASK_PART = "jib";
export const IMAGE_LOCAL_TASK_PARTS: ReadonlySet<string> = new Set(["docker", "tar"]);
/**
 * Build settings that push the image a build makes: `-Dquarkus.container-image.push=true`,
 * `-Dspring-boot.build-image.publish=true`, Gradle's `bootBuildImage --publishImage`.
 */
export const IMAGE_PUSH_SETTING = /^-D[\w.-]*(?:push|publish)(?:-?image)?=true$|^--publish-?image$/i;
/**
 * A cloud's package or image registry given something to serve (docs/adr/0491): `aws codeartifact
 * publish-package-version`, `aws ecr put-image`, `gcloud artifacts generic|apt|yum upload`, `az artifacts universal
 * publish`, `az acr import|build` (an image copied or built into the registry). Whoever installs from it gets it.
 */
export const ARTIFACT_PUBLISH_RULES: readonly Rule[] = [
  { sub: ["codeartifact"], wordPrefix: ["publish-"], then: PUBLISH },
  ...["ecr", "ecr-public"].map(
    (svc): Rule => ({ sub: [svc], word: ["put-image", "complete-layer-upload"], then: PUBLISH }),
  ),
  { sub: ["artifacts"], word: ["upload", "publish", "push", "import"], then: PUBLISH },
  { sub: ["acr", "import"], then: PUBLISH },
  { sub: ["acr", "build"], then: PUBLISH },
];
/** `setup.py` commands that send the distribution to an index. */
export const SETUP_PY_UPLOADS: ReadonlySet<string> = new Set(["upload", "register", "upload_docs", "upload_sphinx"]);

/**
 * Programs whose purpose is a tunnel from a public relay to a local port (docs/adr/0400): localtunnel, bore,
 * zrok, pinggy, tunnelmole, loophole, localxpose, telebit, pagekite, packetriot, Microsoft's dev tunnels.
 */
export const TUNNEL_PROGRAMS: ReadonlySet<string> = new Set([
  "lt",
  "localtunnel",
  "bore",
  "localhost.run",
  "zrok",
  "pinggy",
  "tunnelmole",
  "tmole",
  "loophole",
  "localxpose",
  "loclx",
  "telebit",
  "pagekite",
  "pagekite.py",
  "pktriot",
  "devtunnel",
  "inlets",
  "sish",
]);

/** An editor's remote access: its tunnel through a relay, or its web server bound beyond loopback (docs/adr/0307). */
export const EDITOR_TUNNEL: readonly Rule[] = [
  { sub: ["tunnel", "status"], then: READ, paths: {} },
  { sub: ["tunnel"], then: EXPOSE, paths: {} },
  { optionText: { "--bind-addr": OPEN_BIND, "--host": OPEN_BIND }, then: EXPOSE, paths: {} },
];

/** A file put on a paste or gist site: readable by whoever has the URL, and by everyone when the site lists it. */
const PASTE = fx("SECURITY", ["write_external", "read_local"], "network", "publication");

export const PUBLICATION: readonly Program[] = [
  // Paste and gist uploaders (docs/adr/0552): the files named (else stdin) go to a public paste site; the gist gem
  // makes a public gist unless told `-p`, and a secret gist is readable by whoever has its URL. Listings, reads of
  // a paste and version pages stay reads.
  {
    names: [
      "gist",
      "gist-paste",
      "pastebinit",
      "wgetpaste",
      "haste",
      "hastebin",
      "fpaste",
      "sprunge",
      "pbincli",
      "dpaste",
    ],
    values: [
      "-d",
      "--description",
      "-f",
      "--filename",
      "-t",
      "--type",
      "-u",
      "--update",
      "-r",
      "--read",
      "-b",
      "-a",
      "-i",
    ],
    base: PASTE,
    paths: { positional: "read", options: { "-i": "read" } },
    rules: [
      {
        flag: ["-l", "--list", "-r", "--read", "-v", "--version", "-h", "--help", "--login", "-L"],
        notFlag: ["-u", "--update"],
        then: READ,
      },
    ],
  },
  // App stores and browser add-on galleries (docs/adr/0552): a build sent to users through a store's review.
  // web-ext signs an add-on through addons.mozilla.org; the `listed` channel publishes it in the gallery, `unlisted`
  // returns a signed file for the author's own distribution.
  {
    names: ["web-ext"],
    values: ["--channel", "--api-key", "--api-secret", "--source-dir", "-s", "--artifacts-dir", "-a", "--amo-metadata"],
    base: BUILD,
    rules: [
      { sub: ["sign"], option: { "--channel": ["listed"] }, then: PUBLISH },
      { sub: ["sign"], then: fx("WRITE", ["write_external", "read_local"], "network", "publication") },
    ],
  },
  {
    names: ["twine"],
    base: READ,
    rules: [
      { sub: ["upload"], then: PUBLISH },
      { sub: ["register"], then: PUBLISH },
      { sub: ["check"], then: READ },
    ],
    paths: { positional: "read", pathLike: true },
  },
  {
    // `npx @vscode/vsce …` runs the scoped package's bin, vsce (docs/adr/0732).
    names: ["vsce", "ovsx", "@vscode/vsce"],
    values: ["-p", "--pat", "-o", "--out", "-i", "--packagePath"],
    base: BUILD,
    rules: [
      { sub: ["publish"], then: PUBLISH },
      { sub: ["unpublish"], then: PUBLISH },
      { sub: ["ls"], then: fx("READ", ["read_local"], "build") },
      { sub: ["show"], then: READ },
    ],
  },
  // Static hosts: the directory is published whole (`surge ~ x.surge.sh` publishes the home).
  {
    names: ["surge"],
    values: ["-d", "--domain", "-p", "--project"],
    base: PUBLISH,
    paths: { served: { options: ["-p", "--project"], positional: true } },
    rules: [
      { sub: ["teardown"], then: fx("DESTRUCTIVE", ["write_external"], "network", "publication") },
      ...["list", "whoami", "login", "logout", "--help", "--version"].map((s): Rule => ({ sub: [s], then: READ })),
    ],
  },
  {
    names: ["gh-pages"],
    values: ["-d", "--dist", "-b", "--branch", "-m", "--message", "-r", "--repo"],
    base: PUBLISH,
    paths: { served: { options: ["-d", "--dist"] } },
  },
  // Tunnels publish a local port or folder on a public address (docs/adr/0400): whoever finds the URL reaches it,
  // a dev server included (its debug routes, source maps, files served from outside its root). Only their
  // listings, versions, logins and help pages pass.
  {
    names: ["ngrok"],
    values: ["--authtoken", "--region", "--domain", "--url", "--config", "--log"],
    base: EXPOSE,
    rules: [
      ...["config", "version", "help", "diagnose", "update", "completion", "credits"].map(
        (s): Rule => ({ sub: [s], then: READ }),
      ),
      ...["list", "ls", "get"].map((s): Rule => ({ word: [s], then: READ })),
    ],
  },
  {
    names: ["cloudflared"],
    values: ["--url", "--hostname", "--config", "--name", "--loglevel", "--cred-file", "--credentials-file"],
    base: EXPOSE,
    rules: [
      ...["list", "info", "login", "version", "update", "help", "token"].flatMap((s): Rule[] => [
        { sub: ["tunnel", s], then: READ },
        { sub: [s], then: READ },
      ]),
      { sub: ["tunnel", "cleanup"], then: TUNNEL },
      { sub: ["tunnel", "delete"], then: TUNNEL },
    ],
  },
  {
    names: [...TUNNEL_PROGRAMS],
    values: ["-p", "--port", "-s", "--subdomain", "-h", "--host", "-t", "--to", "-l", "--local-host"],
    base: EXPOSE,
    rules: [
      ...["version", "--version", "-V", "help", "--help", "login", "logout", "status", "list", "ls"].map(
        (s): Rule => ({ sub: [s], then: READ }),
      ),
    ],
  },
  {
    names: ["tailscale"],
    values: ["--authkey", "--auth-key", "--login-server", "--advertise-routes"],
    base: fx("WRITE", ["write_external"], "network"),
    rules: [
      // A key or a control server chosen in the command joins whoever's network it names; routes, an exit node
      // and tailscale's ssh server open this machine to that network (docs/adr/0307).
      {
        flag: ["--authkey", "--auth-key", "--login-server", "--advertise-routes", "--advertise-exit-node", "--ssh"],
        notFlag: ["--ssh=false", "--advertise-exit-node=false"],
        then: EXPOSE,
      },
      // Down or logged out, the machine leaves the network it may be reached through: the session the agent
      // runs in, over that network, is cut (ADR 0518).
      ...["down", "logout"].map((s): Rule => ({ sub: [s], then: fx("SECURITY", ["write_local"], "system", "host") })),
      // A funnel is a tunnel to the public internet (docs/adr/0400); serve stays within the user's own network.
      { sub: ["funnel", "status"], then: READ },
      { sub: ["funnel"], then: EXPOSE },
      { sub: ["serve"], text: SENSITIVE_PORT, then: EXPOSE },
      ...["status", "ip", "version", "netcheck", "ping", "whois"].map((s): Rule => ({ sub: [s], then: READ })),
    ],
  },
  // Release builders (docs/adr/0402): goreleaser's release uploads archives, images and formulas unless it is a
  // snapshot or told to skip publishing; ko builds and pushes an image to the registry unless told to keep it local.
  {
    names: ["goreleaser"],
    base: BUILD,
    rules: [
      { sub: ["release"], flag: ["--snapshot", "--skip-publish"], then: BUILD },
      { sub: ["release"], text: /^--skip=(?:.*,)?publish(?:,|$)/, then: BUILD },
      { sub: ["release"], then: PUBLISH },
      { sub: ["publish"], then: PUBLISH },
      { sub: ["announce"], then: PUBLISH },
      ...["check", "healthcheck", "jsonschema"].map((s): Rule => ({ sub: [s], then: READ })),
    ],
  },
  {
    names: ["ko"],
    base: BUILD,
    rules: [
      { flag: ["--local", "-L"], then: BUILD },
      { text: /^--push=(?:false|0)$/i, then: BUILD },
      ...["build", "publish", "resolve", "apply", "create", "run"].map((s): Rule => ({ sub: [s], then: PUBLISH })),
    ],
  },
  // Expo's build service: `submit` sends a build to the app stores, `update` ships code to every installed app.
  {
    names: ["eas"],
    base: BUILD,
    rules: [
      { sub: ["submit"], then: PUBLISH },
      { sub: ["update"], then: PUBLISH },
      { sub: ["channel", "edit"], then: PUBLISH },
    ],
  },
  {
    names: ["zerotier-cli", "zerotier-one", "zerotier"],
    base: READ,
    rules: [
      { sub: ["join"], then: EXPOSE },
      // Left, the machine is off the network it may be reached through (ADR 0518).
      { sub: ["leave"], then: fx("SECURITY", ["write_local"], "system", "host") },
    ],
  },
  // Editors' remote servers: `code tunnel` hands this machine's shell to a relay; a server bound beyond loopback
  // to the network (docs/adr/0307). `code` and `codium` are editors (system.ts), which share EDITOR_TUNNEL.
  {
    names: ["code-insiders", "code-oss", "code-server", "openvscode-server", "code-tunnel"],
    values: ["--bind-addr", "--host", "--port", "--name", "--user-data-dir", "--extensions-dir"],
    base: fx("WRITE", ["read_local", "execute"], "editor"),
    paths: { positional: "read", pathLike: true },
    rules: [
      ...EDITOR_TUNNEL,
      // An extension runs with the user's rights at every start, as for `code` (docs/adr/0157, 0371).
      {
        flag: ["--install-extension"],
        then: fx("SECURITY", ["write_local", "execute"], "editor", "persistence"),
        paths: { positional: "read", pathLike: true },
      },
    ],
  },
  // Notebook servers run any code for whoever reaches them: beyond loopback, or with the token turned off.
  {
    names: ["jupyter", "jupyter-notebook", "jupyter-lab", "jupyter-server", "voila"],
    values: ["--ip", "--port", "--ServerApp.ip", "--NotebookApp.ip", "--notebook-dir", "--ServerApp.root_dir"],
    base: fx("WRITE", ["execute", "read_local"], "code", "server"),
    rules: [
      { optionText: { "--ip": OPEN_BIND, "--ServerApp.ip": OPEN_BIND, "--NotebookApp.ip": OPEN_BIND }, then: EXPOSE },
      {
        optionText: {
          "--NotebookApp.token": /^$/,
          "--ServerApp.token": /^$/,
          "--IdentityProvider.token": /^$/,
          "--NotebookApp.disable_check_xsrf": /^true$/i,
        },
        then: EXPOSE,
      },
    ],
  },
  // File servers: every file below the directory served (an option, an operand, else the cwd) can be fetched.
  {
    names: ["http-server", "serve", "live-server", "servor", "static-server"],
    values: ["-p", "--port", "-a", "--address", "-l", "--listen", "-c", "--cache", "--host"],
    base: SERVE,
    paths: { served: { options: ["--root"], positional: true } },
  },
  {
    names: ["httpd"],
    values: ["-p", "-h", "-c", "-r", "-u"],
    base: SERVE,
    paths: { served: { options: ["-h"] } },
  },
  // More file servers (docs/adr/0402): the directory is an operand or an option, else the cwd.
  {
    names: ["miniserve", "dufs", "simple-http-server", "darkhttpd", "sfz", "servez"],
    values: ["-p", "--port", "-i", "--interfaces", "-b", "--bind", "--addr", "-a", "--auth", "-c", "--color-scheme"],
    base: SERVE,
    paths: { served: { options: [], positional: true } },
  },
  {
    names: ["updog", "goshs", "webfsd", "filebrowser", "gossa"],
    values: ["-p", "--port", "-d", "--directory", "-r", "--root", "-b", "--bind", "-a", "--address", "-i", "--ip"],
    base: SERVE,
    paths: { served: { options: ["-d", "--directory", "-r", "--root"], positional: true } },
  },
  // Caddy: `file-server` serves --root (else the cwd) on :80 or --listen; other subcommands run a config.
  {
    names: ["caddy"],
    values: ["--root", "-r", "--listen", "-l", "--domain", "-d", "--config", "-c", "--adapter", "--from", "--to"],
    base: fx("WRITE", ["execute", "write_external"], "network", "server-config"),
    rules: [
      { sub: ["file-server"], then: SERVE, paths: { served: { options: ["--root", "-r"] } } },
      ...["version", "list-modules", "validate", "fmt", "adapt", "environ", "build-info"].map(
        (s): Rule => ({ sub: [s], then: READ }),
      ),
    ],
  },
];
