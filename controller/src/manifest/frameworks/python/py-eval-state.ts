// What the parts of the Python evaluator (./py-evaluator.ts) share: the scopes and module states
// a walk passes along, the framework's hooks, the limits of running project calls, and the walk's
// entry points the lower parts call back through (so their imports point one way only).

import { MAX_CALL_DEPTH, MAX_CALLS } from "./py-call-limits.js";
import { decoratorId, METHOD_KINDS } from "./py-calls.js";
import type { PyClass, PyExpr, PyFunction, PyModuleFacts, PyStmt } from "./py-facts.js";
import type { ClassValue, FuncValue, ModuleRef, PyValue } from "./py-values.js";

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

export type Scope = Map<string, PyValue>;

/** What a `continue` or `break` tells the loop around it. */
export type Flow = "continue" | "break" | undefined;

/** A class body is only defined (its calls not run); a module or function body runs. */
export interface RunOptions {
  defineOnly: boolean;
}

export interface ModuleState {
  facts: PyModuleFacts;
  ref: ModuleRef;
  scope: Scope;
  state: "new" | "running" | "done";
}

/** A parameter a method run without a caller leaves at its `None` default (testsUnsetOption). */
export const OPTION_LEFT_UNSET: PyValue = { t: "none" };

/**
 * The walk's entry points (PyProgram): statements, expressions and calls recurse into each
 * other, so each part reaches the others through this, never by importing a part above it.
 */
export interface PyWalk {
  run(body: readonly PyStmt[], scopes: Scope[], state: ModuleState, opts: RunOptions): Flow;
  evaluate(expr: PyExpr, scopes: Scope[], state: ModuleState): PyValue;
  call(
    expr: Extract<PyExpr, { k: "call" }>,
    scopes: Scope[],
    state: ModuleState,
    statement?: boolean,
  ): PyValue;
  load(module: string): Scope;
  lookup(module: string, name: string): PyValue;
  evaluateIn(module: string, expr: PyExpr): PyValue;
  classAttribute(cls: ClassValue, name: string): PyValue | undefined;
  ancestry(cls: ClassValue): PyValue[];
}

/** The evaluator's mutable state, one per PyProgram, read by every part at the moment it acts. */
export class EvalState {
  readonly modules = new Map<string, ModuleState>();
  /** `self.app = Flask(...)` in a method: the attributes a class's instances get. */
  readonly instanceAttrs = new WeakMap<PyClass, Scope>();
  hooks: PyHooks = {};
  /** The framework's hooks; `hooks` is without them while a call is evaluated for its value. */
  allHooks: PyHooks = {};
  /** Inside applyDecoratorFactory: a decorator factory is applied one level deep only. */
  inFactory = false;
  /** Project functions being run at their calls (callFunction, runCall), and which. */
  private callDepth = 0;
  private readonly active = new Set<PyFunction>();
  /** The routing objects a function returns, built where it was defined (rememberBuiltList). */
  readonly builtLists = new WeakMap<PyFunction, PyValue>();
  /** Calls run in one scan at most: bodies calling each other stay cheap on a large tree. */
  private callBudget = MAX_CALLS;

  refOf(module: string): ModuleRef {
    return this.modules.get(module)!.ref;
  }

  /** True while no call evaluated for its value has turned the framework's hooks off. */
  hooksOn(): boolean {
    return this.hooks === this.allHooks;
  }

  /**
   * A module or class body runs once, whenever it is first needed: also from inside a call
   * evaluated for its value (callFunction), where the framework's hooks are off. Its routes
   * must not be lost, so it runs with them on and at the top depth.
   */
  withAllHooks(body: () => void): void {
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

  /** Not too deep, not recursive, within the scan's budget, and a plain (static/class) method. */
  mayEnter(fn: PyFunction): boolean {
    if (this.callDepth >= MAX_CALL_DEPTH || this.active.has(fn) || this.callBudget <= 0) return false;
    return fn.decorators.every((d) => METHOD_KINDS.has(decoratorId(d) ?? ""));
  }

  /** Runs `body` one call deeper, `fn` on the stack, with the framework's hooks on or off. */
  inCall<T>(fn: PyFunction, hooksOn: boolean, body: () => T): T {
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
}
