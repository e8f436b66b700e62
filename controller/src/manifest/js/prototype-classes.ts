// Classes written as constructor functions, as TypeScript's and Babel's ES5 output writes every
// class: `function Api(app) { this.app = app; }` and `Api.prototype.init = function () { … }` in
// the same block (often inside an IIFE, `var Api = (function () { …; return Api; }())`). JavaScript
// runs such a function with `this` the new object under `new`, and looks `init` up on its
// prototype, so both bodies see the same instance: they are read as one class (a ClassFact named
// after the function), with `this` in them named `this:Api` as in a `class` body. An accessor
// tsc writes as `Object.defineProperty(Api.prototype, "router", { get: function () { return
// this._router; } })` reads as what it returns, as a `get router()` of a class does.

import type { SyntaxNode } from "../scanner.js";
import { FN_TYPES, lineOf, named } from "./js-syntax.js";
import type { ClassFact } from "./module-facts.js";
import type { ModuleWalk, Scope } from "./module-walk.js";
import type { Value } from "./value.js";

/** A constructor function being read as a class. */
export interface PrototypeClass {
  fact: ClassFact;
  self: Extract<Value, { k: "id" }>;
  /** `this.x = …` in the constructor (these win), then in the methods, then the methods. */
  ctorProps: Record<string, Value>;
  methods: Record<string, Value>;
  /** What a one-`return` `get` accessor on the prototype gives. */
  getters: Record<string, Value>;
}

/** `Name.prototype.method = function …`: the name and method, when a statement is one. */
export function prototypeMethod(s: SyntaxNode): { name: string; method: string; fn: SyntaxNode } | undefined {
  const e = s.type === "expression_statement" ? s.namedChildren[0] : undefined;
  if (e?.type !== "assignment_expression") return undefined;
  const left = e.childForFieldName("left");
  const fn = e.childForFieldName("right");
  if (left?.type !== "member_expression" || !fn || !FN_TYPES.has(fn.type)) return undefined;
  const proto = left.childForFieldName("object");
  const owner = proto?.type === "member_expression" ? proto.childForFieldName("object") : undefined;
  const method = left.childForFieldName("property")?.text;
  if (proto?.childForFieldName("property")?.text !== "prototype" || owner?.type !== "identifier" || !method)
    return undefined;
  return { name: owner.text, method, fn };
}

/**
 * `Object.defineProperty(Name.prototype, "prop", { get: function () { return expr; } })`: the
 * class, the property and the expression the getter returns, when its body is that one return.
 */
export function prototypeAccessor(
  s: SyntaxNode,
): { name: string; prop: string; returned: SyntaxNode } | undefined {
  const e = s.type === "expression_statement" ? s.namedChildren[0] : undefined;
  if (e?.type !== "call_expression" || e.childForFieldName("function")?.text !== "Object.defineProperty")
    return undefined;
  const [target, key, descriptor] = named(e.childForFieldName("arguments")).filter(
    (a) => a.type !== "comment",
  );
  const owner = target?.type === "member_expression" ? target.childForFieldName("object") : undefined;
  if (target?.childForFieldName("property")?.text !== "prototype" || owner?.type !== "identifier")
    return undefined;
  const prop = key?.type === "string" ? key.text.slice(1, -1) : undefined;
  const getter = named(descriptor?.type === "object" ? descriptor : null).find(
    (p) => p.type === "pair" && p.childForFieldName("key")?.text === "get",
  );
  const fn = getter?.childForFieldName("value");
  const body =
    fn && FN_TYPES.has(fn.type)
      ? named(fn.childForFieldName("body")).filter((x) => x.type !== "comment")
      : [];
  const returned =
    body.length === 1 && body[0]?.type === "return_statement" ? body[0].namedChildren[0] : undefined;
  return prop && returned ? { name: owner.text, prop, returned } : undefined;
}

/**
 * The constructor functions of a statement list that are classes: a function declared there
 * with at least one method set on its prototype there. Each gets its ClassFact now, so that the
 * walk of the constructor and of the methods fills it.
 */
export function prototypeClasses(
  w: ModuleWalk,
  statements: readonly SyntaxNode[],
): Map<string, PrototypeClass> {
  const withMethods = new Set(
    statements.flatMap((s) => prototypeMethod(s)?.name ?? prototypeAccessor(s)?.name ?? []),
  );
  const out = new Map<string, PrototypeClass>();
  for (const s of statements) {
    const name = s.type === "function_declaration" ? s.childForFieldName("name")?.text : undefined;
    if (!name || !withMethods.has(name) || out.has(name)) continue;
    const fact: ClassFact = { name, line: lineOf(s), decorators: [], members: [] };
    const self = { k: "id", name: `this:${name}` } as const;
    w.m.classes.push(fact);
    w.selfProps.set(self.name, {});
    out.set(name, { fact, self, ctorProps: {}, methods: {}, getters: {} });
  }
  return out;
}

/** Walks the constructor function of a prototype class: its `this.x = …` are the class's props. */
export function prototypeConstructor(w: ModuleWalk, s: SyntaxNode, scope: Scope, cls: PrototypeClass): Value {
  const outer = w.ctor;
  w.ctor = { fn: undefined, props: cls.ctorProps };
  w.fnValue(s, withThis(scope, cls), `${cls.fact.name}.constructor`, undefined, (f) => {
    if (w.ctor) w.ctor.fn = f;
  });
  w.ctor = outer;
  return { k: "class", name: cls.fact.name, file: w.file.path };
}

/** Walks `Name.prototype.method = function …` with `this` the class's instance. */
export function prototypeMethodBody(
  w: ModuleWalk,
  found: { method: string; fn: SyntaxNode },
  scope: Scope,
  cls: PrototypeClass,
): void {
  cls.methods[found.method] = w.fnValue(found.fn, withThis(scope, cls), `${cls.fact.name}.${found.method}`);
}

/** Reads a prototype accessor's returned expression with `this` the class's instance. */
export function prototypeAccessorBody(
  w: ModuleWalk,
  found: { prop: string; returned: SyntaxNode },
  scope: Scope,
  cls: PrototypeClass,
): void {
  cls.getters[found.prop] = w.toValue(found.returned, withThis(scope, cls));
}

/** `scope` with `this` the class's instance, for the class's own bodies. */
function withThis(scope: Scope, cls: PrototypeClass): Scope {
  const inner: Scope = new Map(scope);
  inner.set("this", cls.self);
  return inner;
}

/** The props every instance holds, once the statement list is walked. */
export function finishPrototypeClass(w: ModuleWalk, cls: PrototypeClass): void {
  const props: Record<string, Value> = { ...cls.ctorProps };
  for (const [k, v] of Object.entries(w.selfProps.get(cls.self.name) ?? {})) props[k] ??= v;
  for (const [k, v] of Object.entries(cls.methods)) props[k] ??= v;
  for (const [k, v] of Object.entries(cls.getters)) props[k] ??= v;
  if (Object.keys(props).length > 0) cls.fact.props = props;
}
