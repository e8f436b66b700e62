// Java: types (class, record → class; interface, @interface → interface; enum), their methods,
// constructors and public fields, nested types; `package` and `import [static] a.b.C[.*]`;
// references by query. Exported means `public` (interface members are public by default).
import type { ImportFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";
import { type JavaTypeKind, javaTypeKind, readJavaPackage } from "../syntax/java-declaration-syntax.js";
import { readJavaImport } from "../syntax/java-import-syntax.js";
import { hasJavaModifier, type JavaMember, readJavaMembers } from "../syntax/java-member-syntax.js";
import type { Extraction, Extractor } from "./extractor.js";
import { collectReferences } from "./references.js";
import { SymbolCollector, type SymbolDraft, signatureOf } from "./symbols.js";

const REFERENCES = `
(method_invocation object: [(identifier) (this)] @qual name: (identifier) @ref)
(method_invocation !object name: (identifier) @ref)
(method_invocation object: (_) name: (identifier) @member)
(object_creation_expression type: (type_identifier) @ref)
(type_identifier) @ref
(scoped_type_identifier (type_identifier) @qual . (type_identifier) @ref)
(marker_annotation name: (identifier) @ref)
(annotation name: (identifier) @ref)
(type_parameter (type_identifier) @skip)
(identifier) @value
`;

/** Records are classes and `@interface`s interfaces here. */
const SYMBOL_KINDS: Record<JavaTypeKind, SymbolKind> = {
  class: "class",
  record: "class",
  interface: "interface",
  annotation: "interface",
  enum: "enum",
};

export const javaExtractor: Extractor = {
  referencePattern: REFERENCES,
  extract(root, source, query): Extraction {
    const walker = new Walker(source);
    let packageName: string | undefined;
    for (const node of root.namedChildren) {
      if (!node) continue;
      if (node.type === "package_declaration") packageName = readJavaPackage(node);
      else if (node.type === "import_declaration") walker.importDeclaration(node);
      else walker.type(node, undefined);
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

  type(node: Node, owner: SymbolDraft | undefined): void {
    const typeKind = javaTypeKind(node);
    const kind = typeKind && SYMBOL_KINDS[typeKind];
    const name = node.childForFieldName("name")?.text;
    if (!kind || !name) return;
    const exported = isPublic(node, owner) && (owner ? owner.exported : true);
    const draft = this.symbols.add({
      node,
      name,
      kind,
      exported,
      signature: signatureOf(this.source, node),
      ...(owner ? { parent: owner } : {}),
    });
    for (const member of readJavaMembers(node.childForFieldName("body"))) this.member(member, draft);
  }

  /** Methods (constructors and `@interface` elements too), public fields, nested types. */
  private member(read: JavaMember<Node>, owner: SymbolDraft): void {
    const { kind, member } = read;
    if (kind === "type") {
      this.type(member, owner);
      return;
    }
    if (kind === "method" || kind === "constructor" || kind === "annotation-element") {
      this.symbols.add({
        node: member,
        name: read.name?.text ?? owner.name,
        kind: "method",
        exported: owner.exported && isPublic(member, owner),
        signature: signatureOf(this.source, member),
        parent: owner,
      });
      return;
    }
    if ((kind !== "field" && kind !== "constant") || !isPublic(member, owner)) return;
    for (const { name, value } of read.declarators) {
      if (!name?.text) continue;
      this.symbols.add({
        node: member,
        name: name.text,
        kind: "variable",
        exported: owner.exported,
        signature: signatureOf(this.source, member, value),
        parent: owner,
      });
    }
  }

  importDeclaration(node: Node): void {
    const read = readJavaImport(node);
    if (!read) return;
    const { name: specifier, wildcard, isStatic } = read;
    const last = specifier.slice(specifier.lastIndexOf(".") + 1);
    const fact: ImportFact = {
      specifier,
      bindings: wildcard ? [] : [{ local: last, imported: last }],
      line: node.startPosition.row + 1,
    };
    if (isStatic) fact.isStatic = true;
    if (wildcard) fact.wildcard = true;
    this.imports.push(fact);
  }
}

function isPublic(node: Node, owner: SymbolDraft | undefined): boolean {
  return owner?.kind === "interface" || hasJavaModifier(node, "public");
}
