// Laravel's route declarations as data, read from tree-sitter-php: every `Route::…->…` chain of a
// file (closures of `group` keep their own statements), `require __DIR__.'/auth.php'` and
// `base_path('routes/api.php')` as file references, `withRouting(api: …, apiPrefix: …)`.
// JSON-serialisable: cached per file hash.

import type { SyntaxNode } from "../../scanner.js";
import { extractPhpClasses, type PhpClassFacts } from "./laravel-validation.js";

export type PhpVal =
  | { k: "str"; v: string }
  | { k: "arr"; items: { key?: PhpVal; value: PhpVal }[] }
  /** `UserController::class` (the short name). */
  | { k: "class"; name: string }
  | { k: "fn"; body: PhpStmt[] }
  /** A route file named by `__DIR__.'/x.php'` or `base_path('routes/x.php')`: its path as written. */
  | { k: "file"; path: string }
  | { k: "other" };

export interface PhpSeg {
  name: string;
  args: PhpVal[];
  /** PHP 8 named arguments: `withRouting(api: …)`. */
  named: Record<string, PhpVal>;
}

export type PhpStmt = { chain: PhpSeg[]; line: number } | { include: string; line: number };

export interface PhpRoutesFacts {
  stmts: PhpStmt[];
  /** Controllers and FormRequests (app/Http/): what a route's action validates. */
  classes?: PhpClassFacts[];
}

const named = (n: SyntaxNode | null) => (n ? n.namedChildren.filter((c) => c.type !== "comment") : []);

export function extractPhpRoutes(root: SyntaxNode, withClasses = false): PhpRoutesFacts | undefined {
  const stmts = readStatements(root);
  const classes = withClasses ? extractPhpClasses(root) : [];
  if (stmts.length === 0 && classes.length === 0) return undefined;
  return classes.length > 0 ? { stmts, classes } : { stmts };
}

function readStatements(node: SyntaxNode): PhpStmt[] {
  const out: PhpStmt[] = [];
  const visit = (n: SyntaxNode): void => {
    if (n.type === "member_call_expression" || n.type === "scoped_call_expression") {
      const chain = readChain(n);
      if (chain.some((s) => s.name === "withRouting") || (chain[0] && isRouteStart(n))) {
        out.push({ chain, line: n.startPosition.row + 1 });
        return;
      }
    }
    if (/^(require|include)(_once)?_expression$/.test(n.type)) {
      const file = readVal(named(n)[0]!);
      if (file.k === "file") out.push({ include: file.path, line: n.startPosition.row + 1 });
      return;
    }
    for (const c of named(n)) visit(c);
  };
  for (const c of named(node)) visit(c);
  return out;
}

/** Whether the innermost call of a chain is `Route::x(…)`. */
function isRouteStart(n: SyntaxNode): boolean {
  let cur: SyntaxNode | undefined = n;
  while (cur?.type === "member_call_expression") cur = named(cur)[0];
  return cur?.type === "scoped_call_expression" && /(^|\\)Route$/.test(named(cur)[0]?.text ?? "");
}

/** `Route::prefix('v1')->middleware('auth')->group(fn)` → [prefix, middleware, group]. */
function readChain(n: SyntaxNode): PhpSeg[] {
  const segs: PhpSeg[] = [];
  let cur: SyntaxNode | undefined = n;
  while (cur && (cur.type === "member_call_expression" || cur.type === "scoped_call_expression")) {
    const parts = named(cur);
    const name = parts.find((p, i) => i > 0 && p.type === "name")?.text ?? "";
    const argsNode = parts.find((p) => p.type === "arguments") ?? null;
    const seg: PhpSeg = { name, args: [], named: {} };
    for (const a of named(argsNode)) {
      const nameNode = a.namedChildren.find((c) => c.type === "name");
      const valueNode =
        named(a)
          .filter((c) => c !== nameNode && c.type !== "name")
          .pop() ?? named(a)[0];
      if (!valueNode) continue;
      if (nameNode && valueNode !== nameNode) seg.named[nameNode.text] = readVal(valueNode);
      else seg.args.push(readVal(valueNode));
    }
    segs.unshift(seg);
    cur = cur.type === "member_call_expression" ? parts[0] : undefined;
  }
  return segs;
}

function readVal(n: SyntaxNode): PhpVal {
  switch (n.type) {
    case "argument":
      return named(n)[0] ? readVal(named(n)[0]!) : { k: "other" };
    case "string":
    case "encapsed_string": {
      const parts = named(n);
      if (parts.some((p) => p.type !== "string_content" && p.type !== "string_value")) return { k: "other" };
      return { k: "str", v: parts.map((p) => p.text).join("") };
    }
    case "array_creation_expression":
      return {
        k: "arr",
        items: named(n)
          .filter((c) => c.type === "array_element_initializer")
          .map((el) => {
            const parts = named(el);
            return parts.length >= 2
              ? { key: readVal(parts[0]!), value: readVal(parts[1]!) }
              : { value: parts[0] ? readVal(parts[0]) : ({ k: "other" } as PhpVal) };
          }),
      };
    case "class_constant_access_expression": {
      const [cls, member] = named(n);
      return member?.text === "class" && cls
        ? { k: "class", name: cls.text.split("\\").pop()! }
        : { k: "other" };
    }
    case "anonymous_function":
    case "arrow_function": {
      const body = n.namedChildren.find((c) => c.type === "compound_statement") ?? n;
      return { k: "fn", body: readStatements(body) };
    }
    case "binary_expression": {
      // `__DIR__.'/auth.php'`
      const right = named(n).pop();
      const v = right ? readVal(right) : { k: "other" as const };
      return v.k === "str" ? { k: "file", path: v.v } : { k: "other" };
    }
    case "function_call_expression": {
      const fn = named(n)[0]?.text;
      const arg = named(named(n).find((c) => c.type === "arguments") ?? null)[0];
      const v = arg ? readVal(arg) : { k: "other" as const };
      return fn === "base_path" && v.k === "str" ? { k: "file", path: v.v } : { k: "other" };
    }
    case "parenthesized_expression":
      return named(n)[0] ? readVal(named(n)[0]!) : { k: "other" };
    default:
      return { k: "other" };
  }
}
