// Reads schema expressions (TypeBox `Type.*`, zod `z.*`, plain JSON Schema objects, helper
// functions that build them) into JSON Schema. A schema held by a named constant becomes a DTO
// of that name and is referred to as `{$ref: name}`, so fields and routes name it.

import { fieldsOf, isObjectSchema, type JsonSchema, typeTextOf } from "../json-schema.js";
import type { Dto, TypeDecl } from "../types.js";
import { nameNestedObjects } from "./nested-objects.js";
import type { JsProgram } from "./program.js";
import { propOf, stringOf, type Value } from "./value.js";

const TYPEBOX = new Set([
  "@sinclair/typebox",
  "typebox",
  "@fastify/type-provider-typebox",
  "@sinclair/typebox/type",
]);
const ZOD = new Set(["zod", "zod/v4", "zod/v3"]);
const SCHEMA_KEYS = ["type", "properties", "$ref", "anyOf", "oneOf", "allOf", "enum", "items", "const"];
const OPTIONAL = "x-manifest-optional";

type Lib = "typebox" | "zod";

export class SchemaReader {
  readonly dtos = new Map<string, Dto>();
  readonly types = new Map<string, TypeDecl>();
  private readonly reading = new Set<string>();

  constructor(private readonly program: JsProgram) {}

  /** A DTO name for a route's schema: the constant's name, or `fallback` for an inline object. */
  dtoName(v: Value, file: string, fallback: string, line: number): string | undefined {
    const schema = this.read(v, file);
    if (!schema) return undefined;
    if (typeof schema.$ref === "string") return schema.$ref;
    if (isObjectSchema(schema)) {
      this.register(fallback, file, line, schema, this.kindOf(v, file));
      return fallback;
    }
    // An array or a union of objects written inline: its objects named after the route.
    const named = nameNestedObjects(schema, fallback, (n, s) =>
      this.register(n, file, line, s, this.kindOf(v, file)),
    );
    const text = typeTextOf(named);
    // `null` is no body (a 204), `unknown`/`object` says nothing worth a name.
    return ["unknown", "object", "null"].includes(text) ? undefined : text;
  }

  /** JSON Schema of an expression, or undefined when it is not a schema. */
  read(v: Value, file: string, depth = 0): JsonSchema | undefined {
    if (depth > 30) return undefined;
    if (v.k === "id" || v.k === "import") {
      const d = this.program.deref(v, file);
      if (!d) return undefined;
      const key = `${d.file}#${d.name}`;
      if (this.reading.has(key)) return { $ref: d.name };
      this.reading.add(key);
      try {
        const schema = this.read(d.v, d.file, depth + 1);
        if (!schema) return undefined;
        if (isObjectSchema(schema) && !schema.$ref) {
          this.register(d.name, d.file, d.line, schema, this.kindOf(d.v, d.file));
          return { $ref: d.name, ...(schema[OPTIONAL] ? { [OPTIONAL]: true } : {}) };
        }
        return schema;
      } finally {
        this.reading.delete(key);
      }
    }
    if (v.k === "obj") return this.readObject(v, file, depth);
    if (v.k === "call") return this.readCall(v, file, depth);
    if (v.k === "get") {
      const resolved = this.program.resolve(v, file);
      if (resolved.k !== "get") return this.read(resolved, file, depth + 1);
      const member = this.memberOfCall(resolved);
      return member ? this.read(member.v, member.file, depth + 1) : undefined;
    }
    return undefined;
  }

  /**
   * A DTO of an object schema; its inline nested objects (a field, an array's items, a union's
   * members, a map's values) become DTOs of their own, named after their place
   * (`AgentContextResponseFilesItem`), so the manifest keeps every level of nesting.
   */
  private register(name: string, file: string, line: number, schema: JsonSchema, kind: string): void {
    if (this.dtos.has(name)) return;
    const dto: Dto = { name, file, line, fields: [], kind };
    this.dtos.set(name, dto);
    dto.fields = fieldsOf(
      nameNestedObjects(schema, name, (n, s) => this.register(n, file, line, s, kind), true),
    );
  }

