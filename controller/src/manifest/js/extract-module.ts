// Walks one module's tree-sitter tree into JsModule facts. Names bound inside functions are
// replaced by their values as the walk goes (a local `const prefix = "/api"` becomes "/api");
// module-level names stay `id`s for link to resolve, also across files. The parts: values
// (to-value.ts), classes (class-facts.ts), imports and exports (module-exports.ts), type
// declarations (type-declarations.ts), patterns (bind-pattern.ts), assignments (assignment-facts.ts);
// this file holds the walk over statements and scopes.

import { readDeclarators } from "../../../../lib/code-graph/index.js";
import type { SourceFile, SyntaxNode } from "../scanner.js";
import { instanceProp, isUnset, localAssign, propAssign, selfAssign } from "./assignment-facts.js";
import { bindPattern } from "./bind-pattern.js";
import { classFact, decoratorsOf, paramFact } from "./class-facts.js";
import { FN_TYPES, isNameChain, isThisMember, lineOf, named } from "./js-syntax.js";
import { commonJsExport, commonJsReexport, exportFacts, importFacts } from "./module-exports.js";
import type { FnFact, JsModule } from "./module-facts.js";
import { PLAIN_CALL } from "./module-facts.js";
import { moduleLoads } from "./module-loads.js";
import type { ModuleWalk, Scope } from "./module-walk.js";
import {
  finishPrototypeClass,
  type PrototypeClass,
  prototypeAccessor,
  prototypeAccessorBody,
  prototypeClasses,
  prototypeConstructor,
  prototypeMethod,
  prototypeMethodBody,
} from "./prototype-classes.js";
import { argumentsValue, bindBabelRest } from "./rest-args.js";
import { expressionValue, forInKey } from "./to-value.js";
import { readTsDecorate } from "./ts-decorate.js";
import { type TsNamespace, tsNamespace } from "./ts-namespace.js";
import { aliasFact, enumFact, interfaceFact } from "./type-declarations.js";
import { str, type Value } from "./value.js";

const LOOP_METHODS = new Set(["forEach", "map", "flatMap"]);

/** An argument that hands a name on: `app`, `this.app`, or an object literal holding one. */
const mayHandName = (a: SyntaxNode): boolean =>
  a.type === "identifier" ||
  isThisMember(a) ||
  (a.type === "object" &&
    named(a).some(
      (p) =>
        p.type === "shorthand_property_identifier" ||
        (p.type === "pair" && mayHandName(p.childForFieldName("value") ?? p)),
    ));

/**
 * `page("/about", "about")`: a call of a function named in scope with a string written as an
 * argument (not `require`), which may be a project helper registering a route at that path.
 */
const handsString = (fnNode: SyntaxNode, args: readonly SyntaxNode[]): boolean =>
  fnNode.type === "identifier" &&
  fnNode.text !== "require" &&
  args.some((a) => a.type === "string" || a.type === "template_string");

/** The class a declarator's value is, through chained assignments: `class C {}`, `C_1 = class C {}`. */
function assignedClass(n: SyntaxNode | null | undefined): SyntaxNode | undefined {
  let v = n;
  while (v?.type === "assignment_expression") v = v.childForFieldName("right");
  return v?.type === "class" ? v : undefined;
}

/** Statements whose parts are statements or expressions walked in the same scope. */
const COMPOUND_STATEMENTS = new Set([
  "if_statement",
  "try_statement",
  "else_clause",
  "catch_clause",
  "finally_clause",
  "for_statement",
  "while_statement",
  "labeled_statement",
]);

export function extractModule(file: SourceFile): JsModule {
  const walker = new ModuleWalker(file);
  walker.walkStatements(named(file.root), new Map(), undefined, true);
  walker.m.loads = moduleLoads(file.root);
  return walker.m;
}

