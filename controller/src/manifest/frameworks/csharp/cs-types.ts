// C# types and DTO classes in the manifest's notation: `int` → integer, `List<T>` → `T[]`,
// `Guid` → string (uuid); a class or record used by an endpoint becomes a DTO whose fields are
// named as System.Text.Json writes them by default in ASP.NET Core (camelCase, or
// [JsonPropertyName]) with data-annotation constraints ([Required], [StringLength], [Range]…).

import type { Constraints, Dto, Field } from "../../types.js";
import type { CsAttr, CsClass, CsFileFacts } from "./cs-facts.js";

const SCALARS: Record<string, [string, Constraints?]> = {
  string: ["string"],
  char: ["string"],
  bool: ["boolean"],
  int: ["integer"],
  long: ["integer"],
  short: ["integer"],
  byte: ["integer"],
  uint: ["integer"],
  ulong: ["integer"],
  Int32: ["integer"],
  Int64: ["integer"],
  decimal: ["number"],
  double: ["number"],
  float: ["number"],
  Guid: ["string", { format: "uuid" }],
  DateTime: ["string", { format: "date-time" }],
  DateTimeOffset: ["string", { format: "date-time" }],
  DateOnly: ["string", { format: "date" }],
  TimeSpan: ["string"],
  Uri: ["string", { format: "uri" }],
  object: ["unknown"],
  dynamic: ["unknown"],
  JsonElement: ["unknown"],
};
const LISTS =
  /^(List|IList|IEnumerable|ICollection|IReadOnlyList|IReadOnlyCollection|HashSet|ISet|IAsyncEnumerable)<(.+)>$/;
const WRAPPERS = /^(Task|ValueTask|ActionResult|Results\.Ok|Ok)<(.+)>$/;

export class CsTypes {
  private readonly classes = new Map<string, { cls: CsClass; file: string }>();
  private readonly used = new Map<string, Dto>();

  constructor(files: readonly { path: string; facts: CsFileFacts }[]) {
    for (const f of files)
      for (const cls of f.facts.classes)
        if (!this.classes.has(cls.name)) this.classes.set(cls.name, { cls, file: f.path });
  }

  cls(name: string): { cls: CsClass; file: string } | undefined {
    return this.classes.get(name.replace(/\?$/, "").split(".").pop()!.replace(/<.*$/, ""));
  }

  allClasses(): { cls: CsClass; file: string }[] {
    return [...this.classes.values()];
  }

  isSimple(type: string): boolean {
    const t = type.replace(/\?$/, "");
    return Boolean(SCALARS[t]) || Boolean(this.cls(t)?.cls.enumMembers);
  }

  /** `Task<ActionResult<TodoDto>>` → `TodoDto`; `IEnumerable<T>` → `T[]`; a non-DTO type → undefined. */
  responseDto(type: string): string | undefined {
    let t = type.trim();
    for (let m = WRAPPERS.exec(t); m; m = WRAPPERS.exec(t)) t = m[2]!.trim();
    if (/^(IActionResult|ActionResult|Task|void|IResult|ValueTask)$/.test(t)) return undefined;
    return this.dtoName(t);
  }

  /** A DTO name for a type the code names, listing the class(es) it uses. */
  dtoName(type: string): string | undefined {
    const t = type.replace(/\?$/, "");
    const list = LISTS.exec(t) ?? (t.endsWith("[]") ? [t, "", t.slice(0, -2)] : null);
    if (list) {
      const inner = this.dtoName(list[2]!);
      return inner ? `${inner}[]` : undefined;
    }
    const found = this.cls(t);
    if (!found || found.cls.enumMembers) return undefined;
    this.add(found.cls.name);
    return found.cls.name;
  }

  dtos(): Dto[] {
    return [...this.used.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The manifest type of a C# type, and the constraints the type itself implies. */
  typeText(type: string): { type: string; constraints: Constraints } {
    const t = type.replace(/\?$/, "");
    const scalar = SCALARS[t];
    if (scalar) return { type: scalar[0], constraints: { ...(scalar[1] ?? {}) } };
    const list = LISTS.exec(t) ?? (t.endsWith("[]") ? [t, "", t.slice(0, -2)] : null);
    if (list) return { type: `${this.typeText(list[2]!).type}[]`, constraints: {} };
    const dict = /^(Dictionary|IDictionary|IReadOnlyDictionary)<string,\s*(.+)>$/.exec(t);
    if (dict) return { type: `Record<string, ${this.typeText(dict[2]!).type}>`, constraints: {} };
    const found = this.cls(t);
    if (found?.cls.enumMembers) return { type: "string", constraints: { enum: found.cls.enumMembers } };
    if (found) {
      this.add(found.cls.name);
      return { type: found.cls.name, constraints: {} };
    }
    return { type: "unknown", constraints: {} };
  }

  private add(name: string): void {
    if (this.used.has(name)) return;
    const found = this.cls(name);
    if (!found) return;
    const dto: Dto = { name, file: found.file, line: found.cls.line, fields: [], kind: "csharp-class" };
    this.used.set(name, dto);
    const members = [
      ...(found.cls.recordParams ?? []).map((p) => ({
        name: p.name,
        type: p.type,
        attrs: p.attrs,
        required: false,
      })),
      ...found.cls.props,
    ];
    // Properties of project base classes come first, as the serializer writes them.
    const base = found.cls.bases.map((b) => this.cls(b)).find((b) => b && !b.cls.enumMembers);
    if (base) {
      this.add(base.cls.name);
      dto.fields.push(...(this.used.get(base.cls.name)?.fields ?? []));
    }
    for (const m of members) dto.fields.push(this.field(m.name, m.type, m.attrs, m.required));
  }

  private field(name: string, type: string, attrs: CsAttr[], requiredModifier: boolean): Field {
    const { type: text, constraints } = this.typeText(type);
    Object.assign(constraints, annotationConstraints(attrs, type));
    const jsonName = attrs.find((a) => a.name === "JsonPropertyName")?.args[0];
    return {
      name: jsonName?.k === "str" ? jsonName.v : name.charAt(0).toLowerCase() + name.slice(1),
      type: text,
      required: requiredModifier || attrs.some((a) => a.name === "Required" || a.name === "JsonRequired"),
      constraints,
    };
  }
}

function annotationConstraints(attrs: CsAttr[], type: string): Constraints {
  const c: Constraints = {};
  const num = (a: CsAttr, i: number) => (a.args[i]?.k === "num" ? (a.args[i] as { v: number }).v : undefined);
  const isString = type.replace(/\?$/, "") === "string";
  for (const a of attrs) {
    if (a.name === "StringLength") {
      const max = num(a, 0);
      if (max !== undefined) c.maxLength = max;
      const min = a.named.MinimumLength;
      if (min?.k === "num") c.minLength = min.v;
    } else if (a.name === "MaxLength" && num(a, 0) !== undefined) {
      if (isString) c.maxLength = num(a, 0);
      else c.maxItems = num(a, 0);
    } else if (a.name === "MinLength" && num(a, 0) !== undefined) {
      if (isString) c.minLength = num(a, 0);
      else c.minItems = num(a, 0);
    } else if (a.name === "Range" && num(a, 0) !== undefined && num(a, 1) !== undefined) {
      c.minimum = num(a, 0);
      c.maximum = num(a, 1);
    } else if (a.name === "EmailAddress") c.format = "email";
    else if (a.name === "Url") c.format = "uri";
    else if (a.name === "RegularExpression" && a.args[0]?.k === "str") c.pattern = a.args[0].v;
  }
  return c;
}
