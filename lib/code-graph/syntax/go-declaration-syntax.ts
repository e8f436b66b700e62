// What Go's `type`, `const`/`var` declarations and a method's receiver say, read once for both
// the code graph (extract/go.ts: symbols, methods attached to their type) and `e2e manifest`
// (frameworks/go/go-extract.ts: constants, structs as DTOs, handlers' receivers).
// Specs are read through `ERROR` nodes: a declaration the parser recovered from a neighbouring
// syntax error (`B = 2 }` in a `const ( … )` list) is still declared.

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** One `const`/`var` spec: `a, b T = x, y`. */
export interface GoValueSpec<N extends SyntaxNodeLike> {
  readonly spec: N;
  readonly names: N[];
  /** The declared type, when written. */
  readonly type: N | null;
  /** The values, in order (comments skipped); empty without `=`. */
  readonly values: N[];
}

/** One `type` spec: `T struct{…}`, `T = U` (an alias), `T[K any] …`. */
export interface GoTypeSpec<N extends SyntaxNodeLike> {
  readonly spec: N;
  readonly name: N;
  readonly alias: boolean;
  /** The type it declares (`struct_type`, `interface_type`, a name…). */
  readonly type: N | null;
}

/** A method's receiver: `(s *Srv)`, `(*List[T])`, `(s (*Srv))`. */
export interface GoReceiver {
  /** The receiver's name, when written. */
  readonly name: string | undefined;
  /** The type it belongs to: the first type name in it (`Srv`, `List`). */
  readonly typeName: string | undefined;
  /** A pointer receiver (`*Srv`, `(*Srv)`). */
  readonly pointer: boolean;
}

const VALUE_SPECS = new Set(["const_spec", "var_spec"]);
const TYPE_SPECS = new Set(["type_spec", "type_alias"]);
/** Nodes a declaration's specs may sit in: `var ( … )`'s list, a recovered syntax error. */
const SPEC_WRAPPERS = new Set(["var_spec_list", "ERROR"]);

/** The specs of a `const_declaration` or `var_declaration`, in order. Parts when asked for. */
export function readGoValueSpecs<N extends SyntaxNodeLike>(declaration: N): GoValueSpec<N>[] {
  return specsOf(declaration, VALUE_SPECS).map((spec) => new ValueSpec(spec));
}

/** The specs of a `type_declaration` that have a name, in order. */
export function readGoTypeSpecs<N extends SyntaxNodeLike>(declaration: N): GoTypeSpec<N>[] {
  const out: GoTypeSpec<N>[] = [];
  for (const spec of specsOf(declaration, TYPE_SPECS)) {
    const name = spec.childForFieldName("name") as N | null;
    if (name)
      out.push({
        spec,
        name,
        alias: spec.type === "type_alias",
        type: spec.childForFieldName("type") as N | null,
      });
  }
  return out;
}

/** The receiver of a `method_declaration`; undefined for a function. Parts when asked for. */
export function readGoReceiver(method: SyntaxNodeLike): GoReceiver | undefined {
  const list = method.childForFieldName("receiver");
  return list ? new Receiver(list) : undefined;
}

// Classes with prototype getters, as the other readers: the code graph reads a spec's names and
// a receiver's type name only, the manifest also values, types and the receiver's name.
class ValueSpec<N extends SyntaxNodeLike> implements GoValueSpec<N> {
  constructor(readonly spec: N) {}
  get names(): N[] {
    return namedChildrenOf(this.spec).filter((c) => c.type === "identifier");
  }
  get type(): N | null {
    return this.spec.childForFieldName("type") as N | null;
  }
  get values(): N[] {
    return namedChildrenOf(this.spec.childForFieldName("value") as N | null).filter(
      (c) => c.type !== "comment",
    );
  }
}

class Receiver implements GoReceiver {
  constructor(private readonly list: SyntaxNodeLike) {}
  private get parameter(): SyntaxNodeLike | undefined {
    return namedChildrenOf(this.list).find((c) => c.type !== "comment");
  }
  get name(): string | undefined {
    return namedChildrenOf(this.parameter).find((c) => c.type === "identifier")?.text;
  }
  get typeName(): string | undefined {
    return firstOfType(this.list, "type_identifier")?.text;
  }
  get pointer(): boolean {
    let type = this.parameter?.childForFieldName("type") ?? null;
    while (type?.type === "parenthesized_type")
      type = namedChildrenOf(type).find((c) => c.type !== "comment") ?? null;
    return type?.type === "pointer_type";
  }
}

function specsOf<N extends SyntaxNodeLike>(node: N, types: ReadonlySet<string>): N[] {
  const out: N[] = [];
  for (const child of namedChildrenOf(node)) {
    if (types.has(child.type)) out.push(child);
    else if (SPEC_WRAPPERS.has(child.type)) out.push(...specsOf(child, types));
  }
  return out;
}

function firstOfType(node: SyntaxNodeLike, type: string): SyntaxNodeLike | undefined {
  for (const child of namedChildrenOf(node)) {
    if (child.type === type) return child;
    const found = firstOfType(child, type);
    if (found) return found;
  }
  return undefined;
}
