// The project's Python classes that describe data: pydantic models (DTOs with `Field(...)`
// constraints, base classes' fields first) and enums (`Enum`, `str, Enum`, Django choices).
// Each is named by its class name; the first class of a name wins (noted in the README).

import type { Constraints, Dto, Field, TypeDecl } from "../../types.js";
import type { PyProgram } from "./py-evaluator.js";
import { nestedBodies, type PyExpr, type PyStmt } from "./py-facts.js";
import { literalValue } from "./py-literals.js";
import { fieldTypeText, pyTypeInfo } from "./py-types.js";
import { type ClassValue, externalName, type PyValue } from "./py-values.js";

const ENUM_BASES = new Set([
  "Enum",
  "IntEnum",
  "StrEnum",
  "Flag",
  "IntFlag",
  "TextChoices",
  "IntegerChoices",
  "Choices",
]);

/** pydantic's constraint keywords in JSON Schema words (lengths become item counts on lists). */
const FIELD_RULES: Record<string, string> = {
  ge: "minimum",
  le: "maximum",
  gt: "exclusiveMinimum",
  lt: "exclusiveMaximum",
  multiple_of: "multipleOf",
  pattern: "pattern",
  regex: "pattern",
  min_length: "minLength",
  max_length: "maxLength",
  min_items: "minItems",
  max_items: "maxItems",
};

export class PyModels {
  /** null: looked at, not a model (or not an enum); both are asked for every parameter. */
  private readonly dtoByClass = new Map<object, Dto | null>();
  private readonly enumByClass = new Map<object, TypeDecl | null>();
  private readonly classes: ClassValue[] = [];

  constructor(private readonly program: PyProgram) {
    for (const { facts, ref } of program.moduleStates()) {
      collectClasses(facts.body, (cls) => this.classes.push({ t: "class", ref, cls }));
    }
  }

  /** The DTO or enum name of a type expression written in a module, if it names one. */
  nameIn(module: string, expr: PyExpr): string | undefined {
    const value = this.program.evaluateIn(module, expr);
    if (value.t !== "class") return undefined;
    return this.pydantic(value)?.name ?? this.enumOf(value)?.name;
  }

  isBaseModel(value: PyValue): value is ClassValue {
    return value.t === "class" && this.hasBase(value, (name) => name === "BaseModel");
  }

  hasBase(cls: ClassValue, test: (name: string) => boolean): boolean {
    return this.program.ancestry(cls).some((a) => a.t !== "class" && test(externalName(a) ?? ""));
  }

  allClasses(): readonly ClassValue[] {
    return this.classes;
  }

  allEnums(): TypeDecl[] {
    return this.classes.map((c) => this.enumOf(c)).filter((e): e is TypeDecl => e !== undefined);
  }

  allPydantic(): Dto[] {
    return this.classes.map((c) => this.pydantic(c)).filter((d): d is Dto => d !== undefined);
  }

  enumOf(cls: ClassValue): TypeDecl | undefined {
    const cached = this.enumByClass.get(cls.cls);
    if (cached !== undefined) return cached ?? undefined;
    if (!this.hasBase(cls, (name) => ENUM_BASES.has(name))) {
      this.enumByClass.set(cls.cls, null);
      return undefined;
    }
    const values: (string | number)[] = [];
    for (const stmt of cls.cls.body) {
      if (stmt.s !== "assign" || stmt.targets[0]?.k !== "name") continue;
      const member = stmt.targets[0].id;
      if (member.startsWith("_")) continue;
      // Django choices: `DRAFT = "draft", "Draft"` → the stored value.
      const raw = stmt.value?.k === "list" ? stmt.value.items[0] : stmt.value;
      values.push(raw?.k === "str" || raw?.k === "num" ? raw.v : member);
    }
    const decl: TypeDecl = {
      name: cls.cls.name,
      kind: "enum",
      file: cls.ref.file,
      line: cls.cls.line,
      values,
    };
    this.enumByClass.set(cls.cls, decl);
    return decl;
  }

  /** The enum member's value for a default written `Role.MEMBER`. */
  enumMemberValue(module: string, expr: PyExpr): string | number | undefined {
    if (expr.k !== "attr") return undefined;
    const owner = this.program.evaluateIn(module, expr.obj);
    if (owner.t !== "class") return undefined;
    const decl = this.enumOf(owner);
    const index = owner.cls.body.findIndex(
      (s) => s.s === "assign" && s.targets[0]?.k === "name" && s.targets[0].id === expr.name,
    );
    if (!decl || index < 0) return undefined;
    const members = owner.cls.body.filter((s) => s.s === "assign" && s.targets[0]?.k === "name");
    return decl.values?.[members.indexOf(owner.cls.body[index] as PyStmt)];
  }

