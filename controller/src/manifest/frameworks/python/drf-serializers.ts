// Django REST framework serializers as DTOs: declared fields with their keyword arguments, and
// for a ModelSerializer the `Meta.fields` looked up in the Django model (`models.CharField(
// max_length=200)`, `null=True`, `blank=True`, `choices=`), with `read_only_fields`.

import type { Constraints, Dto, Field } from "../../types.js";
import type { PyProgram } from "./py-evaluator.js";
import type { PyExpr, PyStmt } from "./py-facts.js";
import { isTrue, literalValue } from "./py-literals.js";
import { fieldsThroughBases, type PyModels } from "./py-models.js";
import type { ClassValue } from "./py-values.js";

type Kind = [type: string, format?: string, extra?: Constraints];

const SERIALIZER_FIELDS: Record<string, Kind> = {
  CharField: ["string"],
  RegexField: ["string"],
  SlugField: ["string", undefined, { pattern: "^[-a-zA-Z0-9_]+$" }],
  EmailField: ["string", "email"],
  URLField: ["string", "uri"],
  UUIDField: ["string", "uuid"],
  IPAddressField: ["string", "ip"],
  FilePathField: ["string"],
  FileField: ["string"],
  ImageField: ["string"],
  IntegerField: ["integer"],
  FloatField: ["number"],
  DecimalField: ["string", "decimal"],
  BooleanField: ["boolean"],
  NullBooleanField: ["boolean"],
  DateTimeField: ["string", "date-time"],
  DateField: ["string", "date"],
  TimeField: ["string", "time"],
  DurationField: ["string", "duration"],
  ChoiceField: ["string"],
  MultipleChoiceField: ["string[]"],
  DictField: ["Record<string, unknown>"],
  HStoreField: ["Record<string, unknown>"],
  JSONField: ["unknown"],
  PrimaryKeyRelatedField: ["integer"],
  SlugRelatedField: ["string"],
  HyperlinkedRelatedField: ["string", "uri"],
  HyperlinkedIdentityField: ["string", "uri"],
  StringRelatedField: ["string"],
  SerializerMethodField: ["unknown"],
  ReadOnlyField: ["unknown"],
};

const MODEL_FIELDS: Record<string, Kind> = {
  CharField: ["string"],
  TextField: ["string"],
  SlugField: ["string", undefined, { pattern: "^[-a-zA-Z0-9_]+$" }],
  EmailField: ["string", "email"],
  URLField: ["string", "uri"],
  UUIDField: ["string", "uuid"],
  GenericIPAddressField: ["string", "ip"],
  FileField: ["string"],
  ImageField: ["string"],
  IntegerField: ["integer"],
  BigIntegerField: ["integer"],
  SmallIntegerField: ["integer"],
  PositiveIntegerField: ["integer", undefined, { minimum: 0 }],
  PositiveSmallIntegerField: ["integer", undefined, { minimum: 0 }],
  PositiveBigIntegerField: ["integer", undefined, { minimum: 0 }],
  FloatField: ["number"],
  DecimalField: ["string", "decimal"],
  BooleanField: ["boolean"],
  DateTimeField: ["string", "date-time"],
  DateField: ["string", "date"],
  TimeField: ["string", "time"],
  DurationField: ["string", "duration"],
  JSONField: ["unknown"],
  ForeignKey: ["integer"],
  OneToOneField: ["integer"],
  ManyToManyField: ["integer[]"],
  AutoField: ["integer"],
  BigAutoField: ["integer"],
};

const READ_ONLY_KINDS = new Set([
  "SerializerMethodField",
  "ReadOnlyField",
  "HyperlinkedIdentityField",
  "StringRelatedField",
]);

export class DrfSerializers {
  private readonly byClass = new Map<object, Dto>();

  constructor(
    private readonly program: PyProgram,
    private readonly models: PyModels,
  ) {}

  isSerializer(cls: ClassValue): boolean {
    return this.models.hasBase(cls, (name) => name.endsWith("Serializer"));
  }

