// What a Python assignment (`NAME = value`, `x: T = v`, `a = b = v`) assigns, read once for both
// the code graph (extract/python.ts: module-level names are variable symbols) and `e2e manifest`
// (controller/src/manifest/frameworks/python/py-extract.ts: module and class-level values, such
// as a router, a prefix constant or a settings default).

import type { SyntaxNodeLike } from "./syntax-node.js";

export interface PythonAssignment<N extends SyntaxNodeLike> {
  readonly assignment: N;
  /** The first target (`a` of `a = b = v`): a name, attribute, subscript or pattern; null in a tree with errors. */
  readonly target: N | null;
  /** The right-hand side as written: `b = v` of `a = b = v` (an `assignment` itself); null for a bare `x: T`. */
  readonly right: N | null;
  /** Every target of a chain, in order (`a = b = v` → `a`, `b`). */
  readonly targets: N[];
  /** The value the chain assigns: `v` of `a = b = v`; null for a bare `x: T`. */
  readonly value: N | null;
  /** The first target's annotation (`x: T = v` → `T`). */
  readonly type: N | null;
}

/** Reads an `assignment` node (an expression statement's child); else undefined. Parts when asked for. */
export function readPythonAssignment<N extends SyntaxNodeLike>(node: N): PythonAssignment<N> | undefined {
  return node.type === "assignment" ? new Assignment(node) : undefined;
}

// A class with prototype getters, as the other readers: the code graph reads only the first
// target and the right-hand side, the manifest the chain.
class Assignment<N extends SyntaxNodeLike> implements PythonAssignment<N> {
  private walked: { targets: N[]; value: N | null } | undefined;
  constructor(readonly assignment: N) {}
  get target(): N | null {
    return this.assignment.childForFieldName("left") as N | null;
  }
  get right(): N | null {
    return this.assignment.childForFieldName("right") as N | null;
  }
  get type(): N | null {
    return this.assignment.childForFieldName("type") as N | null;
  }
  get targets(): N[] {
    return this.chain().targets;
  }
  get value(): N | null {
    return this.chain().value;
  }

  /** `a = b = v` nests assignments on the right: `a = (b = v)`. */
  private chain(): { targets: N[]; value: N | null } {
    if (this.walked) return this.walked;
    const targets: N[] = [];
    let current: N | null = this.assignment;
    let value: N | null = null;
    while (current && current.type === "assignment") {
      const left = current.childForFieldName("left") as N | null;
      if (left) targets.push(left);
      value = current.childForFieldName("right") as N | null;
      current = value;
    }
    this.walked = { targets, value };
    return this.walked;
  }
}
