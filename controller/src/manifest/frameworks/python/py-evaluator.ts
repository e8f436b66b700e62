// Evaluates the outlines of a project's Python modules just far enough to follow routes across
// files: imports between project modules, string constants and settings attributes, f-strings,
// `+`, loops over literal lists (each iteration runs with its own bindings), decorators and the
// bodies of app-factory functions. Framework meaning comes from hooks (FastAPI, Flask, Django);
// anything else evaluates to `unknown`, never to a guess.

import type { FileFacts } from "../../scanner.js";
import { boundNames } from "./py-bound-names.js";
import { bindParams } from "./py-call-binding.js";
import {
  handsKnownValue,
  MAX_ARGUMENTLESS_STATEMENTS,
  MAX_CALL_DEPTH,
  MAX_CALLS,
  MAX_HELPER_STATEMENTS,
  readsOnly,
  statementCount,
} from "./py-call-limits.js";
import {
  DICT_METHODS,
  decoratorId,
  isPlain,
  LIST_METHODS,
  METHOD_KINDS,
  methodSelf,
  RECORD,
  valueCall,
} from "./py-calls.js";
import { PyClassHierarchy } from "./py-class-hierarchy.js";
import {
  KW_SPLAT,
  type PyClass,
  type PyExpr,
  type PyFunction,
  type PyModuleFacts,
  type PyStmt,
} from "./py-facts.js";
import { PyImports } from "./py-imports.js";
import { childModule, PyModuleNames } from "./py-module-names.js";
import { comparisonValue, operationValue } from "./py-operations.js";
import { STRING_METHODS, truthOf } from "./py-operators.js";
import { selfReads } from "./py-self-reads.js";
import {
  asString,
  type ClassValue,
  type FuncValue,
  type ModuleRef,
  type PyValue,
  UNKNOWN,
} from "./py-values.js";

export interface CallSite {
  module: ModuleRef;
  line: number;
  args: PyValue[];
  kw: Record<string, PyValue>;
  expr: Extract<PyExpr, { k: "call" }>;
}

/** What a framework adds to evaluation. Both hooks see every call and every decorator. */
export interface PyHooks {
  /** The value of a call the framework knows (`APIRouter(prefix=...)`), or undefined. */
  call?(callee: PyValue, site: CallSite): PyValue | undefined;
  /** A function was defined under this decorator (already evaluated). */
  decorate?(decorator: PyValue, target: FuncValue | ClassValue, line: number): void;
  /** The value of a library object's attribute the framework knows (Django's `settings.X`). */
  external?(path: string, name: string): PyValue | undefined;
}

type Scope = Map<string, PyValue>;

/** What a `continue` or `break` tells the loop around it. */
type Flow = "continue" | "break" | undefined;

interface ModuleState {
  facts: PyModuleFacts;
  ref: ModuleRef;
  scope: Scope;
  state: "new" | "running" | "done";
}

export class PyProgram {
  private readonly modules = new Map<string, ModuleState>();
  private readonly classScopes = new WeakMap<PyClass, Scope>();
  /** `self.app = Flask(...)` in a method: the attributes a class's instances get. */
  private readonly instanceAttrs = new WeakMap<PyClass, Scope>();
  private hooks: PyHooks = {};
  /** The framework's hooks; `hooks` is without them while a call is evaluated for its value. */
  private allHooks: PyHooks = {};
  /** Inside applyDecoratorFactory: a decorator factory is applied one level deep only. */
  private inFactory = false;
  /** Project functions being run at their calls (callFunction, runCall), and which. */
  private callDepth = 0;
  private readonly active = new Set<PyFunction>();
  /** The routing objects a function returns, built where it was defined (rememberBuiltList). */
  private readonly builtLists = new WeakMap<PyFunction, PyValue>();
  /** Calls run in one scan at most: bodies calling each other stay cheap on a large tree. */
  private callBudget = MAX_CALLS;
  /** Which module an import names, and which package the scanned folder is. */
  private readonly names: PyModuleNames;
  /** What each import binds. */
  private readonly imports: PyImports;
  /** Classes' bases, ancestry and attributes, over the classes' evaluated bodies. */
  private readonly hierarchy = new PyClassHierarchy(
    (module, expr) => this.evaluateIn(module, expr),
    (cls) => this.classScope(cls),
  );

