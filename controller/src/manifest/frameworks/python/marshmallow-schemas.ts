// marshmallow schemas as DTOs: `fields.Str(required=True, validate=validate.Length(max=200))`,
// `fields.Nested(Other, many=True)`, `fields.Enum(Genre)`, `data_key`, `dump_only` (read-only).

import type { Constraints, Dto, Field } from "../../types.js";
import type { PyProgram } from "./py-evaluator.js";
import type { PyExpr } from "./py-facts.js";
import { isTrue, literalValue } from "./py-literals.js";
import { fieldsThroughBases, type PyModels } from "./py-models.js";
import type { ClassValue } from "./py-values.js";

const FIELD_TYPES: Record<string, [string, string?]> = {
  Str: ["string"],
  String: ["string"],
  Int: ["integer"],
  Integer: ["integer"],
  Float: ["number"],
  Number: ["number"],
  Decimal: ["number"],
  Bool: ["boolean"],
  Boolean: ["boolean"],
  DateTime: ["string", "date-time"],
  AwareDateTime: ["string", "date-time"],
  NaiveDateTime: ["string", "date-time"],
  Date: ["string", "date"],
  Time: ["string", "time"],
  TimeDelta: ["number"],
  Email: ["string", "email"],
  Url: ["string", "uri"],
  URL: ["string", "uri"],
  UUID: ["string", "uuid"],
  IP: ["string", "ip"],
  Dict: ["Record<string, unknown>"],
  Mapping: ["Record<string, unknown>"],
  Raw: ["unknown"],
  Method: ["unknown"],
  Function: ["unknown"],
};

export class MarshmallowSchemas {
  private readonly byClass = new Map<object, Dto>();

  constructor(
    private readonly program: PyProgram,
    private readonly models: PyModels,
  ) {}

  isSchema(cls: ClassValue): boolean {
    return this.models.hasBase(cls, (name) => name === "Schema" || name.endsWith("AutoSchema"));
  }

  dtoOf(cls: ClassValue): Dto | undefined {
    const cached = this.byClass.get(cls.cls);
    if (cached) return cached;
    if (!this.isSchema(cls)) return undefined;
    const dto: Dto = {
      name: cls.cls.name,
      file: cls.ref.file,
      line: cls.cls.line,
      fields: [],
      kind: "marshmallow",
    };
    this.byClass.set(cls.cls, dto);
    const fields = fieldsThroughBases(this.program, cls, (owner, stmt) =>
      stmt.targets[0]?.k === "name" && stmt.value?.k === "call"
        ? this.fieldOf(owner.ref.module, stmt.targets[0].id, stmt.value)
        : undefined,
    );
    dto.fields = [...fields.values()];
    return dto;
  }

  private fieldOf(module: string, attr: string, call: Extract<PyExpr, { k: "call" }>): Field | undefined {
    const kind = call.fn.k === "attr" ? call.fn.name : call.fn.k === "name" ? call.fn.id : "";
    const type = this.typeOf(module, kind, call);
    if (!type) return undefined;
    const kw = call.kw;
    const constraints: Constraints = type.format ? { format: type.format } : {};
    const validators = kw.validate?.k === "list" ? kw.validate.items : kw.validate ? [kw.validate] : [];
    for (const v of validators) Object.assign(constraints, validatorRules(v, type.text.endsWith("[]")));
    const readOnly = isTrue(kw.dump_only);
    if (readOnly) constraints.readOnly = true;
    if (isTrue(kw.load_only)) constraints.writeOnly = true;
    const fallback = kw.load_default ?? kw.missing;
    const value = fallback ? literalValue(fallback) : undefined;
    if (value !== undefined && value !== null) constraints.default = value;
    const name = kw.data_key?.k === "str" ? kw.data_key.v : attr;
    const nullable = isTrue(kw.allow_none);
    return {
      name,
      type: nullable ? `${type.text} | null` : type.text,
      required: isTrue(kw.required) && !readOnly,
      constraints,
    };
  }

  private typeOf(
    module: string,
    kind: string,
    call: Extract<PyExpr, { k: "call" }>,
  ): { text: string; format?: string } | undefined {
    const first = call.args[0];
    if (kind === "List" || kind === "Tuple") {
      const inner = first?.k === "call" ? first : undefined;
      const innerKind = inner?.fn.k === "attr" ? inner.fn.name : inner?.fn.k === "name" ? inner.fn.id : "";
      const item = inner ? this.typeOf(module, innerKind, inner) : undefined;
      return { text: `${item?.text ?? "unknown"}[]` };
    }
    if (kind === "Nested" || kind === "Enum") {
      const target = first ? this.program.evaluateIn(module, first) : undefined;
      const name =
        target?.t === "class"
          ? kind === "Enum"
            ? this.models.enumOf(target)?.name
            : this.dtoOf(target)?.name
          : undefined;
      if (!name) return { text: "unknown" };
      return { text: isTrue(call.kw.many) ? `${name}[]` : name };
    }
    const known = FIELD_TYPES[kind];
    return known ? { text: known[0], format: known[1] } : undefined;
  }
}

function validatorRules(v: PyExpr, isArray: boolean): Constraints {
  if (v.k !== "call") return {};
  const name = v.fn.k === "attr" ? v.fn.name : v.fn.k === "name" ? v.fn.id : "";
  const num = (e: PyExpr | undefined) => (e?.k === "num" ? e.v : undefined);
  const out: Constraints = {};
  if (name === "Length") {
    const min = num(v.kw.min ?? v.args[0]);
    const max = num(v.kw.max ?? v.args[1]);
    if (min !== undefined) out[isArray ? "minItems" : "minLength"] = min;
    if (max !== undefined) out[isArray ? "maxItems" : "maxLength"] = max;
  } else if (name === "Range") {
    const min = num(v.kw.min ?? v.args[0]);
    const max = num(v.kw.max ?? v.args[1]);
    const exclusiveMin = v.kw.min_inclusive?.k === "bool" && !v.kw.min_inclusive.v;
    const exclusiveMax = v.kw.max_inclusive?.k === "bool" && !v.kw.max_inclusive.v;
    if (min !== undefined) out[exclusiveMin ? "exclusiveMinimum" : "minimum"] = min;
    if (max !== undefined) out[exclusiveMax ? "exclusiveMaximum" : "maximum"] = max;
  } else if (name === "Regexp") {
    const pattern = v.kw.regex ?? v.args[0];
    if (pattern?.k === "str") out.pattern = pattern.v;
  } else if (name === "OneOf") {
    const choices = v.kw.choices ?? v.args[0];
    if (choices?.k === "list") {
      out.enum = choices.items
        .map((c) => (c.k === "str" || c.k === "num" ? c.v : null))
        .filter((c) => c !== null);
    }
  } else if (name === "Email") {
    out.format = "email";
  } else if (name === "URL") {
    out.format = "uri";
  }
  return out;
}