class ModuleWalker implements ModuleWalk {
  readonly m: JsModule = {
    bindings: {},
    bindingLines: {},
    exports: {},
    starExports: [],
    functions: {},
    calls: [],
    classes: [],
    interfaces: [],
    aliases: [],
    enums: [],
  };
  ctor: ModuleWalk["ctor"];
  readonly selfProps: ModuleWalk["selfProps"] = new Map();
  readonly laterAssigned: ModuleWalk["laterAssigned"] = new Map();
  /** The constructor functions read as classes in the statement lists being walked, by name. */
  private prototypeClasses = new Map<string, PrototypeClass>();
  private loops = 0;

  constructor(readonly file: SourceFile) {}

  at(n: SyntaxNode): string {
    return `${this.file.path}:${n.startPosition.row}:${n.startPosition.column}`;
  }

  nextLoop(): string {
    return `loop${this.loops++}`;
  }

  toValue(n: SyntaxNode | null | undefined, scope: Scope): Value {
    return expressionValue(this, n, scope);
  }

  noteRead(v: Value): Value {
    const path: string[] = [];
    let base: Value = v;
    while (base.k === "get" && base.prop.k === "str") {
      path.unshift(base.prop.v);
      base = base.of;
    }
    if (base.k !== "param" || base.rest || path.length === 0) return v;
    const fn = this.m.functions[base.fn];
    const read: [number, ...string[]] = [base.index, ...(base.path ?? []), ...path];
    if (!fn) return v;
    fn.reads ??= [];
    if (!fn.reads.some((r) => r.join("\u0000") === read.join("\u0000"))) fn.reads.push(read);
    return v;
  }

  fnValue(
    n: SyntaxNode,
    scope: Scope,
    name?: string,
    declaredType?: string,
    onFact?: (fact: FnFact) => void,
  ): Value {
    const id = this.at(n);
    const fact: FnFact = { line: lineOf(n), params: [] };
    onFact?.(fact);
    const fnName = name ?? n.childForFieldName("name")?.text;
    if (fnName) fact.name = fnName;
    if (declaredType) fact.declaredType = declaredType;
    this.m.functions[id] = fact;
    const inner: Scope = new Map(scope);
    const args = argumentsValue(n, id);
    if (args) inner.set("arguments", args);
    const single = n.childForFieldName("parameter");
    const params = single ? [single] : named(n.childForFieldName("parameters"));
    params.forEach((p, index) => {
      fact.params.push(paramFact(this, p));
      const pattern = p.childForFieldName("pattern") ?? p;
      bindPattern(this, pattern, { k: "param", fn: id, index }, inner);
    });
    const body = n.childForFieldName("body");
    if (body && body.type !== "statement_block") {
      fact.returns = this.toValue(body, inner);
      // `(app) => app.get("/x", h)`: the calls of an expression body run as a block's do.
      this.walkExpr(body, inner);
    } else if (body) this.walkBlock(body, inner, fact);
    return { k: "fn", id };
  }

  private walkBlock(block: SyntaxNode, scope: Scope, fn?: FnFact): void {
    this.walkStatements(named(block), scope, fn);
  }

  /** A statement list; its constructor functions with prototype methods are classes (prototype-classes.ts). */
  walkStatements(statements: readonly SyntaxNode[], scope: Scope, fn?: FnFact, topLevel = false): void {
    const found = prototypeClasses(this, statements);
    // Module-level statements each start from an empty scope (their names are the module's).
    const walkAll = () => {
      for (const s of statements) this.walk(s, topLevel ? new Map() : scope, fn, topLevel);
    };
    if (found.size === 0) {
      walkAll();
      return;
    }
    const outer = this.prototypeClasses;
    this.prototypeClasses = new Map([...outer, ...found]);
    walkAll();
    this.prototypeClasses = outer;
    for (const cls of found.values()) finishPrototypeClass(this, cls);
  }

