// Facts of classes, their members, decorators and parameters (what NestJS, class-validator and
// the models scanners read), and the props an instance gets (fields, constructor assignments,
// methods) for the app graph.

import { hasKeyword, type JsClassMember, readClassMember } from "../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../scanner.js";
import { FN_TYPES, lineOf, named } from "./js-syntax.js";
import type { ClassFact, DecoratorFact, MemberFact, ParamFact } from "./module-facts.js";
import type { ModuleWalk } from "./module-walk.js";
import { typeText } from "./type-text.js";
import type { Value } from "./value.js";

/** The class being read: its facts and the instance props collected so far. */
interface ClassRead {
  fact: ClassFact;
  self: Value;
  props: Record<string, Value>;
  methods: Record<string, Value>;
  /** `get router() { return this._router; }`: what reading the accessor gives. */
  getters: Record<string, Value>;
}

export function decoratorsOf(w: ModuleWalk, n: SyntaxNode): DecoratorFact[] {
  return n.children.filter((c) => c.type === "decorator").map((d) => decoratorFact(w, d));
}

function decoratorFact(w: ModuleWalk, d: SyntaxNode): DecoratorFact {
  return decoratorExprFact(w, d.namedChildren[0], lineOf(d));
}

/**
 * A decorator's expression: `Get(":id")`, `common.Get()`, or tsc's CommonJS call
 * `(0, common_1.Get)()` (the callee in parentheses, its last expression the function).
 */
export function decoratorExprFact(w: ModuleWalk, e: SyntaxNode | undefined, line: number): DecoratorFact {
  if (e?.type === "call_expression") {
    return {
      name: calleeText(e.childForFieldName("function")),
      args: named(e.childForFieldName("arguments")).map((a) => w.toValue(a, new Map())),
      line,
    };
  }
  return { name: e ? calleeText(e) : "", args: [], line };
}

function calleeText(fnNode: SyntaxNode | null | undefined): string {
  if (fnNode?.type === "parenthesized_expression" || fnNode?.type === "sequence_expression")
    return calleeText(fnNode.namedChildren.at(-1));
  if (fnNode?.type === "member_expression") return fnNode.childForFieldName("property")?.text ?? "";
  return fnNode?.text ?? "";
}

export function paramFact(w: ModuleWalk, p: SyntaxNode): ParamFact {
  const pattern = p.childForFieldName("pattern") ?? p;
  const fact: ParamFact = {
    name: pattern.type === "identifier" ? pattern.text : pattern.text.slice(0, 40),
    optional: p.type === "optional_parameter" || p.childForFieldName("value") !== null,
    decorators: decoratorsOf(w, p),
  };
  const type = p.childForFieldName("type");
  if (type) fact.type = typeText(type);
  const generic = type?.namedChildren[0];
  if (generic?.type === "generic_type") {
    const args = named(generic.childForFieldName("type_arguments")).map((t) => typeText(t));
    if (args.length > 0) fact.typeArgs = args;
  }
  return fact;
}

export function classFact(w: ModuleWalk, s: SyntaxNode, decorators: DecoratorFact[]): void {
  const name = s.childForFieldName("name")?.text ?? `class@${lineOf(s)}`;
  const fact: ClassFact = { name, line: lineOf(s), decorators, members: [] };
  readHeritage(w, s, fact);
  const typeParams = named(s.childForFieldName("type_parameters")).map(
    (p) => p.childForFieldName("name")?.text ?? p.text,
  );
  if (typeParams.length > 0) fact.typeParams = typeParams;
  const read: ClassRead = {
    fact,
    self: { k: "id", name: `this:${name}` },
    props: {},
    methods: {},
    getters: {},
  };
  const assigned: Record<string, Value> = {};
  w.selfProps.set(`this:${name}`, assigned);
  let pending: DecoratorFact[] = [];
  for (const c of named(s.childForFieldName("body"))) {
    const member = readClassMember(c);
    if (member.kind === "decorator") {
      pending.push(decoratorFact(w, c));
      continue;
    }
    if (member.kind === "method") readMethod(w, member, pending, read);
    else if (member.kind === "field") readField(w, member, pending, read);
    pending = [];
  }
  const { props } = read;
  for (const [k, v] of Object.entries(assigned)) props[k] ??= v;
  for (const [k, v] of Object.entries(read.methods)) props[k] ??= v;
  for (const [k, v] of Object.entries(read.getters)) props[k] ??= v;
  if (Object.keys(props).length > 0) fact.props = props;
  w.m.classes.push(fact);
}

