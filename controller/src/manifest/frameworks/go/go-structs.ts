// Go structs as DTOs: the json tag names a field (`-` hides it), `binding:"required"` /
// `validate:"required"` make it required, and their rules become constraints (min, max, len,
// email, oneof, uuid, url…). Types map to the manifest's notation; embedded structs bring their
// fields; a DTO is listed when an endpoint uses it, with the structs its fields name.

import type { Constraints, Dto, Field } from "../../types.js";
import type { GoProgram } from "./go-linker.js";

const SCALARS: Record<string, string> = {
  string: "string",
  bool: "boolean",
  float32: "number",
  float64: "number",
  "time.Time": "string",
  "uuid.UUID": "string",
  any: "unknown",
  "interface{}": "unknown",
  "json.RawMessage": "unknown",
};

export class GoStructs {
  private readonly used = new Map<string, Dto>();

  constructor(private readonly program: GoProgram) {}

  /** The DTO name for a Go type (`CreateUser`, `[]User` → `User[]`), listing the struct(s) it names. */
  use(type: string): string | undefined {
    const slice = type.startsWith("[]");
    const bare = type.replace(/^(\[\]|\*)+/, "");
    const found = this.program.struct(bare);
    if (!found) return undefined;
    this.add(found.struct.name);
    return slice ? `${found.struct.name}[]` : found.struct.name;
  }

  dtos(): Dto[] {
    return [...this.used.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The fields of a struct as the given tag names them (`json` for bodies, `form` for queries). */
  fieldsOf(type: string, tagKey = "json", seen = new Set<string>()): Field[] {
    const found = this.program.struct(type);
    if (!found || seen.has(found.struct.name)) return [];
    seen.add(found.struct.name);
    const out: Field[] = [];
    for (const f of found.struct.fields) {
      if (f.name.startsWith("...")) {
        out.push(...this.fieldsOf(f.name.slice(3), tagKey, seen));
        continue;
      }
      if (!/^[A-Z]/.test(f.name)) continue; // unexported: never serialised
      const tag = tagValue(f.tag, tagKey) ?? (tagKey === "form" ? tagValue(f.tag, "json") : undefined);
      const [tagName] = (tag ?? "").split(",");
      if (tagName === "-") continue;
      const rules = [tagValue(f.tag, "binding"), tagValue(f.tag, "validate")].filter(Boolean).join(",");
      const { type: fieldType, constraints } = this.typeText(f.type, rules);
      out.push({
        name: tagName || f.name,
        type: fieldType,
        required: rules.split(",").includes("required"),
        constraints,
      });
    }
    return out;
  }

  private add(name: string): void {
    if (this.used.has(name)) return;
    const found = this.program.struct(name);
    if (!found) return;
    const dto: Dto = { name, file: found.file, line: found.struct.line, fields: [], kind: "go-struct" };
    this.used.set(name, dto);
    dto.fields = this.fieldsOf(name);
    // Structs named by fields are DTOs too (nesting).
    for (const f of found.struct.fields) {
      const inner = f.type.replace(/^(\[\]|\*|map\[string\])+/, "");
      if (this.program.struct(inner) && !f.name.startsWith("..."))
        this.add(this.program.struct(inner)!.struct.name);
    }
  }

  private typeText(goType: string, rules: string): { type: string; constraints: Constraints } {
    const constraints = constraintsOf(rules, goType);
    const t = goType.replace(/^\*/, "");
    if (t.startsWith("[]")) return { type: `${this.typeText(t.slice(2), "").type}[]`, constraints };
    if (t.startsWith("map[string]"))
      return {
        type: `Record<string, ${this.typeText(t.slice("map[string]".length), "").type}>`,
        constraints,
      };
    if (SCALARS[t]) return { type: SCALARS[t]!, constraints };
    if (/^u?int(8|16|32|64)?$/.test(t)) return { type: "integer", constraints };
    const struct = this.program.struct(t);
    if (struct) return { type: struct.struct.name, constraints };
    return { type: "unknown", constraints };
  }
}

/** `json:"name,omitempty" binding:"required"` → the value of one key. */
function tagValue(tag: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}:"([^"]*)"`).exec(tag);
  return m?.[1];
}

function constraintsOf(rules: string, goType: string): Constraints {
  const c: Constraints = {};
  const isString = goType.replace(/^\*/, "") === "string";
  const isArray = goType.startsWith("[]");
  for (const rule of rules.split(",")) {
    const [name, arg] = rule.split("=");
    const n = Number(arg);
    if ((name === "min" || name === "gte") && !Number.isNaN(n)) {
      if (isString) c.minLength = n;
      else if (isArray) c.minItems = n;
      else c.minimum = n;
    } else if ((name === "max" || name === "lte") && !Number.isNaN(n)) {
      if (isString) c.maxLength = n;
      else if (isArray) c.maxItems = n;
      else c.maximum = n;
    } else if (name === "gt" && !Number.isNaN(n) && !isString) c.exclusiveMinimum = n;
    else if (name === "lt" && !Number.isNaN(n) && !isString) c.exclusiveMaximum = n;
    else if (name === "len" && !Number.isNaN(n) && isString) {
      c.minLength = n;
      c.maxLength = n;
    } else if (name === "email") c.format = "email";
    else if (name === "uuid" || name === "uuid4") c.format = "uuid";
    else if (name === "url" || name === "uri") c.format = "uri";
    else if (name === "oneof" && arg) {
      const values = arg.split(" ").filter(Boolean);
      c.enum = isString ? values : values.map(Number);
    }
  }
  return c;
}