  /** `helper(args).body` (also `const { body } = helper(args)`): that property of what the helper returns. */
  private memberOfCall(v: Extract<Value, { k: "get" }>): { v: Value; file: string } | undefined {
    const name = stringOf(v.prop);
    if (v.of.k !== "call" || v.of.fn.k !== "fn" || name === undefined) return undefined;
    const returned = this.program.apply(v.of.fn.id, v.of.args);
    const member = returned?.k === "obj" ? propOf(returned, name) : undefined;
    return member ? { v: member, file: this.program.fileOfFn(v.of.fn.id) } : undefined;
  }

  private kindOf(v: Value, file: string): string {
    const lib = v.k === "call" ? this.libOf(v, file) : undefined;
    return lib?.lib ?? "json-schema";
  }

  private readObject(v: Extract<Value, { k: "obj" }>, file: string, depth: number): JsonSchema | undefined {
    // `{ ...Id, description: "…" }`: the spread schemas (inline, not by name) with the keys written after.
    const bases = (v.spreads ?? []).map((s) => {
      const base = this.read(s, file, depth + 1);
      return base?.$ref ? this.derefObject(base) : base;
    });
    const keys = v.props.map(([k]) => k);
    if (!keys.some((k) => SCHEMA_KEYS.includes(k)) && !bases.some(Boolean)) return undefined;
    const own = this.json({ k: "obj", props: v.props }, file, depth) as JsonSchema;
    return Object.assign({}, ...bases.filter(Boolean), own);
  }

  /** A JSON literal, where nested schema positions may hold schema expressions. */
  private json(v: Value, file: string, depth: number): unknown {
    const resolved =
      v.k === "id" || v.k === "import" || v.k === "call" ? undefined : this.program.resolve(v, file);
    if (!resolved) return this.read(v, file, depth + 1) ?? stringOf(this.program.resolve(v, file));
    switch (resolved.k) {
      case "str":
      case "num":
      case "bool":
        return resolved.v;
      case "null":
        return null;
      case "arr": {
        // The items as written (a named schema stays named), each `...list` as the list's items.
        const items = v.k === "arr" ? v.items : resolved.items;
        return items.flatMap((x) => {
          if (x.k !== "spread") return [this.json(x, file, depth + 1)];
          // `a ?? b` spread: the value it holds when `a` is known (a plugin's option), never `b`
          // in its place (a default narrower than what the app passes).
          const held = this.program.resolve(x.of, file);
          const of = held.k === "or" ? held.options[0]! : held;
          return of.k === "arr" ? (this.json(of, file, depth + 1) as unknown[]) : [undefined];
        });
      }
      case "obj": {
        const out: Record<string, unknown> = {};
        const props = v.k === "obj" ? v.props : resolved.props;
        for (const [k, x] of props) out[k] = this.json(x, file, depth + 1);
        // An enum with values not known here (a runtime list) allows more than it could name.
        if (Array.isArray(out.enum) && out.enum.includes(undefined)) delete out.enum;
        return out;
      }
      default:
        return stringOf(resolved);
    }
  }

  private libOf(
    v: Extract<Value, { k: "call" }>,
    file: string,
  ): { lib: Lib; method: string; base?: Value } | undefined {
    if (v.fn.k !== "get") return undefined;
    const method = stringOf(v.fn.prop);
    if (!method) return undefined;
    const of = this.program.resolve(v.fn.of, file);
    if (of.k === "import") {
      if (TYPEBOX.has(of.from) && (of.name === "Type" || of.name === "default" || of.name === "*"))
        return { lib: "typebox", method };
      if (ZOD.has(of.from)) return { lib: "zod", method };
    }
    // A modifier (`.min(1)`, `.partial()`) on a zod schema, written inline or held by a name.
    const base = v.fn.of.k === "call" ? v.fn.of : of.k === "call" ? of : undefined;
    if (base && this.libOf(base, file)?.lib === "zod") return { lib: "zod", method, base: v.fn.of };
    return undefined;
  }