/** `extends Base<T>` (TypeScript) or `extends expr` (JavaScript). */
function readHeritage(w: ModuleWalk, s: SyntaxNode, fact: ClassFact): void {
  const heritage = named(s).find((c) => c.type === "class_heritage");
  const ext = named(heritage).find((c) => c.type === "extends_clause");
  // JavaScript's grammar has no extends_clause: the heritage holds the expression itself.
  const jsBase = heritage && !ext ? heritage.namedChildren[0] : undefined;
  if (jsBase) fact.extends = w.toValue(jsBase, new Map());
  if (ext) {
    fact.extends = w.toValue(ext.childForFieldName("value"), new Map());
    const args = named(ext.childForFieldName("type_arguments")).map((t) => typeText(t));
    if (args.length > 0) fact.extendsTypeArgs = args;
  }
}

function readMethod(
  w: ModuleWalk,
  { member: c, name }: JsClassMember<SyntaxNode>,
  pending: DecoratorFact[],
  read: ClassRead,
): void {
  const method: MemberFact = {
    kind: "method",
    name: name?.text ?? "",
    line: pending[0]?.line ?? lineOf(c),
    decorators: [...pending, ...decoratorsOf(w, c)],
    params: named(c.childForFieldName("parameters")).map((p) => paramFact(w, p)),
    optional: false,
  };
  const ret = c.childForFieldName("return_type");
  if (ret) method.type = typeText(ret);
  read.fact.members.push(method);
  const isCtor = method.name === "constructor";
  const outer = w.ctor;
  if (isCtor) w.ctor = { fn: undefined, props: read.props };
  const methodValue = w.fnValue(
    c,
    new Map([["this", read.self]]),
    `${read.fact.name}.${method.name}`,
    undefined,
    (f) => {
      if (isCtor && w.ctor) w.ctor.fn = f;
    },
  );
  w.ctor = outer;
  // `this.mountRoutes(router)`: a method is reached through the instance too (not a prop
  // an assignment in the constructor made, which wins).
  if (!isCtor && method.name && !hasKeyword(c, "static") && !hasKeyword(c, "get", "set"))
    read.methods[method.name] = methodValue;
  if (method.name && !hasKeyword(c, "static") && hasKeyword(c, "get")) readGetter(w, c, method.name, read);
}

/**
 * An accessor whose body is one `return expr` (`get router() { return this._router; }`) reads
 * as that expression: `app.use("/api", api.router)` mounts the router the instance holds.
 */
function readGetter(w: ModuleWalk, c: SyntaxNode, name: string, read: ClassRead): void {
  const statements = named(c.childForFieldName("body")).filter((s) => s.type !== "comment");
  const only = statements.length === 1 ? statements[0] : undefined;
  const returned = only?.type === "return_statement" ? only.namedChildren[0] : undefined;
  if (returned) read.getters[name] = w.toValue(returned, new Map([["this", read.self]]));
}

function readField(
  w: ModuleWalk,
  member: JsClassMember<SyntaxNode>,
  pending: DecoratorFact[],
  read: ClassRead,
): void {
  const { member: c, name, value } = member;
  // `router = express.Router()`: a property of every instance.
  const fieldName = name?.text;
  const isStatic = hasKeyword(c, "static");
  if (fieldName && value && !isStatic)
    read.props[fieldName] = FN_TYPES.has(value.type)
      ? w.fnValue(value, new Map([["this", read.self]]))
      : w.toValue(value, new Map([["this", read.self]]));
  if (c.type === "field_definition") return;
  const field: MemberFact = {
    kind: "field",
    name: fieldName ?? "",
    line: lineOf(c),
    decorators: [...pending, ...decoratorsOf(w, c)],
    params: [],
    optional: member.optional,
  };
  const type = member.type;
  if (type) field.type = typeText(type);
  if (!isStatic) read.fact.members.push(field);
}
