// The statement walk of the Python evaluator (./py-evaluator.ts): assignments, calls whose value
// is dropped (they may register routes), blocks, `if` on what the scan can know, `for` over
// known lists and dicts, `continue`/`break`, and definitions (./py-definitions.ts).

import { readsOnly } from "./py-call-limits.js";
import type { Definitions } from "./py-definitions.js";
import {
  type EvalState,
  type Flow,
  type ModuleState,
  OPTION_LEFT_UNSET,
  type PyWalk,
  type RunOptions,
  type Scope,
} from "./py-eval-state.js";
import type { PyExpr, PyStmt } from "./py-facts.js";
import { truthOf } from "./py-operators.js";
import { type PyValue, UNKNOWN } from "./py-values.js";

export class StatementRunner {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
    private readonly definitions: Definitions,
  ) {}

  run(body: readonly PyStmt[], scopes: Scope[], state: ModuleState, opts: RunOptions): Flow {
    const local = scopes[scopes.length - 1]!;
    for (const stmt of body) {
      switch (stmt.s) {
        case "assign": {
          const value = stmt.value ? this.walk.evaluate(stmt.value, scopes, state) : UNKNOWN;
          for (const target of stmt.targets) {
            if (target.k === "attr") this.bindAttribute(target, value, scopes, state);
            else this.bind(target, value, local);
          }
          break;
        }
        case "expr":
          if (opts.defineOnly) break;
          // A call whose value is dropped may register routes: `register_api(app, "users")`.
          if (stmt.e.k === "call") this.walk.call(stmt.e, scopes, state, true);
          else this.walk.evaluate(stmt.e, scopes, state);
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
          this.definitions.define(stmt.fn, scopes, state, opts);
          break;
        case "class":
          this.definitions.defineClass(stmt.cls, scopes, state, opts);
          break;
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
    opts: RunOptions,
  ): void {
    const iter = this.walk.evaluate(stmt.iter, scopes, state);
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
    opts: RunOptions,
  ): Flow {
    const known = readsOnly(stmt.test) && !this.testsUnsetOption(stmt.test, scopes, state);
    const truth = known ? truthOf(this.walk.evaluate(stmt.test, scopes, state)) : undefined;
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
      (left.k === "name" || left.k === "attr") &&
      this.walk.evaluate(left, scopes, state) === OPTION_LEFT_UNSET
    );
  }

  /** `self.name = value` where `self` is an instance of a project class. */
  private bindAttribute(
    target: Extract<PyExpr, { k: "attr" }>,
    value: PyValue,
    scopes: Scope[],
    state: ModuleState,
  ): void {
    const owner = this.walk.evaluate(target.obj, scopes, state);
    if (owner.t !== "instance") return;
    let attrs = this.state.instanceAttrs.get(owner.cls.cls);
    if (!attrs) {
      attrs = new Map();
      this.state.instanceAttrs.set(owner.cls.cls, attrs);
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
}
