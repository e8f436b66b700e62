// Java import resolution by declared package, not by folder: `a.b.C` is the file whose
// `package a.b;` declares top-level type `C` (nested `a.b.C.Inner` and static `a.b.C.m` fall back
// to `C`); `a.b.*` is every file of package `a.b` (the graph keeps those whose types are used).
import type { ImportFact } from "../facts.js";
import type { ImportResolver, ResolvedImport, SourceSet } from "./source-set.js";

export class JavaResolver implements ImportResolver {
  private index: { types: Map<string, string>; packages: Map<string, string[]> } | undefined;

  constructor(private readonly files: SourceSet) {}

  resolve(_from: string, fact: ImportFact): ResolvedImport | undefined {
    const { types, packages } = this.build();
    if (fact.wildcard) {
      const files =
        packages.get(fact.specifier) ?? (fact.isStatic ? this.typeFile(fact.specifier, types) : undefined);
      if (!files) return undefined;
      return { files: Array.isArray(files) ? files : [files] };
    }
    const file = this.typeFile(fact.specifier, types);
    return file ? { files: [file] } : undefined;
  }

  /** Files of a package (same-package names need no import). */
  packageFiles(packageName: string): string[] {
    return this.build().packages.get(packageName) ?? [];
  }

  private typeFile(name: string, types: Map<string, string>): string | undefined {
    let candidate = name;
    while (candidate.includes(".")) {
      const file = types.get(candidate);
      if (file) return file;
      candidate = candidate.slice(0, candidate.lastIndexOf("."));
    }
    return undefined;
  }

  private build(): { types: Map<string, string>; packages: Map<string, string[]> } {
    if (this.index) return this.index;
    const types = new Map<string, string>();
    const packages = new Map<string, string[]>();
    for (const path of this.files.paths()) {
      const facts = this.files.facts(path);
      if (!facts || (facts.language !== "java" && facts.language !== "kotlin")) continue;
      const pkg = facts.packageName ?? "";
      packages.set(pkg, [...(packages.get(pkg) ?? []), path]);
      for (const symbol of facts.symbols) {
        if (symbol.parent === undefined && symbol.kind !== "function" && symbol.kind !== "variable") {
          types.set(pkg ? `${pkg}.${symbol.name}` : symbol.name, path);
        }
      }
    }
    this.index = { types, packages };
    return this.index;
  }
}
