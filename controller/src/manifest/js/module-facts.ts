// What extract keeps of one JavaScript/TypeScript module: its names, imports and exports, the
// functions and classes (with decorators), the method calls that may register routes or mount
// routers, and the declared types. Framework scanners interpret these facts at link time.

import type { TypeText } from "../types.js";
import type { ModuleLoads } from "./module-loads.js";
import type { Value } from "./value.js";

export interface DecoratorFact {
  /** The decorator's callee: `Get`, `ApiProperty`, `Type`. */
  name: string;
  args: Value[];
  line: number;
}

export interface ParamFact {
  name: string;
  type?: TypeText;
  /** The type arguments of a generic parameter type: `Request<P, Res, Body>` → [P, Res, Body]. */
  typeArgs?: TypeText[];
  optional: boolean;
  decorators: DecoratorFact[];
}

export interface FnFact {
  name?: string;
  line: number;
  params: ParamFact[];
  /** What a `return` gives (the last one), for router factories. */
  returns?: Value;
  /** The declared type of the variable holding the function (`FastifyPluginAsync<…>`). */
  declaredType?: string;
  /**
   * What the function reads of its parameters: `req.query.page` → [0, "query", "page"];
   * a method call with a string reads `name()` then the string (`c.req.query("q")`).
   */
  reads?: [number, ...string[]][];
}

/** The `method` of a plain call `fn(args)`, whose `recv` is the function. */
export const PLAIN_CALL = { k: "str", v: "()" } as const;

export interface CallFact {
  /** `recv.method(args)`, or `recv(args)` with `method` PLAIN_CALL. */
  recv: Value;
  method: Value;
  args: Value[];
  line: number;
}

export interface MemberFact {
  kind: "method" | "field";
  name: string;
  line: number;
  decorators: DecoratorFact[];
  params: ParamFact[];
  /** A method's return type, a field's type. */
  type?: TypeText;
  optional: boolean;
}

export interface ClassFact {
  name: string;
  line: number;
  decorators: DecoratorFact[];
  extends?: Value;
  /** `class A<T>`: ["T"]. */
  typeParams?: string[];
  /** `extends Base<Cat>`: ["Cat"]. */
  extendsTypeArgs?: string[];
  members: MemberFact[];
  /** What each instance holds: field initialisers, the constructor's `this.x = …`, then its methods. */
  props?: Record<string, Value>;
}

export interface FieldFact {
  name: string;
  type: TypeText;
  optional: boolean;
  description?: string;
}

export interface InterfaceFact {
  name: string;
  line: number;
  fields: FieldFact[];
  extends: string[];
}

export interface AliasFact {
  name: string;
  line: number;
  type: TypeText;
  /** An object type literal's fields. */
  fields?: FieldFact[];
  /** A union of literals' members. */
  values?: (string | number)[];
  /** `Static<typeof X>`, `z.infer<typeof X>`: the schema constant the type is derived from. */
  derivedFrom?: string;
}

export interface EnumFact {
  name: string;
  line: number;
  values: (string | number)[];
}

export interface JsModule {
  /** Module-level names → what they hold (imports are `import` values). */
  bindings: Record<string, Value>;
  /** 1-based line where each module-level name is declared. */
  bindingLines: Record<string, number>;
  /** Exported names (`default` included) → value; re-exports are `import` values. */
  exports: Record<string, Value>;
  /** `export * from "…"`. */
  starExports: string[];
  functions: Record<string, FnFact>;
  calls: CallFact[];
  classes: ClassFact[];
  interfaces: InterfaceFact[];
  aliases: AliasFact[];
  enums: EnumFact[];
  /** `app.locals.loginPath = value`: a property set on an object after it was made. */
  propAssigns?: PropAssign[];
  /** The modules, files and folders it may load (the package's module graph). */
  loads?: ModuleLoads;
}

export interface PropAssign {
  /** The object (a call that made it, or a name holding one). */
  of: Value;
  /** The property path below it: `["locals", "loginPath"]`. */
  path: string[];
  value: Value;
}

/** The facts key of a JsModule. Bump when extractModule's output changes. */
export const JS_FACTS_KEY = "js-module@16";