  pydantic(cls: ClassValue): Dto | undefined {
    const cached = this.dtoByClass.get(cls.cls);
    if (cached !== undefined) return cached ?? undefined;
    if (!this.isBaseModel(cls) || this.hasBase(cls, (n) => n === "BaseSettings")) {
      this.dtoByClass.set(cls.cls, null);
      return undefined;
    }
    const dto: Dto = {
      name: cls.cls.name,
      file: cls.ref.file,
      line: cls.cls.line,
      fields: [],
      kind: "pydantic",
    };
    this.dtoByClass.set(cls.cls, dto);
    dto.fields = [
      ...fieldsThroughBases(this.program, cls, (owner, stmt) => this.pydanticField(owner, stmt)).values(),
    ];
    return dto;
  }

  private pydanticField(owner: ClassValue, stmt: Extract<PyStmt, { s: "assign" }>): Field | undefined {
    const target = stmt.targets[0];
    if (!stmt.type || target?.k !== "name" || target.id.startsWith("_") || target.id === "model_config")
      return undefined;
    const module = owner.ref.module;
    const info = pyTypeInfo(stmt.type, (e) => this.nameIn(module, e));
    if (stmt.type.k === "sub" && stmt.type.value.k === "name" && stmt.type.value.id === "ClassVar")
      return undefined;
    const fieldCall = [stmt.value, ...info.metadata].find((e) => e && isCallTo(e, "Field"));
    let name = target.id;
    let required = stmt.value === undefined;
    let defaultExpr: PyExpr | undefined = stmt.value;
    const constraints: Constraints = {};
    if (info.format) constraints.format = info.format;
    if (fieldCall?.k === "call") {
      const explicit = fieldCall.args[0] ?? fieldCall.kw.default;
      const fromMetadata = fieldCall !== stmt.value;
      defaultExpr = fromMetadata ? stmt.value : explicit;
      required = fromMetadata
        ? stmt.value === undefined
        : (explicit === undefined || explicit.k === "ellipsis") && !fieldCall.kw.default_factory;
      Object.assign(constraints, constraintsOf(fieldCall.kw, info.isArray));
      const alias = fieldCall.kw.alias;
      if (alias?.k === "str") name = alias.v;
    }
    if (defaultExpr && defaultExpr.k !== "ellipsis") {
      const value = literalValue(defaultExpr) ?? this.enumMemberValue(module, defaultExpr);
      if (value !== undefined) constraints.default = value;
    }
    const field: Field = { name, type: fieldTypeText(info), required, constraints };
    const description = fieldCall?.k === "call" ? fieldCall.kw.description : undefined;
    if (description?.k === "str") field.description = description.v;
    return field;
  }
}

/** JSON Schema constraints from pydantic/FastAPI keywords (Field, Query, Path, Header...). */
export function constraintsOf(kw: Record<string, PyExpr>, isArray: boolean): Constraints {
  const out: Constraints = {};
  for (const [key, expr] of Object.entries(kw)) {
    let rule = FIELD_RULES[key];
    if (!rule) continue;
    if (isArray && rule === "minLength") rule = "minItems";
    if (isArray && rule === "maxLength") rule = "maxItems";
    const value = literalValue(expr);
    if (value !== undefined && value !== null) out[rule] = value;
  }
  return out;
}

/**
 * The fields of a class and its project bases, base fields first and overridden by name: what
 * pydantic, marshmallow, DRF serializers and Django models all do with inherited fields.
 */
export function fieldsThroughBases(
  program: PyProgram,
  cls: ClassValue,
  read: (owner: ClassValue, stmt: Extract<PyStmt, { s: "assign" }>) => Field | undefined,
): Map<string, Field> {
  const byName = new Map<string, Field>();
  const lineage = program.ancestry(cls).filter((a): a is ClassValue => a.t === "class");
  for (const owner of lineage.reverse()) {
    for (const stmt of owner.cls.body) {
      const field = stmt.s === "assign" ? read(owner, stmt) : undefined;
      if (field) byName.set(field.name, field);
    }
  }
  return byName;
}

export function isCallTo(expr: PyExpr, name: string): boolean {
  if (expr.k !== "call") return false;
  const fn = expr.fn;
  return (fn.k === "name" && fn.id === name) || (fn.k === "attr" && fn.name === name);
}

function collectClasses(
  body: readonly PyStmt[],
  found: (cls: Extract<PyStmt, { s: "class" }>["cls"]) => void,
): void {
  for (const stmt of body) {
    if (stmt.s === "class") found(stmt.cls);
    if (stmt.s === "block" || stmt.s === "if")
      for (const inner of nestedBodies(stmt)) collectClasses(inner, found);
  }
}
