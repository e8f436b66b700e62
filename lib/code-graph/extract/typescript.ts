// TypeScript, TSX and JavaScript: declarations by a walk over top-level statements and class,
// interface and namespace bodies; imports from `import`/`export ... from`, `require()` and
// `import()`; references by query.
import type { ImportBinding, ImportFact } from "../facts.js";
import type { Node } from "../parser.js";
import { readCommonJsExport } from "../syntax/js-commonjs-syntax.js";
import {
  isPrivateMember,
  JS_FUNCTION_VALUES,
  type JsDeclarator,
  readClassMember,
  readDeclarators,
} from "../syntax/js-declaration-syntax.js";
import { type ModuleCall, readModuleCall } from "../syntax/js-module-call-syntax.js";
import { type EsExport, readEsImport, readExportStatement } from "../syntax/js-module-syntax.js";
import { readTsTypeDeclaration } from "../syntax/ts-type-syntax.js";
import type { Extraction, Extractor } from "./extractor.js";
import { collectReferences, keepResolvableValues } from "./references.js";
import { SymbolCollector, type SymbolDraft, signatureOf } from "./symbols.js";

const REFERENCES_JS = `
(call_expression function: (identifier) @ref)
(call_expression function: (member_expression object: [(identifier) (this)] @qual property: (property_identifier) @ref))
(call_expression function: (member_expression property: (property_identifier) @member))
(new_expression constructor: (identifier) @ref)
(new_expression constructor: (member_expression object: (identifier) @qual property: (property_identifier) @ref))
(class_heritage (identifier) @ref)
(identifier) @value
(shorthand_property_identifier) @value
(call_expression function: (identifier) @fn (#eq? @fn "require")) @module_call
(call_expression function: (import)) @module_call
`;

const REFERENCES_JSX = `
(jsx_opening_element name: (identifier) @ref)
(jsx_self_closing_element name: (identifier) @ref)
`;

const REFERENCES_TS = `${REFERENCES_JS.replace("(class_heritage (identifier) @ref)", "(extends_clause value: (identifier) @ref)")}
(type_identifier) @ref
(nested_type_identifier module: (identifier) @qual name: (type_identifier) @ref)
(type_parameter name: (type_identifier) @skip)
`;

export function typescriptExtractor(dialect: "typescript" | "tsx" | "javascript"): Extractor {
  return {
    referencePattern:
      dialect === "javascript"
        ? REFERENCES_JS + REFERENCES_JSX
        : dialect === "tsx"
          ? REFERENCES_TS + REFERENCES_JSX
          : REFERENCES_TS,
    extract(root, source, query): Extraction {
      const walker = new Walker(source);
      walker.statements(root, undefined);
      const requires: ImportFact[] = [];
      const references = collectReferences(query, root, walker.symbols.drafts, (name, node) => {
        if (name !== "module_call") return;
        const call = readModuleCall(node);
        if (call && call.specifier !== "") requires.push(requireImport(node, call));
      });
      const symbols = walker.symbols.facts();
      const imports = [...walker.imports, ...requires];
      return { symbols, imports, references: keepResolvableValues(references, symbols, imports) };
    },
  };
}

class Walker {
  readonly symbols = new SymbolCollector();
  readonly imports: ImportFact[] = [];

  constructor(private readonly source: string) {}

  statements(body: Node, namespace: SymbolDraft | undefined): void {
    for (const statement of body.namedChildren) {
      if (statement) this.statement(statement, namespace, false, false);
    }
  }

