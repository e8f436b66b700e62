// The value of one Python expression in the evaluator's scopes (./py-evaluator.ts): literals,
// f-strings, operators, names, attributes, subscripts and call arguments. A call itself is the
// walk's (./py-call-evaluation.ts); anything else is `unknown`, never a guess.

import { readsOnly } from "./py-call-limits.js";
import { DICT_METHODS, LIST_METHODS, RECORD } from "./py-calls.js";
import type { EvalState, ModuleState, PyWalk, Scope } from "./py-eval-state.js";
import { KW_SPLAT, type PyExpr, type PyFunction, type PyStmt } from "./py-facts.js";
import type { PyImports } from "./py-imports.js";
import { childModule } from "./py-module-names.js";
import { comparisonValue, operationValue } from "./py-operations.js";
import { STRING_METHODS, truthOf } from "./py-operators.js";
import { asString, type FuncValue, type PyValue, UNKNOWN } from "./py-values.js";

export class PyExpressions {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
    /** What each import binds: a name no scope holds. */
    private readonly imports: PyImports,
  ) {}

  evaluate(expr: PyExpr, scopes: Scope[], state: ModuleState): PyValue {
    switch (expr.k) {
      case "str":
        return { t: "str", v: expr.v };
      case "num":
        return { t: "num", v: expr.v };
      case "bool":
        return { t: "bool", v: expr.v };
      case "none":
        return { t: "none" };
      case "fstr":
        return this.fstring(expr, scopes, state);
      case "binop":
      case "boolop":
      case "not":
        return operationValue(expr, (e) => this.evaluate(e, scopes, state));
      case "compare":
        return comparisonValue(expr, (e) => this.evaluate(e, scopes, state));
      case "splat":
        return this.evaluate(expr.e, scopes, state);
      case "list":
        return { t: "list", items: expr.items.map((e) => this.evaluate(e, scopes, state)) };
      case "dict":
        return {
          t: "dict",
          entries: expr.entries.map(([k, v]) => [
            this.evaluate(k, scopes, state),
            this.evaluate(v, scopes, state),
          ]),
        };
      case "name":
        return this.resolveName(expr.id, scopes, state);
      case "attr":
        return this.attribute(this.evaluate(expr.obj, scopes, state), expr.name, expr);
      case "sub":
        return this.subscript(expr, scopes, state);
      case "call":
        return this.walk.call(expr, scopes, state);
      case "ifexp": {
        // `path if path is not None else settings.sse_path`: the branch a known test takes.
        const truth = readsOnly(expr.test) ? truthOf(this.evaluate(expr.test, scopes, state)) : undefined;
        if (truth === undefined) return { t: "unknown", expr };
        return this.evaluate(truth ? expr.body : expr.orelse, scopes, state);
      }
      default:
        return { t: "unknown", expr };
    }
  }

  /** A call's keyword arguments, its `**mapping` spread in when the mapping is a known dict. */
  keywords(kw: Record<string, PyExpr>, scopes: Scope[], state: ModuleState): Record<string, PyValue> {
    const out: Record<string, PyValue> = {};
    for (const [name, expr] of Object.entries(kw)) {
      const value = this.evaluate(expr, scopes, state);
      if (name !== KW_SPLAT) out[name] = value;
      else if (value.t === "dict")
        for (const [k, v] of value.entries) if (k.t === "str" && !(k.v in kw)) out[k.v] = v;
    }
    return out;
  }

  /** A call's positional arguments, a `*list` spread in when the list is known. */
  arguments(args: readonly PyExpr[], scopes: Scope[], state: ModuleState): PyValue[] {
    if (!args.some((a) => a.k === "splat")) return args.map((a) => this.evaluate(a, scopes, state));
    return args.flatMap((a) => {
      const value = this.evaluate(a, scopes, state);
      if (a.k !== "splat") return [value];
      return value.t === "list" ? value.items : [UNKNOWN];
    });
  }

  attribute(owner: PyValue, name: string, expr: PyExpr): PyValue {
    switch (owner.t) {
      case "module":
        return this.walk.lookup(owner.ref.module, name) !== UNKNOWN
          ? this.walk.lookup(owner.ref.module, name)
          : this.submodule(owner.ref.module, name);
      case "external":
        return (
          this.state.hooks.external?.(owner.path, name) ?? { t: "external", path: `${owner.path}.${name}` }
        );
      case "class":
        return this.walk.classAttribute(owner, name) ?? { t: "method", self: owner, name };
      case "instance": {
        const assigned = this.state.instanceAttrs.get(owner.cls.cls)?.get(name);
        if (assigned) return assigned;
        const attr = this.walk.classAttribute(owner.cls, name);
        // A settings object: its class declares `API_V1_STR: str = "/api/v1"`.
        if (attr && attr.t !== "func") return attr;
        if (attr?.t === "func" && isProperty(attr.fn)) return this.propertyValue(attr, owner);
        return { t: "method", self: owner, name };
      }
      case "obj":
        // A namedtuple's field (`Route(url=…).url`).
        if (owner.kind === RECORD) return (owner.data as Record<string, PyValue>)[name] ?? UNKNOWN;
        return { t: "method", self: owner, name };
      case "str":
        return STRING_METHODS.has(name) ? { t: "method", self: owner, name } : { t: "unknown", expr };
      case "list":
        return LIST_METHODS.has(name) ? { t: "method", self: owner, name } : { t: "unknown", expr };
      case "dict":
        return DICT_METHODS.has(name) ? { t: "method", self: owner, name } : { t: "unknown", expr };
      default:
        return { t: "unknown", expr };
    }
  }

  private fstring(expr: Extract<PyExpr, { k: "fstr" }>, scopes: Scope[], state: ModuleState): PyValue {
    let out = "";
    for (const part of expr.parts) {
      const text = typeof part === "string" ? part : asString(this.evaluate(part, scopes, state));
      if (text === undefined) return { t: "unknown", expr };
      out += text;
    }
    return { t: "str", v: out };
  }

  /** `d["key"]` of a known dict, `items[0]` of a known list. */
  private subscript(expr: Extract<PyExpr, { k: "sub" }>, scopes: Scope[], state: ModuleState): PyValue {
    const value = this.evaluate(expr.value, scopes, state);
    const key = expr.index[0] ? this.evaluate(expr.index[0], scopes, state) : UNKNOWN;
    if (value.t === "dict") {
      const hit = value.entries.find(([k]) => asString(k) !== undefined && asString(k) === asString(key));
      if (hit) return hit[1];
    }
    if (value.t === "list" && key.t === "num") return value.items[key.v] ?? UNKNOWN;
    return { t: "unknown", expr };
  }

  private resolveName(id: string, scopes: Scope[], state: ModuleState): PyValue {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const found = scopes[i]!.get(id);
      if (found) return found;
    }
    return (
      this.imports.binding(state.facts, id) ??
      (BUILTINS.has(id) ? { t: "external", path: `builtins.${id}` } : UNKNOWN)
    );
  }

  /**
   * What a `@property` hands out, when its body says it without calling anything: `return
   * Base` or `klass = Base; …; return klass` (a factory of view classes read as attributes),
   * `return self._api` (what the instance holds), `return []`.
   */
  private propertyValue(prop: FuncValue, self?: PyValue): PyValue {
    const ret = prop.fn.returned;
    if (!ret || ret.k === "call") return UNKNOWN;
    const local =
      ret.k === "name"
        ? prop.fn.body.findLast(
            (st): st is Extract<PyStmt, { s: "assign" }> =>
              st.s === "assign" &&
              st.targets.length === 1 &&
              st.targets[0]?.k === "name" &&
              st.targets[0].id === ret.id,
          )?.value
        : undefined;
    const expr = local ?? ret;
    const state = this.state.modules.get(prop.ref.module);
    const selfName = prop.fn.params[0]?.name;
    if (!state || expr.k === "call") return UNKNOWN;
    const selfScope: Scope = new Map(self && selfName ? [[selfName, self]] : []);
    return this.evaluate(expr, [this.walk.load(prop.ref.module), selfScope], state);
  }

  private submodule(module: string, name: string): PyValue {
    const sub = this.state.modules.has(childModule(module, name)) ? childModule(module, name) : undefined;
    return sub ? { t: "module", ref: this.state.refOf(sub) } : UNKNOWN;
  }
}

/** `@property`, `@cached_property`, `@functools.cached_property`. */
function isProperty(fn: PyFunction): boolean {
  return fn.decorators.some((d) => {
    const name = d.k === "name" ? d.id : d.k === "attr" ? d.name : undefined;
    return name === "property" || name === "cached_property";
  });
}

const BUILTINS = new Set([
  "str",
  "int",
  "float",
  "bool",
  "list",
  "dict",
  "set",
  "tuple",
  "bytes",
  "object",
  "getattr",
]);
