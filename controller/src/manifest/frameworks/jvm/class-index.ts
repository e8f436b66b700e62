// The project's Java and Kotlin classes by name, as a file sees them (imports, its package, then
// any class of that name), with inheritance (type arguments bound) and compile-time constants.

import type { FileFacts } from "../../scanner.js";
import type { JvmClass, JvmExpr, JvmFileFacts, JvmType } from "./jvm-facts.js";

export interface Located {
  cls: JvmClass;
  file: FileFacts<JvmFileFacts>;
  /** Type arguments a subclass gave this class's parameters (`T` → `PetResponse`). */
  bindings?: Map<string, JvmType>;
}

export class ClassIndex {
  private readonly bySimpleName = new Map<string, Located>();
  private readonly byQualified = new Map<string, Located>();

  constructor(readonly files: readonly FileFacts<JvmFileFacts>[]) {
    for (const file of files) {
      for (const cls of file.facts.classes) {
        const located = { cls, file };
        if (!this.bySimpleName.has(cls.name)) this.bySimpleName.set(cls.name, located);
        this.byQualified.set(`${file.facts.package}.${cls.name}`, located);
      }
    }
  }

  /** A class by the name a file uses for it: its imports, its package, then any class of that name. */
  resolve(name: string, from: FileFacts<JvmFileFacts>): Located | undefined {
    const imported = from.facts.imports[name];
    return (
      (imported ? this.byQualified.get(imported) : undefined) ??
      this.byQualified.get(`${from.facts.package}.${name}`) ??
      this.bySimpleName.get(name)
    );
  }

  /** The class, then its superclasses and interfaces (depth first). */
  lineage(start: Located, seen = new Set<JvmClass>()): Located[] {
    if (seen.has(start.cls)) return [];
    seen.add(start.cls);
    const out = [start];
    for (const superType of start.cls.superTypes) {
      const parent = this.resolve(superType.name, start.file);
      if (!parent) continue;
      const bindings = new Map<string, JvmType>();
      parent.cls.typeParams.forEach((param, i) => {
        const arg = superType.args[i];
        if (arg) bindings.set(param, substitute(arg, start.bindings));
      });
      out.push(...this.lineage({ ...parent, bindings }, seen));
    }
    return out;
  }

  /** A compile-time constant: literals, `+`, `ApiPaths.PETS`, a class's or file's own constants. */
  constant(expr: JvmExpr, owner: Located, depth = 0): string | undefined {
    if (depth > 20) return undefined;
    switch (expr.k) {
      case "str":
        return expr.v;
      case "num":
        return String(expr.v);
      case "concat": {
        const parts = expr.parts.map((p) => this.constant(p, owner, depth + 1));
        return parts.every((p) => p !== undefined) ? parts.join("") : undefined;
      }
      case "ref": {
        const field = expr.path[expr.path.length - 1] ?? "";
        if (expr.path.length === 1) {
          const local = owner.cls.constants[field] ?? owner.file.facts.constants[field];
          if (local) return this.constant(local, owner, depth + 1);
          for (const l of this.lineage(owner)) {
            if (l.cls.constants[field]) return this.constant(l.cls.constants[field], l, depth + 1);
          }
          // A Kotlin top-level `const val` of the same package, or imported by name (`as` too).
          const imported = owner.file.facts.imports[field];
          const pkg = imported ? imported.slice(0, imported.lastIndexOf(".")) : owner.file.facts.package;
          const name = imported ? imported.slice(imported.lastIndexOf(".") + 1) : field;
          const file = this.files.find((f) => f.facts.package === pkg && f.facts.constants[name]);
          return file ? this.constant(file.facts.constants[name]!, { ...owner, file }, depth + 1) : undefined;
        }
        const target = this.resolve(expr.path[expr.path.length - 2] ?? "", owner.file);
        const value = target?.cls.constants[field];
        return value && target ? this.constant(value, target, depth + 1) : undefined;
      }
      default:
        return undefined;
    }
  }
}

/** A type with the class's type parameters replaced by what a subclass bound them to. */
export function substitute(type: JvmType, bindings: Map<string, JvmType> | undefined): JvmType {
  if (!bindings || bindings.size === 0) return type;
  const bound = bindings.get(type.name);
  if (bound && type.args.length === 0)
    return { ...bound, array: bound.array || type.array, nullable: bound.nullable || type.nullable };
  return { ...type, args: type.args.map((a) => substitute(a, bindings)) };
}

export function str(e: JvmExpr | undefined): string | undefined {
  return e?.k === "str" ? e.v : undefined;
}
