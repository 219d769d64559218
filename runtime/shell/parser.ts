/**
 * The one place that touches web-tree-sitter: the bash grammar's .wasm is loaded once per process, on the
 * first bash call (the hook must not pay for it otherwise), and one Parser instance is reused.
 */
import { createRequire } from "node:module";
import { Language, Parser, type Node, type Tree } from "web-tree-sitter";

export type { Node, Tree };

export interface BashParser {
  /** Parses `text`; the caller must `delete()` the tree (it lives in wasm memory). */
  parse(text: string): Tree;
}

let loading: Promise<BashParser> | null = null;

export function loadBashParser(): Promise<BashParser> {
  loading ??= load().catch((err: unknown) => {
    loading = null; // a failed load (e.g. missing file) may be retried by the next call
    throw err;
  });
  return loading;
}

async function load(): Promise<BashParser> {
  const require = createRequire(import.meta.url);
  await Parser.init();
  const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    parse(text: string): Tree {
      const tree = parser.parse(text);
      // parse() returns null only without a language or when cancelled; both are bugs here.
      if (tree === null) throw new Error("tree-sitter returned no tree");
      return tree;
    },
  };
}
