// Walks one module's tree-sitter tree into JsModule facts. Names bound inside functions are
// replaced by their values as the walk goes (a local `const prefix = "/api"` becomes "/api");
// module-level names stay `id`s for link to resolve, also across files.

import type { SourceFile, SyntaxNode } from "../scanner.js";
import type {
  CallFact,
  ClassFact,
  DecoratorFact,
  FieldFact,
  FnFact,
  JsModule,
  MemberFact,
  ParamFact,
} from "./module-facts.js";
import { PLAIN_CALL } from "./module-facts.js";
import { literalUnion, typeText } from "./type-text.js";
import { str, unknown, type Value } from "./value.js";

type Scope = Map<string, Value>;

const FN_TYPES = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "function_declaration",
  "generator_function_declaration",
  "method_definition",
]);
const LOOP_METHODS = new Set(["forEach", "map", "flatMap"]);
/** Babel's and TypeScript's helpers around `require()` in compiled ES modules. */
const INTEROP_HELPERS = /^_{0,2}(interopRequire(Default|Wildcard)|import(Default|Star))$/;

const named = (n: SyntaxNode | null | undefined): readonly SyntaxNode[] => n?.namedChildren ?? [];
const lineOf = (n: SyntaxNode) => n.startPosition.row + 1;

/** `\\n`, `\\'` → the character (JSON's escapes, else the escaped character itself). */
function unescapeSequence(seq: string): string {
  try {
    return JSON.parse(`"${seq}"`) as string;
  } catch {
    return seq.slice(1);
  }
}

/** The text of a string literal node, without quotes, escapes resolved. */
function stringText(n: SyntaxNode): string {
  return named(n)
    .map((c) => (c.type === "escape_sequence" ? unescapeSequence(c.text) : c.text))
    .join("");
}

/** `this.app`: an instance's property handed to a function (`registerRoutes(this.app)`). */
const isThisMember = (n: SyntaxNode): boolean =>
  n.type === "member_expression" && n.childForFieldName("object")?.type === "this";

/** `a.b["c"].d`: member accesses down to a name, nothing evaluated on the way. */
function isNameChain(n: SyntaxNode): boolean {
  let node: SyntaxNode | null = n;
  while (node && (node.type === "member_expression" || node.type === "subscript_expression")) {
    const index = node.type === "subscript_expression" ? node.childForFieldName("index") : null;
    if (index && index.type !== "string" && index.type !== "number") return false;
    node = node.childForFieldName("object");
  }
  return node?.type === "identifier" || node?.type === "this";
}

