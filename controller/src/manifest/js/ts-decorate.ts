// TypeScript's emit of decorators (`experimentalDecorators`, what NestJS apps are compiled with):
// `__decorate([Get(":id"), __param(0, Param("id")), __metadata("design:paramtypes", [String])],
// C.prototype, "findOne", null)` for a member, `C = __decorate([Controller("cats")], C)` for the
// class, after `let C = class C { … }`. The decorators are put back on the class's facts, as
// if the source had written them with `@`, so the scanners read compiled code as they read
// TypeScript.

import type { SyntaxNode } from "../scanner.js";
import { decoratorExprFact } from "./class-facts.js";
import { lineOf, named, stringText } from "./js-syntax.js";
import type { ClassFact, DecoratorFact, MemberFact, ParamFact } from "./module-facts.js";
import type { ModuleWalk } from "./module-walk.js";

/** What tsc's `design:paramtypes` says of a parameter: a class name, or a primitive's type. */
const PRIMITIVES: Record<string, string | undefined> = {
  String: "string",
  Number: "number",
  Boolean: "boolean",
  // `Object`, `Array`, `Function`: tsc's stand-ins for types it cannot name at run time.
  Object: undefined,
  Array: undefined,
  Function: undefined,
};

/** The name of a helper call: `__decorate(…)`, `tslib_1.__decorate(…)`, `(0, tslib_1.__decorate)(…)`. */
function helperName(call: SyntaxNode): string | undefined {
  let fn = call.childForFieldName("function");
  while (fn && (fn.type === "parenthesized_expression" || fn.type === "sequence_expression"))
    fn = fn.namedChildren.at(-1) ?? null;
  if (fn?.type === "identifier") return fn.text;
  if (fn?.type === "member_expression") return fn.childForFieldName("property")?.text;
  return undefined;
}

/**
 * `__decorate([…], C)` of a class returns the class (tsc's helper hands back what the decorators
 * return, the class itself for NestJS's): `exports.C = C = __decorate([…], C)` still exports C.
 */
export const decoratedClassNode = (call: SyntaxNode): SyntaxNode | undefined => {
  if (helperName(call) !== "__decorate") return undefined;
  const args = named(call.childForFieldName("arguments"));
  return args.length === 2 && args[0]?.type === "array" ? args[1] : undefined;
};

/** Reads a `__decorate(…)` call onto the class facts; false when `call` is not one. */
export function readTsDecorate(w: ModuleWalk, call: SyntaxNode): boolean {
  if (helperName(call) !== "__decorate") return false;
  const [list, target, key] = named(call.childForFieldName("arguments"));
  if (list?.type !== "array" || !target) return false;
  const onPrototype =
    target.type === "member_expression" && target.childForFieldName("property")?.text === "prototype";
  const className = (onPrototype ? target.childForFieldName("object") : target)?.text;
  const cls = w.m.classes.findLast((c) => c.name === className);
  if (!cls) return false;
  const read = readDecoratorList(w, named(list));
  if (!key) {
    cls.decorators.push(...read.decorators);
    return true;
  }
  const name = key.type === "string" ? stringText(key) : undefined;
  if (name !== undefined) decorateMember(cls, name, read);
  return true;
}

interface DecoratorList {
  decorators: DecoratorFact[];
  params: Map<number, DecoratorFact[]>;
  paramTypes: (string | undefined)[];
}

function readDecoratorList(w: ModuleWalk, items: readonly SyntaxNode[]): DecoratorList {
  const out: DecoratorList = { decorators: [], params: new Map(), paramTypes: [] };
  for (const item of items) {
    const helper = item.type === "call_expression" ? helperName(item) : undefined;
    const args = named(item.childForFieldName("arguments"));
    if (helper === "__param") {
      const index = Number(args[0]?.text);
      const decorator = decoratorExprFact(w, args[1], lineOf(item));
      out.params.set(index, [...(out.params.get(index) ?? []), decorator]);
    } else if (helper === "__metadata") {
      const kind = args[0]?.type === "string" ? stringText(args[0]) : undefined;
      if (kind === "design:paramtypes" && args[1]?.type === "array")
        out.paramTypes = named(args[1]).map(designType);
    } else out.decorators.push(decoratorExprFact(w, item, lineOf(item)));
  }
  return out;
}

/** `String` → string, `CreateCatDto` or `dto_1.CreateCatDto` → CreateCatDto; else unknown. */
function designType(n: SyntaxNode): string | undefined {
  const name =
    n.type === "identifier"
      ? n.text
      : n.type === "member_expression"
        ? n.childForFieldName("property")?.text
        : undefined;
  if (name === undefined) return undefined;
  return name in PRIMITIVES ? PRIMITIVES[name] : name;
}

function decorateMember(cls: ClassFact, name: string, read: DecoratorList): void {
  let member = cls.members.find((m) => m.name === name);
  if (!member) {
    member = {
      kind: "field",
      name,
      line: read.decorators[0]?.line ?? cls.line,
      decorators: [],
      params: [],
      optional: false,
    };
    cls.members.push(member);
  }
  member.decorators.push(...read.decorators);
  decorateParams(member, read);
}

function decorateParams(member: MemberFact, read: DecoratorList): void {
  const count = Math.max(
    member.params.length,
    read.paramTypes.length,
    ...[...read.params.keys()].map((i) => i + 1),
  );
  for (let i = 0; i < count; i++) {
    const param: ParamFact = member.params[i] ?? { name: `arg${i}`, optional: false, decorators: [] };
    member.params[i] = param;
    param.decorators.push(...(read.params.get(i) ?? []));
    const type = read.paramTypes[i];
    if (type !== undefined && param.type === undefined) param.type = type;
  }
}
