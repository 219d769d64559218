#!/usr/bin/env node
// Launcher for the `rules` command. It loads the TypeScript CLI through tsx's loader, so a fresh
// clone runs without a build step. The Claude Code hook ships its own bundled entry (see README).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
