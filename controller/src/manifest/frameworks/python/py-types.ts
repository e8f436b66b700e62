// Python type annotations in the manifest's type notation (../../types.ts, TypeText):
// `int` → integer, `list[Item]` → `Item[]`, `Optional[str]` → `string | null`,
// `Annotated[int, Field(ge=0)]` → integer with its metadata kept for the constraints.

import type { TypeText } from "../../types.js";
import type { PyExpr } from "./py-facts.js";

export interface PyTypeInfo {
  /** The type without `| null`. */
  type: TypeText;
  nullable: boolean;
  format?: string;
  isArray: boolean;
  /** The extra arguments of `Annotated[...]` (Field, Query, Path...). */
  metadata: PyExpr[];
}

/** Names a project class as a DTO or enum name, or undefined when it is neither. */
export type NameModel = (expr: PyExpr) => string | undefined;

const SCALARS: Record<string, [TypeText, string?]> = {
  int: ["integer"],
  float: ["number"],
  Decimal: ["number"],
  str: ["string"],
  bytes: ["string"],
  bool: ["boolean"],
  Any: ["unknown"],
  object: ["unknown"],
  dict: ["Record<string, unknown>"],
  list: ["unknown[]"],
  datetime: ["string", "date-time"],
  date: ["string", "date"],
  time: ["string", "time"],
  timedelta: ["string", "duration"],
  UUID: ["string", "uuid"],
  UUID4: ["string", "uuid"],
  EmailStr: ["string", "email"],
  HttpUrl: ["string", "uri"],
  AnyUrl: ["string", "uri"],
  AnyHttpUrl: ["string", "uri"],
  SecretStr: ["string", "password"],
  NameEmail: ["string", "email"],
};

const SEQUENCES = new Set([
  "list",
  "List",
  "Sequence",
  "set",
  "Set",
  "frozenset",
  "FrozenSet",
  "tuple",
  "Tuple",
  "Iterable",
]);
const MAPPINGS = new Set(["dict", "Dict", "Mapping", "MutableMapping"]);

const lastName = (e: PyExpr): string | undefined =>
  e.k === "name" ? e.id : e.k === "attr" ? e.name : undefined;

export function pyTypeInfo(expr: PyExpr | undefined, nameModel: NameModel): PyTypeInfo {
  const plain = (type: TypeText, format?: string): PyTypeInfo => ({
    type,
    nullable: false,
    format,
    isArray: false,
    metadata: [],
  });
  if (!expr) return plain("unknown");
  if (expr.k === "none") return { ...plain("null"), nullable: true };
  // A forward reference: `"Item"`.
  if (expr.k === "str") return pyTypeInfo({ k: "name", id: expr.v }, nameModel);
  if (expr.k === "binop" && expr.op === "|") return union([expr.l, expr.r], nameModel);
  if (expr.k === "sub") return generic(expr, nameModel);
  const model = nameModel(expr);
  if (model) return plain(model);
  const name = lastName(expr);
  const scalar = name ? SCALARS[name] : undefined;
  return scalar ? plain(scalar[0], scalar[1]) : plain("unknown");
}

function generic(expr: Extract<PyExpr, { k: "sub" }>, nameModel: NameModel): PyTypeInfo {
  const head = lastName(expr.value) ?? "";
  const args = expr.index.length === 1 && expr.index[0]?.k === "list" ? expr.index[0].items : expr.index;
  if (head === "Annotated") {
    const inner = pyTypeInfo(args[0], nameModel);
    return { ...inner, metadata: [...inner.metadata, ...args.slice(1)] };
  }
  if (head === "Optional") return { ...pyTypeInfo(args[0], nameModel), nullable: true };
  if (head === "Union") return union(args, nameModel);
  if (head === "Literal") {
    const values = args.map((a) =>
      a.k === "str" ? JSON.stringify(a.v) : a.k === "num" ? String(a.v) : "unknown",
    );
    return { type: values.join(" | "), nullable: false, isArray: false, metadata: [] };
  }
  if (SEQUENCES.has(head)) {
    const item = pyTypeInfo(args[0], nameModel);
    const itemText = item.type.includes(" | ") ? `(${item.type})` : item.type;
    return { type: `${itemText}[]`, nullable: false, isArray: true, metadata: [] };
  }
  if (MAPPINGS.has(head)) {
    const value = pyTypeInfo(args[1], nameModel);
    return { type: `Record<string, ${value.type}>`, nullable: false, isArray: false, metadata: [] };
  }
  return pyTypeInfo(expr.value, nameModel);
}

function union(members: PyExpr[], nameModel: NameModel): PyTypeInfo {
  const infos = members.map((m) => pyTypeInfo(m, nameModel));
  const nullable = infos.some((i) => i.type === "null");
  const rest = infos.filter((i) => i.type !== "null");
  if (rest.length === 1)
    return { ...(rest[0] as PyTypeInfo), nullable: nullable || (rest[0] as PyTypeInfo).nullable };
  const type = [...new Set(rest.map((i) => i.type))].join(" | ") || "null";
  return { type, nullable, isArray: false, metadata: [] };
}

/** The type text written in a field: nullable types end in `| null`. */
export function fieldTypeText(info: PyTypeInfo): TypeText {
  return info.nullable && info.type !== "null" ? `${info.type} | null` : info.type;
}