  private readCall(v: Extract<Value, { k: "call" }>, file: string, depth: number): JsonSchema | undefined {
    const lib = this.libOf(v, file);
    if (lib?.lib === "typebox") return this.typebox(lib.method, v.args, file, depth);
    if (lib?.lib === "zod")
      return lib.base
        ? this.zodModifier(lib.method, lib.base, v.args, file, depth)
        : this.zodBase(lib.method, v.args, file, depth);
    // A helper of the tree that builds a schema (`ListEnvelope(Item)`): read what it returns.
    const fn = this.program.resolve(v.fn, file);
    if (fn.k === "fn") {
      // A named schema passed in stays named (`Page(Book)` has items of `Book`).
      const args = v.args.map((a): Value => {
        const named = a.k === "id" || a.k === "import" ? this.read(a, file, depth + 1) : undefined;
        return typeof named?.$ref === "string"
          ? { k: "obj", props: [["$ref", { k: "str", v: named.$ref }]] }
          : this.program.resolve(a, file);
      });
      const applied = this.program.apply(fn.id, args);
      if (applied)
        return this.read(
          this.program.resolve(applied, this.program.fileOfFn(fn.id)),
          this.program.fileOfFn(fn.id),
          depth + 1,
        );
    }
    return undefined;
  }

  private opts(v: Value | undefined, file: string, depth: number): JsonSchema {
    return v ? ((this.json(v, file, depth + 1) as JsonSchema | undefined) ?? {}) : {};
  }

