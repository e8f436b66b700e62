// What a Python `def` or `class` statement declares, decorators included, read once for both the
// code graph (extract/python.ts: symbols, their names and ranges) and `e2e manifest`
// (controller/src/manifest/frameworks/python/py-extract.ts: routes are decorated functions,
// views and models are classes read by their bases).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

export interface PythonDefinition<N extends SyntaxNodeLike> {
  readonly kind: "function" | "class";
  /** The `function_definition` or `class_definition`. */
  readonly definition: N;
  /** The whole statement: the `decorated_definition` when decorated (its range has the decorators). */
  readonly statement: N;
  /** Undefined in a tree with errors. */
  readonly name: string | undefined;
  /** The `decorator` nodes (`@app.get("/")`), in order. */
  readonly decorators: N[];
  readonly body: N | null;
}

/**
 * Reads a `function_definition`, `class_definition` or `decorated_definition`; else undefined.
 * Decorators and body are read when asked for (the code graph needs neither for a function).
 */
export function readPythonDefinition<N extends SyntaxNodeLike>(
  statement: N,
): PythonDefinition<N> | undefined {
  const definition =
    statement.type === "decorated_definition"
      ? (statement.childForFieldName("definition") as N | null)
      : statement;
  if (definition?.type !== "function_definition" && definition?.type !== "class_definition") return undefined;
  return new Definition(statement, definition);
}

// A class, not an object literal with getters: literal getters cost a closure each and, measured
// on the manifest's extract, a third more CPU, mostly in the garbage collector.
class Definition<N extends SyntaxNodeLike> implements PythonDefinition<N> {
  readonly kind: "function" | "class";
  readonly name: string | undefined;
  constructor(
    readonly statement: N,
    readonly definition: N,
  ) {
    this.kind = definition.type === "class_definition" ? "class" : "function";
    this.name = definition.childForFieldName("name")?.text;
  }
  get decorators(): N[] {
    if (this.statement.type !== "decorated_definition") return [];
    return namedChildrenOf(this.statement).filter((child) => child.type === "decorator");
  }
  get body(): N | null {
    return this.definition.childForFieldName("body") as N | null;
  }
}

/** A class's bases as written (`class A(B, mod.C, metaclass=M)` → `B`, `mod.C`): not its keywords. */
export function readPythonBases<N extends SyntaxNodeLike>(classDefinition: N): N[] {
  const list = classDefinition.childForFieldName("superclasses") as N | null;
  return namedChildrenOf(list).filter((base) => base.type !== "keyword_argument");
}
