// Python import resolution: `a.b.c` → `a/b/c.py` or `a/b/c/__init__.py` under a source root
// (the repository root, each directory holding a top-level package, and the importing file's own
// directory, as for a script); relative imports climb `level - 1` packages from the file's own.
// `from a.b import c` also resolves `c` when it is a submodule.
import type { ImportFact } from "../facts.js";
import { dirOf, joinPath } from "./paths.js";
import type { ImportResolver, ResolvedImport, SourceSet } from "./source-set.js";

export class PythonResolver implements ImportResolver {
  private roots: string[] | undefined;

  constructor(private readonly files: SourceSet) {}

  resolve(from: string, fact: ImportFact): ResolvedImport | undefined {
    const bases = this.bases(from, fact);
    const modulePath = fact.specifier.replaceAll(".", "/");
    const files: string[] = [];
    const submodules = new Map<string, string>();
    for (const base of bases) {
      const module = modulePath ? joinPath(base, modulePath) : base;
      if (module === undefined) continue;
      const file = this.moduleFile(module);
      if (file) files.push(file);
      for (const binding of fact.bindings) {
        const submodule = this.moduleFile(joinPath(module, binding.imported.replaceAll(".", "/")) ?? "");
        if (submodule) submodules.set(binding.local, submodule);
      }
      if (files.length > 0 || submodules.size > 0) break;
    }
    if (files.length === 0 && submodules.size === 0) return undefined;
    return submodules.size > 0 ? { files, submodules } : { files };
  }

  private bases(from: string, fact: ImportFact): string[] {
    if (fact.level) {
      let dir: string | undefined = dirOf(from);
      for (let i = 1; i < fact.level && dir !== undefined; i++) dir = dir === "" ? undefined : dirOf(dir);
      return dir === undefined ? [] : [dir];
    }
    this.roots ??= this.findRoots();
    return [...this.roots, dirOf(from)];
  }

  private moduleFile(module: string): string | undefined {
    if (module === "") return this.files.has("__init__.py") ? "__init__.py" : undefined;
    for (const candidate of [`${module}.py`, `${module}/__init__.py`, `${module}.pyi`]) {
      if (this.files.has(candidate)) return candidate;
    }
    return undefined;
  }

  /** The root, `src`-style folders: each directory that holds a package but is not one itself. */
  private findRoots(): string[] {
    const roots = new Set<string>([""]);
    for (const path of this.files.paths()) {
      if (!path.endsWith("__init__.py")) continue;
      let pkg = dirOf(path);
      while (pkg !== "" && this.files.has(`${dirOf(pkg) === "" ? "" : `${dirOf(pkg)}/`}__init__.py`))
        pkg = dirOf(pkg);
      roots.add(dirOf(pkg));
    }
    return [...roots].sort((a, b) => a.length - b.length);
  }
}
