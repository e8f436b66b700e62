// Fields of the types a tree declares by name — interfaces (with `extends`) and classes (with
// `extends`, class-validator rules and Nest's PartialType/PickType/OmitType/IntersectionType) —
// shared by the TypeScript models scanner and by NestJS (`@Query() query: ListQuery`).

import type { Field } from "../types.js";
import { fieldRules } from "./class-validator.js";
import type { ClassFact, FieldFact, InterfaceFact } from "./module-facts.js";
import type { JsProgram } from "./program.js";
import { calleeName, stringOf, type Value } from "./value.js";

const MAPPED_TYPES = new Set(["PartialType", "PickType", "OmitType", "IntersectionType"]);

export class DeclaredTypes {
  private readonly interfaces = new Map<string, InterfaceFact>();
  private readonly classes = new Map<string, { file: string; fact: ClassFact }>();

  constructor(private readonly program: JsProgram) {
    for (const m of program.modules.values())
      for (const i of m.interfaces) if (!this.interfaces.has(i.name)) this.interfaces.set(i.name, i);
    for (const c of program.allClasses())
      if (!this.classes.has(c.fact.name)) this.classes.set(c.fact.name, c);
  }

  /** Fields of a declared interface or class, inherited ones first; undefined if not declared here. */
  fieldsOf(name: string): Field[] | undefined {
    const c = this.classes.get(name);
    if (c) return this.classFields(c, new Set());
    return this.interfaces.has(name) ? this.interfaceFields(name, new Set()) : undefined;
  }

  private static toField(f: FieldFact): Field {
    return { name: f.name, type: f.type, required: !f.optional, constraints: {} };
  }

  private interfaceFields(name: string, seen: Set<string>): Field[] {
    const i = this.interfaces.get(name);
    if (!i || seen.has(name)) return [];
    seen.add(name);
    const inherited = i.extends.flatMap((base) => this.interfaceFields(base, seen));
    return mergeFields(inherited, i.fields.map(DeclaredTypes.toField));
  }

  classFields(c: { file: string; fact: ClassFact }, seen: Set<string>): Field[] {
    if (seen.has(c.fact.name)) return [];
    seen.add(c.fact.name);
    const inherited = c.fact.extends ? this.heritageFields(c.fact.extends, c.file, seen) : [];
    const own = c.fact.members
      .filter((m) => m.kind === "field")
      .map((m): Field => {
        const rules = fieldRules(m.decorators, this.program, c.file);
        const declared = m.type ?? "unknown";
        // `@IsInt() age: number` is an integer; a declared class or union type stays as written.
        const type = rules.type && (declared === "number" || declared === "unknown") ? rules.type : declared;
        return {
          name: m.name,
          type,
          required: rules.required ?? !m.optional,
          constraints: rules.constraints,
        };
      });
    return mergeFields(inherited, own);
  }

  private heritageFields(v: Value, file: string, seen: Set<string>): Field[] {
    if (v.k === "id") {
      const c = this.classes.get(v.name);
      return c ? this.classFields(c, seen) : this.interfaceFields(v.name, seen);
    }
    if (v.k !== "call") return [];
    const mapped = calleeName(v.fn);
    if (!mapped || !MAPPED_TYPES.has(mapped)) return [];
    if (mapped === "IntersectionType") return v.args.flatMap((a) => this.heritageFields(a, file, seen));
    const base = v.args[0] ? this.heritageFields(v.args[0], file, seen) : [];
    if (mapped === "PartialType") return base.map((f) => ({ ...f, required: false }));
    const keysValue = v.args[1] ? this.program.resolve(v.args[1], file) : undefined;
    const keys = new Set(keysValue?.k === "arr" ? keysValue.items.map((i) => stringOf(i) ?? "") : []);
    return base.filter((f) => (mapped === "PickType" ? keys.has(f.name) : !keys.has(f.name)));
  }
}

/** Own fields override inherited ones of the same name. */
function mergeFields(inherited: Field[], own: Field[]): Field[] {
  return [...inherited.filter((f) => !own.some((o) => o.name === f.name)), ...own];
}
