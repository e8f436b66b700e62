// A view of a tree-sitter tree that asks the WASM runtime each question once per node. Scanners
// read `type`, `namedChildren` and fields of the same nodes many times (a value is evaluated, then
// walked for calls); every such read crossed into WASM and built new node objects, which was
// ~40% of a first scan's CPU. Answers are the runtime's own, so the facts are the same.

import type { SyntaxNode } from "./scanner.js";

/** What lib/code-graph's nodes carry beside the SyntaxNode members: a per-tree id, a start offset. */
type RawNode = SyntaxNode & { readonly id: number; readonly startIndex: number };

type Wrap = (node: SyntaxNode | null) => MemoNode | null;

class MemoNode implements SyntaxNode {
  #type?: string;
  #text?: string;
  #end?: SyntaxNode["endPosition"];
  #parent?: MemoNode | null;
  #children?: readonly MemoNode[];
  #named?: readonly MemoNode[];
  #fields?: Map<string, MemoNode | null>;

  constructor(
    readonly raw: RawNode,
    private readonly wrap: Wrap,
  ) {}

  get type(): string {
    this.#type ??= this.raw.type;
    return this.#type;
  }

  get text(): string {
    this.#text ??= this.raw.text;
    return this.#text;
  }

  get startPosition(): SyntaxNode["startPosition"] {
    return this.raw.startPosition;
  }

  get endPosition(): SyntaxNode["endPosition"] {
    this.#end ??= this.raw.endPosition;
    return this.#end;
  }

  get parent(): MemoNode | null {
    if (this.#parent === undefined) this.#parent = this.wrap(this.raw.parent);
    return this.#parent;
  }

  get children(): readonly MemoNode[] {
    this.#children ??= Object.freeze(this.raw.children.map((c) => this.wrap(c)!));
    return this.#children;
  }

  get namedChildren(): readonly MemoNode[] {
    this.#named ??= Object.freeze(this.raw.namedChildren.map((c) => this.wrap(c)!));
    return this.#named;
  }

  childForFieldName(name: string): MemoNode | null {
    this.#fields ??= new Map();
    let child = this.#fields.get(name);
    if (child === undefined) {
      child = this.wrap(this.raw.childForFieldName(name));
      this.#fields.set(name, child);
    }
    return child;
  }
}

/** The root of a memoizing view of `root`'s tree: one view object per node, however it is reached. */
export function memoTree(root: SyntaxNode): SyntaxNode {
  const seen = new Map<number, MemoNode>();
  const wrap: Wrap = (node) => {
    if (!node) return null;
    const raw = node as RawNode;
    const known = seen.get(raw.id);
    if (known && known.raw.startIndex === raw.startIndex) return known;
    const view = new MemoNode(raw, wrap);
    if (!known) seen.set(raw.id, view);
    return view;
  };
  return wrap(root)!;
}
