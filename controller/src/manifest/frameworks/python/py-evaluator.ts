// Evaluates the outlines of a project's Python modules just far enough to follow routes across
// files: imports between project modules, string constants and settings attributes, f-strings,
// `+`, loops over literal lists (each iteration runs with its own bindings), decorators and the
// bodies of app-factory functions. Framework meaning comes from hooks (FastAPI, Flask, Django);
// anything else evaluates to `unknown`, never to a guess.
//
// This file is the program: its modules, loaded once each, and the questions the scanners ask.
// The walk is in parts that call each other back through PyWalk (./py-eval-state.ts):
// statements (./py-statements.ts, ./py-definitions.ts, ./py-method-runs.ts), expressions
// (./py-expressions.ts) and calls (./py-call-evaluation.ts, ./py-function-calls.ts).

import type { FileFacts } from "../../scanner.js";
import { CallEvaluation } from "./py-call-evaluation.js";
import { PyClassHierarchy } from "./py-class-hierarchy.js";
import { Definitions } from "./py-definitions.js";
import { EvalState, type PyHooks, type PyWalk, type Scope } from "./py-eval-state.js";
import { PyExpressions } from "./py-expressions.js";
import type { PyClass, PyExpr, PyModuleFacts } from "./py-facts.js";
import { FunctionCalls } from "./py-function-calls.js";
import { PyImports } from "./py-imports.js";
import { MethodRuns } from "./py-method-runs.js";
import { PyModuleNames } from "./py-module-names.js";
import { StatementRunner } from "./py-statements.js";
import { type ClassValue, type ModuleRef, type PyValue, UNKNOWN } from "./py-values.js";

export type { CallSite } from "./py-eval-state.js";

export class PyProgram {
  private readonly state = new EvalState();
  private readonly classScopes = new WeakMap<PyClass, Scope>();
  /** Which module an import names, and which package the scanned folder is. */
  private readonly names: PyModuleNames;
  /** What each import binds. */
  private readonly imports: PyImports;
  /** Classes' bases, ancestry and attributes, over the classes' evaluated bodies. */
  private readonly hierarchy = new PyClassHierarchy(
    (module, expr) => this.evaluateIn(module, expr),
    (cls) => this.classScope(cls),
  );
  /** The parts of the walk reach each other (and this program) through here. */
  private readonly walk: PyWalk = {
    run: (body, scopes, state, opts) => this.statements.run(body, scopes, state, opts),
    evaluate: (expr, scopes, state) => this.expressions.evaluate(expr, scopes, state),
    call: (expr, scopes, state, statement) => this.calls.call(expr, scopes, state, statement),
    load: (module) => this.load(module),
    lookup: (module, name) => this.lookup(module, name),
    evaluateIn: (module, expr) => this.evaluateIn(module, expr),
    classAttribute: (cls, name) => this.classAttribute(cls, name),
    ancestry: (cls) => this.ancestry(cls),
  };
  private readonly expressions: PyExpressions;
  private readonly calls: CallEvaluation;
  private readonly statements: StatementRunner;

  constructor(files: readonly FileFacts<PyModuleFacts>[]) {
    const modules = this.state.modules;
    for (const { path, facts } of files) {
      modules.set(facts.module, {
        facts,
        ref: { module: facts.module, file: path },
        scope: new Map(),
        state: "new",
      });
    }
    this.names = new PyModuleNames(new Map([...modules].map(([name, s]) => [name, s.facts])));
    this.imports = new PyImports(modules, this.names, (module) => this.load(module));
    const { state, walk } = this;
    this.expressions = new PyExpressions(state, walk, this.imports);
    const functions = new FunctionCalls(state, walk);
    this.calls = new CallEvaluation(state, walk, this.expressions, functions);
    const definitions = new Definitions(
      state,
      walk,
      this.expressions,
      functions,
      new MethodRuns(state, walk),
    );
    this.statements = new StatementRunner(state, walk, definitions);
  }

  /** Runs every module once under the hooks; lookups afterwards only read. */
  evaluateAll(hooks: PyHooks): void {
    this.state.hooks = hooks;
    this.state.allHooks = hooks;
    for (const name of [...this.state.modules.keys()].sort()) this.load(name);
  }

  moduleStates(): readonly { facts: PyModuleFacts; ref: ModuleRef }[] {
    return [...this.state.modules.values()];
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
    const state = this.state.modules.get(module);
    if (!state) return UNKNOWN;
    return this.load(module).get(name) ?? this.imports.binding(state.facts, name) ?? UNKNOWN;
  }

  /** Evaluates an expression in a module's global scope (types, bases, settings). */
  evaluateIn(module: string, expr: PyExpr): PyValue {
    const state = this.state.modules.get(module);
    return state ? this.expressions.evaluate(expr, [this.load(module)], state) : UNKNOWN;
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

  /** A class body, defined once when first needed (its calls are not run: defineOnly). */
  private classScope(cls: ClassValue): Scope {
    let scope = this.classScopes.get(cls.cls);
    if (scope) return scope;
    scope = new Map();
    this.classScopes.set(cls.cls, scope);
    const state = this.state.modules.get(cls.ref.module);
    if (state) {
      const outer = this.load(cls.ref.module);
      this.state.withAllHooks(() =>
        this.statements.run(cls.cls.body, [outer, scope], state, { defineOnly: true }),
      );
    }
    return scope;
  }

  /** A module's global scope, its body run the first time it is asked for (imports, lookups). */
  private load(module: string): Scope {
    const state = this.state.modules.get(module);
    if (!state) return new Map();
    if (state.state === "new") {
      state.state = "running";
      this.state.withAllHooks(() =>
        this.statements.run(state.facts.body, [state.scope], state, { defineOnly: false }),
      );
      state.state = "done";
    }
    return state.scope;
  }
}