  constructor(files: readonly FileFacts<PyModuleFacts>[]) {
    for (const { path, facts } of files) {
      this.modules.set(facts.module, {
        facts,
        ref: { module: facts.module, file: path },
        scope: new Map(),
        state: "new",
      });
    }
    this.names = new PyModuleNames(new Map([...this.modules].map(([name, s]) => [name, s.facts])));
    this.imports = new PyImports(this.modules, this.names, (module) => this.load(module));
  }

  /** Runs every module once under the hooks; lookups afterwards only read. */
  evaluateAll(hooks: PyHooks): void {
    this.hooks = hooks;
    this.allHooks = hooks;
    for (const name of [...this.modules.keys()].sort()) this.load(name);
  }

  moduleStates(): readonly { facts: PyModuleFacts; ref: ModuleRef }[] {
    return [...this.modules.values()];
  }

  /** A project module by dotted name, also when the tree's root sits above the import root. */
  findModule(name: string): string | undefined {
    return this.names.find(name);
  }

  /** The project modules a module imports (names, not values: nothing is run). */
  importedModules(module: string): string[] {
    return this.names.imported(module);
  }

  /** The value a name has at the end of a module (its global scope, then its imports). */
  lookup(module: string, name: string): PyValue {
    const state = this.modules.get(module);
    if (!state) return UNKNOWN;
    return this.load(module).get(name) ?? this.imports.binding(state.facts, name) ?? UNKNOWN;
  }

  /** Evaluates an expression in a module's global scope (types, bases, settings). */
  evaluateIn(module: string, expr: PyExpr): PyValue {
    const state = this.modules.get(module);
    return state ? this.evaluate(expr, [this.load(module)], state) : UNKNOWN;
  }

  /** A class attribute, searched through the bases (depth first, as a simple MRO). */
  classAttribute(cls: ClassValue, name: string): PyValue | undefined {
    return this.hierarchy.attribute(cls, name);
  }

  /** The evaluated bases of a class: project classes or library symbols. */
  bases(cls: ClassValue): PyValue[] {
    return this.hierarchy.bases(cls);
  }

  /** Every class and library symbol a class derives from, itself first (computed once per class). */
  ancestry(cls: ClassValue): PyValue[] {
    return this.hierarchy.ancestry(cls);
  }

  private classScope(cls: ClassValue): Scope {
    let scope = this.classScopes.get(cls.cls);
    if (scope) return scope;
    scope = new Map();
    this.classScopes.set(cls.cls, scope);
    const state = this.modules.get(cls.ref.module);
    if (state) {
      const outer = this.load(cls.ref.module);
      this.withAllHooks(() => this.run(cls.cls.body, [outer, scope], state, { defineOnly: true }));
    }
    return scope;
  }

  private load(module: string): Scope {
    const state = this.modules.get(module);
    if (!state) return new Map();
    if (state.state === "new") {
      state.state = "running";
      this.withAllHooks(() => this.run(state.facts.body, [state.scope], state, { defineOnly: false }));
      state.state = "done";
    }
    return state.scope;
  }

  /**
   * A module or class body runs once, whenever it is first needed: also from inside a call
   * evaluated for its value (callFunction), where the framework's hooks are off. Its routes
   * must not be lost, so it runs with them on and at the top depth.
   */
  private withAllHooks(body: () => void): void {
    const [hooks, depth] = [this.hooks, this.callDepth];
    this.hooks = this.allHooks;
    this.callDepth = 0;
    try {
      body();
    } finally {
      this.hooks = hooks;
      this.callDepth = depth;
    }
  }

  private refOf(module: string): ModuleRef {
    return this.modules.get(module)!.ref;
  }

