// Kotlin: classes (data/enum/sealed…; `interface` → interface, `enum class` → enum), objects and
// companion objects (→ class), functions, methods, top-level properties, type aliases; `package`
// and imports (aliases, `.*`); references by query. Exported means not `private`/`internal`
// (Kotlin's default visibility is public).
import type { ImportFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";
import { lastSegment, readKotlinImport } from "../syntax/kotlin-import-syntax.js";
import { readKotlinPackage } from "../syntax/kotlin-package-syntax.js";
import type { Extraction, Extractor } from "./extractor.js";
import { collectReferences } from "./references.js";
import { SymbolCollector, type SymbolDraft, signatureOf } from "./symbols.js";

const REFERENCES = `
(call_expression (identifier) @ref)
(call_expression (navigation_expression (identifier) @qual (identifier) @ref))
(call_expression (navigation_expression (_) (identifier) @member))
(user_type (identifier) @ref)
(identifier) @value
`;

export const kotlinExtractor: Extractor = {
  referencePattern: REFERENCES,
  extract(root, source, query): Extraction {
    const walker = new Walker(source);
    let packageName: string | undefined;
    for (const node of root.namedChildren) {
      if (!node) continue;
      if (node.type === "package_header") packageName = readKotlinPackage(node);
      else if (node.type === "import") walker.importOf(node);
      else walker.declaration(node, undefined);
    }
    const references = collectReferences(query, root, walker.symbols.drafts);
    return {
      symbols: walker.symbols.facts(),
      imports: walker.imports,
      references,
      ...(packageName ? { packageName } : {}),
    };
  },
};

class Walker {
  readonly symbols = new SymbolCollector();
  readonly imports: ImportFact[] = [];

  constructor(private readonly source: string) {}

  declaration(node: Node, owner: SymbolDraft | undefined): void {
    switch (node.type) {
      case "class_declaration":
      case "object_declaration":
      case "companion_object": {
        const name =
          node.childForFieldName("name")?.text ??
          (node.type === "companion_object" ? "Companion" : undefined);
        if (!name) return;
        const draft = this.add(node, name, classKind(node), owner);
        const body = node.namedChildren.find(
          (c) => c?.type === "class_body" || c?.type === "enum_class_body",
        );
        for (const member of body?.namedChildren ?? []) if (member) this.declaration(member, draft);
        return;
      }
      case "function_declaration": {
        const name = node.childForFieldName("name")?.text;
        if (name) this.add(node, name, owner ? "method" : "function", owner);
        return;
      }
      case "property_declaration": {
        const name = node.namedChildren.find((c) => c?.type === "variable_declaration")?.namedChildren[0]
          ?.text;
        if (name && owner?.kind !== "interface") this.add(node, name, "variable", owner, true);
        return;
      }
      case "type_alias": {
        const name = node.childForFieldName("type")?.text;
        if (name) this.add(node, name, "type", owner, true);
        return;
      }
    }
  }

  private add(
    node: Node,
    name: string,
    kind: SymbolKind,
    owner: SymbolDraft | undefined,
    firstLine = false,
  ): SymbolDraft {
    const body = firstLine
      ? null
      : (node.namedChildren.find(
          (c) => c?.type === "class_body" || c?.type === "enum_class_body" || c?.type === "function_body",
        ) ?? null);
    return this.symbols.add({
      node,
      name,
      kind,
      exported: isVisible(node) && (owner ? owner.exported : true),
      signature: signatureOf(this.source, node, body),
      ...(owner ? { parent: owner } : {}),
    });
  }

  importOf(node: Node): void {
    const read = readKotlinImport(node);
    if (!read) return;
    const fact: ImportFact = {
      specifier: read.name,
      bindings: read.local ? [{ local: read.local, imported: lastSegment(read.name) }] : [],
      line: node.startPosition.row + 1,
    };
    if (read.wildcard) fact.wildcard = true;
    this.imports.push(fact);
  }
}

function classKind(node: Node): SymbolKind {
  if (node.children.some((c) => c?.type === "interface")) return "interface";
  const modifiers = node.namedChildren.find((c) => c?.type === "modifiers");
  if (modifiers?.namedChildren.some((m) => m?.type === "class_modifier" && m.text === "enum")) return "enum";
  return "class";
}

function isVisible(node: Node): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === "modifiers");
  return !modifiers?.namedChildren.some(
    (m) => m?.type === "visibility_modifier" && (m.text === "private" || m.text === "internal"),
  );
}
