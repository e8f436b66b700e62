// What a Python `import` or `from … import` statement says, read once for both the code graph
// (extract/python.ts: IMPORTS edges) and `e2e manifest` (frameworks/python/py-extract.ts).

import { namedChildrenOf, type SyntaxNodeLike, sameStart } from "./syntax-node.js";

/** `import a.b` (head `a`) or `import a.b as c`. */
export interface PythonModuleImport {
  /** The dotted module as written; "" when the grammar found none. */
  module: string;
  /** The name `import a.b` binds: its first part. */
  head: string;
  /** Written `as …` (the alias may still be missing in a tree with errors). */
  aliased: boolean;
  alias?: string;
}

/** One name of `from m import x as y`, or `*`. */
export type PythonImportedName = { name: string; aliased: boolean; alias?: string } | "*";

export type PythonImport =
  | { kind: "import"; modules: PythonModuleImport[] }
  | {
      kind: "from";
      /** The module as written, leading dots included (`..models`). */
      written: string;
      /** Leading dots of a relative import (0 when absolute). */
      level: number;
      /** The module without its leading dots (`models`; "" for `from . import x`). */
      module: string;
      names: PythonImportedName[];
    };

/** Reads an `import_statement` or `import_from_statement`; undefined for `from` without a module. */
export function readPythonImport(statement: SyntaxNodeLike): PythonImport | undefined {
  if (statement.type === "import_statement") return { kind: "import", modules: moduleImports(statement) };
  const moduleNode = statement.childForFieldName("module_name");
  if (!moduleNode) return undefined;
  let module = moduleNode.text;
  let level = 0;
  if (moduleNode.type === "relative_import") {
    const parts = namedChildrenOf(moduleNode);
    level = parts.find((c) => c.type === "import_prefix")?.text.length ?? 0;
    module = parts.find((c) => c.type === "dotted_name")?.text ?? "";
  }
  const names: PythonImportedName[] = [];
  for (const child of namedChildrenOf(statement)) {
    if (sameStart(child, moduleNode)) continue;
    if (child.type === "wildcard_import") names.push("*");
    else if (child.type === "dotted_name") names.push({ name: child.text, aliased: false });
    else if (child.type === "aliased_import")
      names.push(aliased(child.childForFieldName("name")?.text ?? "", child));
  }
  return { kind: "from", written: moduleNode.text, level, module, names };
}

function moduleImports(statement: SyntaxNodeLike): PythonModuleImport[] {
  const modules: PythonModuleImport[] = [];
  for (const name of namedChildrenOf(statement)) {
    if (name.type === "dotted_name") {
      const module = name.text;
      modules.push({ module, head: name.namedChildren[0]?.text ?? module, aliased: false });
    } else if (name.type === "aliased_import") {
      const module = name.childForFieldName("name")?.text ?? "";
      const alias = name.childForFieldName("alias")?.text;
      modules.push(
        alias === undefined
          ? { module, head: module, aliased: true }
          : { module, head: module, aliased: true, alias },
      );
    }
  }
  return modules;
}

function aliased(name: string, node: SyntaxNodeLike): PythonImportedName {
  const alias = node.childForFieldName("alias")?.text;
  return alias === undefined ? { name, aliased: true } : { name, aliased: true, alias };
}
