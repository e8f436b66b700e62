// Running the project's own functions at their calls (./py-evaluator.ts): for the value a helper
// returns, or for the routes a registering function adds with its arguments. How far this goes
// is set by ./py-call-limits.ts and EvalState.mayEnter.

import { bindParams } from "./py-call-binding.js";
import {
  handsKnownValue,
  MAX_ARGUMENTLESS_STATEMENTS,
  MAX_HELPER_STATEMENTS,
  statementCount,
} from "./py-call-limits.js";
import { isPlain } from "./py-calls.js";
import type { CallSite, EvalState, ModuleState, PyWalk, Scope } from "./py-eval-state.js";
import type { PyExpr } from "./py-facts.js";
import { type ClassValue, type FuncValue, type PyValue, UNKNOWN } from "./py-values.js";

export class FunctionCalls {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
  ) {}

  /**
   * The value a project function returns for these arguments, when its body says it without
   * the framework: the body runs with the parameters bound (defaults for the rest), framework
   * hooks off (no route is added twice), and its top-level `return` is evaluated. Only plain
   * values count (strings, numbers, lists and dicts of them, namedtuple records); anything
   * else is undefined and the caller keeps its older reading (an instance, a factory result).
   */
  callFunction(fn: FuncValue, self: PyValue | undefined, site: CallSite): PyValue | undefined {
    const ret = fn.fn.returned;
    const state = this.state.modules.get(fn.ref.module);
    if (!ret || !state || statementCount(fn.fn) > MAX_HELPER_STATEMENTS) return undefined;
    const argumentless = site.args.length === 0 && Object.keys(site.kw).length === 0;
    const tiny = statementCount(fn.fn) <= MAX_ARGUMENTLESS_STATEMENTS;
    if (!this.state.mayEnter(fn.fn) || !(argumentless ? tiny : handsKnownValue(site.args, site.kw)))
      return undefined;
    const scopes = this.callScopes(fn, self, site, state);
    return this.state.inCall(fn.fn, false, () => {
      this.walk.run(fn.fn.body, scopes, state, { defineOnly: false });
      const value = this.walk.evaluate(ret, scopes, state);
      return isPlain(value) ? value : undefined;
    });
  }

  /**
   * A project function called where its value is dropped (`register_api(app, User, "users")`,
   * `endpoint.register(app)`): its body runs with the arguments bound and the framework's
   * hooks on, so the routes it adds with them are seen. (It also ran once where it was defined,
   * its parameters unknown; a route it adds both times is the same endpoint.)
   */
  runCall(fn: FuncValue, self: PyValue | undefined, site: CallSite): void {
    const state = this.state.modules.get(fn.ref.module);
    if (!state || !this.state.mayEnter(fn.fn) || !handsKnownValue(site.args, site.kw)) return;
    const scopes = this.callScopes(fn, self, site, state);
    this.state.inCall(fn.fn, true, () => this.walk.run(fn.fn.body, scopes, state, { defineOnly: false }));
  }

  /**
   * A project function written as a decorator without arguments (`@urls.register` over a class)
   * runs with the decorated function or class, as `C = register(C)` does (PEP 318, PEP 3129): a
   * registry that appends `re_path(C.url_regex, C.as_view())` to a URLconf's list fills it.
   */
  applyProjectDecorator(
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
   * A call of a project function: an instance when its return annotation names a project class,
   * or when it returns a call of one (`@lru_cache def get_settings(): return Settings()`).
   */
  returned(fn: FuncValue): PyValue {
    const annotated = fn.fn.returns ? this.walk.evaluateIn(fn.ref.module, fn.fn.returns) : UNKNOWN;
    if (annotated.t === "class") return { t: "instance", cls: annotated };
    const ret = fn.fn.returned;
    if (ret?.k === "call") {
      const callee = this.walk.evaluateIn(fn.ref.module, ret.fn);
      if (callee.t === "class") return { t: "instance", cls: callee };
    }
    return { t: "result", fn };
  }

  /** A call's body scopes: its module, then its parameters bound (defaults for the rest) and self. */
  private callScopes(fn: FuncValue, self: PyValue | undefined, site: CallSite, state: ModuleState): Scope[] {
    const outer = [this.walk.load(fn.ref.module)];
    const params = self ? fn.fn.params.slice(1) : fn.fn.params;
    const scope = bindParams(params, site.args, site.kw, (p) =>
      p.default ? this.walk.evaluate(p.default, outer, state) : UNKNOWN,
    );
    const selfName = fn.fn.params[0]?.name;
    if (self && selfName) scope.set(selfName, self);
    return [...outer, scope];
  }
}
