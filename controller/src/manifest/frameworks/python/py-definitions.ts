// `def` and `class` statements in the Python evaluator (./py-evaluator.ts): the name is bound, the
// decorators are shown to the framework and the project's own decorators run, and the body of
// a function runs once where it is defined (app factories register routes in theirs).

import { bindParams } from "./py-call-binding.js";
import { RECORD } from "./py-calls.js";
import type { EvalState, ModuleState, PyWalk, RunOptions, Scope } from "./py-eval-state.js";
import type { PyExpressions } from "./py-expressions.js";
import type { PyClass, PyExpr, PyFunction, PyStmt } from "./py-facts.js";
import type { FunctionCalls } from "./py-function-calls.js";
import type { MethodRuns } from "./py-method-runs.js";
import { type ClassValue, type FuncValue, UNKNOWN } from "./py-values.js";

export class Definitions {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
    private readonly expressions: PyExpressions,
    private readonly functions: FunctionCalls,
    private readonly methods: MethodRuns,
  ) {}

  define(fn: PyFunction, scopes: Scope[], state: ModuleState, opts: RunOptions): void {
    const value: FuncValue = { t: "func", ref: state.ref, fn };
    scopes[scopes.length - 1]!.set(fn.name, value);
    if (opts.defineOnly) return;
    fn.decorators.forEach((decorator, i) => {
      const evaluated = this.walk.evaluate(decorator, scopes, state);
      const line = fn.decoratorLines[i] ?? fn.line;
      this.state.hooks.decorate?.(evaluated, value, line);
      this.applyDecoratorFactory(decorator, scopes, state, value);
      this.functions.applyProjectDecorator(decorator, evaluated, value, state, line);
    });
    // App factories (`def create_app(): app = Flask(...)`) register routes in their bodies.
    const fnScope: Scope = new Map(fn.params.map((p) => [p.name, UNKNOWN]));
    this.walk.run(fn.body, [...scopes, fnScope], state, opts);
    this.methods.runReturnedCall(fn, [...scopes, fnScope], state);
    this.rememberBuiltList(fn, [...scopes, fnScope], state);
  }

  defineClass(cls: PyClass, scopes: Scope[], state: ModuleState, opts: RunOptions): void {
    const value: ClassValue = { t: "class", ref: state.ref, cls };
    scopes[scopes.length - 1]!.set(cls.name, value);
    if (opts.defineOnly) return;
    // Class decorators register routes too (flask-restx `@ns.route("/x")`).
    cls.decorators.forEach((decorator, i) => {
      const evaluated = this.walk.evaluate(decorator, scopes, state);
      const line = cls.decoratorLines[i] ?? cls.line;
      this.state.hooks.decorate?.(evaluated, value, line);
      this.functions.applyProjectDecorator(decorator, evaluated, value, state, line);
    });
    this.methods.runMethods(value, scopes);
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
    const value = this.walk.evaluate(ret, scopes, state);
    if (value.t === "list" && value.items.some((item) => item.t === "obj" && item.kind !== RECORD))
      this.state.builtLists.set(fn, value);
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
    if (decorator.k !== "call" || this.state.inFactory) return;
    const factory = this.walk.evaluate(decorator.fn, scopes, state);
    if (factory.t !== "func") return;
    const owner = this.state.modules.get(factory.ref.module);
    const inner = factory.fn.body.find(
      (st): st is Extract<PyStmt, { s: "def" }> => st.s === "def" && st.fn.params.length >= 1,
    );
    if (!owner || !inner) return;
    const args = decorator.args.map((a) => this.walk.evaluate(a, scopes, state));
    const factoryScope = bindParams(
      factory.fn.params,
      args,
      this.expressions.keywords(decorator.kw, scopes, state),
    );
    const innerScope: Scope = new Map(inner.fn.params.map((p, i) => [p.name, i === 0 ? target : UNKNOWN]));
    this.state.inFactory = true;
    try {
      const outer = [this.walk.load(factory.ref.module), factoryScope];
      this.walk.run(inner.fn.body, [...outer, innerScope], owner, { defineOnly: false });
    } finally {
      this.state.inFactory = false;
    }
  }
}
