// What a Python module's imports bind: `import a.b`, `from .x import y` (a project module's
// binding, or its submodule), `from .x import *`, and library symbols for everything outside the
// project. A project module is run (through `load`, the evaluator's) only when its bindings are
// needed.

import { boundNames } from "./py-bound-names.js";
import type { PyModuleFacts } from "./py-facts.js";
import { childModule, type PyModuleNames } from "./py-module-names.js";
import { type ModuleRef, type PyValue, UNKNOWN } from "./py-values.js";

export class PyImports {
  constructor(
    private readonly modules: ReadonlyMap<string, { facts: PyModuleFacts; ref: ModuleRef }>,
    private readonly names: PyModuleNames,
    private readonly load: (module: string) => ReadonlyMap<string, PyValue>,
  ) {}

  /** What an import binds `name` to; `seen` stops import cycles (`from . import views` in a package). */
  binding(facts: PyModuleFacts, name: string, seen = new Set<string>()): PyValue | undefined {
    const key = `${facts.module}:${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const imp = facts.imports.find((i) => i.local === name);
    if (!imp) {
      // `from .x import *`: any name the star-imported project module defines.
      for (const star of facts.imports.filter((i) => i.name === "*")) {
        const target = this.names.resolve(facts, star.module);
        if (target === undefined) continue;
        // Run the star-imported module only if it can have the name: running it early (for
        // `__name__` in `bp = Blueprint("x", __name__)`, above `from .views import *`) would run
        // its `@bp.route` decorators before `bp` exists.
        const starred = this.modules.get(target)!.facts;
        const mayBind =
          starred.body.some((st) => boundNames(st).includes(name)) ||
          starred.imports.some((i) => i.local === name || i.name === "*");
        if (!mayBind) continue;
        const found = this.load(target).get(name) ?? this.binding(starred, name, seen);
        if (found) return found;
      }
      return undefined;
    }
    // The scanned folder's own package is the module "" (rootPackageName): a name, though falsy.
    const target = this.names.resolve(facts, imp.module);
    if (imp.name === undefined) {
      return target !== undefined
        ? { t: "module", ref: this.refOf(target) }
        : { t: "external", path: imp.module };
    }
    if (target === undefined) {
      // `from proj.agent import api`, where `proj.agent.api` is a project module (the folder's own
      // package, scanned in its own folder): the submodule, not a library symbol.
      const full = `${imp.module}.${imp.name}`;
      const root = this.names.rootPackage;
      const inRoot = root !== undefined && (full === root || full.startsWith(`${root}.`));
      const submodule = inRoot ? this.names.find(full) : undefined;
      if (submodule !== undefined) return { t: "module", ref: this.refOf(submodule) };
      return { t: "external", path: `${imp.module}.${imp.name}` };
    }
    const bound = this.load(target).get(imp.name);
    if (bound) return bound;
    const submodule = childModule(target, imp.name);
    if (this.modules.has(submodule)) return { t: "module", ref: this.refOf(submodule) };
    return this.binding(this.modules.get(target)!.facts, imp.name, seen) ?? UNKNOWN;
  }

  private refOf(module: string): ModuleRef {
    return this.modules.get(module)!.ref;
  }
}
