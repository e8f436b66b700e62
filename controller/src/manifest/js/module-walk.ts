// The state and the mutually recursive steps of one module's walk (extract-module.ts), as an
// interface: the parts in their own files (values, classes, exports) call back through it
// without importing the walker.

import type { SourceFile, SyntaxNode } from "../scanner.js";
import type { FnFact, JsModule } from "./module-facts.js";
import type { Value } from "./value.js";

/** Names bound inside functions → their values as the walk goes. */
export type Scope = Map<string, Value>;

export interface ModuleWalk {
  readonly file: SourceFile;
  /** The facts so far. */
  readonly m: JsModule;
  /** The constructor being walked: its `this.x = …` assignments are the class's props. */
  ctor: { fn: FnFact | undefined; props: Record<string, Value> } | undefined;
  /**
   * Per class being read (`this:Name`), what its code assigns to `this.x` outside the
   * constructor (in a method, or a callback inside one): props the constructor did not set.
   */
  readonly selfProps: Map<string, Record<string, Value>>;
  /** Module variables declared bare and assigned later: the value each was first assigned. */
  readonly laterAssigned: Map<string, Value>;
  /** A node's id, unique in the program: `file:row:column`. */
  at(n: SyntaxNode): string;
  /** A fresh loop name for `each` values. */
  nextLoop(): string;
  toValue(n: SyntaxNode | null | undefined, scope: Scope): Value;
  /** Records a function's facts, walks its body with its parameters bound, returns its value. */
  fnValue(
    n: SyntaxNode,
    scope: Scope,
    name?: string,
    declaredType?: string,
    onFact?: (fact: FnFact) => void,
  ): Value;
  /** Records a read of a parameter's parts (`req.query.page`) on the function it belongs to. */
  noteRead(v: Value): Value;
  walk(s: SyntaxNode, scope: Scope, fn?: FnFact, topLevel?: boolean): void;
  walkExpr(n: SyntaxNode | null | undefined, scope: Scope): void;
  declare(decl: SyntaxNode, scope: Scope, topLevel: boolean, exported: boolean): void;
}