  declare(decl: SyntaxNode, scope: Scope, topLevel: boolean, exported: boolean): void {
    for (const { declarator: d, name: nameNode, value: valueNode, type } of readDeclarators(decl)) {
      if (!nameNode) continue;
      const declaredType = type?.text.replace(/^:\s*/, "");
      let value: Value;
      if (valueNode && FN_TYPES.has(valueNode.type))
        value = this.fnValue(valueNode, scope, nameNode.text, declaredType);
      else if (assignedClass(valueNode)) {
        // `let C = class C { … }`: how tsc emits a decorated class (ts-decorate.ts); one that
        // names itself in its body is also bound to an alias, `let C = C_1 = class C { … }`.
        classFact(this, assignedClass(valueNode) as SyntaxNode, []);
        value = this.toValue(valueNode, scope);
      } else {
        value = this.toValue(valueNode, scope);
        this.walkExpr(valueNode, scope);
      }
      // `var _default = exports.default = Router;` (Babel's output) also exports.
      if (topLevel && valueNode?.type === "assignment_expression") commonJsExport(this, valueNode, scope);
      if (topLevel) this.bindModuleName(d, nameNode, value, exported);
      else bindPattern(this, nameNode, value, scope);
    }
  }

  /** A module-level `const x = …` (or a destructuring) binds module names, maybe exported. */
  private bindModuleName(d: SyntaxNode, nameNode: SyntaxNode, value: Value, exported: boolean): void {
    const { m } = this;
    if (nameNode.type === "identifier") {
      // `var app;` after a function that assigns it (hoisting): the assigned value stays.
      if (isUnset(value) && m.bindings[nameNode.text] && !isUnset(m.bindings[nameNode.text] as Value)) return;
      m.bindings[nameNode.text] = value;
      m.bindingLines[nameNode.text] = lineOf(d);
      if (exported) m.exports[nameNode.text] = { k: "id", name: nameNode.text };
      return;
    }
    const local: Scope = new Map();
    bindPattern(this, nameNode, value, local);
    for (const [k, v] of local) {
      m.bindings[k] = v;
      if (exported) m.exports[k] = { k: "id", name: k };
    }
  }

  /** Walks an expression for calls and nested functions. */
  walkExpr(n: SyntaxNode | null | undefined, scope: Scope): void {
    if (!n) return;
    if (FN_TYPES.has(n.type)) {
      this.fnValue(n, scope);
      return;
    }
    if (n.type === "class" || n.type === "class_declaration") return;
    // `ctx.query.page` anywhere in a body: a read of the handler's parameter.
    if ((n.type === "member_expression" || n.type === "subscript_expression") && isNameChain(n)) {
      this.toValue(n, scope);
      return;
    }
    if (n.type === "call_expression" && readTsDecorate(this, n)) return;
    if (n.type === "call_expression" && this.callFact(n, scope) === "loop") return;
    if (n.type === "new_expression") this.newFact(n, scope);
    for (const c of named(n)) this.walkExpr(c, scope);
  }

  /** Records a call (`app.get(…)`, `routes(app)`); "loop" when it was a loop walked already. */
  private callFact(n: SyntaxNode, scope: Scope): "loop" | undefined {
    const fnNode = n.childForFieldName("function");
    const args = named(n.childForFieldName("arguments"));
    if (fnNode?.type === "member_expression" || fnNode?.type === "subscript_expression") {
      const method =
        fnNode.type === "member_expression"
          ? str(fnNode.childForFieldName("property")?.text ?? "")
          : this.toValue(fnNode.childForFieldName("index"), scope);
      const recv = this.toValue(fnNode.childForFieldName("object"), scope);
      const callback = args[0];
      if (method.k === "str" && LOOP_METHODS.has(method.v) && callback && FN_TYPES.has(callback.type)) {
        this.walkLoopCallback(callback, recv, scope);
        this.walkExpr(fnNode.childForFieldName("object"), scope);
        return "loop";
      }
      // In a chain (`router.route("/x").get(a).put(b)`) each call is on the line of its method name.
      const methodNode = fnNode.type === "member_expression" ? fnNode.childForFieldName("property") : null;
      this.m.calls.push({
        recv,
        method,
        args: args.map((a) => this.toValue(a, scope)),
        line: lineOf(methodNode ?? n),
      });
    } else if (fnNode && (args.some(mayHandName) || handsString(fnNode, args))) {
      // `routes(app)`, `require("./routes")(app)`, `configure({ app, basePath })`: a project
      // function that adds routes to the instance it is handed (app-graph.ts binds its parameter
      // to the argument, an object's properties to the parameter's).
      this.m.calls.push({
        recv: this.toValue(fnNode, scope),
        method: PLAIN_CALL,
        args: args.map((a) => this.toValue(a, scope)),
        line: lineOf(n),
      });
    }
    return undefined;
  }