  private run(
    body: readonly PyStmt[],
    scopes: Scope[],
    state: ModuleState,
    opts: { defineOnly: boolean },
  ): Flow {
    const local = scopes[scopes.length - 1]!;
    for (const stmt of body) {
      switch (stmt.s) {
        case "assign": {
          const value = stmt.value ? this.evaluate(stmt.value, scopes, state) : UNKNOWN;
          for (const target of stmt.targets) {
            if (target.k === "attr") this.bindAttribute(target, value, scopes, state);
            else this.bind(target, value, local);
          }
          break;
        }
        case "expr":
          if (opts.defineOnly) break;
          // A call whose value is dropped may register routes: `register_api(app, "users")`.
          if (stmt.e.k === "call") this.call(stmt.e, scopes, state, true);
          else this.evaluate(stmt.e, scopes, state);
          break;
        case "block": {
          const flow = this.run(stmt.body, scopes, state, opts);
          if (flow) return flow;
          break;
        }
        case "if": {
          const flow = this.runIf(stmt, scopes, state, opts);
          if (flow) return flow;
          break;
        }
        case "continue":
        case "break":
          return stmt.s;
        case "for":
          this.runFor(stmt, scopes, state, opts);
          break;
        case "def":
          this.define(stmt.fn, scopes, state, opts);
          break;
        case "class": {
          const value: ClassValue = { t: "class", ref: state.ref, cls: stmt.cls };
          local.set(stmt.cls.name, value);
          // Class decorators register routes too (flask-restx `@ns.route("/x")`).
          if (!opts.defineOnly) {
            stmt.cls.decorators.forEach((decorator, i) => {
              const evaluated = this.evaluate(decorator, scopes, state);
              const line = stmt.cls.decoratorLines[i] ?? stmt.cls.line;
              this.hooks.decorate?.(evaluated, value, line);
              this.applyProjectDecorator(decorator, evaluated, value, state, line);
            });
            this.runMethods(value, scopes);
          }
          break;
        }
      }
    }
    return undefined;
  }

  /**
   * Each item of a known list in turn, or each key of a known dict (`break` ends the loop); an
   * unknown iterable once, unknown.
   */
  private runFor(
    stmt: Extract<PyStmt, { s: "for" }>,
    scopes: Scope[],
    state: ModuleState,
    opts: { defineOnly: boolean },
  ): void {
    const iter = this.evaluate(stmt.iter, scopes, state);
    const items =
      iter.t === "list" ? [...iter.items] : iter.t === "dict" ? iter.entries.map(([k]) => k) : [UNKNOWN];
    for (const item of items) {
      this.bind(stmt.target, item, scopes[scopes.length - 1]!);
      if (this.run(stmt.body, scopes, state, opts) === "break") break;
    }
  }

  /**
   * The branch a known condition takes (its `continue`/`break` then counts); under a condition
   * the scan cannot know, both branches run and neither stops the loop around them. A condition
   * that calls anything but `getattr`-like builtins and string or dict methods is not evaluated
   * (unknown): route code tests attributes and strings, and running other calls costs time.
   */
  private runIf(
    stmt: Extract<PyStmt, { s: "if" }>,
    scopes: Scope[],
    state: ModuleState,
    opts: { defineOnly: boolean },
  ): Flow {
    const known = readsOnly(stmt.test) && !this.testsUnsetOption(stmt.test, scopes, state);
    const truth = known ? truthOf(this.evaluate(stmt.test, scopes, state)) : undefined;
    if (truth === true) return this.run(stmt.body, scopes, state, opts);
    if (truth === false) return this.run(stmt.orelse, scopes, state, opts);
    this.run(stmt.body, scopes, state, opts);
    this.run(stmt.orelse, scopes, state, opts);
    return undefined;
  }

  /**
   * `if self._auth_provider:` or `if auth is not None:` on an option a method run without a
   * caller left at its `None` default: the caller chooses it, so the scan cannot know the branch.
   */
  private testsUnsetOption(test: PyExpr, scopes: Scope[], state: ModuleState): boolean {
    if (test.k === "not") return this.testsUnsetOption(test.e, scopes, state);
    const [left, right] = test.k === "compare" ? test.items : [test];
    const againstNone = test.k !== "compare" || (test.ops.length === 1 && right?.k === "none");
    if (!left || !againstNone || (test.k === "compare" && !/^is/.test(test.ops[0] ?? ""))) return false;
    return (
      (left.k === "name" || left.k === "attr") && this.evaluate(left, scopes, state) === OPTION_LEFT_UNSET
    );
  }

  private define(fn: PyFunction, scopes: Scope[], state: ModuleState, opts: { defineOnly: boolean }): void {
    const value: FuncValue = { t: "func", ref: state.ref, fn };
    scopes[scopes.length - 1]!.set(fn.name, value);
    if (opts.defineOnly) return;
    fn.decorators.forEach((decorator, i) => {
      const evaluated = this.evaluate(decorator, scopes, state);
      const line = fn.decoratorLines[i] ?? fn.line;
      this.hooks.decorate?.(evaluated, value, line);
      this.applyDecoratorFactory(decorator, scopes, state, value);
      this.applyProjectDecorator(decorator, evaluated, value, state, line);
    });
    // App factories (`def create_app(): app = Flask(...)`) register routes in their bodies.
    const fnScope: Scope = new Map(fn.params.map((p) => [p.name, UNKNOWN]));
    this.run(fn.body, [...scopes, fnScope], state, opts);
    this.runReturnedCall(fn, [...scopes, fnScope], state);
    this.rememberBuiltList(fn, [...scopes, fnScope], state);
  }

