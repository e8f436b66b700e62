// Kotlin: classes (data/enum/sealed…; `interface` → interface, `enum class` → enum), objects and
// companion objects (→ class), functions, methods, top-level properties, type aliases; `package`
// and imports (aliases, `.*`); references by query. Exported means not `private`/`internal`
// (Kotlin's default visibility is public).
import type { ImportFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";
import { type KotlinDeclaration, readKotlinDeclaration } from "../syntax/kotlin-declaration-syntax.js";
import { lastSegment, readKotlinImport } from "../syntax/kotlin-import-syntax.js";
import { readKotlinPackage } from "../syntax/kotlin-package-syntax.js";
import { namedChildrenOf } from "../syntax/syntax-node.js";
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
    const read = readKotlinDeclaration(node);
    if (!read) return;
    const name = read.name?.text ?? (read.kind === "companion" ? "Companion" : undefined);
    if (!name) return;
    switch (read.kind) {
      case "function":
        this.add(node, read, name, owner ? "method" : "function", owner);
        return;
      case "property":
        if (owner?.kind !== "interface") this.add(node, read, name, "variable", owner, true);
        return;
      case "typeAlias":
        this.add(node, read, name, "type", owner, true);
        return;
      default: {
        const draft = this.add(node, read, name, SYMBOL_KINDS[read.kind], owner);
        for (const member of namedChildrenOf(read.body)) this.declaration(member, draft);
      }
    }
  }

  private add(
    node: Node,
    read: KotlinDeclaration<Node>,
    name: string,
    kind: SymbolKind,
    owner: SymbolDraft | undefined,
    firstLine = false,
  ): SymbolDraft {
    return this.symbols.add({
      node,
      name,
      kind,
      exported: isVisible(read) && (owner ? owner.exported : true),
      signature: signatureOf(this.source, node, firstLine ? null : (read.body ?? null)),
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

/** Objects, companions and annotation classes are classes in the graph's model. */
const SYMBOL_KINDS: Record<
  "class" | "interface" | "enum" | "annotation" | "object" | "companion",
  SymbolKind
> = {
  class: "class",
  interface: "interface",
  enum: "enum",
  annotation: "class",
  object: "class",
  companion: "class",
};

function isVisible({ modifiers }: KotlinDeclaration<Node>): boolean {
  return !namedChildrenOf(modifiers).some(
    (m) => m.type === "visibility_modifier" && (m.text === "private" || m.text === "internal"),
  );
}