  private statement(
    node: Node,
    parent: SymbolDraft | undefined,
    exported: boolean,
    isDefault: boolean,
  ): void {
    switch (node.type) {
      case "export_statement":
        this.exportStatement(node, parent);
        return;
      case "import_statement":
        this.importStatement(node);
        return;
      case "ambient_declaration":
        for (const child of node.namedChildren) if (child) this.statement(child, parent, exported, isDefault);
        return;
      case "function_declaration":
      case "generator_function_declaration":
      case "function_signature":
        this.add(node, "function", parent, exported, isDefault);
        return;
      case "class_declaration":
      case "abstract_class_declaration":
      case "class": {
        const cls = this.add(node, "class", parent, exported, isDefault);
        const body = node.childForFieldName("body");
        if (cls && body) this.classBody(body, cls);
        return;
      }
      case "interface_declaration":
      case "type_alias_declaration":
      case "enum_declaration":
        this.typeDeclaration(node, parent, exported, isDefault);
        return;
      case "internal_module":
      case "module": {
        const ns = this.add(node, "variable", parent, exported, isDefault);
        const body = node.childForFieldName("body");
        if (ns && body) this.statements(body, ns);
        return;
      }
      case "lexical_declaration":
      case "variable_declaration":
        for (const declarator of readDeclarators(node)) this.declarator(declarator, node, parent, exported);
        return;
      case "expression_statement": {
        const expression = node.namedChildren[0];
        if (expression?.type === "assignment_expression") this.commonJsExport(expression, node);
        return;
      }
    }
  }

  /** `interface` (its method signatures are methods), `type X = …`, `enum`. */
  private typeDeclaration(
    node: Node,
    parent: SymbolDraft | undefined,
    exported: boolean,
    isDefault: boolean,
  ): void {
    const read = readTsTypeDeclaration(node);
    if (!read) return;
    const draft = this.add(node, read.kind, parent, exported, isDefault, read.name);
    const body = read.kind === "interface" ? read.body : null;
    if (draft && body) this.classBody(body, draft);
  }

  private add(
    node: Node,
    kind: "function" | "class" | "interface" | "type" | "enum" | "variable",
    parent: SymbolDraft | undefined,
    exported: boolean,
    isDefault: boolean,
    nameNode: Node | null = node.childForFieldName("name"),
  ): SymbolDraft | undefined {
    const name = nameNode ? nameNode.text : isDefault ? "default" : undefined;
    if (!name || nameNode?.type === "string") return undefined;
    const signature = signatureOf(this.source, node);
    return this.symbols.add({
      node,
      name,
      kind,
      exported,
      signature,
      isDefault,
      ...(parent ? { parent } : {}),
    });
  }

  private declarator(
    { declarator, name: nameNode, value }: JsDeclarator<Node>,
    declaration: Node,
    parent: SymbolDraft | undefined,
    exported: boolean,
  ): void {
    if (nameNode?.type !== "identifier") return;
    const isFunction = value !== null && JS_FUNCTION_VALUES.has(value.type);
    const isClass = value?.type === "class";
    if (!isFunction && !isClass && !exported) return;
    const kind = isFunction ? "function" : isClass ? "class" : "variable";
    const body = isFunction ? value.childForFieldName("body") : value;
    const range = declaration.namedChildren.length === 1 ? declaration : declarator;
    const signature = signatureOf(this.source, range, body);
    const draft = this.symbols.add({
      node: range,
      name: nameNode.text,
      kind,
      exported,
      signature,
      ...(parent ? { parent } : {}),
    });
    const classBody = isClass ? value.childForFieldName("body") : null;
    if (classBody) this.classBody(classBody, draft);
  }

  /** Methods, method signatures and function-valued fields (`onClick = () => …`) are methods. */
  private classBody(body: Node, owner: SymbolDraft): void {
    for (const child of body.namedChildren) {
      if (!child) continue;
      const read = readClassMember(child);
      const isMethod =
        read.kind === "method" ||
        read.kind === "method-signature" ||
        (read.kind === "field" && JS_FUNCTION_VALUES.has(read.value?.type ?? ""));
      const nameNode = isMethod ? read.name : null;
      if (!nameNode) continue;
      const body = child.childForFieldName("body") ?? read.value?.childForFieldName("body") ?? null;
      this.symbols.add({
        node: child,
        name: nameNode.text,
        kind: "method",
        exported: owner.exported && !isPrivateMember(child, nameNode),
        signature: signatureOf(this.source, child, body),
        parent: owner,
      });
    }
  }