  /**
   * `def create_auth_routes(…): routes = [Route(…)]; …; return routes`: the list of routing
   * objects a helper returns, as its run where it was defined built it (its parameters unknown,
   * both branches of a condition it cannot know). A call the scan cannot run with known values
   * (callFunction) gets a copy: a path from a parameter stays unknown and is left out.
   */
  private rememberBuiltList(fn: PyFunction, scopes: Scope[], state: ModuleState): void {
    const ret = fn.returned;
    if (ret?.k !== "name" && ret?.k !== "list") return;
    const value = this.evaluate(ret, scopes, state);
    if (value.t === "list" && value.items.some((item) => item.t === "obj" && item.kind !== RECORD))
      this.builtLists.set(fn, value);
  }

  /**
   * `return Starlette(routes=routes)`: a factory whose app is made in its `return` (the body
   * holds only the first top-level return as `fn.returned`). Only a library's call (or a list of
   * them) is evaluated there, so no project function runs more often than it did.
   */
  private runReturnedCall(fn: PyFunction, scopes: Scope[], state: ModuleState): void {
    const ret = fn.returned;
    const calls = ret?.k === "call" ? [ret] : ret?.k === "list" ? ret.items : [];
    for (const call of calls) {
      if (call.k !== "call") continue;
      if (this.evaluate(call.fn, scopes, state).t === "external") this.evaluate(call, scopes, state);
    }
  }

  /**
   * Runs the bodies of a class's methods once, `__init__` first, `self` an instance: a server
   * class registers routes on `self.app` (Flask `@self.app.route`) in its methods.
   */
  private runMethods(cls: ClassValue, scopes: Scope[]): void {
    const own = cls.cls.body.flatMap((stmt) => (stmt.s === "def" ? [{ fn: stmt.fn, owner: cls }] : []));
    const methods = [...own, ...this.inheritedRuns(cls, new Set(own.map((m) => m.fn.name)))];
    methods.sort((a, b) => Number(b.fn.name === "__init__") - Number(a.fn.name === "__init__"));
    for (const { fn, owner } of methods) {
      const self = fn.params[0];
      if (!self || fn.decorators.length > 0) continue;
      const ownerState = this.modules.get(owner.ref.module);
      if (!ownerState) continue;
      const ownerScopes = owner === cls ? scopes : [this.load(owner.ref.module)];
      // A method run once without a caller: its parameters have their defaults (`cls()`'s call).
      const fnScope: Scope = new Map(
        fn.params.map((p) => [
          p.name,
          p.default?.k === "none"
            ? OPTION_LEFT_UNSET
            : p.default
              ? this.evaluate(p.default, ownerScopes, ownerState)
              : UNKNOWN,
        ]),
      );
      fnScope.set(self.name, { t: "instance", cls });
      this.run(fn.body, [...ownerScopes, fnScope], ownerState, { defineOnly: false });
      this.runReturnedCall(fn, [...ownerScopes, fnScope], ownerState);
    }
  }

  /**
   * A base class of the project whose methods build routes from attributes each subclass sets
   * (`for r in self.resources: self.api.add_resource(r, …)`): the base's methods that read from
   * `self` an attribute this class's own body sets run again with `self` an instance of this
   * class, after the base's `__init__` (which builds what they use: `self.api`). Methods this
   * class overrides are its own; the first base in order defines the rest.
   */
  private inheritedRuns(cls: ClassValue, overridden: Set<string>): { fn: PyFunction; owner: ClassValue }[] {
    const set = new Set(cls.cls.body.flatMap((st) => boundNames(st)));
    // Most classes have no base or set nothing: their ancestry is not worth evaluating.
    if (cls.cls.bases.length === 0 || set.size === 0) return [];
    const inherited: { fn: PyFunction; owner: ClassValue }[] = [];
    const seen = new Set(overridden);
    for (const base of this.ancestry(cls).slice(1)) {
      if (base.t !== "class") continue;
      for (const st of base.cls.body) {
        if (st.s !== "def" || seen.has(st.fn.name)) continue;
        seen.add(st.fn.name);
        inherited.push({ fn: st.fn, owner: base });
      }
    }
    const reading = inherited.filter(
      ({ fn }) => fn.decorators.length === 0 && [...selfReads(fn)].some((n) => set.has(n)),
    );
    if (reading.length === 0) return [];
    const init = inherited.find(({ fn }) => fn.name === "__init__");
    return init && !reading.includes(init) ? [init, ...reading] : reading;
  }

