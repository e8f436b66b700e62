// A Python class's bases, the classes and library symbols it derives from, and its attributes
// searched through them (depth first, as a simple MRO). The bases are evaluated and a class's own
// attributes read by the evaluator (py-evaluator.ts), through the two functions it hands over.

import type { PyClass, PyExpr } from "./py-facts.js";
import type { ClassValue, PyValue } from "./py-values.js";

export class PyClassHierarchy {
  private readonly ancestries = new WeakMap<PyClass, PyValue[]>();

  constructor(
    private readonly evaluateIn: (module: string, expr: PyExpr) => PyValue,
    private readonly ownScope: (cls: ClassValue) => ReadonlyMap<string, PyValue>,
  ) {}

  /** A class attribute, searched through the bases (depth first, as a simple MRO). */
  attribute(cls: ClassValue, name: string, seen = new Set<PyClass>()): PyValue | undefined {
    if (seen.has(cls.cls)) return undefined;
    seen.add(cls.cls);
    const own = this.ownScope(cls).get(name);
    if (own) return own;
    for (const base of this.bases(cls)) {
      if (base.t !== "class") continue;
      const found = this.attribute(base, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** The evaluated bases of a class: project classes or library symbols. */
  bases(cls: ClassValue): PyValue[] {
    return cls.cls.bases.map((b) => this.evaluateIn(cls.ref.module, b));
  }

  /** Every class and library symbol a class derives from, itself first (computed once per class). */
  ancestry(cls: ClassValue): PyValue[] {
    const known = this.ancestries.get(cls.cls);
    if (known) return known;
    const out = this.walk(cls, new Set());
    this.ancestries.set(cls.cls, out);
    return out;
  }

  private walk(cls: ClassValue, seen: Set<PyClass>): PyValue[] {
    if (seen.has(cls.cls)) return [];
    seen.add(cls.cls);
    const out: PyValue[] = [cls];
    for (const base of this.bases(cls)) {
      if (base.t === "class") out.push(...this.walk(base, seen));
      else out.push(base);
    }
    return out;
  }
}
