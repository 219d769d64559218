/** Test helpers: one analyzer per test file, and a compact one-line view of each simple command. */
import { loadShellAnalyzer, type ShellAnalysis, type SimpleCommand } from "../../../runtime/shell/index.ts";

export async function analyzer(): Promise<(command: string) => ShellAnalysis> {
  const a = await loadShellAnalyzer();
  return (command) => a.analyze(command);
}

/** `[sudo,bash -c] rm -rf /`: the wrappers peeled, then the text patterns match. */
export function view(c: SimpleCommand): string {
  return (c.context.wrappers.length > 0 ? `[${c.context.wrappers.join(",")}] ` : "") + c.text;
}

export function views(a: ShellAnalysis): string[] {
  return a.commands.map(view);
}

export function kinds(a: ShellAnalysis): string[] {
  return a.findings.map((f) => f.kind);
}
