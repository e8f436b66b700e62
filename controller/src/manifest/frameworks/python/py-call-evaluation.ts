// The value of a call in the Python evaluator (./py-evaluator.ts), asked in this order: the
// framework's hook, a framework decorator applied by hand, a class (an instance), a project
// function (./py-function-calls.ts), then what is known of builtins and library calls.

import { methodSelf, valueCall } from "./py-calls.js";
import type { CallSite, EvalState, ModuleState, PyWalk, Scope } from "./py-eval-state.js";
import type { PyExpressions } from "./py-expressions.js";
import type { PyExpr } from "./py-facts.js";
import type { FunctionCalls } from "./py-function-calls.js";
import { asString, type FuncValue, type PyValue, UNKNOWN } from "./py-values.js";

export class CallEvaluation {
  constructor(
    private readonly state: EvalState,
    private readonly walk: PyWalk,
    private readonly expressions: PyExpressions,
    private readonly functions: FunctionCalls,
  ) {}

  call(
    expr: Extract<PyExpr, { k: "call" }>,
    scopes: Scope[],
    state: ModuleState,
    statement = false,
  ): PyValue {
    // The owner of `owner.method(…)` is kept: a classmethod called on a class gets it as `cls`.
    const owner = expr.fn.k === "attr" ? this.walk.evaluate(expr.fn.obj, scopes, state) : undefined;
    const callee =
      owner && expr.fn.k === "attr"
        ? this.expressions.attribute(owner, expr.fn.name, expr.fn)
        : this.walk.evaluate(expr.fn, scopes, state);
    const site: CallSite = {
      module: state.ref,
      line: expr.line,
      args: this.expressions.arguments(expr.args, scopes, state),
      kw: this.expressions.keywords(expr.kw, scopes, state),
      expr,
    };
    const hooked = this.state.hooks.call?.(callee, site);
    if (hooked) return hooked;
    const decorated = this.decoratorApplied(callee, site);
    if (decorated) return decorated;
    if (callee.t === "class") return { t: "instance", cls: callee };
    const project = this.projectCall(callee, owner, site, statement);
    if (project) return project;
    return this.builtinCall(callee, site) ?? libraryCall(callee, site) ?? { t: "unknown", expr };
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
    this.state.hooks.decorate?.(callee, target, site.line);
    return target;
  }

  /**
   * A call of a project function: run for its routes where its value is dropped (with the
   * framework's hooks on), else its value when the scan can know it.
   */
  private projectCall(
    callee: PyValue,
    owner: PyValue | undefined,
    site: CallSite,
    statement: boolean,
  ): PyValue | undefined {
    const target = this.projectTarget(callee, owner);
    if (!target) return undefined;
    if (statement && this.state.hooksOn()) {
      this.functions.runCall(target.fn, target.self, site);
      return { t: "none" };
    }
    const value = this.functions.callFunction(target.fn, target.self, site);
    if (value) return value;
    const built = callee.t === "func" ? this.state.builtLists.get(callee.fn) : undefined;
    if (built?.t === "list") return { t: "list", items: [...built.items] };
    if (callee.t === "func") return this.functions.returned(callee);
    return undefined;
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
    const fn = this.walk.classAttribute(cls, callee.name);
    return fn?.t === "func" ? { fn, self: methodSelf(fn.fn, self, cls) } : undefined;
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
   * `getattr(obj, "name", default)` of a project class, instance or module: the attribute, or the
   * default when no project class of its ancestry binds it (a library base is not read).
   */
  private getattr(site: CallSite): PyValue {
    const [owner, nameArg, fallback] = site.args;
    const name = asString(nameArg);
    if (!owner || name === undefined) return UNKNOWN;
    if (owner.t === "class" || owner.t === "instance") {
      const cls = owner.t === "class" ? owner : owner.cls;
      const assigned = owner.t === "instance" ? this.state.instanceAttrs.get(cls.cls)?.get(name) : undefined;
      const attr = assigned ?? this.walk.classAttribute(cls, name);
      if (attr) return this.expressions.attribute(owner, name, site.expr);
      return fallback ?? UNKNOWN;
    }
    if (owner.t === "module") {
      const found = this.walk.lookup(owner.ref.module, name);
      return found.t !== "unknown" ? found : (fallback ?? UNKNOWN);
    }
    return UNKNOWN;
  }
}

/** Library calls whose value a scan can know: `str.format`, `str(x)`, env defaults, field defaults. */
function libraryCall(callee: PyValue, site: CallSite): PyValue | undefined {
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
  return undefined;
}

const FIELD_MAKERS = new Set(["pydantic.Field", "pydantic.fields.Field", "pydantic_settings.Field"]);

const ENV_READERS = new Set(["os.getenv", "os.environ.get"]);