  /** `self.name = value` where `self` is an instance of a project class. */
  private bindAttribute(
    target: Extract<PyExpr, { k: "attr" }>,
    value: PyValue,
    scopes: Scope[],
    state: ModuleState,
  ): void {
    const owner = this.evaluate(target.obj, scopes, state);
    if (owner.t !== "instance") return;
    let attrs = this.instanceAttrs.get(owner.cls.cls);
    if (!attrs) {
      attrs = new Map();
      this.instanceAttrs.set(owner.cls.cls, attrs);
    }
    attrs.set(target.name, value);
  }

  private bind(target: PyExpr, value: PyValue, scope: Scope): void {
    if (target.k === "name") scope.set(target.id, value);
    else if (target.k === "list") {
      target.items.forEach((item, i) => {
        this.bind(item, value.t === "list" ? (value.items[i] ?? UNKNOWN) : UNKNOWN, scope);
      });
    }
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

  private evaluate(expr: PyExpr, scopes: Scope[], state: ModuleState): PyValue {
    switch (expr.k) {
      case "str":
        return { t: "str", v: expr.v };
      case "num":
        return { t: "num", v: expr.v };
      case "bool":
        return { t: "bool", v: expr.v };
      case "none":
        return { t: "none" };
      case "fstr": {
        let out = "";
        for (const part of expr.parts) {
          const text = typeof part === "string" ? part : asString(this.evaluate(part, scopes, state));
          if (text === undefined) return { t: "unknown", expr };
          out += text;
        }
        return { t: "str", v: out };
      }
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
      case "sub": {
        const value = this.evaluate(expr.value, scopes, state);
        const key = expr.index[0] ? this.evaluate(expr.index[0], scopes, state) : UNKNOWN;
        if (value.t === "dict") {
          const hit = value.entries.find(([k]) => asString(k) !== undefined && asString(k) === asString(key));
          if (hit) return hit[1];
        }
        if (value.t === "list" && key.t === "num") return value.items[key.v] ?? UNKNOWN;
        return { t: "unknown", expr };
      }
      case "call":
        return this.call(expr, scopes, state);
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

  private attribute(owner: PyValue, name: string, expr: PyExpr): PyValue {
    switch (owner.t) {
      case "module":
        return this.lookup(owner.ref.module, name) !== UNKNOWN
          ? this.lookup(owner.ref.module, name)
          : this.submodule(owner.ref.module, name);
      case "external":
        return this.hooks.external?.(owner.path, name) ?? { t: "external", path: `${owner.path}.${name}` };
      case "class":
        return this.classAttribute(owner, name) ?? { t: "method", self: owner, name };
      case "instance": {
        const assigned = this.instanceAttrs.get(owner.cls.cls)?.get(name);
        if (assigned) return assigned;
        const attr = this.classAttribute(owner.cls, name);
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
    const state = this.modules.get(prop.ref.module);
    const selfName = prop.fn.params[0]?.name;
    if (!state || expr.k === "call") return UNKNOWN;
    const selfScope: Scope = new Map(self && selfName ? [[selfName, self]] : []);
    return this.evaluate(expr, [this.load(prop.ref.module), selfScope], state);
  }

  private submodule(module: string, name: string): PyValue {
    const sub = this.modules.has(childModule(module, name)) ? childModule(module, name) : undefined;
    return sub ? { t: "module", ref: this.refOf(sub) } : UNKNOWN;
  }

  /**
   * `@api_routing("/ping")` where `def api_routing(endpoint): def decorator(func):
   * api.add_url_rule(endpoint, view_func=func) …; return decorator`: the project's own route
   * decorator. Its body runs with `endpoint` bound to the argument, then the inner function's
   * with `func` bound to the decorated function, so the routes it adds are seen. Once deep.
   */
  private applyDecoratorFactory(
    decorator: PyExpr,
    scopes: Scope[],
    state: ModuleState,
    target: FuncValue,
  ): void {
    if (decorator.k !== "call" || this.inFactory) return;
    const factory = this.evaluate(decorator.fn, scopes, state);
    if (factory.t !== "func") return;
    const owner = this.modules.get(factory.ref.module);
    const inner = factory.fn.body.find(
      (st): st is Extract<PyStmt, { s: "def" }> => st.s === "def" && st.fn.params.length >= 1,
    );
    if (!owner || !inner) return;
    const args = decorator.args.map((a) => this.evaluate(a, scopes, state));
    const factoryScope = bindParams(factory.fn.params, args, this.keywords(decorator.kw, scopes, state));
    const innerScope: Scope = new Map(inner.fn.params.map((p, i) => [p.name, i === 0 ? target : UNKNOWN]));
    this.inFactory = true;
    try {
      const outer = [this.load(factory.ref.module), factoryScope];
      this.run(inner.fn.body, [...outer, innerScope], owner, { defineOnly: false });
    } finally {
      this.inFactory = false;
    }
  }

  /** A call's keyword arguments, its `**mapping` spread in when the mapping is a known dict. */
  private keywords(kw: Record<string, PyExpr>, scopes: Scope[], state: ModuleState): Record<string, PyValue> {
    const out: Record<string, PyValue> = {};
    for (const [name, expr] of Object.entries(kw)) {
      const value = this.evaluate(expr, scopes, state);
      if (name !== KW_SPLAT) out[name] = value;
      else if (value.t === "dict")
        for (const [k, v] of value.entries) if (k.t === "str" && !(k.v in kw)) out[k.v] = v;
    }
    return out;
  }

  private call(
    expr: Extract<PyExpr, { k: "call" }>,
    scopes: Scope[],
    state: ModuleState,
    statement = false,
  ): PyValue {
    // The owner of `owner.method(…)` is kept: a classmethod called on a class gets it as `cls`.
    const owner = expr.fn.k === "attr" ? this.evaluate(expr.fn.obj, scopes, state) : undefined;
    const callee =
      owner && expr.fn.k === "attr"
        ? this.attribute(owner, expr.fn.name, expr.fn)
        : this.evaluate(expr.fn, scopes, state);
    const site: CallSite = {
      module: state.ref,
      line: expr.line,
      args: this.arguments(expr.args, scopes, state),
      kw: this.keywords(expr.kw, scopes, state),
      expr,
    };
    const hooked = this.hooks.call?.(callee, site);
    if (hooked) return hooked;
    const decorated = this.decoratorApplied(callee, site);
    if (decorated) return decorated;
    if (callee.t === "class") return { t: "instance", cls: callee };
    const target = this.projectTarget(callee, owner);
    if (target && statement && this.hooks === this.allHooks) {
      this.runCall(target.fn, target.self, site);
      return { t: "none" };
    }
    if (target) {
      const value = this.callFunction(target.fn, target.self, site);
      if (value) return value;
      const built = callee.t === "func" ? this.builtLists.get(callee.fn) : undefined;
      if (built?.t === "list") return { t: "list", items: [...built.items] };
      if (callee.t === "func") return this.returned(callee);
    }
    const known = this.builtinCall(callee, site);
    if (known) return known;
    // `"{}.view".format(endpoint)`, `"^{root}me/$".format(root=MOUNT)`: fields filled with known strings.
    if (callee.t === "method" && callee.name === "format" && callee.self.t === "str") {
      const values = site.args.map(asString);
      let next = 0;
      const text = callee.self.v.replace(/\{(\w*)\}/g, (_, field: string) => {
        if (field === "") return values[next++] ?? "\0";
        return (/^\d+$/.test(field) ? values[Number(field)] : asString(site.kw[field])) ?? "\0";
      });
      return text.includes("\0") ? UNKNOWN : { t: "str", v: text };
    }
    if (callee.t === "external" && callee.path.endsWith(".str")) return site.args[0] ?? UNKNOWN;
    // `os.getenv("API_PREFIX", "/api")`: the default is what a scan can know.
    if (callee.t === "external" && ENV_READERS.has(callee.path))
      return site.args[1] ?? site.kw.default ?? UNKNOWN;
    // `api_prefix: str = Field(default="/api")`: a settings field's default.
    if (callee.t === "external" && FIELD_MAKERS.has(callee.path)) {
      const value = site.kw.default ?? site.args[0];
      return value && value.t !== "unknown" ? value : UNKNOWN;
    }
    return { t: "unknown", expr };
  }

  /**
   * A project function written as a decorator without arguments (`@urls.register` over a class)
   * runs with the decorated function or class, as `C = register(C)` does (PEP 318, PEP 3129): a
   * registry that appends `re_path(C.url_regex, C.as_view())` to a URLconf's list fills it.
   */
  private applyProjectDecorator(
    decorator: PyExpr,
    evaluated: PyValue,
    target: FuncValue | ClassValue,
    state: ModuleState,
    line: number,
  ): void {
    if (decorator.k === "call" || evaluated.t !== "func") return;
    const expr: Extract<PyExpr, { k: "call" }> = { k: "call", fn: decorator, args: [], kw: {}, line };
    this.runCall(evaluated, undefined, { module: state.ref, line, args: [target], kw: {}, expr });
  }

  /**
   * A framework's decorator called on a function or class instead of written above it:
   * `bp.route("/login", methods=["POST"])(login)` is what `@bp.route(...)` over `def login`
   * means (PEP 318: the decorator expression is evaluated, then called with the function).
   * The framework sees it as that decorator; the call's value is the function, as Flask's is.
   */
  private decoratorApplied(callee: PyValue, site: CallSite): PyValue | undefined {
    const [target, ...rest] = site.args;
    if (callee.t !== "obj" || rest.length > 0 || Object.keys(site.kw).length > 0) return undefined;
    if (target?.t !== "func" && target?.t !== "class") return undefined;
    this.hooks.decorate?.(callee, target, site.line);
    return target;
  }

  /** A call's positional arguments, a `*list` spread in when the list is known. */
  private arguments(args: readonly PyExpr[], scopes: Scope[], state: ModuleState): PyValue[] {
    if (!args.some((a) => a.k === "splat")) return args.map((a) => this.evaluate(a, scopes, state));
    return args.flatMap((a) => {
      const value = this.evaluate(a, scopes, state);
      if (a.k !== "splat") return [value];
      return value.t === "list" ? value.items : [UNKNOWN];
    });
  }

  /**
   * Calls of what the evaluator knows besides project functions: a method of a project
   * instance or class, `getattr`, and the values of py-calls.ts (namedtuples, builtins, the
   * methods of known strings, lists and dicts). Undefined when it is none of these.
   */
  private builtinCall(callee: PyValue, site: CallSite): PyValue | undefined {
    if (callee.t === "external" && callee.path === "builtins.getattr") return this.getattr(site);
    return valueCall(callee, site.args, site.kw);
  }

  /**
   * The project function a call runs, with what its first parameter is: `f(…)`, `Cls.f(…)`
   * (a classmethod gets the class), `self.f(…)` on a project instance.
   */
  private projectTarget(
    callee: PyValue,
    owner: PyValue | undefined,
  ): { fn: FuncValue; self: PyValue | undefined } | undefined {
    if (callee.t === "func")
      return { fn: callee, self: owner?.t === "class" ? methodSelf(callee.fn, owner, owner) : undefined };
    if (callee.t !== "method" || (callee.self.t !== "instance" && callee.self.t !== "class"))
      return undefined;
    const self = callee.self;
    const cls = self.t === "instance" ? self.cls : self;
    const fn = this.classAttribute(cls, callee.name);
    return fn?.t === "func" ? { fn, self: methodSelf(fn.fn, self, cls) } : undefined;
  }

  /**
   * `getattr(obj, "name", default)` of a project class, instance or module: the attribute, or the
   * default when no project class of its ancestry binds it (a library base is not read).
   */
  private getattr(site: CallSite): PyValue {
    const [owner, nameArg, fallback] = site.args;
    const name = asString(nameArg);
    if (!owner || name === undefined) return UNKNOWN;
    if (owner.t === "class" || owner.t === "instance") {
      const cls = owner.t === "class" ? owner : owner.cls;
      const assigned = owner.t === "instance" ? this.instanceAttrs.get(cls.cls)?.get(name) : undefined;
      const attr = assigned ?? this.classAttribute(cls, name);
      if (attr) return this.attribute(owner, name, site.expr);
      return fallback ?? UNKNOWN;
    }
    if (owner.t === "module") {
      const found = this.lookup(owner.ref.module, name);
      return found.t !== "unknown" ? found : (fallback ?? UNKNOWN);
    }
    return UNKNOWN;
  }

  /**
   * The value a project function returns for these arguments, when its body says it without
   * the framework: the body runs with the parameters bound (defaults for the rest), framework
   * hooks off (no route is added twice), and its top-level `return` is evaluated. Only plain
   * values count (strings, numbers, lists and dicts of them, namedtuple records); anything
   * else is undefined and the caller keeps its older reading (an instance, a factory result).
   */
  private callFunction(fn: FuncValue, self: PyValue | undefined, site: CallSite): PyValue | undefined {
    const ret = fn.fn.returned;
    const state = this.modules.get(fn.ref.module);
    if (!ret || !state || statementCount(fn.fn) > MAX_HELPER_STATEMENTS) return undefined;
    const argumentless = site.args.length === 0 && Object.keys(site.kw).length === 0;
    const tiny = statementCount(fn.fn) <= MAX_ARGUMENTLESS_STATEMENTS;
    if (!this.mayEnter(fn.fn) || !(argumentless ? tiny : handsKnownValue(site.args, site.kw)))
      return undefined;
    const scopes = this.callScopes(fn, self, site, state);
    return this.inCall(fn.fn, false, () => {
      this.run(fn.fn.body, scopes, state, { defineOnly: false });
      const value = this.evaluate(ret, scopes, state);
      return isPlain(value) ? value : undefined;
    });
  }

  /**
   * A project function called where its value is dropped (`register_api(app, User, "users")`,
   * `endpoint.register(app)`): its body runs with the arguments bound and the framework's
   * hooks on, so the routes it adds with them are seen. (It also ran once where it was defined,
   * its parameters unknown; a route it adds both times is the same endpoint.)
   */
  private runCall(fn: FuncValue, self: PyValue | undefined, site: CallSite): void {
    const state = this.modules.get(fn.ref.module);
    if (!state || !this.mayEnter(fn.fn) || !handsKnownValue(site.args, site.kw)) return;
    const scopes = this.callScopes(fn, self, site, state);
    this.inCall(fn.fn, true, () => this.run(fn.fn.body, scopes, state, { defineOnly: false }));
  }

  /** Not too deep, not recursive, within the scan's budget, and a plain (static/class) method. */
  private mayEnter(fn: PyFunction): boolean {
    if (this.callDepth >= MAX_CALL_DEPTH || this.active.has(fn) || this.callBudget <= 0) return false;
    return fn.decorators.every((d) => METHOD_KINDS.has(decoratorId(d) ?? ""));
  }

  /** A call's body scopes: its module, then its parameters bound (defaults for the rest) and self. */
  private callScopes(fn: FuncValue, self: PyValue | undefined, site: CallSite, state: ModuleState): Scope[] {
    const outer = [this.load(fn.ref.module)];
    const params = self ? fn.fn.params.slice(1) : fn.fn.params;
    const scope = bindParams(params, site.args, site.kw, (p) =>
      p.default ? this.evaluate(p.default, outer, state) : UNKNOWN,
    );
    const selfName = fn.fn.params[0]?.name;
    if (self && selfName) scope.set(selfName, self);
    return [...outer, scope];
  }

  /** Runs `body` one call deeper, `fn` on the stack, with the framework's hooks on or off. */
  private inCall<T>(fn: PyFunction, hooksOn: boolean, body: () => T): T {
    const hooks = this.hooks;
    if (!hooksOn) this.hooks = { external: hooks.external };
    this.callDepth++;
    this.callBudget--;
    this.active.add(fn);
    try {
      return body();
    } finally {
      this.active.delete(fn);
      this.callDepth--;
      this.hooks = hooks;
    }
  }

  /**
   * A call of a project function: an instance when its return annotation names a project class,
   * or when it returns a call of one (`@lru_cache def get_settings(): return Settings()`).
   */
  private returned(fn: FuncValue): PyValue {
    const annotated = fn.fn.returns ? this.evaluateIn(fn.ref.module, fn.fn.returns) : UNKNOWN;
    if (annotated.t === "class") return { t: "instance", cls: annotated };
    const ret = fn.fn.returned;
    if (ret?.k === "call") {
      const callee = this.evaluateIn(fn.ref.module, ret.fn);
      if (callee.t === "class") return { t: "instance", cls: callee };
    }
    return { t: "result", fn };
  }
}

/** `@property`, `@cached_property`, `@functools.cached_property`. */
function isProperty(fn: PyFunction): boolean {
  return fn.decorators.some((d) => {
    const name = d.k === "name" ? d.id : d.k === "attr" ? d.name : undefined;
    return name === "property" || name === "cached_property";
  });
}

/** A parameter a method run without a caller leaves at its `None` default (testsUnsetOption). */
const OPTION_LEFT_UNSET: PyValue = { t: "none" };

const FIELD_MAKERS = new Set(["pydantic.Field", "pydantic.fields.Field", "pydantic_settings.Field"]);

const ENV_READERS = new Set(["os.getenv", "os.environ.get"]);

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
