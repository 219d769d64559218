import type { Command } from "commander";
import type { Io } from "../io.ts";
import { registerCompile } from "./compile.ts";
import { registerReplay } from "./replay.ts";
import { registerEval } from "./eval.ts";
import { registerExplain } from "./explain.ts";
import { registerTest } from "./test.ts";
import { registerHook } from "./hook.ts";
import { registerSkills } from "./skills.ts";
import { registerServe } from "./serve.ts";
import { registerMcpProxy } from "./mcp-proxy.ts";
import { registerInit } from "./init.ts";

/** Registers one subcommand; `setExit` records the exit code its action decided. */
export type RegisterCommand = (program: Command, io: Io, setExit: (code: number) => void) => void;

/** Every subcommand of `rules`, in help order. Add one line per command file. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerInit,
  registerCompile,
  registerEval,
  registerTest,
  registerReplay,
  registerHook,
  registerServe,
  registerMcpProxy,
  registerSkills,
  registerExplain,
];