  private objectOf(props: Value | undefined, file: string, depth: number): JsonSchema {
    const fields = new Map<string, JsonSchema>();
    if (props) this.propertiesOf(props, file, depth, fields);
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, schema] of fields) {
      const { [OPTIONAL]: optional, ...rest } = schema;
      properties[name] = rest;
      if (!optional) required.push(name);
    }
    return { type: "object", properties, required };
  }

  /**
   * The property schemas of a TypeBox/zod object's argument, in order, later ones winning:
   * an object literal (its `...spreads` first, each read where it is written), a name or an
   * import of one, `Other.properties` (`Type.Object(IssueSchema.properties)`), a helper's result.
   */
  private propertiesOf(v: Value, file: string, depth: number, out: Map<string, JsonSchema>): void {
    if (depth > 30) return;
    if (v.k === "obj") {
      for (const s of v.spreads ?? []) this.propertiesOf(s, file, depth + 1, out);
      for (const [name, x] of v.props) out.set(name, this.read(x, file, depth + 1) ?? {});
      return;
    }
    if (v.k === "id" || v.k === "import") {
      const d = this.program.deref(v, file);
      if (d) this.propertiesOf(d.v, d.file, depth + 1, out);
      return;
    }
    if (v.k === "get" && stringOf(v.prop) === "properties") {
      const base = this.derefObject(this.read(v.of, file, depth + 1) ?? {});
      const required = new Set((base.required as string[] | undefined) ?? []);
      for (const [name, s] of Object.entries((base.properties as Record<string, JsonSchema>) ?? {}))
        out.set(name, required.has(name) ? s : { ...s, [OPTIONAL]: true });
      return;
    }
    if (v.k === "call") {
      const fn = this.program.resolve(v.fn, file);
      if (fn.k === "fn") {
        const args = v.args.map((a) => this.program.resolve(a, file));
        const applied = this.program.apply(fn.id, args);
        if (applied) this.propertiesOf(applied, this.program.fileOfFn(fn.id), depth + 1, out);
        return;
      }
    }
    const resolved = this.program.resolve(v, file);
    if (resolved.k === "obj") this.propertiesOf(resolved, file, depth + 1, out);
  }

  private typebox(method: string, args: Value[], file: string, depth: number): JsonSchema | undefined {
    const arg = (i: number) => (args[i] ? this.read(args[i]!, file, depth + 1) : undefined) ?? {};
    switch (method) {
      case "Object":
        return { ...this.objectOf(args[0], file, depth), ...this.opts(args[1], file, depth) };
      case "Optional":
        return { ...arg(0), [OPTIONAL]: true };
      case "Readonly":
        return arg(0);
      case "String":
      case "Number":
      case "Integer":
      case "Boolean":
      case "Null":
        return { type: method.toLowerCase(), ...this.opts(args[0], file, depth) };
      case "Date":
        return { type: "string", format: "date-time" };
      case "Any":
      case "Unknown":
        return {};
      case "Array":
        return { type: "array", items: arg(0), ...this.opts(args[1], file, depth) };
      case "Literal":
        return { const: this.json(args[0]!, file, depth) };
      case "Union": {
        const items = args[0] ? this.program.resolve(args[0], file) : undefined;
        const members = (args[0]?.k === "arr" ? args[0].items : items?.k === "arr" ? items.items : []).map(
          (x) => this.read(x, file, depth + 1) ?? {},
        );
        if (members.length > 0 && members.every((m) => "const" in m))
          return { enum: members.map((m) => m.const), ...this.opts(args[1], file, depth) };
        return { anyOf: members, ...this.opts(args[1], file, depth) };
      }
      case "Enum": {
        const values = this.json(args[0]!, file, depth);
        return {
          enum: Array.isArray(values) ? values : Object.values((values as object) ?? {}),
          ...this.opts(args[1], file, depth),
        };
      }
      case "Record":
        return { type: "object", additionalProperties: arg(1) };
      case "Partial": {
        const base = this.derefObject(arg(0));
        return { ...base, required: [] };
      }
      case "Required": {
        const base = this.derefObject(arg(0));
        return { ...base, required: Object.keys((base.properties as object) ?? {}) };
      }
      case "Pick":
      case "Omit": {
        const base = this.derefObject(arg(0));
        const keysValue = args[1] ? this.json(args[1], file, depth) : [];
        const keys = new Set(Array.isArray(keysValue) ? keysValue.map(String) : []);
        const keep = (k: string) => (method === "Pick" ? keys.has(k) : !keys.has(k));
        const properties = Object.fromEntries(
          Object.entries((base.properties as object) ?? {}).filter(([k]) => keep(k)),
        );
        return { type: "object", properties, required: ((base.required as string[]) ?? []).filter(keep) };
      }
      case "Intersect":
      case "Composite": {
        const items = args[0] && args[0].k === "arr" ? args[0].items : [];
        const parts = items.map((x) => this.derefObject(this.read(x, file, depth + 1) ?? {}));
        return {
          type: "object",
          properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
          required: parts.flatMap((p) => (p.required as string[]) ?? []),
        };
      }
      case "Unsafe":
        return this.opts(args[0], file, depth);
      case "Ref":
        return arg(0);
      default:
        return {};
    }
  }

  /** The object schema behind a `$ref` to a DTO read earlier. */
  private derefObject(schema: JsonSchema): JsonSchema {
    if (typeof schema.$ref !== "string") return schema;
    const dto = this.dtos.get(schema.$ref);
    if (!dto) return schema;
    const properties: Record<string, JsonSchema> = {};
    for (const f of dto.fields) properties[f.name] = { ...f.constraints, "x-manifest-type": f.type };
    return { type: "object", properties, required: dto.fields.filter((f) => f.required).map((f) => f.name) };
  }

  private zodBase(method: string, args: Value[], file: string, depth: number): JsonSchema | undefined {
    switch (method) {
      case "object":
      case "strictObject":
        return this.objectOf(args[0], file, depth);
      case "string":
      case "number":
      case "boolean":
      case "null":
        return { type: method };
      case "bigint":
        return { type: "integer" };
      case "date":
        return { type: "string", format: "date-time" };
      case "email":
      case "uuid":
      case "url":
        return { type: "string", format: method === "url" ? "uri" : method };
      case "array":
        return { type: "array", items: (args[0] ? this.read(args[0], file, depth + 1) : undefined) ?? {} };
      case "enum":
      case "nativeEnum": {
        const values = args[0] ? this.json(args[0], file, depth) : [];
        return {
          type: "string",
          enum: Array.isArray(values) ? values : Object.values((values as object) ?? {}),
        };
      }
      case "literal":
        return { const: this.json(args[0]!, file, depth) };
      case "union": {
        const list = args[0]?.k === "arr" ? args[0].items : [];
        const members = list.map((x) => this.read(x, file, depth + 1) ?? {});
        if (members.length > 0 && members.every((m) => "const" in m))
          return { enum: members.map((m) => m.const) };
        return { anyOf: members };
      }
      case "record":
        return {
          type: "object",
          additionalProperties:
            (args[args.length - 1] ? this.read(args[args.length - 1]!, file, depth + 1) : undefined) ?? {},
        };
      case "any":
      case "unknown":
        return {};
      default:
        return undefined;
    }
  }

  private zodModifier(
    method: string,
    base: Value,
    args: Value[],
    file: string,
    depth: number,
  ): JsonSchema | undefined {
    const read = this.read(base, file, depth + 1);
    if (!read) return undefined;
    const reshapes = ["partial", "extend", "pick", "omit", "required", "merge"].includes(method);
    const schema = reshapes ? this.derefObject(read) : read;
    const n = args[0] ? this.json(args[0], file, depth) : undefined;
    const isString = schema.type === "string";
    const isArray = schema.type === "array";
    switch (method) {
      case "optional":
      case "nullish":
        return { ...schema, [OPTIONAL]: true };
      case "nullable":
        return { ...schema, nullable: true };
      case "default":
        return { ...schema, default: n, [OPTIONAL]: true };
      case "min":
        return { ...schema, [isString ? "minLength" : isArray ? "minItems" : "minimum"]: n };
      case "max":
        return { ...schema, [isString ? "maxLength" : isArray ? "maxItems" : "maximum"]: n };
      case "length":
        return { ...schema, minLength: n, maxLength: n };
      case "gt":
        return { ...schema, exclusiveMinimum: n };
      case "lt":
        return { ...schema, exclusiveMaximum: n };
      case "gte":
        return { ...schema, minimum: n };
      case "lte":
        return { ...schema, maximum: n };
      case "positive":
        return { ...schema, exclusiveMinimum: 0 };
      case "nonnegative":
        return { ...schema, minimum: 0 };
      case "int":
        return { ...schema, type: "integer" };
      case "email":
      case "uuid":
      case "url":
      case "datetime":
        return { ...schema, format: method === "url" ? "uri" : method === "datetime" ? "date-time" : method };
      case "regex":
        return { ...schema, pattern: n };
      case "nonempty":
        return { ...schema, [isArray ? "minItems" : "minLength"]: 1 };
      case "array":
        return { type: "array", items: schema };
      case "partial":
        return { ...schema, required: [] };
      case "required":
        return { ...schema, required: Object.keys((schema.properties as object) ?? {}) };
      case "pick":
      case "omit": {
        const keys = new Set(Object.keys((n as object) ?? {}));
        const keep = (k: string) => (method === "pick" ? keys.has(k) : !keys.has(k));
        return {
          type: "object",
          properties: Object.fromEntries(
            Object.entries((schema.properties as object) ?? {}).filter(([k]) => keep(k)),
          ),
          required: ((schema.required as string[]) ?? []).filter(keep),
        };
      }
      case "extend": {
        const more = this.objectOf(args[0], file, depth);
        return {
          ...schema,
          properties: { ...(schema.properties as object), ...(more.properties as object) },
          required: [...((schema.required as string[]) ?? []), ...((more.required as string[]) ?? [])],
        };
      }
      default:
        // .describe(), .trim(), .strict(), .refine()… keep the schema as it is.
        return schema;
    }
  }
}
