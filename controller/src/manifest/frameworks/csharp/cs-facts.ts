// What the ASP.NET Core scanner keeps of one C# file (cs-extract.ts): classes and records with
// their attributes, methods, parameters and properties, and the statements of top-level code
// and method bodies (for minimal APIs). JSON-serialisable: cached per file hash.

export type CsVal =
  | { k: "str"; v: string }
  | { k: "num"; v: number }
  /** `typeof(T)` */
  | { k: "type"; name: string }
  /** `StatusCodes.Status201Created`, `HttpStatusCode.OK` */
  | { k: "member"; text: string }
  | { k: "other" };

export interface CsAttr {
  name: string;
  args: CsVal[];
  named: Record<string, CsVal>;
}

export interface CsParam {
  name: string;
  type: string;
  attrs: CsAttr[];
  /** `this` on an extension method's first parameter. */
  isThis?: boolean;
}

export interface CsProp {
  name: string;
  type: string;
  attrs: CsAttr[];
  /** The C# 11 `required` modifier. */
  required: boolean;
}

export interface CsMethod {
  name: string;
  line: number;
  attrs: CsAttr[];
  returns: string;
  params: CsParam[];
  body: CsStmt[];
  isStatic: boolean;
}

export interface CsClass {
  name: string;
  line: number;
  attrs: CsAttr[];
  bases: string[];
  methods: CsMethod[];
  props: CsProp[];
  /** `record R(int Id, string Name)`: its primary constructor's parameters are its properties. */
  recordParams?: CsParam[];
  /** `enum E { A, B }` */
  enumMembers?: string[];
}

export type CsExpr =
  | { k: "call"; fn: CsExpr; args: CsExpr[]; line: number }
  | { k: "member"; x: CsExpr; name: string }
  | { k: "id"; name: string }
  | { k: "str"; v: string }
  | { k: "lambda"; params: CsParam[] }
  | { k: "other" };

export type CsStmt =
  | { s: "bind"; name: string; value: CsExpr }
  | { s: "call"; call: Extract<CsExpr, { k: "call" }> };

export interface CsFileFacts {
  classes: CsClass[];
  /** Top-level statements (Program.cs). */
  main: CsStmt[];
}