  /**
   * `new Api(app)`, `new Api(this.server.app)`: a class of the project handed an instance, kept
   * by its constructor (`this.app = app`); recorded as a plain call of the class (app-graph.ts
   * hands the arguments to its constructor's parameters).
   */
  private newFact(n: SyntaxNode, scope: Scope): void {
    const args = named(n.childForFieldName("arguments"));
    if (!args.some((a) => mayHandName(a) || isNameChain(a))) return;
    this.m.calls.push({
      recv: this.toValue(n.childForFieldName("constructor"), scope),
      method: PLAIN_CALL,
      args: args.map((a) => this.toValue(a, scope)),
      line: lineOf(n),
    });
  }

  /** `list.forEach((item) => …)`: the callback runs once per element of the list. */
  private walkLoopCallback(callback: SyntaxNode, list: Value, scope: Scope): void {
    const inner: Scope = new Map(scope);
    const p = callback.childForFieldName("parameter") ?? named(callback.childForFieldName("parameters"))[0];
    const pattern = p?.childForFieldName("pattern") ?? p;
    if (pattern) bindPattern(this, pattern, { k: "each", loop: this.nextLoop(), of: list }, inner);
    const body = callback.childForFieldName("body");
    if (body?.type === "statement_block") this.walkBlock(body, inner);
    else this.walkExpr(body, inner);
  }

  walk(s: SyntaxNode, scope: Scope, fn?: FnFact, topLevel = false): void {
    if (s.type === "for_statement" && bindBabelRest(s, scope)) return;
    if (COMPOUND_STATEMENTS.has(s.type)) {
      this.walkCompound(s, scope, fn);
      return;
    }
    if (this.typeOrImportFact(s)) return;
    switch (s.type) {
      case "lexical_declaration":
      case "variable_declaration":
        this.declare(s, scope, topLevel, false);
        return;
      case "function_declaration":
      case "generator_function_declaration":
        this.functionDeclaration(s, scope, topLevel);
        return;
      case "class_declaration":
      case "abstract_class_declaration":
        this.classDeclaration(s, topLevel);
        return;
      case "return_statement":
        if (fn) fn.returns = this.toValue(s.namedChildren[0], scope);
        this.walkExpr(s.namedChildren[0], scope);
        return;
      case "for_in_statement":
        this.forIn(s, scope, fn);
        return;
      case "statement_block":
        this.walkBlock(s, new Map(scope), fn);
        return;
      case "export_statement":
        exportFacts(this, s, scope, fn);
        return;
      case "expression_statement":
        this.expressionStatement(s, scope, fn, topLevel);
        return;
      default:
        this.walkExpr(s, scope);
    }
  }

  /** `if`, `try`, loops…: their statements are walked, their conditions read as expressions. */
  private walkCompound(s: SyntaxNode, scope: Scope, fn?: FnFact): void {
    for (const c of named(s)) {
      if (c.type.endsWith("_statement") || c.type === "statement_block" || c.type.endsWith("_clause"))
        this.walk(c, scope, fn);
      else this.walkExpr(c, scope);
    }
  }

  /** Interfaces, type aliases, enums and imports: a fact each, nothing inside them walked. */
  private typeOrImportFact(s: SyntaxNode): boolean {
    switch (s.type) {
      case "interface_declaration":
        this.m.interfaces.push(interfaceFact(s));
        return true;
      case "type_alias_declaration":
        this.m.aliases.push(aliasFact(s));
        return true;
      case "enum_declaration":
        this.m.enums.push(enumFact(s));
        return true;
      case "import_statement":
        importFacts(this.m, s);
        return true;
      default:
        return false;
    }
  }

