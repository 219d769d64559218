/**
 * A plain-JS copy of a tree-sitter tree, built in one cursor pass by the parser (parser.ts). Every property
 * read on a web-tree-sitter Node crosses into wasm and allocates; the walker reads each node many times, so
 * copying once is about twice as fast overall, and the wasm tree can be freed before the walk (ADR 0033).
 * Only the slice of the Node API the analyser uses is offered, under the same names.
 */
/** What the tree-sitter cursor says about one node. */
export interface NodeFacts {
  readonly type: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  /** Field name of this node in its parent (`name`, `argument`, `redirect`, ...). */
  readonly field: string | null;
}

export class SyntaxNode implements NodeFacts {
  readonly children: SyntaxNode[] = [];
  hasError = false;
  private named: SyntaxNode[] | null = null;
  readonly type: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly field: string | null;

  constructor(
    private readonly source: string,
    facts: NodeFacts,
    readonly parent: SyntaxNode | null,
    /** Index among the parent's children. */
    readonly index: number,
  ) {
    this.type = facts.type;
    this.isNamed = facts.isNamed;
    this.isMissing = facts.isMissing;
    this.startIndex = facts.startIndex;
    this.endIndex = facts.endIndex;
    this.field = facts.field;
  }

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
