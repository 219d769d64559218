/**
 * A plain-JS copy of a tree-sitter tree, built in one cursor pass. Every property read on a web-tree-sitter
 * Node crosses into wasm and allocates; the walker reads each node many times, so copying once is about
 * twice as fast overall, and the wasm tree can be freed before the walk (ADR 0033).
 * Only the slice of the Node API the analyser uses is offered, under the same names.
 */
import type { Language, Tree } from "web-tree-sitter";

export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  hasError = false;
  private named: SyntaxNode[] | null = null;

  constructor(
    private readonly source: string,
    readonly type: string,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    /** Field name of this node in its parent (`name`, `argument`, `redirect`, ...). */
    readonly field: string | null,
    readonly parent: SyntaxNode | null,
    /** Index among the parent's children. */
    readonly index: number,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildren(): SyntaxNode[] {
    this.named ??= this.children.filter((c) => c.isNamed);
    return this.named;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  get firstChild(): SyntaxNode | null {
    return this.children[0] ?? null;
  }

  get firstNamedChild(): SyntaxNode | null {
    return this.namedChildren[0] ?? null;
  }

  get nextSibling(): SyntaxNode | null {
    return this.parent?.children[this.index + 1] ?? null;
  }

  get previousSibling(): SyntaxNode | null {
    return this.parent?.children[this.index - 1] ?? null;
  }

  /** Row and column (0-based, UTF-16 units) computed from the source; only needed for messages. */
  get startPosition(): { row: number; column: number } {
    const before = this.source.slice(0, this.startIndex);
    const lastNewline = before.lastIndexOf("\n");
    return { row: before.split("\n").length - 1, column: this.startIndex - lastNewline - 1 };
  }

  child(i: number): SyntaxNode | null {
    return this.children[i] ?? null;
  }

  namedChild(i: number): SyntaxNode | null {
    return this.namedChildren[i] ?? null;
  }

  fieldNameForChild(i: number): string | null {
    return this.children[i]?.field ?? null;
  }

  childForFieldName(name: string): SyntaxNode | null {
    return this.children.find((c) => c.field === name) ?? null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    return this.children.filter((c) => c.field === name);
  }
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

export function copyTree(tree: Tree, source: string): SyntaxNode {
  const language = tree.language;
  const t = tablesOf(language);
  // MISSING nodes only exist in trees with errors: skip asking every node when the root is clean.
  const mayMiss = tree.rootNode.hasError;
  const cursor = tree.walk();
  try {
    const make = (parent: SyntaxNode | null): SyntaxNode => {
      // Type ids of aliased nodes differ from grammar ids, so names are looked up per id (cached).
      const typeId = cursor.nodeTypeId;
      const type = (t.types[typeId] ??= cursor.nodeType);
      const isNamed = (t.named[typeId] ??= cursor.nodeIsNamed);
      const fieldId = cursor.currentFieldId;
      const field = fieldId === 0 ? null : (t.fields[fieldId] ??= language.fieldNameForId(fieldId));
      const node = new SyntaxNode(
        source,
        type,
        isNamed,
        mayMiss && cursor.nodeIsMissing,
        cursor.startIndex,
        cursor.endIndex,
        field,
        parent,
        parent === null ? 0 : parent.children.length,
      );
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
