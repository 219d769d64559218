/**
 * The layering (DESIGN §1, issue 17 §2), checked in CI by `npm run layers`: imports point inward,
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

module.exports = {
  forbidden: [
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
