/**
 * Files a tool runs as code at its next run by itself, for which nothing here reads the code out of the text
 * (docs/adr/0854): a build script (Gradle, Maven's pom, CMake, Meson, Bazel, a Rakefile, a Gemfile, SCons), a
 * tool's configuration that names a program or a module to run (`.cargo/config.toml`'s runner, `.yarnrc.yml`'s
 * `yarnPath`, `bunfig.toml`'s preload, `.bazelrc`, go.mod's `replace`), a Nix shell, a hooks folder, a dependency's
 * own code under node_modules or a virtualenv. Known text written into them is not judged as code here; content
 * nobody here read (a download, a scratch file) written into them is unanalysable all the same.
 */
import type { Language } from "./interpreters.ts";

/** Read by the language's interpreter when the tool loads it: known text is judged as that code. */
const LOADED: readonly (readonly [RegExp, Language])[] = [
  // A JavaScript tool's configuration or setup module: `.lintstagedrc.js`, `karma.conf.js`, `jest.setup.ts`,
  // Storybook's `main.js`, `setupTests.js`.
  [
    /(?:^|\/)(?:\.[a-z][a-z0-9-]*rc|[^/]+\.(?:conf|setup)|setupTests|\.storybook\/[^/]+)\.(?:[cm]?[jt]sx?)$/,
    "javascript",
  ],
];

/** Run by a tool that nothing here reads the language or the settings of. */
const OPAQUE = new RegExp(
  [
    // Build scripts. Rakefiles and invoke's tasks.py have runners' readings of their own (rakefile-reading.ts,
    // invoke-reading.ts), which judge them at `rake` or `invoke`; read here as plain Ruby or Python, their ordinary
    // `sh "bundle exec rspec"` would ask at every write.
    /Rakefile|Gemfile|Vagrantfile|Guardfile|Capfile|Podfile|Fastfile|[^/]*\.rake|[^/]*\.gemspec/.source,
    /tasks\.py|dodo\.py|SConstruct|SConscript/.source,
    /[^/]*\.gradle(?:\.kts)?|gradle\/wrapper\/gradle-wrapper\.properties|pom\.xml|\.mvn\/[^/]+/.source,
    /CMakeLists\.txt|[^/]*\.cmake|meson\.build|Cargo\.toml|go\.mod|go\.work/.source,
    /WORKSPACE(?:\.bazel)?|MODULE\.bazel|BUILD(?:\.bazel)?|\.bazelrc|wscript/.source,
    // Environments entered by a tool: Nix shells, devbox.
    /(?:shell|default|flake)\.nix|devbox\.json/.source,
    // Tool settings that name a program or a module to run.
    /\.cargo\/config(?:\.toml)?|\.yarnrc(?:\.yml)?|\.npmrc|bunfig\.toml|\.vscode\/tasks\.json/.source,
    // Hooks a project points git at, and code of its dependencies that its tools import or run.
    /\.githooks\/[^/]+|node_modules\/(?:[^/]+\/)*[^/]+\.(?:[cm]?js|json)|node_modules\/\.bin\/[^/]+/.source,
    /\.?venv\/(?:bin\/[^/]+|lib\/python[^/]*\/site-packages\/(?:[^/]+\/)*[^/]+\.(?:py|pth))/.source,
  ]
    .map((s) => `(?:${s})`)
    .join("|")
    .replace(/^/, "(?:^|\\/)(?:")
    .concat(")$"),
);

/** Files that run without a reader of their own, each with how it is read: by an interpreter, or not at all. */
export const RUN_FILES: readonly (readonly [RegExp, Language | "opaque"])[] = [...LOADED, [OPAQUE, "opaque"]];
