// Go import resolution through go.mod: `module example.com/app` in `svc/go.mod` makes
// `example.com/app/internal/store` the package in `svc/internal/store`, i.e. its non-test `.go`
// files (the graph keeps those whose names the importing file uses).
import type { ImportFact } from "../facts.js";
import { dirOf, joinPath } from "./paths.js";
import type { ImportResolver, ResolvedImport, SourceSet } from "./source-set.js";

export class GoResolver implements ImportResolver {
  private modules: { path: string; dir: string }[] | undefined;
  private packages: Map<string, string[]> | undefined;

  constructor(private readonly files: SourceSet) {}

  resolve(from: string, fact: ImportFact): ResolvedImport | undefined {
    const dir = this.packageDir(from, fact.specifier);
    const files = dir === undefined ? undefined : this.packageFiles(dir);
    return files && files.length > 0 ? { files } : undefined;
  }

  /** Non-test files of the package in a directory. */
  packageFiles(dir: string): string[] {
    if (!this.packages) {
      this.packages = new Map();
      for (const path of this.files.paths()) {
        if (!path.endsWith(".go") || path.endsWith("_test.go")) continue;
        const pkg = dirOf(path);
        this.packages.set(pkg, [...(this.packages.get(pkg) ?? []), path]);
      }
    }
    return this.packages.get(dir) ?? [];
  }

  private packageDir(from: string, specifier: string): string | undefined {
    if (specifier.startsWith(".")) return joinPath(dirOf(from), specifier);
    this.modules ??= this.readModules();
    for (const module of this.modules) {
      if (specifier === module.path) return module.dir;
      if (specifier.startsWith(`${module.path}/`))
        return joinPath(module.dir, specifier.slice(module.path.length + 1));
    }
    return undefined;
  }

  /** Longest module path first, so a nested module wins over its parent. */
  private readModules(): { path: string; dir: string }[] {
    const modules: { path: string; dir: string }[] = [];
    for (const path of this.files.paths()) {
      if (path !== "go.mod" && !path.endsWith("/go.mod")) continue;
      const line = (this.files.config(path) ?? "").split("\n").find((l) => l.trim().startsWith("module "));
      const modulePath = line?.trim().slice("module ".length).trim().replace(/^"|"$/g, "");
      if (modulePath) modules.push({ path: modulePath, dir: dirOf(path) });
    }
    return modules.sort((a, b) => b.path.length - a.path.length);
  }
}