export function extractModule(file: SourceFile): JsModule {
  const m: JsModule = {
    bindings: {},
    bindingLines: {},
    exports: {},
    starExports: [],
    functions: {},
    calls: [],
    classes: [],
    interfaces: [],
    aliases: [],
    enums: [],
  };
  const at = (n: SyntaxNode) => `${file.path}:${n.startPosition.row}:${n.startPosition.column}`;
  let loops = 0;
  /** The constructor being walked: its `this.x = …` assignments are the class's props. */
  let ctor: { fn: FnFact | undefined; props: Record<string, Value> } | undefined;

  function toValue(n: SyntaxNode | null | undefined, scope: Scope): Value {
    if (!n) return unknown("");
    switch (n.type) {
      case "string":
        return str(stringText(n));
      case "template_string": {
        const parts: Value[] = [];
        for (const c of named(n)) {
          if (c.type === "template_substitution") parts.push(toValue(c.namedChildren[0], scope));
          else parts.push(str(c.type === "escape_sequence" ? unescapeSequence(c.text) : c.text));
        }
        return { k: "cat", parts };
      }
      case "number":
        return { k: "num", v: Number(n.text.replace(/_/g, "")) };
      case "regex":
        return str(n.childForFieldName("pattern")?.text ?? "");
      case "true":
      case "false":
        return { k: "bool", v: n.type === "true" };
      case "null":
      case "undefined":
        return { k: "null" };
      case "identifier":
      case "shorthand_property_identifier":
        return scope.get(n.text) ?? { k: "id", name: n.text };
      // Inside a class's methods `this` names that class's instance (`this:Name`, classProps).
      case "this":
        return scope.get("this") ?? { k: "id", name: "this" };
      // `(0, _express.default)()`: compiled code calls an import through a comma expression.
      case "sequence_expression":
        return toValue(named(n).at(-1), scope);
      // `exports.x = void 0`: the placeholder compilers write before the real export.
      case "unary_expression":
        return n.text.replace(/\s+/g, " ") === "void 0" ? { k: "null" } : unknown(n.text);
      // `var app = module.exports = koa()`: the value of an assignment is its right side.
      case "assignment_expression":
        return toValue(n.childForFieldName("right"), scope);
      case "parenthesized_expression":
      case "await_expression":
      case "as_expression":
      case "satisfies_expression":
      case "non_null_expression":
      case "type_assertion":
        return toValue(
          named(n).find((c) => !c.type.endsWith("_type") && c.type !== "type_identifier") ??
            n.namedChildren[0],
          scope,
        );
      case "array":
        return {
          k: "arr",
          items: named(n)
            .filter((c) => c.type !== "comment")
            .map(
              (c): Value =>
                c.type === "spread_element"
                  ? { k: "spread", of: toValue(c.namedChildren[0], scope) }
                  : toValue(c, scope),
            ),
        };
      case "object": {
        const props: [string, Value][] = [];
        const spreads: Value[] = [];
        for (const c of named(n)) {
          if (c.type === "pair") {
            const key = c.childForFieldName("key");
            const name =
              key?.type === "string"
                ? stringText(key)
                : key?.type === "computed_property_name"
                  ? key.namedChildren[0]?.text
                  : key?.text;
            if (name !== undefined) props.push([name, toValue(c.childForFieldName("value"), scope)]);
          } else if (c.type === "shorthand_property_identifier") props.push([c.text, toValue(c, scope)]);
          else if (c.type === "spread_element") spreads.push(toValue(c.namedChildren[0], scope));
          else if (c.type === "method_definition")
            props.push([c.childForFieldName("name")?.text ?? "", fnValue(c, scope)]);
        }
        return spreads.length > 0 ? { k: "obj", props, spreads } : { k: "obj", props };
      }
      case "binary_expression": {
        const op = n.childForFieldName("operator")?.text;
        const left = toValue(n.childForFieldName("left"), scope);
        const right = toValue(n.childForFieldName("right"), scope);
        if (op === "+") return { k: "cat", parts: [left, right] };
        if (op === "??" || op === "||") return { k: "or", options: [left, right] };
        return unknown(n.text);
      }
      case "ternary_expression":
        return {
          k: "or",
          options: [
            toValue(n.childForFieldName("consequence"), scope),
            toValue(n.childForFieldName("alternative"), scope),
          ],
        };
      case "member_expression":
        return noteRead({
          k: "get",
          of: toValue(n.childForFieldName("object"), scope),
          prop: str(n.childForFieldName("property")?.text ?? ""),
        });
      case "subscript_expression":
        return noteRead({
          k: "get",
          of: toValue(n.childForFieldName("object"), scope),
          prop: toValue(n.childForFieldName("index"), scope),
        });
      case "call_expression": {
        const fnNode = n.childForFieldName("function");
        const args = named(n.childForFieldName("arguments")).filter((c) => c.type !== "comment");
        if (fnNode?.type === "identifier" && fnNode.text === "require" && args[0]?.type === "string") {
          return { k: "import", from: stringText(args[0]), name: "default" };
        }
        const interop = interopImport(fnNode, args, scope);
        if (interop) return interop;
        if (fnNode?.type === "import") {
          return args[0]?.type === "string"
            ? { k: "import", from: stringText(args[0]), name: "default" }
            : unknown(n.text);
        }
        const call: Value = {
          k: "call",
          fn: toValue(fnNode, scope),
          args: args.map((a) => toValue(a, scope)),
          at: at(n),
          line: lineOf(n),
        };
        // `req.get("x-api-key")`, `c.req.query("q")`: a read of a named part of a parameter.
        const named0 = call.args[0]?.k === "str" ? call.args[0].v : undefined;
        if (call.fn.k === "get" && named0 !== undefined) {
          const method = call.fn.prop.k === "str" ? call.fn.prop.v : undefined;
          if (method)
            noteRead({
              k: "get",
              of: { k: "get", of: call.fn.of, prop: str(`${method}()`) },
              prop: str(named0),
            });
        }
        return call;
      }
      case "new_expression": {
        const args = named(n.childForFieldName("arguments"));
        return {
          k: "call",
          fn: toValue(n.childForFieldName("constructor"), scope),
          args: args.map((a) => toValue(a, scope)),
          at: at(n),
          line: lineOf(n),
          isNew: true,
        };
      }
      case "arrow_function":
      case "function_expression":
      case "function":
        return fnValue(n, scope);
      case "class":
        return {
          k: "class",
          name: n.childForFieldName("name")?.text ?? `class@${lineOf(n)}`,
          file: file.path,
        };
      default:
        return unknown(n.text);
    }
  }

  /**
   * `_interopRequireDefault(require("x"))`, `__importDefault(require("x"))` (Babel's and
   * TypeScript's CommonJS output) and their wildcard twins: the module's namespace, whose
   * `.default` is its default export (program.ts).
   */
  function interopImport(
    fnNode: SyntaxNode | null,
    args: readonly SyntaxNode[],
    scope: Scope,
  ): Value | undefined {
    const name =
      fnNode?.type === "member_expression" ? fnNode.childForFieldName("property")?.text : fnNode?.text;
    if (args.length !== 1 || !name || !INTEROP_HELPERS.test(name)) return undefined;
    const inner = toValue(args[0], scope);
    return inner.k === "import" && inner.name === "default" ? { ...inner, name: "*" } : undefined;
  }

  /** Records a read of a parameter's parts (`req.query.page`) on the function it belongs to. */
  function noteRead(v: Value): Value {
    const path: string[] = [];
    let base: Value = v;
    while (base.k === "get" && base.prop.k === "str") {
      path.unshift(base.prop.v);
      base = base.of;
    }
    if (base.k !== "param" || path.length === 0) return v;
    const fn = m.functions[base.fn];
    const read: [number, ...string[]] = [base.index, ...(base.path ?? []), ...path];
    if (!fn) return v;
    fn.reads ??= [];
    if (!fn.reads.some((r) => r.join("\u0000") === read.join("\u0000"))) fn.reads.push(read);
    return v;
  }

  /** Records a function's facts, walks its body with its parameters bound, returns its value. */
  function fnValue(
    n: SyntaxNode,
    scope: Scope,
    name?: string,
    declaredType?: string,
    onFact?: (fact: FnFact) => void,
  ): Value {
    const id = at(n);
    const fact: FnFact = { line: lineOf(n), params: [] };
    onFact?.(fact);
    const fnName = name ?? n.childForFieldName("name")?.text;
    if (fnName) fact.name = fnName;
    if (declaredType) fact.declaredType = declaredType;
    m.functions[id] = fact;
    const inner: Scope = new Map(scope);
    const single = n.childForFieldName("parameter");
    const params = single ? [single] : named(n.childForFieldName("parameters"));
    params.forEach((p, index) => {
      const param = paramFact(p);
      fact.params.push(param);
      const pattern = p.childForFieldName("pattern") ?? p;
      bindPattern(pattern, { k: "param", fn: id, index }, inner);
    });
    const body = n.childForFieldName("body");
    if (body && body.type !== "statement_block") fact.returns = toValue(body, inner);
    else if (body) walkBlock(body, inner, fact);
    return { k: "fn", id };
  }

  function paramFact(p: SyntaxNode): ParamFact {
    const pattern = p.childForFieldName("pattern") ?? p;
    const fact: ParamFact = {
      name: pattern.type === "identifier" ? pattern.text : pattern.text.slice(0, 40),
      optional: p.type === "optional_parameter" || p.childForFieldName("value") !== null,
      decorators: decoratorsOf(p),
    };
    const type = p.childForFieldName("type");
    if (type) fact.type = typeText(type);
    const generic = type?.namedChildren[0];
    if (generic?.type === "generic_type") {
      const args = named(generic.childForFieldName("type_arguments")).map((t) => typeText(t));
      if (args.length > 0) fact.typeArgs = args;
    }
    return fact;
  }

  /** Binds the names of a pattern (`x`, `{a, b: c}`, `[x, y]`) to parts of a value. */
  function bindPattern(pattern: SyntaxNode, value: Value, scope: Scope): void {
    if (pattern.type === "identifier") {
      scope.set(pattern.text, value);
      return;
    }
    // `const { page } = req.query` reads req.query.page.
    const part = (prop: string): Value => {
      const read = noteRead({ k: "get", of: value, prop: str(prop) });
      return value.k === "param" ? { ...value, path: [...(value.path ?? []), prop] } : read;
    };
    if (pattern.type === "object_pattern") {
      for (const c of named(pattern)) {
        if (c.type === "shorthand_property_identifier_pattern") scope.set(c.text, part(c.text));
        else if (c.type === "pair_pattern") {
          const key = c.childForFieldName("key")?.text ?? "";
          const target = c.childForFieldName("value");
          if (target) bindPattern(target, part(key), scope);
        } else if (c.type === "object_assignment_pattern") {
          const left = c.childForFieldName("left");
          if (left)
            scope.set(left.text, {
              k: "or",
              options: [part(left.text), toValue(c.childForFieldName("right"), scope)],
            });
        }
      }
    } else if (pattern.type === "array_pattern") {
      named(pattern).forEach((c, i) => {
        bindPattern(c, { k: "get", of: value, prop: { k: "num", v: i } }, scope);
      });
    } else if (pattern.type === "assignment_pattern") {
      const left = pattern.childForFieldName("left");
      if (left)
        bindPattern(
          left,
          { k: "or", options: [value, toValue(pattern.childForFieldName("right"), scope)] },
          scope,
        );
    }
  }

  function walkBlock(block: SyntaxNode, scope: Scope, fn?: FnFact): void {
    for (const s of named(block)) walk(s, scope, fn);
  }

  function declare(decl: SyntaxNode, scope: Scope, topLevel: boolean, exported: boolean): void {
    for (const d of named(decl).filter((c) => c.type === "variable_declarator")) {
      const nameNode = d.childForFieldName("name");
      const valueNode = d.childForFieldName("value");
      if (!nameNode) continue;
      const declaredType = d.childForFieldName("type")?.text.replace(/^:\s*/, "");
      let value: Value;
      if (valueNode && FN_TYPES.has(valueNode.type))
        value = fnValue(valueNode, scope, nameNode.text, declaredType);
      else {
        value = toValue(valueNode, scope);
        walkExpr(valueNode, scope);
      }
      // `var _default = exports.default = Router;` (Babel's output) also exports.
      if (topLevel && valueNode?.type === "assignment_expression") commonJsExport(valueNode, scope);
      if (topLevel) {
        if (nameNode.type === "identifier") {
          m.bindings[nameNode.text] = value;
          m.bindingLines[nameNode.text] = lineOf(d);
          if (exported) m.exports[nameNode.text] = { k: "id", name: nameNode.text };
        } else {
          const local: Scope = new Map();
          bindPattern(nameNode, value, local);
          for (const [k, v] of local) {
            m.bindings[k] = v;
            if (exported) m.exports[k] = { k: "id", name: k };
          }
        }
      } else bindPattern(nameNode, value, scope);
    }
  }

  /** Walks an expression for calls and nested functions. */
  function walkExpr(n: SyntaxNode | null | undefined, scope: Scope): void {
    if (!n) return;
    if (FN_TYPES.has(n.type)) {
      fnValue(n, scope);
      return;
    }
    if (n.type === "class" || n.type === "class_declaration") return;
    // `ctx.query.page` anywhere in a body: a read of the handler's parameter.
    if ((n.type === "member_expression" || n.type === "subscript_expression") && isNameChain(n)) {
      toValue(n, scope);
      return;
    }
    if (n.type === "call_expression") {
      const fnNode = n.childForFieldName("function");
      const args = named(n.childForFieldName("arguments"));
      if (fnNode?.type === "member_expression" || fnNode?.type === "subscript_expression") {
        const method =
          fnNode.type === "member_expression"
            ? str(fnNode.childForFieldName("property")?.text ?? "")
            : toValue(fnNode.childForFieldName("index"), scope);
        const recv = toValue(fnNode.childForFieldName("object"), scope);
        // `list.forEach((item) => …)`: the callback runs once per element of the list.
        const callback = args[0];
        if (method.k === "str" && LOOP_METHODS.has(method.v) && callback && FN_TYPES.has(callback.type)) {
          const inner: Scope = new Map(scope);
          const p =
            callback.childForFieldName("parameter") ?? named(callback.childForFieldName("parameters"))[0];
          const pattern = p?.childForFieldName("pattern") ?? p;
          if (pattern) bindPattern(pattern, { k: "each", loop: `loop${loops++}`, of: recv }, inner);
          const body = callback.childForFieldName("body");
          if (body?.type === "statement_block") walkBlock(body, inner);
          else walkExpr(body, inner);
          walkExpr(fnNode.childForFieldName("object"), scope);
          return;
        }
        // In a chain (`router.route("/x").get(a).put(b)`) each call is on the line of its method name.
        const methodNode = fnNode.type === "member_expression" ? fnNode.childForFieldName("property") : null;
        const fact: CallFact = {
          recv,
          method,
          args: args.map((a) => toValue(a, scope)),
          line: lineOf(methodNode ?? n),
        };
        m.calls.push(fact);
      } else if (fnNode && args.some((a) => a.type === "identifier" || isThisMember(a))) {
        // `routes(app)`, `require("./routes")(app)`: a project function that adds routes to the
        // instance it is handed (app-graph.ts binds its parameter to the argument).
        m.calls.push({
          recv: toValue(fnNode, scope),
          method: PLAIN_CALL,
          args: args.map((a) => toValue(a, scope)),
          line: lineOf(n),
        });
      }
    }
    for (const c of named(n)) walkExpr(c, scope);
  }

  function walk(s: SyntaxNode, scope: Scope, fn?: FnFact, topLevel = false): void {
    switch (s.type) {
      case "lexical_declaration":
      case "variable_declaration":
        declare(s, scope, topLevel, false);
        return;
      case "function_declaration":
      case "generator_function_declaration": {
        const name = s.childForFieldName("name")?.text;
        const value = fnValue(s, scope, name);
        if (name && topLevel) {
          m.bindings[name] = value;
          m.bindingLines[name] = lineOf(s);
        } else if (name) scope.set(name, value);
        return;
      }
      case "class_declaration":
      case "abstract_class_declaration":
        classFact(s, decoratorsOf(s));
        if (topLevel) {
          const name = s.childForFieldName("name")?.text;
          if (name) {
            m.bindings[name] = { k: "class", name, file: file.path };
            m.bindingLines[name] = lineOf(s);
          }
        }
        return;
      case "return_statement":
        if (fn) fn.returns = toValue(s.namedChildren[0], scope);
        walkExpr(s.namedChildren[0], scope);
        return;
      case "for_in_statement": {
        const left = s.childForFieldName("left");
        const right = s.childForFieldName("right");
        const inner: Scope = new Map(scope);
        const isOf = s.children.some((c) => c.type === "of");
        if (left)
          bindPattern(
            left,
            isOf ? { k: "each", loop: `loop${loops++}`, of: toValue(right, scope) } : unknown(left.text),
            inner,
          );
        walkExpr(right, scope);
        const body = s.childForFieldName("body");
        if (body) walk(body, inner, fn);
        return;
      }
      case "statement_block":
        walkBlock(s, new Map(scope), fn);
        return;
      case "if_statement":
      case "try_statement":
      case "else_clause":
      case "catch_clause":
      case "finally_clause":
      case "for_statement":
      case "while_statement":
      case "labeled_statement":
        for (const c of named(s)) {
          if (c.type.endsWith("_statement") || c.type === "statement_block" || c.type.endsWith("_clause"))
            walk(c, scope, fn);
          else walkExpr(c, scope);
        }
        return;
      case "interface_declaration":
        interfaceFact(s);
        return;
      case "type_alias_declaration":
        aliasFact(s);
        return;
      case "enum_declaration":
        enumFact(s);
        return;
      case "import_statement":
        importFacts(s);
        return;
      case "export_statement":
        exportFacts(s, scope, fn);
        return;
      case "expression_statement": {
        const e = s.namedChildren[0];
        if (topLevel && e?.type === "assignment_expression") commonJsExport(e, scope);
        if (ctor && fn === ctor.fn && e?.type === "assignment_expression") instanceProp(e, scope);
        if (e?.type === "assignment_expression") propAssign(e, scope);
        walkExpr(e, scope);
        return;
      }
      default:
        walkExpr(s, scope);
    }
  }

  /** `this.router = express.Router()` in a constructor: a property of every instance. */
  function instanceProp(e: SyntaxNode, scope: Scope): void {
    const left = e.childForFieldName("left");
    const right = e.childForFieldName("right");
    const prop = left?.childForFieldName("property")?.text;
    if (!ctor || left?.type !== "member_expression" || left.childForFieldName("object")?.type !== "this")
      return;
    if (prop && right)
      ctor.props[prop] = FN_TYPES.has(right.type) ? fnValue(right, scope) : toValue(right, scope);
  }

  /** `app.locals.loginPath = config.get("…")`: a property of an object made elsewhere. */
  function propAssign(e: SyntaxNode, scope: Scope): void {
    const path: string[] = [];
    let node = e.childForFieldName("left");
    while (node?.type === "member_expression") {
      path.unshift(node.childForFieldName("property")?.text ?? "");
      node = node.childForFieldName("object");
    }
    if (!node || node.type !== "identifier" || path.length === 0 || ["module", "exports"].includes(node.text))
      return;
    const of = toValue(node, scope);
    if (of.k !== "call" && of.k !== "id") return;
    const right = e.childForFieldName("right");
    if (!right || FN_TYPES.has(right.type)) return;
    m.propAssigns ??= [];
    m.propAssigns.push({ of, path, value: toValue(right, scope) });
  }

  function commonJsExport(e: SyntaxNode, scope: Scope): void {
    const left = e.childForFieldName("left");
    const rightNode = e.childForFieldName("right");
    if (!left || !rightNode) return;
    const right = FN_TYPES.has(rightNode.type) ? fnValue(rightNode, scope) : toValue(rightNode, scope);
    // `exports.default = exports.Router = void 0;` only declares what is exported later.
    if (right.k === "null" && rightNode.type !== "null") return;
    if (left.text === "module.exports") {
      m.exports.default = right;
      if (right.k === "obj") for (const [k, v] of right.props) m.exports[k] = v;
    } else if (
      left.type === "member_expression" &&
      ["module.exports", "exports"].includes(left.childForFieldName("object")?.text ?? "")
    ) {
      m.exports[left.childForFieldName("property")?.text ?? ""] = right;
    }
  }

  function importFacts(s: SyntaxNode): void {
    const source = s.childForFieldName("source");
    if (!source) return;
    const from = stringText(source);
    const clause = named(s).find((c) => c.type === "import_clause");
    for (const c of named(clause)) {
      if (c.type === "identifier") m.bindings[c.text] = { k: "import", from, name: "default" };
      else if (c.type === "namespace_import") {
        const local = c.namedChildren[0]?.text;
        if (local) m.bindings[local] = { k: "import", from, name: "*" };
      } else if (c.type === "named_imports") {
        for (const spec of named(c).filter((x) => x.type === "import_specifier")) {
          const name = spec.childForFieldName("name")?.text ?? "";
          const alias = spec.childForFieldName("alias")?.text ?? name;
          m.bindings[alias] = { k: "import", from, name };
        }
      }
    }
  }

  function exportFacts(s: SyntaxNode, scope: Scope, fn?: FnFact): void {
    const source = s.childForFieldName("source");
    const from = source ? stringText(source) : undefined;
    const decl = s.childForFieldName("declaration");
    const value = s.childForFieldName("value");
    const isDefault = s.children.some((c) => c.type === "default");
    if (decl) {
      if (decl.type === "lexical_declaration" || decl.type === "variable_declaration")
        declare(decl, scope, true, true);
      else if (decl.type === "class_declaration" || decl.type === "abstract_class_declaration") {
        classFact(decl, [...decoratorsOf(s), ...decoratorsOf(decl)]);
        const name = decl.childForFieldName("name")?.text;
        if (name) {
          m.bindings[name] = { k: "class", name, file: file.path };
          m.bindingLines[name] = lineOf(decl);
          m.exports[isDefault ? "default" : name] = { k: "id", name };
        }
      } else {
        walk(decl, scope, fn, true);
        const name = decl.childForFieldName("name")?.text;
        if (name) m.exports[isDefault ? "default" : name] = { k: "id", name };
      }
      return;
    }
    if (value) {
      if (value.type === "class") classFact(value, decoratorsOf(s));
      m.exports.default = FN_TYPES.has(value.type) ? fnValue(value, scope) : toValue(value, scope);
      walkExpr(value, scope);
      return;
    }
    const clause = named(s).find((c) => c.type === "export_clause");
    for (const spec of named(clause).filter((c) => c.type === "export_specifier")) {
      const name = spec.childForFieldName("name")?.text ?? "";
      const alias = spec.childForFieldName("alias")?.text ?? name;
      m.exports[alias] = from ? { k: "import", from, name } : { k: "id", name };
    }
    if (!clause && from) m.starExports.push(from);
  }

  function decoratorsOf(n: SyntaxNode): DecoratorFact[] {
    return n.children.filter((c) => c.type === "decorator").map(decoratorFact);
  }

  function decoratorFact(d: SyntaxNode): DecoratorFact {
    const e = d.namedChildren[0];
    if (e?.type === "call_expression") {
      const fnNode = e.childForFieldName("function");
      const name =
        fnNode?.type === "member_expression"
          ? (fnNode.childForFieldName("property")?.text ?? "")
          : (fnNode?.text ?? "");
      return {
        name,
        args: named(e.childForFieldName("arguments")).map((a) => toValue(a, new Map())),
        line: lineOf(d),
      };
    }
    return { name: e?.text ?? "", args: [], line: lineOf(d) };
  }

  function classFact(s: SyntaxNode, decorators: DecoratorFact[]): void {
    const name = s.childForFieldName("name")?.text ?? `class@${lineOf(s)}`;
    const fact: ClassFact = { name, line: lineOf(decorators.length > 0 ? s : s), decorators, members: [] };
    const heritage = named(s).find((c) => c.type === "class_heritage");
    const ext = named(heritage).find((c) => c.type === "extends_clause");
    // JavaScript's grammar has no extends_clause: the heritage holds the expression itself.
    const jsBase = heritage && !ext ? heritage.namedChildren[0] : undefined;
    if (jsBase) fact.extends = toValue(jsBase, new Map());
    if (ext) {
      fact.extends = toValue(ext.childForFieldName("value"), new Map());
      const args = named(ext.childForFieldName("type_arguments")).map((t) => typeText(t));
      if (args.length > 0) fact.extendsTypeArgs = args;
    }
    const typeParams = named(s.childForFieldName("type_parameters")).map(
      (p) => p.childForFieldName("name")?.text ?? p.text,
    );
    if (typeParams.length > 0) fact.typeParams = typeParams;
    let pending: DecoratorFact[] = [];
    const self: Value = { k: "id", name: `this:${name}` };
    const props: Record<string, Value> = {};
    const methods: Record<string, Value> = {};
    for (const c of named(s.childForFieldName("body"))) {
      if (c.type === "decorator") {
        pending.push(decoratorFact(c));
        continue;
      }
      if (c.type === "method_definition") {
        const nameNode = c.childForFieldName("name");
        const method: MemberFact = {
          kind: "method",
          name: nameNode?.text ?? "",
          line: pending[0]?.line ?? lineOf(c),
          decorators: [...pending, ...decoratorsOf(c)],
          params: named(c.childForFieldName("parameters")).map(paramFact),
          optional: false,
        };
        const ret = c.childForFieldName("return_type");
        if (ret) method.type = typeText(ret);
        fact.members.push(method);
        const isCtor = method.name === "constructor";
        const outer = ctor;
        if (isCtor) ctor = { fn: undefined, props };
        const methodValue = fnValue(
          c,
          new Map([["this", self]]),
          `${name}.${method.name}`,
          undefined,
          (f) => {
            if (isCtor && ctor) ctor.fn = f;
          },
        );
        ctor = outer;
        // `this.mountRoutes(router)`: a method is reached through the instance too (not a prop
        // an assignment in the constructor made, which wins).
        if (
          !isCtor &&
          method.name &&
          !c.children.some((x) => x.type === "static") &&
          !c.children.some((x) => x.type === "get" || x.type === "set")
        )
          methods[method.name] = methodValue;
      } else if (
        c.type === "public_field_definition" ||
        c.type === "property_signature" ||
        c.type === "field_definition"
      ) {
        // `router = express.Router()`: a property of every instance.
        const fieldName = (c.childForFieldName("name") ?? c.childForFieldName("property"))?.text;
        const value = c.childForFieldName("value");
        const isStatic = c.children.some((x) => x.type === "static");
        if (fieldName && value && !isStatic)
          props[fieldName] = FN_TYPES.has(value.type)
            ? fnValue(value, new Map([["this", self]]))
            : toValue(value, new Map([["this", self]]));
        if (c.type === "field_definition") {
          pending = [];
          continue;
        }
        const own = decoratorsOf(c);
        const all = [...pending, ...own];
        const field: MemberFact = {
          kind: "field",
          name: c.childForFieldName("name")?.text ?? "",
          line: lineOf(c),
          decorators: all,
          params: [],
          optional: c.children.some((x) => x.type === "?"),
        };
        const type = c.childForFieldName("type");
        if (type) field.type = typeText(type);
        if (!c.children.some((x) => x.type === "static")) fact.members.push(field);
      }
      pending = [];
    }
    for (const [k, v] of Object.entries(methods)) props[k] ??= v;
    if (Object.keys(props).length > 0) fact.props = props;
    m.classes.push(fact);
  }

  function fieldsOfObjectType(body: SyntaxNode | null): FieldFact[] {
    return named(body)
      .filter((c) => c.type === "property_signature")
      .map((c) => ({
        name: (() => {
          const n = c.childForFieldName("name");
          return n?.type === "string" ? stringText(n) : (n?.text ?? "");
        })(),
        type: typeText(c.childForFieldName("type")),
        optional: c.children.some((x) => x.type === "?"),
      }));
  }

  function interfaceFact(s: SyntaxNode): void {
    const heritage = named(s).find((c) => c.type === "extends_type_clause");
    m.interfaces.push({
      name: s.childForFieldName("name")?.text ?? "",
      line: lineOf(s),
      fields: fieldsOfObjectType(s.childForFieldName("body")),
      extends: named(heritage).map((c) => typeText(c)),
    });
  }

  function aliasFact(s: SyntaxNode): void {
    const value = s.childForFieldName("value");
    const name = s.childForFieldName("name")?.text ?? "";
    const fact = { name, line: lineOf(s), type: typeText(value) } as JsModule["aliases"][number];
    if (value?.type === "object_type") fact.fields = fieldsOfObjectType(value);
    const values = literalUnion(value);
    if (values) fact.values = values;
    // `Static<typeof X>` / `z.infer<typeof X>`: the type of a schema constant.
    if (value?.type === "generic_type") {
      const arg = named(value.childForFieldName("type_arguments"))[0];
      if (arg?.type === "type_query") fact.derivedFrom = arg.namedChildren[0]?.text;
    }
    m.aliases.push(fact);
  }

  function enumFact(s: SyntaxNode): void {
    const values: (string | number)[] = [];
    let next = 0;
    for (const c of named(s.childForFieldName("body"))) {
      if (c.type === "enum_assignment") {
        const v = c.childForFieldName("value");
        if (v?.type === "string") values.push(stringText(v));
        else if (v?.type === "number") {
          next = Number(v.text.replace(/_/g, ""));
          values.push(next++);
        } else values.push(c.childForFieldName("name")?.text ?? "");
      } else if (c.type === "property_identifier") values.push(next++);
    }
    m.enums.push({ name: s.childForFieldName("name")?.text ?? "", line: lineOf(s), values });
  }

  for (const s of named(file.root)) walk(s, new Map(), undefined, true);
  return m;
}
