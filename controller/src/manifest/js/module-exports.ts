// What a module imports and exports: ES `import`/`export` statements and CommonJS assignments
// (`module.exports = …`, `exports.x = …`).

import {
  type EsExport,
  readCommonJsExport,
  readEsImport,
  readExportStatement,
  readModuleCall,
} from "../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../scanner.js";
import { classFact, decoratorsOf } from "./class-facts.js";
import { FN_TYPES, lineOf, stringText } from "./js-syntax.js";
import type { FnFact, JsModule } from "./module-facts.js";
import type { ModuleWalk, Scope } from "./module-walk.js";

export function importFacts(m: JsModule, s: SyntaxNode): void {
  const esImport = readEsImport(s);
  if (!esImport) return;
  for (const { local, imported } of esImport.bindings)
    m.bindings[local] = { k: "import", from: esImport.specifier, name: imported };
}

export function exportFacts(w: ModuleWalk, s: SyntaxNode, scope: Scope, fn?: FnFact): void {
  const read = readExportStatement(s);
  const decl = read.declaration;
  const value = decl ? null : read.value;
  if (decl) exportDeclaration(w, s, decl, read.isDefault, scope, fn);
  else if (value) {
    if (value.type === "class") classFact(w, value, decoratorsOf(w, s));
    w.m.exports.default = FN_TYPES.has(value.type) ? w.fnValue(value, scope) : w.toValue(value, scope);
    w.walkExpr(value, scope);
  } else exportList(w.m, read);
}

/** `export const x = …`, `export class X {}`, `export default function f() {}`. */
function exportDeclaration(
  w: ModuleWalk,
  s: SyntaxNode,
  decl: SyntaxNode,
  isDefault: boolean,
  scope: Scope,
  fn?: FnFact,
): void {
  const { m } = w;
  if (decl.type === "lexical_declaration" || decl.type === "variable_declaration") {
    w.declare(decl, scope, true, true);
  } else if (decl.type === "class_declaration" || decl.type === "abstract_class_declaration") {
    classFact(w, decl, [...decoratorsOf(w, s), ...decoratorsOf(w, decl)]);
    const name = decl.childForFieldName("name")?.text;
    if (name) {
      m.bindings[name] = { k: "class", name, file: w.file.path };
      m.bindingLines[name] = lineOf(decl);
      m.exports[isDefault ? "default" : name] = { k: "id", name };
    }
  } else {
    w.walk(decl, scope, fn, true);
    const name = decl.childForFieldName("name")?.text;
    if (name) m.exports[isDefault ? "default" : name] = { k: "id", name };
  }
}

/** `export { a, b as c }`, `export { a } from "./x"`, `export * from "./x"`. */
function exportList(m: JsModule, { source: from, list }: EsExport<SyntaxNode>): void {
  for (const { name, alias = name } of list ?? [])
    m.exports[alias] = from ? { k: "import", from, name } : { k: "id", name };
  if (!list && from) m.starExports.push(from);
}

/** `module.exports = …`, `exports.x = …`, `module.exports.x = …`. */
export function commonJsExport(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const rightNode = e.childForFieldName("right");
  if (!e.childForFieldName("left") || !rightNode) return;
  // The value first, whatever the left side: its functions are facts of the module either way.
  const right = FN_TYPES.has(rightNode.type) ? w.fnValue(rightNode, scope) : w.toValue(rightNode, scope);
  // `exports.default = exports.Router = void 0;` only declares what is exported later.
  if (right.k === "null" && rightNode.type !== "null") return;
  const read = readCommonJsExport(e);
  if (read?.target === "module") {
    w.m.exports.default = right;
    if (right.k === "obj") for (const [k, v] of right.props) w.m.exports[k] = v;
  } else if (read) w.m.exports[read.name] = right;
}

/**
 * tsc's CommonJS re-exports: `Object.defineProperty(exports, "Api", { enumerable: true, get:
 * function () { return api_1.Api; } })` (`export { Api } from "./api"`) exports what the getter
 * returns; `__exportStar(require("./api"), exports)` (`export * from "./api"`, also as
 * `tslib_1.__exportStar` or older tsc's `__export(require("./api"))`) re-exports a module.
 */
export function commonJsReexport(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const fnNode = e.childForFieldName("function");
  const args = e.childForFieldName("arguments")?.namedChildren ?? [];
  const callee =
    fnNode?.type === "member_expression" ? fnNode.childForFieldName("property")?.text : fnNode?.text;
  if (callee === "__exportStar" || callee === "__export") {
    const from = requiredSpecifier(args[0]);
    if (from && (callee === "__export" || args[1]?.text === "exports")) w.m.starExports.push(from);
    return;
  }
  if (fnNode?.text !== "Object.defineProperty" || args[0]?.text !== "exports" || args[2]?.type !== "object")
    return;
  const name = args[1]?.type === "string" ? stringText(args[1]) : undefined;
  const getter = args[2].namedChildren.find(
    (p) => p.type === "pair" && p.childForFieldName("key")?.text === "get",
  );
  const fn = getter?.childForFieldName("value");
  const body = fn && FN_TYPES.has(fn.type) ? fn.childForFieldName("body") : undefined;
  const ret =
    body?.type === "statement_block" ? body.namedChildren.find((s) => s.type === "return_statement") : body;
  const returned = ret?.type === "return_statement" ? ret.namedChildren[0] : ret;
  if (name && name !== "__esModule" && returned) w.m.exports[name] = w.toValue(returned, scope);
}

/** `require("./api")`: the module specifier (the shared reader of module calls). */
function requiredSpecifier(n: SyntaxNode | undefined): string | undefined {
  const call = n?.type === "call_expression" ? readModuleCall(n) : undefined;
  return call?.kind === "require" ? call.specifier : undefined;
}
