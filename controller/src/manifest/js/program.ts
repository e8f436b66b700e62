// The modules of a tree seen together at link time: resolves names through imports and exports
// across files, so a prefix constant, a router or a schema defined elsewhere is found.

import { posix } from "node:path";
import type { FileFacts, LinkContext } from "../scanner.js";
import { foldCall, objectListing } from "./fold.js";
import { copyInto, copyingCallsByName, mergeOf } from "./merged-objects.js";
import {
  type CallFact,
  type ClassFact,
  type FnFact,
  JS_FACTS_KEY,
  type JsModule,
  PLAIN_CALL,
  type PropAssign,
} from "./module-facts.js";
import { jsonFileValue, nodeConfigDefault } from "./node-config.js";
import { pushedItems } from "./pushed-items.js";
import { type BareResolver, treePackages } from "./tree-packages.js";
import { mapChildren, propOf, str, stringOf, type Value } from "./value.js";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
const MAX_DEPTH = 24;
/** The kinds of a return value that may fold to a string (not a function, object, list…). */
const MAY_BE_STRING = new Set<Value["k"]>(["str", "cat", "call", "get", "param", "or", "id", "import"]);
/** Marks an `import` value that points into the tree (a namespace import of a local module). */
const LOCAL = "\u0000";

/** The modules outside the tree that it imports, for name resolution (JsProgram's `outside`). */
export const outsideModules = (ctx: LinkContext | undefined) =>
  (ctx?.outside?.get(JS_FACTS_KEY) ?? []) as readonly FileFacts<JsModule>[];

export class JsProgram {
  readonly modules: Map<string, JsModule>;
  private readonly functions = new Map<string, FnFact>();
  private readonly classes = new Map<string, { file: string; fact: ClassFact }>();

  private readonly readFile: ((path: string) => string | undefined) | undefined;
  private readonly configFiles = new Map<string, unknown>();
  private readonly jsonFiles = new Map<string, Value | undefined>();
  private bare: BareResolver | undefined;

  /**
   * `outside`: modules beyond the tree that it imports, only to resolve names through them;
   * `readFile`: the tree's other files (node-config's `config/default.json`).
   */
  constructor(
    files: readonly FileFacts<JsModule>[],
    outside: readonly FileFacts<JsModule>[] = [],
    readFile?: (path: string) => string | undefined,
  ) {
    this.readFile = readFile;
    this.modules = new Map([...outside, ...files].map((f) => [f.path, f.facts]));
    for (const [file, m] of this.modules) {
      for (const [id, fn] of Object.entries(m.functions)) this.functions.set(id, fn);
      for (const c of m.classes) this.classes.set(`${file}#${c.name}`, { file, fact: c });
    }
  }

  /** Arguments a framework passes a function (a plugin's options), by function and parameter. */
  private readonly boundParams = new Map<string, Value[]>();
  private readonly boundInstances = new Map<string, Value[]>();

  /** Records that `fnId` is called with `value` as parameter `index` (resolved, file-independent). */
  bindParam(fnId: string, index: number, value: Value): void {
    const key = `${fnId}#${index}`;
    const list = this.boundParams.get(key) ?? [];
    if (!list.some((v) => JSON.stringify(v) === JSON.stringify(value))) list.push(value);
    this.boundParams.set(key, list);
  }

  /**
   * The one value parameter `index` of `fnId` is given, when every known call gives the same; or
   * the one string they all give there (a default reached through calls bound in turn).
   */
  private boundParam(v: Extract<Value, { k: "param" }>): Value | undefined {
    const list = this.boundParams.get(`${v.fn}#${v.index}`);
    const at = (given: Value): Value => {
      let out = given;
      for (const p of v.path ?? []) out = propOfEither(out, p) ?? { k: "unknown", text: p };
      return out;
    };
    if (list?.length === 1) return at(list[0]!);
    const strings = new Set(list?.map((given) => stringOf(at(given))));
    const [only] = strings;
    return strings.size === 1 && only !== undefined ? str(only) : undefined;
  }

