// Python: classes, functions, methods, module-level assignments and `type` aliases by a walk;
// `import` / `from ... import` (relative levels kept for the resolver); references by query.
// Exported means public by convention: the name does not start with an underscore.
import type { ImportBinding, ImportFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";
import { type PythonAssignment, readPythonAssignment } from "../syntax/python-assignment-syntax.js";
import {
  type PythonDefinition,
  readPythonBases,
  readPythonDefinition,
} from "../syntax/python-definition-syntax.js";
import { readPythonImport } from "../syntax/python-import-syntax.js";
import type { Extraction, Extractor } from "./extractor.js";
import { collectReferences, keepResolvableValues } from "./references.js";
import { SymbolCollector, type SymbolDraft, signatureOf } from "./symbols.js";

const REFERENCES = `
(call function: (identifier) @ref)
(call function: (attribute object: (identifier) @qual attribute: (identifier) @ref))
(call function: (attribute attribute: (identifier) @member))
(class_definition superclasses: (argument_list (identifier) @ref))
(class_definition superclasses: (argument_list (attribute object: (identifier) @qual attribute: (identifier) @ref)))
(type (identifier) @ref)
(decorator (identifier) @ref)
(decorator (call function: (identifier) @ref))
(identifier) @value
`;

const ENUM_BASES = new Set(["Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"]);
const INTERFACE_BASES = new Set(["Protocol", "ABC"]);

export const pythonExtractor: Extractor = {
  referencePattern: REFERENCES,
  extract(root, source, query): Extraction {
    const walker = new Walker(source);
    walker.block(root, undefined);
    const references = collectReferences(query, root, walker.symbols.drafts);
    const symbols = walker.symbols.facts();
    return {
      symbols,
      imports: walker.imports,
      references: keepResolvableValues(references, symbols, walker.imports),
    };
  },
};

const isPublic = (name: string) => !name.startsWith("_") || (name.startsWith("__") && name.endsWith("__"));

class Walker {
  readonly symbols = new SymbolCollector();
  readonly imports: ImportFact[] = [];

  constructor(private readonly source: string) {}

  block(block: Node, owner: SymbolDraft | undefined): void {
    for (const statement of block.namedChildren) if (statement) this.statement(statement, owner);
  }

  private statement(node: Node, owner: SymbolDraft | undefined): void {
    switch (node.type) {
      case "decorated_definition":
      case "function_definition":
      case "class_definition": {
        const read = readPythonDefinition(node);
        if (read) this.definition(read, owner);
        return;
      }
      case "type_alias_statement": {
        const name = node.childForFieldName("left")?.text;
        if (name && !owner)
          this.symbols.add({
            node,
            name,
            kind: "type",
            exported: isPublic(name),
            signature: signatureOf(this.source, node, null),
          });
        return;
      }
      case "expression_statement": {
        const first = node.namedChildren[0];
        const assignment = first && !owner ? readPythonAssignment(first) : undefined;
        if (assignment) this.assignment(assignment, node);
        return;
      }
      case "import_statement":
        this.importStatement(node);
        return;
      case "import_from_statement":
        this.importFrom(node);
        return;
      case "if_statement":
      case "try_statement":
        // `if TYPE_CHECKING:` / `try: import x` blocks hold real imports and definitions.
        for (const child of node.namedChildren) {
          if (child?.type === "block") this.block(child, owner);
          else if (child && /clause$/.test(child.type)) {
            for (const inner of child.namedChildren) if (inner?.type === "block") this.block(inner, owner);
          }
        }
        return;
    }
  }

  /** A decorated definition's range includes its decorators. */
  private definition(read: PythonDefinition<Node>, owner: SymbolDraft | undefined): void {
    const { definition, statement, name } = read;
    if (!name) return;
    if (read.kind === "function") {
      const inClass = owner?.kind === "class" || owner?.kind === "interface" || owner?.kind === "enum";
      this.add(definition, statement, name, inClass ? "method" : "function", owner);
      return;
    }
    const cls = this.add(definition, statement, name, classKind(definition), owner);
    const body = read.body;
    if (body) this.block(body, cls);
  }

  private add(
    node: Node,
    range: Node,
    name: string,
    kind: SymbolKind,
    owner: SymbolDraft | undefined,
  ): SymbolDraft {
    return this.symbols.add({
      node: range,
      name,
      kind,
      exported: isPublic(name) && (owner ? owner.exported : true),
      signature: signatureOf(this.source, node),
      ...(owner ? { parent: owner } : {}),
    });
  }

  /** A module-level `NAME = value` (its first target only: `a = b = v` declares `a`). */
  private assignment(assignment: PythonAssignment<Node>, statement: Node): void {
    const left = assignment.target;
    if (left?.type !== "identifier") return;
    const name = left.text;
    this.symbols.add({
      node: statement,
      name,
      kind: "variable",
      exported: isPublic(name),
      signature: signatureOf(this.source, statement, assignment.right),
    });
  }

  private importStatement(node: Node): void {
    const read = readPythonImport(node);
    if (read?.kind !== "import") return;
    for (const { module, head, aliased, alias } of read.modules) {
      // `import a.b.c` binds `a`; uses look like `a.b.c.f()`, so the qualifier is `a`.
      if (!aliased) this.addImport(node, module, [{ local: head, imported: "*" }]);
      else if (module && alias) this.addImport(node, module, [{ local: alias, imported: "*" }]);
    }
  }

  private addImport(node: Node, specifier: string, bindings: ImportBinding[]): void {
    this.imports.push({ specifier, bindings, line: lineOf(node) });
  }

  private importFrom(node: Node): void {
    const read = readPythonImport(node);
    if (read?.kind !== "from") return;
    const bindings: ImportBinding[] = [];
    let wildcard = false;
    for (const name of read.names) {
      if (name === "*") wildcard = true;
      else if (!name.aliased) bindings.push({ local: name.name, imported: name.name });
      else if (name.name && name.alias) bindings.push({ local: name.alias, imported: name.name });
    }
    const fact: ImportFact = { specifier: read.module, bindings, line: lineOf(node) };
    if (read.level > 0) fact.level = read.level;
    if (wildcard) fact.wildcard = true;
    this.imports.push(fact);
  }
}

function classKind(node: Node): SymbolKind {
  for (const base of readPythonBases(node)) {
    const name = base.type === "attribute" ? base.childForFieldName("attribute")?.text : base.text;
    if (name && ENUM_BASES.has(name)) return "enum";
    if (name && INTERFACE_BASES.has(name)) return "interface";
  }
  return "class";
}

function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}