  dtoOf(cls: ClassValue): Dto | undefined {
    const cached = this.byClass.get(cls.cls);
    if (cached) return cached;
    if (!this.isSerializer(cls)) return undefined;
    const dto: Dto = {
      name: cls.cls.name,
      file: cls.ref.file,
      line: cls.cls.line,
      fields: [],
      kind: "drf-serializer",
    };
    this.byClass.set(cls.cls, dto);
    const declared = fieldsThroughBases(this.program, cls, (owner, stmt) =>
      stmt.targets[0]?.k === "name" && stmt.value?.k === "call"
        ? this.declaredField(owner.ref.module, stmt.targets[0].id, stmt.value)
        : undefined,
    );
    const meta = this.program.classAttribute(cls, "Meta");
    dto.fields = meta?.t === "class" ? this.modelFields(meta, declared) : [...declared.values()];
    return dto;
  }

  private declaredField(
    module: string,
    name: string,
    call: Extract<PyExpr, { k: "call" }>,
  ): Field | undefined {
    const kind = callName(call);
    const kw = call.kw;
    let type: string;
    let format: string | undefined;
    let extra: Constraints = {};
    const known = SERIALIZER_FIELDS[kind];
    if (known) [type, format, extra = {}] = known;
    else if (kind === "ListField") {
      const child = kw.child?.k === "call" ? this.declaredField(module, "", kw.child) : undefined;
      type = `${child?.type ?? "unknown"}[]`;
      if (child) extra = itemRules(child.constraints);
    } else {
      // A nested serializer: `AuthorSerializer(many=True, read_only=True)`.
      const cls = this.program.evaluateIn(module, call.fn);
      const nested = cls.t === "class" ? this.dtoOf(cls) : undefined;
      if (!nested) return undefined;
      type = isTrue(kw.many) ? `${nested.name}[]` : nested.name;
    }
    const constraints: Constraints = { ...(format ? { format } : {}), ...extra, ...lengthRules(kw) };
    const choices = kw.choices ?? (kind.includes("ChoiceField") ? call.args[0] : undefined);
    const values = choices ? choiceValues(choices) : undefined;
    if (values) constraints.enum = values;
    const readOnly = isTrue(kw.read_only) || READ_ONLY_KINDS.has(kind);
    if (readOnly) constraints.readOnly = true;
    if (isTrue(kw.write_only)) constraints.writeOnly = true;
    const fallback = kw.default ? literalValue(kw.default) : undefined;
    if (fallback !== undefined && fallback !== null) constraints.default = fallback;
    const required = kw.required?.k === "bool" ? kw.required.v : !readOnly && kw.default === undefined;
    const nullable = isTrue(kw.allow_null);
    return { name, type: nullable ? `${type} | null` : type, required, constraints };
  }

  private modelFields(meta: ClassValue, declared: Map<string, Field>): Field[] {
    const model = this.program.classAttribute(meta, "model");
    const names = this.program.classAttribute(meta, "fields");
    const readOnly = new Set(stringsOf(this.program.classAttribute(meta, "read_only_fields")));
    const exclude = new Set(stringsOf(this.program.classAttribute(meta, "exclude")));
    const modelFields = model?.t === "class" ? this.modelFieldMap(model) : new Map<string, Field>();
    const wanted =
      names?.t === "list"
        ? stringsOf(names)
        : [...new Set(["id", ...modelFields.keys(), ...declared.keys()])].filter((n) => !exclude.has(n));
    const out: Field[] = [];
    for (const name of wanted) {
      const field = declared.get(name) ?? modelFields.get(name) ?? autoPrimaryKey(name);
      if (!field) continue;
      if (readOnly.has(name))
        out.push({ ...field, required: false, constraints: { ...field.constraints, readOnly: true } });
      else out.push(field);
    }
    return out;
  }

  private modelFieldMap(model: ClassValue): Map<string, Field> {
    return fieldsThroughBases(this.program, model, (_owner, stmt) => this.modelField(model, stmt));
  }

