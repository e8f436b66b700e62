// What the Go scanners keep of one file (go-extract.ts): its package, imports, string constants,
// functions and methods with the calls and bindings of their bodies in order, and struct types.
// JSON-serialisable: cached per file hash.

export type GoExpr =
  | { k: "str"; v: string }
  | { k: "num"; v: number }
  | { k: "id"; name: string }
  | { k: "sel"; x: GoExpr; name: string }
  | { k: "call"; fn: GoExpr; args: GoExpr[]; line: number }
  /** `T{…}` or `&T{…}`: a value of type T (the type as written). */
  | { k: "lit"; type: string }
  | { k: "bin"; l: GoExpr; r: GoExpr }
  /** A function literal: its facts, inline. */
  | { k: "func"; fn: GoFunc }
  | { k: "other" };

export type GoStmt =
  /** `a, b := x` / `a = x` / `var a T = x` (type kept when declared). */
  | { s: "bind"; names: string[]; value?: GoExpr; type?: string; line: number }
  | { s: "call"; call: Extract<GoExpr, { k: "call" }> };

export interface GoParam {
  name: string;
  /** As written: `*gin.RouterGroup`, `gin.IRouter`, `string`. */
  type: string;
}

export interface GoFunc {
  name: string;
  /** The receiver's type name without `*` for a method. */
  recv?: string;
  /** The receiver as a parameter (`c *Controller`): its fields may hold routers. */
  self?: GoParam;
  params: GoParam[];
  line: number;
  /** Bindings and calls of the body, nested blocks flattened, in source order. */
  body: GoStmt[];
}

export interface GoField {
  name: string;
  type: string;
  /** The struct tag's text: `json:"name" binding:"required"`. */
  tag: string;
}

export interface GoStruct {
  name: string;
  line: number;
  fields: GoField[];
}

export interface GoFileFacts {
  package: string;
  /** Local name → import path. */
  imports: Record<string, string>;
  consts: Record<string, GoExpr>;
  funcs: GoFunc[];
  structs: GoStruct[];
}
