/**
 * The one place that touches web-tree-sitter: the bash grammar's .wasm is loaded once per process, on the
 * first bash call (the hook must not pay for it otherwise), and one Parser instance is reused.
 */
import { createRequire } from "node:module";
import { Language, Parser, type Tree } from "web-tree-sitter";
import { type NodeFacts, SyntaxNode } from "./syntax.ts";

export interface BashParser {
  /**
   * Parses `text` into a plain-JS tree: the wasm tree is copied and freed at once, so no web-tree-sitter
   * type leaves this file (nor the package's declaration files, whose users need not have its types' own
   * dependencies).
   */
  parse(text: string): SyntaxNode;
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
    parse(text: string): SyntaxNode {
      const tree = parser.parse(text);
      // parse() returns null only without a language or when cancelled; both are bugs here.
      if (tree === null) throw new Error("tree-sitter returned no tree");
      try {
        return copyTree(tree, text);
      } finally {
        tree.delete();
      }
    },
  };
}

/** Names per type id and field id, read from the language once instead of per node. */
interface Tables {
  readonly types: (string | undefined)[];
  readonly named: (boolean | undefined)[];
  readonly fields: (string | null | undefined)[];
}

const TABLES = new WeakMap<Language, Tables>();

function tablesOf(language: Language): Tables {
  let t = TABLES.get(language);
  if (t === undefined) {
    t = { types: [], named: [], fields: [] };
    TABLES.set(language, t);
  }
  return t;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function copyTree(tree: Tree, source: string): SyntaxNode {
  const language = tree.language;
  const t = tablesOf(language);
  // MISSING nodes only exist in trees with errors: skip asking every node when the root is clean.
  const mayMiss = tree.rootNode.hasError;
  const cursor = tree.walk();
  try {
    // One scratch record for every node: the constructor copies it, so the copy allocates nothing more per node.
    const facts: Mutable<NodeFacts> = {
      type: "",
      isNamed: false,
      isMissing: false,
      startIndex: 0,
      endIndex: 0,
      field: null,
    };
    const make = (parent: SyntaxNode | null): SyntaxNode => {
      // Type ids of aliased nodes differ from grammar ids, so names are looked up per id (cached).
      const typeId = cursor.nodeTypeId;
      const type = (t.types[typeId] ??= cursor.nodeType);
      const isNamed = (t.named[typeId] ??= cursor.nodeIsNamed);
      const fieldId = cursor.currentFieldId;
      const field = fieldId === 0 ? null : (t.fields[fieldId] ??= language.fieldNameForId(fieldId));
      facts.type = type;
      facts.isNamed = isNamed;
      facts.isMissing = mayMiss && cursor.nodeIsMissing;
      facts.startIndex = cursor.startIndex;
      facts.endIndex = cursor.endIndex;
      facts.field = field;
      const node = new SyntaxNode(source, facts, parent, parent === null ? 0 : parent.children.length);
      parent?.children.push(node);
      if (node.isMissing || node.type === "ERROR") {
        for (let n: SyntaxNode | null = node; n !== null && !n.hasError; n = n.parent) n.hasError = true;
      }
      return node;
    };
    const root = make(null);
    let current = root;
    for (;;) {
      if (cursor.gotoFirstChild()) {
        current = make(current);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || current.parent === null) return root;
        current = current.parent;
      }
      current = make(current.parent);
    }
  } finally {
    cursor.delete();
  }
}
