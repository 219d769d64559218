import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Command } from "commander";
import { packageRoot } from "../../adapters/common/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

/** Where the project file lives, relative to the directory `rules init` runs in. */
export const PROJECT_FILE = join(".rulegate", "rules.yaml");
const SCHEMA_LINE = /^# yaml-language-server: \$schema=.*$/m;

/** `rules init`: writes a commented project file that compiles; never overwrites one. */
export const registerInit: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("init")
    .description(`write a commented ${PROJECT_FILE} for this project (never overwrites one)`)
    .action(() => setExit(runInit(io)));
};

function runInit(io: Io): number {
  const root = packageRoot();
  if (root === null) throw new Error("cannot find the rulegate package (its package.json) to copy the template from");
  const target = join(io.cwd, PROJECT_FILE);
  if (existsSync(target))
    throw new UsageError(
      `${PROJECT_FILE} already exists; rules init does not overwrite it (edit it, or remove it first)`,
    );
  const template = readFileSync(join(root, "rules", "init", "rules.yaml"), "utf8");
  const text = template.replace(SCHEMA_LINE, `# yaml-language-server: $schema=${schemaRef(io.cwd, root)}`);
  mkdirSync(join(io.cwd, ".rulegate"), { recursive: true });
  writeFileSync(target, text, { flag: "wx" }); // wx: a file that appeared meanwhile is still not overwritten
  io.stdout(`wrote ${PROJECT_FILE}; check it with: rules compile --check ${PROJECT_FILE}\n`);
  return EXIT.ok;
}

/**
 * The editor schema as the file in `.rulegate/` should name it: the project's own installed rulegate when there
 * is one (`../node_modules/rulegate/…`, true on every clone after `npm install`), else the running package when
 * it sits inside the project, else the running package's absolute path (a global install, this machine only).
 */
export function schemaRef(cwd: string, root: string): string {
  const schema = join("schema", "rules.schema.json");
  const local = join(cwd, "node_modules", "rulegate", schema);
  const file = existsSync(local) ? local : join(root, schema);
  const fromProject = relative(cwd, file);
  if (fromProject.startsWith("..") || fromProject === file) return file;
  return relative(join(cwd, ".rulegate"), file).split(sep).join("/");
}
