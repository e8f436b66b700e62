// What each file's imports bind, once resolved to files: the names usable in the file, the
// modules it pulls in wholesale, and what it re-exports (followed when a name is looked up in it).
import type { FileFacts, ImportBinding } from "../facts.js";
import type { LanguageId } from "../languages.js";
import { GoResolver } from "../resolve/go.js";
import { JavaResolver } from "../resolve/java.js";
import { PythonResolver } from "../resolve/python.js";
import type { ImportResolver, SourceSet } from "../resolve/source-set.js";
import { TypeScriptResolver } from "../resolve/typescript.js";

export interface Binding {
  files: string[];
  /** Name in the target module; `*` for the module itself. */
  imported: string;
}

export interface Reexport {
  files: string[];
  bindings: ImportBinding[];
  wildcard: boolean;
}

export interface FileScope {
  bindings: Map<string, Binding>;
  /** Files whose names are all in scope (Java `a.b.*`, Python `from m import *`, Go dot import). */
  wildcards: string[];
  reexports: Reexport[];
  /** Every file an import of this file resolved to, per import line. */
  imported: { files: string[]; wildcard: boolean; packageAlias?: string }[];
}

export class Resolvers {
  readonly typescript: TypeScriptResolver;
  readonly python: PythonResolver;
  readonly java: JavaResolver;
  readonly go: GoResolver;

  constructor(files: SourceSet) {
    this.typescript = new TypeScriptResolver(files);
    this.python = new PythonResolver(files);
    this.java = new JavaResolver(files);
    this.go = new GoResolver(files);
  }

  forLanguage(language: string): ImportResolver | undefined {
    switch (language as LanguageId) {
      case "typescript":
      case "tsx":
      case "javascript":
        return this.typescript;
      case "python":
        return this.python;
      case "java":
      case "kotlin":
        return this.java;
      case "go":
        return this.go;
      default:
        return undefined;
    }
  }
}

export function buildScope(path: string, facts: FileFacts, resolvers: Resolvers): FileScope {
  const scope: FileScope = { bindings: new Map(), wildcards: [], reexports: [], imported: [] };
  const resolver = resolvers.forLanguage(facts.language);
  if (!resolver) return scope;
  for (const fact of facts.imports) {
    const resolved = resolver.resolve(path, fact);
    if (!resolved) continue;
    const files = resolved.files.filter((f) => f !== path);
    const submoduleFiles = [...(resolved.submodules?.values() ?? [])];
    scope.imported.push({
      files: [...files, ...submoduleFiles],
      wildcard: fact.wildcard === true,
      ...(facts.language === "go" && fact.bindings[0] ? { packageAlias: fact.bindings[0].local } : {}),
    });
    if (fact.wildcard && !fact.reexport) scope.wildcards.push(...files);
    for (const binding of fact.bindings) {
      const submodule = resolved.submodules?.get(binding.local);
      if (submodule) scope.bindings.set(binding.local, { files: [submodule], imported: "*" });
      else if (files.length > 0) scope.bindings.set(binding.local, { files, imported: binding.imported });
    }
    // Python modules expose what they import (`from .models import User` in __init__.py).
    if (fact.reexport || facts.language === "python") {
      scope.reexports.push({ files, bindings: fact.bindings, wildcard: fact.wildcard === true });
    }
  }
  return scope;
}
