import type { Level, OpType } from "../../compiler/index.ts";
import type { ShellAnalysis } from "../shell/index.ts";
import type { Opaque } from "./opaque.ts";

/** A tool call as an agent emits it (docs/reference/operations.md). */
export interface ToolCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** Absolute working directory of the agent; defaults to the process cwd at the edge. */
  readonly cwd: string;
  /** The MCP annotations its server put on the tool (`rules mcp-proxy`): they may raise its level, never lower it. */
  readonly labels?: ToolLabels;
}

/** MCP tool annotations (tools/list `annotations`), as far as they speak of safety. */
export interface ToolLabels {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly openWorldHint?: boolean;
}

export type AccessMode = "read" | "write" | "delete" | "execute";

export interface PathAccess {
  /** Absolute, normalized, `~` expanded, symlinks resolved where they exist. */
  readonly path: string;
  readonly mode: AccessMode;
  /** Where it came from: "input", "argument", "redirect". */
  readonly via: "input" | "argument" | "redirect";
  /** The word as written (bash) or the input value, before resolution. */
  readonly raw?: string;
  /** The path before symlink resolution, when it differs from `path`: globs are matched against both. */
  readonly lexical?: string;
  /** The word depends on an expansion or a directory we cannot know: `path` is a best guess; fail closed. */
  readonly dynamic?: boolean;
  /** Resolution marks: `~name` of an unknown user, a symlink loop (fail closed), a Windows path. */
  readonly marks?: readonly ("unknown-user" | "symlink-loop" | "windows")[];
  /** A read of the whole tree below the path (`grep -r`, `tar c`, the Grep tool): it reads the files under it. */
  readonly recursive?: true;
  /**
   * A tree copy into this path (`cp -r src dst`): the paths, relative to it, that the copy may create, listed
   * from its local sources before it runs (each source's entries both directly below and below the source's
   * own name, since whether `dst` exists decides which). Absent when they cannot be known: a tree write of
   * unknown content.
   */
  readonly contents?: readonly string[];
  /**
   * A read by a program rulegate knows nothing about (or nothing about its arguments): it may write the path
   * too. Protected paths named so are reviewed; the hard-deny checks, which judge known writes, ignore it.
   */
  readonly maybeWrite?: true;
  /**
   * Only the path's name and metadata are touched, never its content (`ls ~/.ssh`, `stat`, `touch .env.test`):
   * not a credential read or write (ADR 0166). Sandbox, protected paths and the hard-deny checks see its mode.
   */
  readonly metadata?: true;
  /** The program sends this file's content out over the network (an upload, a post, a remote copy's source). */
  readonly sent?: true;
  /** A file copy into this path (`cp .env.example .env`): the one file copied, resolved. What is written is its content. */
  readonly copiedFrom?: string;
  /** A key or certificate the call makes now is written here (`-keyout certs/dev.key`): new, not read (ADR 0576). */
  readonly generated?: true;
  /**
   * What the filesystem held at the path when the call was decided (resolution against the filesystem on, the
   * word literal): an overwrite of an existing file is destructive, the creation of a new one is not.
   */
  readonly existing?: "file" | "dir";
  /** A guarded path a glob word bash did not expand here may expand to (`~/.zsh[r]c` → ~/.zshrc, ADR 0290). */
  readonly guardedGlob?: true;
}

/** What the engine derives from a call before judging it (docs/reference/operations.md). Deterministic; no model involved. */
export interface Operation {
  /** Canonical tool name: bash, read, write, edit, grep, find, ls, webfetch, websearch, or the lower-cased original (mcp__x__y). */
  readonly tool: string;
  readonly call: ToolCall;
  /** Every effect of the call; empty when `unknown`. */
  readonly types: readonly OpType[];
  /** The most severe of `types`; "unknown" for tools the deterministic classifier does not know. */
  readonly type: OpType | "unknown";
  readonly level: Level;
  readonly categories: readonly string[];
  /** True for custom tools that only the model layer may classify. */
  readonly unknown: boolean;
  /** bash: the command with insignificant whitespace normalized; null otherwise. */
  readonly command: string | null;
  readonly shell: ShellAnalysis | null;
  /**
   * Write and edit tools: the code their text plants in a file that runs later by itself (a Makefile, a project
   * script, a hook), analysed as the bash string that would write it (docs/adr/0500). Absent otherwise.
   */
  readonly planted?: ShellAnalysis;
  /**
   * Set when the shell analysis could not read the call (a program name from an expansion, a parse error,
   * nesting past the depth cap, a pipe into a shell, `eval` of a built string): opaque code, which nothing but
   * a human may allow (docs/explanation/decision-order.md). null when every part was read.
   */
  readonly opaque: Opaque | null;
  /** Programs run (bash), normalized, deduplicated, in order of appearance. */
  readonly programs: readonly string[];
  /** The primary path (path tools), resolved. */
  readonly path: string | null;
  readonly paths: readonly PathAccess[];
  /** The primary URL: webfetch's `url`, or the first URL a bash network client names. */
  readonly url: string | null;
  readonly host: string | null;
  /** Every URL or remote host the call reaches (bash: each network client's targets; webfetch: its url). */
  readonly urls: readonly string[];
  /** `sha256:<hex>` of the canonical normalized action (docs/reference/operations.md). */
  readonly signature: string;
  /** The primary argument as text (bash command, path, url, pattern, or canonical JSON of the input). */
  readonly primary: string;
}

/** A hard-deny catalogue hit. */
export interface HardDenyHit {
  readonly check: string;
  readonly reason: string;
}
