// Bodies the Python evaluator (./py-evaluator.ts) runs once without a caller, for the routes they
// register: a class's methods with `self` an instance (a server class adds routes on
// `self.app`), a base's methods again for each subclass that sets what they read, and the
// library call a factory makes its app with in its `return`.

import { boundNames } from "./py-bound-names.js";
import {
  type EvalState,
  type ModuleState,
  OPTION_LEFT_UNSET,
  type PyWalk,
  type Scope,
} from "./py-eval-state.js";
import type { PyFunction } from "./py-facts.js";
import { selfReads } from "./py-self-reads.js";
import { type ClassValue, UNKNOWN } from "./py-values.js";

interface MethodRun {
  fn: PyFunction;
  owner: ClassValue;
}

export class MethodRuns {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
  ) {}

  /**
   * Runs the bodies of a class's methods once, `__init__` first, `self` an instance: a server
   * class registers routes on `self.app` (Flask `@self.app.route`) in its methods.
   */
  runMethods(cls: ClassValue, scopes: Scope[]): void {
    const own = cls.cls.body.flatMap((stmt) => (stmt.s === "def" ? [{ fn: stmt.fn, owner: cls }] : []));
    const methods = [...own, ...this.inheritedRuns(cls, new Set(own.map((m) => m.fn.name)))];
    methods.sort((a, b) => Number(b.fn.name === "__init__") - Number(a.fn.name === "__init__"));
    for (const { fn, owner } of methods) {
      const self = fn.params[0];
      if (!self || fn.decorators.length > 0) continue;
      const ownerState = this.state.modules.get(owner.ref.module);
      if (!ownerState) continue;
      const ownerScopes = owner === cls ? scopes : [this.walk.load(owner.ref.module)];
      const fnScope = this.defaultsScope(fn, ownerScopes, ownerState);
      fnScope.set(self.name, { t: "instance", cls });
      this.walk.run(fn.body, [...ownerScopes, fnScope], ownerState, { defineOnly: false });
      this.runReturnedCall(fn, [...ownerScopes, fnScope], ownerState);
    }
  }

  /**
   * `return Starlette(routes=routes)`: a factory whose app is made in its `return` (the body
   * holds only the first top-level return as `fn.returned`). Only a library's call (or a list of
   * them) is evaluated there, so no project function runs more often than it did.
   */
  runReturnedCall(fn: PyFunction, scopes: Scope[], state: ModuleState): void {
    const ret = fn.returned;
    const calls = ret?.k === "call" ? [ret] : ret?.k === "list" ? ret.items : [];
    for (const call of calls) {
      if (call.k !== "call") continue;
      if (this.walk.evaluate(call.fn, scopes, state).t === "external")
        this.walk.evaluate(call, scopes, state);
    }
  }

  /** A method run once without a caller: its parameters have their defaults (`cls()`'s call). */
  private defaultsScope(fn: PyFunction, ownerScopes: Scope[], ownerState: ModuleState): Scope {
    return new Map(
      fn.params.map((p) => [
        p.name,
        p.default?.k === "none"
          ? OPTION_LEFT_UNSET
          : p.default
            ? this.walk.evaluate(p.default, ownerScopes, ownerState)
            : UNKNOWN,
      ]),
    );
  }

  /**
   * A base class of the project whose methods build routes from attributes each subclass sets
   * (`for r in self.resources: self.api.add_resource(r, …)`): the base's methods that read from
   * `self` an attribute this class's own body sets run again with `self` an instance of this
   * class, after the base's `__init__` (which builds what they use: `self.api`). Methods this
   * class overrides are its own; the first base in order defines the rest.
   */
  private inheritedRuns(cls: ClassValue, overridden: Set<string>): MethodRun[] {
    const set = new Set(cls.cls.body.flatMap((st) => boundNames(st)));
    // Most classes have no base or set nothing: their ancestry is not worth evaluating.
    if (cls.cls.bases.length === 0 || set.size === 0) return [];
    const inherited: MethodRun[] = [];
    const seen = new Set(overridden);
    for (const base of this.walk.ancestry(cls).slice(1)) {
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
}
