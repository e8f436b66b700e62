// The facts the Python scanners keep of one module: a small, JSON-serialisable outline of its
// statements and expressions, enough for link to evaluate routes, prefixes and models across
// modules (imports, constants, loops over literals, decorators, class bodies).

/** An expression, reduced to what route and model discovery needs. */
export type PyExpr =
  | { k: "str"; v: string }
  | { k: "fstr"; parts: (string | PyExpr)[] }
  | { k: "num"; v: number }
  | { k: "bool"; v: boolean }
  | { k: "none" }
  | { k: "ellipsis" }
  | { k: "name"; id: string }
  | { k: "attr"; obj: PyExpr; name: string }
  | { k: "call"; fn: PyExpr; args: PyExpr[]; kw: Record<string, PyExpr>; line: number }
  | { k: "list"; items: PyExpr[] }
  | { k: "dict"; entries: [PyExpr, PyExpr][] }
  | { k: "sub"; value: PyExpr; index: PyExpr[] }
  | { k: "binop"; op: string; l: PyExpr; r: PyExpr }
  /** `a and b`, `a or b`: Python's short-circuit, the operand that decides. */
  | { k: "boolop"; op: "and" | "or"; l: PyExpr; r: PyExpr }
  | { k: "not"; e: PyExpr }
  /** `a < b <= c`, `x is not None`, `k in d`: `ops[i]` sits between `items[i]` and `items[i + 1]`. */
  | { k: "compare"; ops: string[]; items: PyExpr[] }
  /** `*urls` among a call's arguments: its items are spread in when the list is known. */
  | { k: "splat"; e: PyExpr }
  /** `body if test else orelse`. */
  | { k: "ifexp"; test: PyExpr; body: PyExpr; orelse: PyExpr }
  | { k: "lambda" }
  | { k: "other"; text: string };

/** The key of a call's `**mapping` argument in its `kw` (no keyword argument can be named so). */
export const KW_SPLAT = "**";

/** `from mod import name as alias` (name undefined for `import mod as alias`). */
export interface PyImport {
  local: string;
  module: string;
  name?: string;
  /** `import a.b.c` binds `a` (module) but loads `a.b.c`. */
  loads?: string;
}

export interface PyParam {
  name: string;
  type?: PyExpr;
  default?: PyExpr;
  /** `*args` / `**kwargs`. */
  splat?: boolean;
  /** `**kwargs`: the keyword arguments no other parameter takes. */
  kwargs?: boolean;
}

/** What a function body does with the request (Flask) and what it returns. */
export interface PyBodyUse {
  /** request.args / request.headers reads, and schema loads/dumps. */
  kind: "query" | "header" | "load" | "return";
  name?: string;
  /** `type=int` of request.args.get, or the schema class of a load/dump. */
  type?: PyExpr;
  required?: boolean;
  /** The default of `request.args.get("page", 1)`. */
  default?: PyExpr;
  many?: boolean;
  status?: number;
  /** The `X` of `Response(..., status=X)` or the second item of a returned tuple. */
  statusExpr?: PyExpr;
  /** Methods this use is limited to (`if request.method == "POST"`), or excluded from. */
  only?: string[];
  not?: string[];
}

export interface PyFunction {
  name: string;
  line: number;
  decorators: PyExpr[];
  /** Line of the first decorator (the route declaration of a decorated route). */
  decoratorLines: number[];
  params: PyParam[];
  returns?: PyExpr;
  /**
   * What the first top-level `return` gives back: a call (`return Settings()`, settings
   * factories), a name (`return klass`, a property that hands out a class), any expression (a
   * helper that builds a path).
   */
  returned?: PyExpr;
  uses: PyBodyUse[];
  body: PyStmt[];
}

export interface PyClass {
  name: string;
  line: number;
  bases: PyExpr[];
  decorators: PyExpr[];
  decoratorLines: number[];
  body: PyStmt[];
}

export type PyStmt =
  | { s: "assign"; targets: PyExpr[]; value?: PyExpr; type?: PyExpr; line: number }
  | { s: "expr"; e: PyExpr; line: number }
  | { s: "for"; target: PyExpr; iter: PyExpr; body: PyStmt[] }
  | { s: "block"; body: PyStmt[] }
  /** `if test: body` with `elif`/`else` in `orelse` (an `elif` is an `if` alone in `orelse`). */
  | { s: "if"; test: PyExpr; body: PyStmt[]; orelse: PyStmt[] }
  | { s: "continue" }
  | { s: "break" }
  | { s: "def"; fn: PyFunction }
  | { s: "class"; cls: PyClass };

export interface PyModuleFacts {
  /** Dotted module name from the file path (`app/api/__init__.py` → `app.api`). */
  module: string;
  /** True for a package's `__init__.py` (relative imports resolve from the package itself). */
  isPackage: boolean;
  imports: PyImport[];
  body: PyStmt[];
}

/** The statement lists nested in a statement (a block's, a loop's, both branches of an `if`). */
export function nestedBodies(st: PyStmt): PyStmt[][] {
  if (st.s === "block" || st.s === "for") return [st.body];
  if (st.s === "if") return [st.body, st.orelse];
  return [];
}