  private modelField(model: ClassValue, stmt: Extract<PyStmt, { s: "assign" }>): Field | undefined {
    const target = stmt.targets[0];
    if (target?.k !== "name" || stmt.value?.k !== "call") return undefined;
    const kind = MODEL_FIELDS[callName(stmt.value)];
    if (!kind) return undefined;
    const [type, format, extra = {}] = kind;
    const kw = stmt.value.kw;
    const constraints: Constraints = { ...(format ? { format } : {}), ...extra };
    const maxLength = kw.max_length?.k === "num" ? kw.max_length.v : undefined;
    if (maxLength !== undefined) constraints.maxLength = maxLength;
    const values = kw.choices ? this.choicesOf(model, kw.choices) : undefined;
    if (values) constraints.enum = values;
    const fallback = kw.default
      ? (literalValue(kw.default) ?? this.memberValue(model, kw.default))
      : undefined;
    if (fallback !== undefined && fallback !== null) constraints.default = fallback;
    const readOnly =
      isTrue(kw.auto_now) || isTrue(kw.auto_now_add) || (kw.editable?.k === "bool" && !kw.editable.v);
    if (readOnly) constraints.readOnly = true;
    const nullable = isTrue(kw.null);
    const required = !readOnly && !nullable && !isTrue(kw.blank) && kw.default === undefined;
    return { name: target.id, type: nullable ? `${type} | null` : type, required, constraints };
  }

  /** `choices=Status.choices` (a TextChoices class of the model) or a literal list of pairs. */
  private choicesOf(model: ClassValue, expr: PyExpr): (string | number)[] | undefined {
    if (expr.k === "attr" && expr.name === "choices" && expr.obj.k === "name") {
      const holder =
        this.program.classAttribute(model, expr.obj.id) ??
        this.program.evaluateIn(model.ref.module, expr.obj);
      return holder?.t === "class" ? this.models.enumOf(holder)?.values : undefined;
    }
    return choiceValues(expr);
  }

  private memberValue(model: ClassValue, expr: PyExpr): string | number | undefined {
    if (expr.k !== "attr" || expr.obj.k !== "name") return undefined;
    const holder = this.program.classAttribute(model, expr.obj.id);
    if (holder?.t !== "class") return undefined;
    const decl = this.models.enumOf(holder);
    const members = holder.cls.body.filter((s) => s.s === "assign" && s.targets[0]?.k === "name");
    const index = members.findIndex(
      (s) => s.s === "assign" && s.targets[0]?.k === "name" && s.targets[0].id === expr.name,
    );
    return index >= 0 ? decl?.values?.[index] : undefined;
  }
}

function autoPrimaryKey(name: string): Field | undefined {
  return name === "id" || name === "pk"
    ? { name, type: "integer", required: false, constraints: { readOnly: true } }
    : undefined;
}

function lengthRules(kw: Record<string, PyExpr>): Constraints {
  const out: Constraints = {};
  const rules: [string, string][] = [
    ["max_length", "maxLength"],
    ["min_length", "minLength"],
    ["max_value", "maximum"],
    ["min_value", "minimum"],
  ];
  for (const [key, rule] of rules) {
    const v = kw[key];
    if (v?.k === "num") out[rule] = v.v;
  }
  return out;
}

/** A list field's length rules apply to its items, not to the list: keep only the format. */
function itemRules(child: Constraints): Constraints {
  return child.format ? { format: child.format } : {};
}

function choiceValues(expr: PyExpr): (string | number)[] | undefined {
  if (expr.k !== "list") return undefined;
  return expr.items.map((item) => {
    const value = item.k === "list" ? item.items[0] : item;
    return value?.k === "str" || value?.k === "num" ? value.v : "";
  });
}

function stringsOf(value: { t: string; items?: unknown } | undefined): string[] {
  if (value?.t !== "list") return [];
  return (value as { items: { t: string; v?: unknown }[] }).items
    .filter((i) => i.t === "str")
    .map((i) => String(i.v));
}

function callName(call: Extract<PyExpr, { k: "call" }>): string {
  return call.fn.k === "attr" ? call.fn.name : call.fn.k === "name" ? call.fn.id : "";
}
