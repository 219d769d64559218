import { ownEntry } from "../../core/index.ts";
/**
 * A tool call → its Operation (docs/reference/operations.md), deterministically: canonical tool name, primary argument, every
 * path it touches (resolved), op types, level, categories, URLs and the action signature. Built-in tools
 * are classified here; bash through the shell analysis and the program knowledge; any other tool is
 * `unknown` (the model layer may classify it) unless the user's safety registry names its level.
 */
import type { Level, OpType, SkillEntry } from "../../compiler/index.ts";
import { canonicalJson, canonicalTool, rawPrimary, rawToolPath } from "../normalize/index.ts";
import type { ShellAnalysis, ShellAnalyzer } from "../shell/index.ts";
import { bashEffects } from "./bash-effects.ts";
import { plantedWrite } from "./planted-writes.ts";
import { withCarriedCommands } from "./carried-by-unknown.ts";
import { opaqueOf, type Opaque } from "./opaque.ts";
import { pathKinds } from "./path-kinds.ts";
import { inputPaths } from "./input-paths.ts";
import { fileUrlPath } from "./url-paths.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";
import { doorOutside, writtenOutside } from "./outside-writes.ts";
import { mayWriteGoverning } from "./unsure-writes.ts";
import type { FreshLink } from "./fresh-links.ts";
import { maxLevel, mostSevere, sortTypes } from "./severity.ts";
import { actionSignature } from "./signature.ts";
import { toolSkillLevel } from "./skill-level.ts";
import { labelledParts } from "./tool-labels.ts";
import type { AccessMode, Operation, PathAccess, ToolCall } from "./types.ts";

export interface DeriveOptions {
  readonly home: string;
  readonly skills: readonly SkillEntry[];
  readonly analyzer: ShellAnalyzer;
  /** Resolve symlinks against the real filesystem (default true; benchmarks and replays of other machines turn it off). */
  readonly realpath?: boolean;
  /**
   * The workspace directories, absolute (the session root and `paths.workspace` resolved): a recursive delete
   * strictly inside them is the agent's own work, a WRITE (docs/adr/0210). Absent: every recursive delete
   * outside the temp directories is DESTRUCTIVE.
   */
  readonly workspace?: readonly string[];
}

interface Parts {
  readonly types: readonly OpType[];
  readonly level: Level;
  readonly categories: readonly string[];
  readonly paths: readonly PathAccess[];
  readonly url?: string | null;
  readonly urls?: readonly string[];
  readonly unknown?: boolean;
  readonly shell?: ShellAnalysis;
  readonly programs?: readonly string[];
  readonly opaque?: Opaque | null;
  /** The accesses that write content, when not every write does (bash: a mode change writes none). */
  readonly contentWrites?: readonly PathAccess[];
  readonly links?: readonly FreshLink[];
  /** Write and edit tools: the analysis of the code they plant in a file that runs later (docs/adr/0500). */
  readonly planted?: ShellAnalysis;
}

const PATH_MODE: Readonly<Record<string, AccessMode>> = {
  read: "read",
  grep: "read",
  find: "read",
  ls: "read",
  write: "write",
  edit: "write",
};