  private functionDeclaration(s: SyntaxNode, scope: Scope, topLevel: boolean): void {
    const name = s.childForFieldName("name")?.text;
    const cls = name ? this.prototypeClasses.get(name) : undefined;
    const value = cls ? prototypeConstructor(this, s, scope, cls) : this.fnValue(s, scope, name);
    if (name && topLevel) {
      this.m.bindings[name] = value;
      this.m.bindingLines[name] = lineOf(s);
    } else if (name) scope.set(name, value);
  }

  private classDeclaration(s: SyntaxNode, topLevel: boolean): void {
    classFact(this, s, decoratorsOf(this, s));
    const name = topLevel ? s.childForFieldName("name")?.text : undefined;
    if (name) {
      this.m.bindings[name] = { k: "class", name, file: this.file.path };
      this.m.bindingLines[name] = lineOf(s);
    }
  }

  /**
   * tsc's namespace IIFE: its body runs with the name bound to the module's own object, so each
   * `NS.x = …` is a property of it (propAssign), read through the module's name.
   */
  private namespaceBody(ns: TsNamespace): void {
    if (ns.exported) this.m.exports[ns.name] = { k: "id", name: ns.name };
    this.walkStatements(named(ns.body), new Map([[ns.name, { k: "id", name: ns.name } as Value]]));
    const held = this.m.bindings[ns.name];
    const props: [string, Value][] = held?.k === "obj" ? [...held.props] : [];
    for (const a of this.m.propAssigns ?? [])
      if (a.of.k === "id" && a.of.name === ns.name && a.path.length === 1) props.push([a.path[0]!, a.value]);
    this.m.bindings[ns.name] = { k: "obj", props };
  }

  /**
   * `for (const x of list)` binds x to each element; `for (const k in obj)` binds k to each of
   * obj's keys, and `obj[k]` in the body to each element (forInKey; a loop of its own, so a
   * route using both the key and the element is listed for every pair of them).
   */
  private forIn(s: SyntaxNode, scope: Scope, fn?: FnFact): void {
    const left = s.childForFieldName("left");
    const right = s.childForFieldName("right");
    const inner: Scope = new Map(scope);
    const isOf = s.children.some((c) => c.type === "of");
    const each = (of: Value): Value => ({ k: "each", loop: this.nextLoop(), of });
    const list = this.toValue(right, scope);
    // `for (k in obj)` visits obj's own keys, as `Object.keys(obj)` lists them (fold.ts).
    const keys: Value = {
      k: "call",
      fn: { k: "get", of: { k: "id", name: "Object" }, prop: str("keys") },
      args: [list],
      at: this.at(s),
      line: lineOf(s),
    };
    if (left) bindPattern(this, left, each(isOf ? list : keys), inner);
    if (left?.type === "identifier" && !isOf) inner.set(forInKey(left.text), each(list));
    this.walkExpr(right, scope);
    const body = s.childForFieldName("body");
    if (body) this.walk(body, inner, fn);
  }

  private expressionStatement(s: SyntaxNode, scope: Scope, fn: FnFact | undefined, topLevel: boolean): void {
    const method = prototypeMethod(s);
    const cls = method && this.prototypeClasses.get(method.name);
    if (method && cls) {
      prototypeMethodBody(this, method, scope, cls);
      return;
    }
    const accessor = prototypeAccessor(s);
    const owner = accessor && this.prototypeClasses.get(accessor.name);
    if (accessor && owner) {
      prototypeAccessorBody(this, accessor, scope, owner);
      return;
    }
    const namespace = topLevel ? tsNamespace(s) : undefined;
    if (namespace) {
      this.namespaceBody(namespace);
      return;
    }
    const e = s.namedChildren[0];
    if (topLevel && e?.type === "call_expression") commonJsReexport(this, e, scope);
    if (e?.type === "assignment_expression") {
      if (topLevel) commonJsExport(this, e, scope);
      if (this.ctor && fn === this.ctor.fn) instanceProp(this, e, scope);
      selfAssign(this, e, scope);
      propAssign(this, e, scope);
      localAssign(this, e, scope);
    }
    this.walkExpr(e, scope);
  }
}
