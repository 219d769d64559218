import type { Command } from "commander";
import type { Io } from "../io.ts";
import type { RegisterCommand } from "./index.ts";

/** `rules skills scan PATH… [--format text|json]`: the safety registry compiled from skill docs (SKILL.md annotations). */
export const registerSkills: RegisterCommand = (program: Command, io: Io, setExit) => {
  const skills = program
    .command("skills")
    .description("the safety registry: levels that skill docs declare for the tools they use");
  skills
    .command("scan")
    .description(
      "compile the @safety annotations of SKILL.md files (a file, or every SKILL.md under a directory) and print the registry",
    )
    .argument("<paths...>", "SKILL.md files or directories to search")
    .option("--format <format>", "text | json", "text")
    .action(async (paths: string[], opts: { format: string }) =>
      setExit(await (await import("./skills-run.ts")).runSkillsScan(paths, opts, io)),
    );
};
