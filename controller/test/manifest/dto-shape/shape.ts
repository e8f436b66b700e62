// A schema reduced to what DTO fidelity is about (issue 20 point 3): the JSON types a value may
// have, its enum, an object's fields with required-ness, an array's items, a map's values and
// the members of a union that are not plain scalars. Both the live OpenAPI schema and the
// manifest's DTOs are read into this form, flattened into one line per field and compared.

export interface Shape {
  /** JSON types, sorted; empty means any value. `null` is a type here (nullable, `| null`). */
  types: string[];
  /** Allowed values but null (a `null` type says that), sorted JSON text; absent: any value of the types. */
  enum?: string[];
  props?: Record<string, { shape: Shape; required: boolean }>;
  items?: Shape;
  /** The value schema of a map (`additionalProperties` / `Record<string, T>`). */
  values?: Shape;
  /** Members of a union that are objects or arrays, in declaration order. */
  anyOf?: Shape[];
}

export const ANY: Shape = { types: [] };

const isPlain = (s: Shape) => !s.props && !s.items && !s.values && !s.anyOf;

/**
 * One shape of several union members: scalar members merge (types and enums joined; a member
 * without an enum lifts the enum, a `null` member only adds the type), the others stay members.
 */
export function union(members: Shape[]): Shape {
  if (members.length === 1) return members[0] as Shape;
  const types = new Set<string>();
  const complex: Shape[] = [];
  let enumValues: Set<string> | undefined = new Set();
  for (const m of members) {
    if (m.types.length === 0 && isPlain(m)) return ANY;
    for (const t of m.types) types.add(t);
    if (!isPlain(m)) complex.push(m);
    else if (m.types.length === 1 && m.types[0] === "null") continue;
    else if (m.enum && enumValues) for (const v of m.enum) enumValues.add(v);
    else enumValues = undefined;
  }
  const out: Shape = { types: [...types].sort() };
  if (enumValues && enumValues.size > 0) out.enum = [...enumValues].sort();
  if (complex.length === 1) Object.assign(out, { ...complex[0], types: out.types });
  else if (complex.length > 1) out.anyOf = complex;
  return out;
}

/** `path → "type=… enum=… required"`, one entry per field, nested fields under `a.b`, items as `a[]`. */
export function flatten(shape: Shape, at = "$", required = true, out = new Map<string, string>()) {
  const parts = [`type=${shape.types.join("|") || "any"}`];
  if (shape.enum) parts.push(`enum=${shape.enum.join(",")}`);
  if (shape.anyOf) parts.push(`anyOf=${shape.anyOf.length}`);
  parts.push(required ? "required" : "optional");
  out.set(at, parts.join(" "));
  for (const [name, p] of Object.entries(shape.props ?? {}))
    flatten(p.shape, `${at}.${name}`, p.required, out);
  if (shape.items) flatten(shape.items, `${at}[]`, true, out);
  if (shape.values) flatten(shape.values, `${at}{}`, true, out);
  for (const [i, m] of (shape.anyOf ?? []).entries()) flatten(m, `${at}<${i}>`, true, out);
  return out;
}

export interface Mismatch {
  path: string;
  live?: string;
  manifest?: string;
}

/** Every field whose line differs, or that only one side has. */
export function diff(live: Map<string, string>, manifest: Map<string, string>): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [path, l] of live)
    if (manifest.get(path) !== l) out.push({ path, live: l, manifest: manifest.get(path) });
  for (const [path, m] of manifest) if (!live.has(path)) out.push({ path, manifest: m });
  return out;
}
