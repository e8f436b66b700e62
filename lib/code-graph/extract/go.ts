// Go: functions, methods (attached to their receiver type, which may live in another file of the
// package), types (struct → class, interface, other → type), package-level const/var; `package`
// and imports; references by query. Exported means a capitalised name (the language's rule).
import type { ImportFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";
import {
  type GoTypeSpec,
  type GoValueSpec,
  readGoReceiver,
  readGoTypeSpecs,
  readGoValueSpecs,
} from "../syntax/go-declaration-syntax.js";
import { type GoImport, readGoImports } from "../syntax/go-import-syntax.js";
import { readGoPackage } from "../syntax/go-package-syntax.js";
import type { Extraction, Extractor } from "./extractor.js";
import { collectReferences } from "./references.js";
import { SymbolCollector, type SymbolDraft, signatureOf } from "./symbols.js";

const REFERENCES = `
(call_expression function: (identifier) @ref)
(call_expression function: (selector_expression operand: (identifier) @qual field: (field_identifier) @ref))
(call_expression function: (selector_expression field: (field_identifier) @member))
(type_identifier) @ref
(qualified_type package: (package_identifier) @qual name: (type_identifier) @ref)
(type_parameter_declaration name: (identifier) @skip)
(identifier) @value
`;

const isExported = (name: string) => name[0] !== undefined && name[0] !== name[0].toLowerCase();

export const goExtractor: Extractor = {
  referencePattern: REFERENCES,
  extract(root, source, query): Extraction {
    const symbols = new SymbolCollector();
    const imports: ImportFact[] = [];
    let packageName: string | undefined;
    const methods: Node[] = [];
    for (const node of root.namedChildren) {
      if (!node) continue;
      switch (node.type) {
        case "package_clause":
          packageName = readGoPackage(node);
          break;
        case "import_declaration":
          for (const spec of readGoImports(node)) imports.push(importOf(spec));
          break;
        case "function_declaration":
          addNamed(symbols, source, node, "function");
          break;
        case "method_declaration":
          methods.push(node);
          break;
        case "type_declaration":
          for (const spec of readGoTypeSpecs(node)) addType(symbols, source, spec);
          break;
        case "const_declaration":
        case "var_declaration":
          for (const spec of readGoValueSpecs(node)) addValues(symbols, source, spec);
          break;
      }
    }
    // Methods after types, so a receiver declared later in the file is already known.
    for (const method of methods) addMethod(symbols, source, method);
    const references = collectReferences(query, root, symbols.drafts);
    return { symbols: symbols.facts(), imports, references, ...(packageName ? { packageName } : {}) };
  },
};

function addNamed(
  symbols: SymbolCollector,
  source: string,
  node: Node,
  kind: SymbolKind,
): SymbolDraft | undefined {
  const name = node.childForFieldName("name")?.text;
  if (!name) return undefined;
  return symbols.add({ node, name, kind, exported: isExported(name), signature: signatureOf(source, node) });
}

function addType(symbols: SymbolCollector, source: string, read: GoTypeSpec<Node>): void {
  const spec = read.spec;
  const name = read.name.text;
  const typeNode = read.type;
  const kind: SymbolKind =
    typeNode?.type === "struct_type" ? "class" : typeNode?.type === "interface_type" ? "interface" : "type";
  const body = kind === "type" ? null : typeNode;
  const draft = symbols.add({
    node: spec,
    name,
    kind,
    exported: isExported(name),
    signature: `type ${signatureOf(source, spec, body)}`,
  });
  if (kind !== "interface" || !typeNode) return;
  for (const element of typeNode.namedChildren) {
    const methodName = element?.type === "method_elem" ? element.childForFieldName("name")?.text : undefined;
    if (!element || !methodName) continue;
    symbols.add({
      node: element,
      name: methodName,
      kind: "method",
      exported: isExported(methodName),
      signature: signatureOf(source, element, null),
      parent: draft,
    });
  }
}

function addValues(symbols: SymbolCollector, source: string, read: GoValueSpec<Node>): void {
  const spec = read.spec;
  for (const name of read.names) {
    symbols.add({
      node: spec,
      name: name.text,
      kind: "variable",
      exported: isExported(name.text),
      signature: signatureOf(source, spec, null),
    });
  }
}

function addMethod(symbols: SymbolCollector, source: string, node: Node): void {
  const name = node.childForFieldName("name")?.text;
  if (!name) return;
  const receiverType = readGoReceiver(node)?.typeName;
  const owner = receiverType ? symbols.get(receiverType) : undefined;
  // A receiver declared in another file of the package: the graph builder attaches it there.
  const container = owner ? { parent: owner } : receiverType ? { parentName: receiverType } : {};
  symbols.add({
    node,
    name,
    kind: "method",
    exported: isExported(name),
    signature: signatureOf(source, node),
    ...container,
  });
}

function importOf({ path, alias, line }: GoImport): ImportFact {
  const specifier = path ?? "";
  const local = alias ?? specifier.slice(specifier.lastIndexOf("/") + 1);
  const fact: ImportFact = { specifier, bindings: [], line };
  if (alias === ".") fact.wildcard = true;
  else if (alias !== "_") fact.bindings.push({ local, imported: "*" });
  return fact;
}