  private exportStatement(node: Node, parent: SymbolDraft | undefined): void {
    const read = readExportStatement(node);
    const { isDefault, declaration } = read;
    if (declaration) {
      this.statement(declaration, parent, true, isDefault);
      return;
    }
    const source = read.source;
    if (source !== undefined) {
      this.reexport(node, source, read);
      return;
    }
    const value = read.value;
    if (value) {
      if (value.type === "identifier") this.symbols.markExported(value.text, isDefault);
      else if (value.type === "class" || JS_FUNCTION_VALUES.has(value.type))
        this.statement(value, parent, true, isDefault);
      return;
    }
    for (const { name, alias } of read.list ?? []) this.symbols.markExported(name, alias === "default");
  }

  /** `export { a as b } from "m"`, `export * as ns from "m"`, `export * from "m"` (wildcard). */
  private reexport(node: Node, specifier: string, { list, namespace }: EsExport<Node>): void {
    const bindings: ImportBinding[] = (list ?? []).map(({ name, alias }) => ({
      imported: name,
      local: alias ?? name,
    }));
    if (namespace) bindings.push({ imported: "*", local: namespace });
    const fact: ImportFact = { specifier, bindings, reexport: true, line: lineOf(node) };
    if (!list && namespace === undefined) fact.wildcard = true;
    this.imports.push(fact);
  }

  private importStatement(node: Node): void {
    const esImport = readEsImport(node);
    if (esImport) this.imports.push({ ...esImport, line: lineOf(node) });
  }

  /** `exports.x = ...`, `module.exports.x = ...`, `module.exports = x | { a, b }`. */
  private commonJsExport(assignment: Node, statement: Node): void {
    const read = readCommonJsExport(assignment);
    if (!read) return;
    const right = read.value;
    if (read.target === "module") {
      if (right.type === "identifier") this.symbols.markExported(right.text, true);
      else if (right.type === "object") {
        for (const entry of right.namedChildren) {
          if (entry?.type === "shorthand_property_identifier") this.symbols.markExported(entry.text);
        }
      }
      return;
    }
    const isFunction = JS_FUNCTION_VALUES.has(right.type);
    if (!isFunction && right.type === "identifier") {
      this.symbols.markExported(right.text);
      return;
    }
    this.symbols.add({
      node: statement,
      name: read.name,
      kind: isFunction ? "function" : right.type === "class" ? "class" : "variable",
      exported: true,
      signature: signatureOf(this.source, statement, right.childForFieldName("body")),
    });
  }
}

/** `require("m")` / `import("m")`, and the names a declaration binds from it. */
function requireImport(node: Node, call: ModuleCall): ImportFact {
  return {
    specifier: call.specifier,
    bindings: requireBindings(node),
    line: call.literal.startPosition.row + 1,
  };
}

/** `const x = require("m")` binds the module; `const { a, b: c } = require("m")` binds names. */
function requireBindings(call: Node | null | undefined): ImportBinding[] {
  const declarator = call?.parent;
  if (declarator?.type !== "variable_declarator") return [];
  const name = declarator.childForFieldName("name");
  if (name?.type === "identifier") return [{ local: name.text, imported: "*" }];
  if (name?.type !== "object_pattern") return [];
  const bindings: ImportBinding[] = [];
  for (const entry of name.namedChildren) {
    if (entry?.type === "shorthand_property_identifier_pattern")
      bindings.push({ local: entry.text, imported: entry.text });
    else if (entry?.type === "pair_pattern") {
      const key = entry.childForFieldName("key")?.text;
      const value = entry.childForFieldName("value");
      if (key && value?.type === "identifier") bindings.push({ local: value.text, imported: key });
    }
  }
  return bindings;
}

function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}