  /**
   * A value built from a parameter that calls hand different strings (`app.get(urlPath, …)` in
   * `function page(urlPath) { … }` called as `page("/")` and `page("/about")`): the string it
   * folds to for each call, as JavaScript runs the body once per call. Empty when the value has
   * no such parameter or does not fold for some call.
   */
  perCall(v: Value, file: string): string[] {
    const varying = paramsIn(v).find((p) => (this.boundParams.get(`${p.fn}#${p.index}`)?.length ?? 0) > 1);
    if (!varying) return [];
    const out = new Set<string>();
    for (const given of this.boundParams.get(`${varying.fn}#${varying.index}`) ?? []) {
      let at: Value = given;
      for (const p of varying.path ?? []) at = propOfEither(at, p) ?? { k: "unknown", text: p };
      const replace = (x: Value): Value =>
        x.k === "param" && x.fn === varying.fn && x.index === varying.index && !x.path === !varying.path
          ? at
          : mapChildren(x, replace);
      const text = stringOf(this.resolve(replace(v), file));
      if (text === undefined) return [];
      out.add(text);
    }
    return [...out];
  }

  fn(id: string): FnFact | undefined {
    return this.functions.get(id);
  }

  classOf(v: Value): { file: string; fact: ClassFact } | undefined {
    return v.k === "class" ? this.classes.get(`${v.file}#${v.name}`) : undefined;
  }

  allClasses(): { file: string; fact: ClassFact }[] {
    return [...this.classes.values()];
  }

  /** `./routes` imported from `src/app.ts` → `src/routes.ts` (or `/index.ts`, `.js` → `.ts`). */
  resolveSpecifier(from: string, spec: string): string | undefined {
    if (!spec.startsWith(".")) return this.bareSpecifier(spec);
    return this.resolvePath(posix.normalize(posix.join(posix.dirname(from), spec)));
  }

  /** A package of the tree by name (tree-packages.ts); its package.json files read on first use. */
  private bareSpecifier(spec: string): string | undefined {
    if (!this.readFile) return undefined;
    this.bare ??= treePackages(
      [...this.modules.keys()].filter((p) => !p.startsWith("../")),
      this.readFile,
      (path) => this.resolvePath(path),
    );
    return this.bare(spec);
  }

  /** A module path as Node completes it: as written, with an extension, or a folder's index. */
  private resolvePath(base: string): string | undefined {
    const stem = base.replace(/\.(c|m)?jsx?$/, "");
    const candidates = [
      base,
      ...EXTENSIONS.map((e) => stem + e),
      ...EXTENSIONS.map((e) => `${base}/index${e}`),
    ];
    return candidates.find((c) => this.modules.has(c));
  }