export function deriveOperation(call: ToolCall, options: DeriveOptions): Operation {
  const tool = canonicalTool(call.tool);
  const input = call.input;
  const base = {
    cwd: call.cwd,
    home: options.home,
    ...(options.realpath !== undefined ? { realpath: options.realpath } : {}),
  };
  let parts: Parts;
  let primary: string;
  let signature: string;
  if (tool === "bash") {
    const shell = withCarriedCommands(analyzeCommand(input["command"], options.analyzer), {
      analyzer: options.analyzer,
      base,
      skills: options.skills,
      workspace: options.workspace ?? [],
    });
    const e = bashEffects(shell, base, options.skills, options.workspace ?? []);
    const kinds = pathKinds(e.paths);
    const opaque = opaqueOf(shell, e.urls, base, options);
    parts = {
      types: [...e.types, ...kinds],
      level: e.level,
      categories: [...e.categories],
      paths: e.paths,
      urls: e.urls,
      url: e.urls[0] ?? null,
      shell,
      programs: e.programs,
      opaque,
      contentWrites: e.contentWrites,
      links: e.links,
    };
    primary = shell.source;
    signature = actionSignature(tool, input, { command: shell.normalized });
  } else if (ownEntry(PATH_MODE, tool) !== undefined) {
    const mode = ownEntry(PATH_MODE, tool)!;
    const raw = rawToolPath(input) ?? (mode === "read" && tool !== "read" ? "." : null);
    const paths = raw === null ? [] : [resolveAccess(raw, { mode, via: "input" }, base)];
    const writes = mode === "write";
    parts = {
      types: [writes ? "write_local" : "read_local", ...pathKinds(paths)],
      level: writes ? "WRITE" : "READ",
      categories: ["filesystem"],
      paths,
    };
    const planted = writes && raw !== null ? plantedWrite(raw, input, options.analyzer) : null;
    if (planted !== null) parts = withPlanted(parts, planted, base, options);
    const path = paths[0]?.path ?? null;
    primary = tool === "grep" ? (rawPrimary(tool, input) ?? "") : (path ?? "");
    signature = actionSignature(tool, input, { path });
  } else if (tool === "webfetch" || tool === "websearch") {
    const url = typeof input["url"] === "string" ? input["url"] : null;
    // A file: URL reads a local file: the credential list and the sandbox see it like a Read.
    // A `file:` URL that names no path reads as the root: it is checked rather than skipped.
    const local = url !== null && /^file:/i.test(url) ? (fileUrlPath(url) ?? "/") : null;
    const paths = local === null ? [] : [resolveAccess(local, { mode: "read", via: "input" }, base)];
    parts = {
      types: ["read_external", ...(paths.length > 0 ? ["read_local" as const] : [])],
      level: "READ",
      categories: tool === "websearch" ? ["network", "search"] : ["network"],
      paths,
      url,
      urls: url === null ? [] : [url],
    };
    primary = rawPrimary(tool, input) ?? canonicalJson(input);
    signature = actionSignature(tool, input, {});
  } else {
    const declared = toolSkillLevel(tool, options.skills);
    // Paths in its input are checked like any tool's (credentials, protected files, the sandbox).
    // The name as the agent wrote it: camelCase words (`writeFile`) are lost in the lower-cased canonical name.
    const found = inputPaths(call.tool, input);
    const unsure = found.maybeWrite ? { maybeWrite: true as const } : {};
    const paths = found.words.map(
      (w): PathAccess => ({ ...resolveAccess(w, { mode: found.mode, via: "input" }, base), ...unsure }),
    );
    // What was not looked at may be any path: it gates as unknown (docs/adr/0093).
    if (found.truncated)
      paths.push({
        ...resolveAccess("(more input than is looked at)", { mode: found.mode, via: "input" }, base, true),
        ...unsure,
      });
    parts =
      call.labels !== undefined
        ? { ...labelledParts(call.tool, call.labels, declared), paths }
        : declared === null
          ? { types: [], level: "DESTRUCTIVE", categories: [], paths, unknown: true }
          : {
              types: [declared === "READ" ? "read_external" : "write_external"],
              level: declared,
              categories: ["registry"],
              paths,
            };
    primary = canonicalJson(input);
    signature = actionSignature(tool, input, {});
  }
  // Content written outside the workspace and temp space changes the user's machine (docs/adr/0320).
  if ((tool === "bash" || ownEntry(PATH_MODE, tool) === "write") && parts.unknown !== true) {
    const workspace = options.workspace ?? [call.cwd];
    const out =
      writtenOutside(parts.contentWrites ?? parts.paths, workspace, options.home) ??
      doorOutside(parts.links ?? [], workspace, options.home);
    if (out !== null)
      parts = {
        ...parts,
        level: maxLevel(parts.level, "SECURITY"),
        categories: [...parts.categories, "outside-workspace"],
      };
  }
  // A program nobody described may write what it names: a dot-place of a home or a system path fails closed (ADR 0470).
  if (tool === "bash" && mayWriteGoverning(parts.paths, options.workspace ?? [call.cwd], options.home) !== null)
    parts = {
      ...parts,
      level: maxLevel(parts.level, "SECURITY"),
      categories: [...parts.categories, "may-write-outside"],
    };
  const types = sortTypes(parts.types);
  const url = parts.url ?? null;
  return {
    tool,
    call,
    types,
    type: parts.unknown === true ? "unknown" : (mostSevere(types) ?? "read_local"),
    level: parts.level,
    categories: [...new Set(parts.categories)].sort(),
    unknown: parts.unknown === true,
    command: parts.shell?.normalized ?? null,
    shell: parts.shell ?? null,
    opaque: parts.opaque ?? null,
    ...(parts.planted === undefined ? {} : { planted: parts.planted }),
    programs: parts.programs ?? [],
    path: tool === "bash" ? null : (parts.paths[0]?.path ?? null),
    paths: parts.paths,
    url,
    host: hostOf(url),
    urls: parts.urls ?? [],
    signature,
    primary,
  };
}

/**
 * A write or edit tool's call with the code it plants folded in (docs/adr/0500): the level and categories the
 * bash string writing the same text has, and its analysis for the hard-deny catalogue and the opaque-code rule.
 */
function withPlanted(parts: Parts, planted: ShellAnalysis, base: AccessBase, options: DeriveOptions): Parts {
  const e = bashEffects(planted, base, options.skills, options.workspace ?? []);
  return {
    ...parts,
    level: maxLevel(parts.level, e.level),
    categories: [...parts.categories, ...e.categories],
    planted,
    opaque: opaqueOf(planted, e.urls, base, options),
  };
}

function analyzeCommand(command: unknown, analyzer: ShellAnalyzer): ShellAnalysis {
  if (typeof command === "string") return analyzer.analyze(command);
  return {
    source: "",
    normalized: "",
    commands: [],
    findings: [{ kind: "unanalysable", reason: "the bash call has no command string" }],
    unanalysable: true,
  };
}

function hostOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
    return host === "" ? null : host;
  } catch {
    return null;
  }
}
