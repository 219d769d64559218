/**
 * The layering (README.md's Layout, issue 17 §2), checked in CI by `npm run layers`: imports point inward,
 * core ← grammar ← compiler ← runtime ← adapters ← server, cli; no cycles between folders (a cycle between
 * modules of one folder is that folder's business). Tests, scripts and generated files are not checked.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const inward = (from, outer) => ({
  name: `${from}-imports-inward`,
  severity: "error",
  comment: `${from}/ may not import ${outer.join("/, ")}/: imports point inward`,
  from: { path: `^${from}/` },
  to: { path: `^(${outer.join("|")})/` },
});

/**
 * Folders whose inside is their own (issue 17 §2): from outside, only `<folder>/index.ts` may be imported, so a
 * folder's index is its whole surface. A folder's subfolders count as its inside. Folders join this list as
 * their importers are moved to the index.
 */
const SEALED = [
  "adapters/common",
  "core",
  "grammar",
  "compiler",
  "runtime/eval",
  "runtime/events",
  "runtime/examples",
  "runtime/hard-deny",
  "runtime/log",
  "runtime/match",
  "runtime/model",
  "runtime/normalize",
  "runtime/operation",
  "runtime/plan",
  "runtime/replay",
  "runtime/rulestest",
  "runtime/session",
  "runtime/shell",
  "runtime/snapshot",
  "runtime/stages",
  "runtime/state",
];

const throughIndex = (folder) => ({
  name: `${folder}-through-its-index`,
  severity: "error",
  comment: `from outside ${folder}/, import ${folder}/index.ts only: the index is the folder's surface`,
  from: { pathNot: `^${folder}/` },
  to: { path: `^${folder}/`, pathNot: `^${folder}/index\\.ts$` },
});

module.exports = {
  forbidden: [
    ...SEALED.map(throughIndex),
    inward("core", ["grammar", "compiler", "runtime", "adapters", "server", "cli"]),
    inward("grammar", ["compiler", "runtime", "adapters", "server", "cli"]),
    inward("compiler", ["runtime", "adapters", "server", "cli"]),
    inward("runtime", ["adapters", "server", "cli"]),
    inward("adapters", ["server", "cli"]),
    {
      name: "only-cli-imports-cli",
      severity: "error",
      comment: "cli/ is the outermost layer (the only code that prints or exits): nothing imports it",
      from: { pathNot: "^cli/" },
      to: { path: "^cli/" },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      comment: "two folders that import each other are one concept split in two, or a layer upside down",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    exclude: { path: "^(node_modules|dist|test|scripts|docs|rules|schema|bin)/" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