  /**
   * One step of resolution of a name: what it holds, the file that defines it, its declared
   * name and line. undefined when `v` is not a name defined in the tree.
   */
  deref(
    v: Value,
    file: string,
    depth = 0,
  ): { v: Value; file: string; name: string; line: number } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (v.k === "id") {
      const m = this.modules.get(file);
      const bound = m?.bindings[v.name];
      if (!bound) return undefined;
      if (bound.k === "import") return this.deref(bound, file, depth + 1);
      return { v: bound, file, name: v.name, line: m?.bindingLines[v.name] ?? 1 };
    }
    if (v.k === "import") {
      const target = this.resolveSpecifier(file, v.from);
      const m = target ? this.modules.get(target) : undefined;
      if (!target || !m) return undefined;
      const exported = m.exports[v.name];
      if (exported)
        return exported.k === "id" || exported.k === "import"
          ? this.deref(exported, target, depth + 1)
          : undefined;
      for (const from of m.starExports) {
        const found = this.deref({ k: "import", from, name: v.name }, target, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** The file a function was written in (its id starts with `file:row:col`). */
  fileOfFn(id: string): string {
    return id.split(":").slice(0, -2).join(":");
  }

  /** A call of a function of the tree: its return value with the arguments in place of its parameters. */
  apply(fnId: string, args: Value[], depth = 0): Value | undefined {
    const fn = this.fn(fnId);
    if (!fn?.returns || depth > 8) return undefined;
    const substitute = (v: Value): Value => {
      if (v.k === "param" && v.fn === fnId && v.rest) return { k: "arr", items: args.slice(v.index) };
      if (v.k === "param" && v.fn === fnId) {
        let out: Value = args[v.index] ?? { k: "null" };
        for (const p of v.path ?? []) out = { k: "get", of: out, prop: { k: "str", v: p } };
        return out;
      }
      return mapChildren(v, substitute);
    };
    return substitute(fn.returns);
  }

  /**
   * `trim(base)`, `urljoin(settings.route, "api")`: a call of a project function whose return,
   * with these arguments in place of its parameters, folds to one string. Anything else (a
   * router a factory makes) stays the call: instances are known by their call site.
   */
  private foldHelper(call: Extract<Value, { k: "call" }>, depth: number): Value | undefined {
    const returns = call.fn.k === "fn" ? this.fn(call.fn.id)?.returns : undefined;
    if (call.fn.k !== "fn" || !returns || !MAY_BE_STRING.has(returns.k)) return undefined;
    // The same helper with the same arguments folds the same (a bundle calls one many times).
    const key = `${call.fn.id}|${JSON.stringify(call.args)}`;
    if (this.folded.has(key)) return this.folded.get(key) ?? undefined;
    this.folded.set(key, null);
    const applied = this.apply(call.fn.id, call.args);
    const text = applied && stringOf(this.resolve(applied, this.fileOfFn(call.fn.id), depth + 1));
    const out = text === undefined ? null : str(text);
    this.folded.set(key, out);
    return out ?? undefined;
  }

  /** foldHelper's results by helper and arguments; null: does not fold (or is being folded). */
  private readonly folded = new Map<string, Value | null>();

  /** Per file, the calls that may copy into each module-level name (merged-objects.ts). */
  private readonly copying = new Map<string, Map<string, CallFact[]>>();

  /** A module-level object after the module's `Object.assign(name, …)` / `merge(name, …)` calls. */
  private copiedInto(value: Value, name: string, file: string, depth: number): Value {
    let byName = this.copying.get(file);
    if (!byName) {
      byName = copyingCallsByName(this.modules.get(file)?.calls ?? []);
      this.copying.set(file, byName);
    }
    let out = value;
    for (const call of byName.get(name) ?? []) {
      const how = this.mergeOfCall(call, file, depth);
      if (how)
        out = copyInto(
          out,
          call.args.slice(1).map((a) => this.resolve(a, file, depth + 1)),
          how,
        );
    }
    return out;
  }

  /** How a call copies into its first argument (merged-objects.ts), found once per call. */
  private mergeOfCall(call: CallFact, file: string, depth: number): ReturnType<typeof mergeOf> {
    if (this.mergeKinds.has(call)) return this.mergeKinds.get(call);
    const plainCall = stringOf(call.method) === PLAIN_CALL.v;
    const callee: Value = plainCall ? call.recv : { k: "get", of: call.recv, prop: call.method };
    const how = mergeOf(this.resolve(callee, file, depth + 1));
    this.mergeKinds.set(call, how);
    return how;
  }

  private readonly mergeKinds = new Map<CallFact, ReturnType<typeof mergeOf>>();

  /** Replaces names by what they hold, across files, as deep as the value goes. */
  resolve(v: Value, file: string, depth = 0): Value {
    if (depth > MAX_DEPTH) return { k: "unknown", text: "(too deep)" };
    const r = (x: Value) => this.resolve(x, file, depth + 1);
    switch (v.k) {
      case "id": {
        const bound = this.modules.get(file)?.bindings[v.name];
        const value = bound ? r(bound) : v;
        return value.k === "obj" ? this.copiedInto(value, v.name, file, depth) : value;
      }
      case "import":
        return this.resolveImport(v, file, depth);
      case "get": {
        const of = r(v.of);
        const prop = r(v.prop);
        const name = stringOf(prop);
        if (name !== undefined) {
          if (of.k === "obj") {
            const p = propOf(of, name);
            if (p) return p;
          }
          if (of.k === "arr" && prop.k === "num") return of.items[prop.v] ?? { k: "unknown", text: "index" };
          if (of.k === "import" && of.from.startsWith(LOCAL))
            return this.exportOf(of.from.slice(1), name, depth + 1);
          if (this.isOwnExports(of, file)) return this.ownExport(file, name, depth);
          // A package's namespace (`_interopRequireWildcard(require("express"))`): `.default` is its default.
          if (of.k === "import" && of.name === "*" && name === "default") return { ...of, name: "default" };
          const held = this.instanceProp(of, file, name, depth) ?? this.prototypeProp(of, name, depth);
          if (held) return held;
          const assigned = this.assignedProp(of, name, depth);
          if (assigned) return assigned;
          const required = this.requiredExport(v.of, file, name, depth);
          if (required) return required;
        }
        return { k: "get", of, prop };
      }
      case "call": {
        const call = { ...v, fn: r(v.fn), args: v.args.map(r) };
        // `config.get("server.prefix")` (node-config): the default the project ships.
        const member = packageMember(call.fn);
        const key = stringOf(call.args[0]);
        if (member?.from === "config" && member.name === "get" && key !== undefined)
          return nodeConfigDefault(this.readFile, key, this.configFiles) ?? call;
        // `new Array()`: an empty array, as `[]` (what is pushed onto it is read at its loops).
        if (call.isNew)
          return call.fn.k === "id" && call.fn.name === "Array" && call.args.length === 0
            ? { k: "arr", items: [] }
            : call;
        return (
          foldCall(call.fn, call.args) ??
          objectListing(call.fn, call.args) ??
          this.foldHelper(call, depth) ??
          this.returnedClass(call) ??
          call
        );
      }
      case "cat":
        return { k: "cat", parts: v.parts.map(r) };
      case "or":
        return { ...v, options: v.options.map(r) };
      case "arr":
        return { k: "arr", items: spreadItems(v.items.map(r)) };
      case "spread":
        return { k: "spread", of: r(v.of) };
      case "obj": {
        const props: [string, Value][] = [];
        for (const s of v.spreads ?? []) {
          const spread = r(s);
          if (spread.k === "obj") props.push(...spread.props);
        }
        for (const [k, x] of v.props) props.push([k, r(x)]);
        return { k: "obj", props };
      }
      case "each":
        return { ...v, of: this.withPushed(v.of, r(v.of), file) };
      case "param":
        return this.boundParam(v) ?? v;
      default:
        return v;
    }
  }

  /**
   * A loop over an instance's list (`this._routers.forEach(…)`) also runs for what the class's
   * methods push onto it (`addRouter(r) { this._routers.push(r); }`): one element per value
   * pushed, a parameter pushed giving each value its calls hand it (pushed-items.ts).
   */
  private withPushed(written: Value, list: Value, file: string): Value {
    if (list.k !== "arr") return list;
    const pushed = pushedItems(this, written, file);
    return pushed.length === 0 ? list : { ...list, items: [...list.items, ...pushed] };
  }

  /** Every value calls hand parameter `index` of `fnId` (bindParam), resolved. */
  handedTo(fnId: string, index: number): Value[] {
    return this.boundParams.get(`${fnId}#${index}`) ?? [];
  }

  /**
   * Records that `fnId` is handed an instance (`add(new Dashboard())`) as parameter `index`:
   * kept apart from bindParam's values, read only for what the function pushes onto a list.
   */
  bindInstance(fnId: string, index: number, value: Value): void {
    const key = `${fnId}#${index}`;
    const list = this.boundInstances.get(key) ?? [];
    if (!list.some((v) => JSON.stringify(v) === JSON.stringify(value))) list.push(value);
    this.boundInstances.set(key, list);
  }

  handedInstances(fnId: string, index: number): Value[] {
    return this.boundInstances.get(`${fnId}#${index}`) ?? [];
  }

  /**
   * `this.router` inside a class, `new Controller().router` outside: what the class (or a class
   * it extends) assigns to the property (extract's `props`), resolved where it was written.
   */
  private instanceProp(of: Value, file: string, name: string, depth: number): Value | undefined {
    const created = of.k === "call" && of.isNew ? this.classOf(of.fn) : undefined;
    const start = of.k === "id" ? this.classOfThis(of.name, file) : created;
    for (const cls of this.lineage(start)) {
      const held = cls.fact.props?.[name];
      if (!held) continue;
      // `new Server(app)` with `this.app = app` in the constructor: the argument given.
      const ctor = `${cls.fact.name}.constructor`;
      const args = cls === created && of.k === "call" ? of.args : undefined;
      const given = (x: Value): Value =>
        args && x.k === "param" && this.fn(x.fn)?.name === ctor && !x.path
          ? (args[x.index] ?? x)
          : mapChildren(x, given);
      return this.resolve(given(held), cls.file, depth + 1);
    }
    return undefined;
  }

  /**
   * `new Auth(users).initialize` where `Auth` is a constructor function and its module sets
   * `Auth.prototype.initialize = initialize`: what the prototype holds, as JavaScript looks it up.
   */
  private prototypeProp(of: Value, name: string, depth: number): Value | undefined {
    if (of.k !== "call" || !of.isNew || of.fn.k !== "fn") return undefined;
    const ctor = of.fn.id;
    const file = this.fileOfFn(ctor);
    for (const a of this.modules.get(file)?.propAssigns ?? []) {
      if (a.path.length !== 2 || a.path[0] !== "prototype" || a.path[1] !== name) continue;
      const owner = this.resolve(a.of, file, depth + 1);
      if (owner.k === "fn" && owner.id === ctor) return this.resolve(a.value, file, depth + 1);
    }
    return undefined;
  }

  /** Properties set on objects made by calls (`app.locals.x = v`), by the call site and path. */
  private assigned: { names: Set<string>; byKey: Map<string, { value: Value; file: string }[]> } | undefined;

  /**
   * `app.locals.loginPath` where some module set it: the value set, when it was set once. `of`
   * is already resolved (`get(get(call, "locals"))` down to the call that made the object).
   */
  private assignedProp(of: Value, name: string, depth: number): Value | undefined {
    if (!this.assignments().names.has(name)) return undefined;
    const path = [name];
    let base = of;
    while (base.k === "get") {
      const prop = stringOf(base.prop);
      if (prop === undefined) return undefined;
      path.unshift(prop);
      base = base.of;
    }
    if (base.k !== "call") return undefined;
    const found = this.assignments().byKey.get(`${base.at}|${path.join(".")}`);
    return found?.length === 1 ? this.resolve(found[0]!.value, found[0]!.file, depth + 1) : undefined;
  }

  /** `exports` or `module.exports` of a CommonJS module that does not bind either name itself. */
  private isOwnExports(of: Value, file: string): boolean {
    const bindings = this.modules.get(file)?.bindings;
    if (of.k === "id") return of.name === "exports" && !bindings?.exports;
    return (
      of.k === "get" &&
      of.of.k === "id" &&
      of.of.name === "module" &&
      !bindings?.module &&
      stringOf(of.prop) === "exports"
    );
  }

  /**
   * `exports.prefix` read in the module's own code: a module that requires it and sets it
   * (`api.prefix = "/api"`, once) changes the one shared exports object, before it calls in; else
   * what the module exports.
   */
  private ownExport(file: string, name: string, depth: number): Value {
    const set = this.assignments().byKey.get(`exports@${file}|${name}`);
    if (set?.length === 1) return this.resolve(set[0]!.value, set[0]!.file, depth + 1);
    return this.exportOf(file, name, depth + 1);
  }

  /** The local module a name of `file` is `require`d or imported as a whole from. */
  private wholeModule(of: Value, file: string): string | undefined {
    const bound = of.k === "id" ? this.modules.get(file)?.bindings[of.name] : undefined;
    if (bound?.k !== "import" || (bound.name !== "default" && bound.name !== "*")) return undefined;
    return this.resolveSpecifier(file, bound.from);
  }

  /** Where a property assignment lands: the call that made the object, or a required module. */
  private assignKey(a: PropAssign, file: string): string | undefined {
    // `api.prefix = "/api"` on a required module: its exports object (`ownExport`).
    const module = a.path.length === 1 ? this.wholeModule(a.of, file) : undefined;
    if (module) return `exports@${module}|${a.path[0]}`;
    const made = this.resolve(a.of, file);
    return made.k === "call" ? `${made.at}|${a.path.join(".")}` : undefined;
  }

  private assignments(): { names: Set<string>; byKey: Map<string, { value: Value; file: string }[]> } {
    if (this.assigned) return this.assigned;
    const names = new Set<string>();
    for (const m of this.modules.values()) for (const a of m.propAssigns ?? []) names.add(a.path.at(-1)!);
    this.assigned = { names, byKey: new Map() };
    for (const [file, m] of this.modules) {
      for (const a of m.propAssigns ?? []) {
        const key = this.assignKey(a, file);
        if (key === undefined) continue;
        const list = this.assigned.byKey.get(key) ?? [];
        // A body walked twice (an exported function expression) records its assignments twice.
        if (!list.some((x) => x.file === file && JSON.stringify(x.value) === JSON.stringify(a.value)))
          list.push({ value: a.value, file });
        this.assigned.byKey.set(key, list);
      }
    }
    return this.assigned;
  }

  /**
   * `(function () { function Api(app) { … } Api.prototype.m = …; return Api; }())`: the class a
   * project function returns (TypeScript's ES5 emit of a class), which the call gives.
   */
  private returnedClass(call: Extract<Value, { k: "call" }>): Value | undefined {
    const returns = call.fn.k === "fn" ? this.fn(call.fn.id)?.returns : undefined;
    return returns?.k === "class" ? returns : undefined;
  }

  /**
   * The constructor `new C(…)` runs: C's own, or the nearest one of a class it extends (a class
   * without one hands its arguments to its base's); undefined when none is written.
   */
  constructorOf(v: Value): Extract<Value, { k: "fn" }> | undefined {
    for (const cls of this.lineage(this.classOf(v))) {
      const name = `${cls.fact.name}.constructor`;
      const fns = this.modules.get(cls.file)?.functions ?? {};
      const id = Object.keys(fns).find((k) => fns[k]!.name === name);
      if (id) return { k: "fn", id };
    }
    return undefined;
  }

  /** The class `this:Name` (extract's name of `this` in a class's methods) in `file`. */
  classOfThis(self: string, file: string): { file: string; fact: ClassFact } | undefined {
    return self.startsWith("this:") ? this.classes.get(`${file}#${self.slice(5)}`) : undefined;
  }

  /** A class of the tree and those it extends, nearest first. */
  lineage(start: { file: string; fact: ClassFact } | undefined): { file: string; fact: ClassFact }[] {
    const out: { file: string; fact: ClassFact }[] = [];
    let cls = start;
    while (cls && out.length < 8 && !out.includes(cls)) {
      out.push(cls);
      cls = cls.fact.extends ? this.classOf(this.resolve(cls.fact.extends, cls.file)) : undefined;
    }
    return out;
  }

  /**
   * `require("./users").UsersRouter` where the module also sets `exports.default` (compiled ES
   * modules): `require` gives the whole exports object, so a named export is a property of it.
   * `(await import("./views.js")).default`: `import()` gives the module's namespace, whose
   * `default` is the default export (so does `require("./x").default` of Babel's output).
   */
  private requiredExport(raw: Value, file: string, name: string, depth: number): Value | undefined {
    const bound = raw.k === "id" ? this.modules.get(file)?.bindings[raw.name] : raw;
    if (bound?.k !== "import" || bound.name !== "default") return undefined;
    const target = this.resolveSpecifier(file, bound.from);
    const m = target ? this.modules.get(target) : undefined;
    const exported = m?.exports[name];
    if (target && exported) return this.resolve(exported, target, depth + 1);
    // `export * from "./api"` in the required module (tsc's `__exportStar`): a name it re-exports.
    if (!target || !m?.starExports.length) return undefined;
    const star = this.exportOf(target, name, depth + 1);
    return star.k === "unknown" ? undefined : star;
  }

  private resolveImport(v: Extract<Value, { k: "import" }>, file: string, depth: number): Value {
    if (v.from.startsWith(LOCAL)) return v;
    const target = this.resolveSpecifier(file, v.from);
    if (!target) return this.jsonImport(v, file) ?? v;
    if (v.name === "*") return { k: "import", from: LOCAL + target, name: "*" };
    return this.exportOf(target, v.name, depth + 1);
  }

  /** `require("./config.json")`: Node parses the file as JSON; its value, read once. */
  private jsonImport(v: Extract<Value, { k: "import" }>, file: string): Value | undefined {
    if (!v.from.startsWith(".") || !v.from.endsWith(".json") || (v.name !== "default" && v.name !== "*"))
      return undefined;
    const path = posix.normalize(posix.join(posix.dirname(file), v.from));
    if (!this.jsonFiles.has(path)) this.jsonFiles.set(path, jsonFileValue(this.readFile, path));
    return this.jsonFiles.get(path);
  }

  private exportOf(file: string, name: string, depth: number): Value {
    const m = this.modules.get(file);
    if (!m || depth > MAX_DEPTH) return { k: "unknown", text: `${file}#${name}` };
    const exported = m.exports[name];
    if (exported) return this.resolve(exported, file, depth);
    // `require()` of a CommonJS module that only sets `exports.x`: the object of its exports.
    if (name === "default" && Object.keys(m.exports).length > 0) {
      return {
        k: "obj",
        props: Object.entries(m.exports).map(
          ([k, x]) => [k, this.resolve(x, file, depth + 1)] as [string, Value],
        ),
      };
    }
    for (const from of m.starExports) {
      const target = this.resolveSpecifier(file, from);
      if (target && this.modules.get(target)?.exports[name]) return this.exportOf(target, name, depth + 1);
    }
    return { k: "unknown", text: `${file}#${name}` };
  }
}

/** The parameters a value is built from, in order. */
function paramsIn(v: Value): Extract<Value, { k: "param" }>[] {
  const out: Extract<Value, { k: "param" }>[] = [];
  const visit = (x: Value): Value => {
    if (x.k === "param") out.push(x);
    else mapChildren(x, visit);
    return x;
  };
  visit(v);
  return out;
}

/** A property of an object, or of the first object among `a ?? b` options (a parameter's default). */
function propOfEither(v: Value, name: string): Value | undefined {
  if (v.k !== "or") return propOf(v, name);
  for (const option of v.options) {
    const found = propOfEither(option, name);
    if (found) return found;
  }
  return undefined;
}

/** Array items with each `...x` whose `x` is a known array replaced by that array's items. */
function spreadItems(items: Value[]): Value[] {
  return items.flatMap((x) => (x.k === "spread" && x.of.k === "arr" ? spreadItems(x.of.items) : [x]));
}

/** The package and name a resolved callee comes from: `express.Router` → ["express", "Router"]. */
export function packageMember(fn: Value): { from: string; name: string } | undefined {
  if (fn.k === "import" && !fn.from.startsWith(LOCAL)) return { from: fn.from, name: fn.name };
  if (fn.k === "get" && fn.of.k === "import" && !fn.of.from.startsWith(LOCAL)) {
    const name = stringOf(fn.prop);
    if (name && (fn.of.name === "default" || fn.of.name === "*")) return { from: fn.of.from, name };
  }
  return undefined;
}
