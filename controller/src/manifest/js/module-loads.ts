// What one module may load, for the package's module graph (reachable-modules.ts): the modules
// it names in `import`/`export … from`/`require("m")`/`import("m")`, the files and folders of its
// package its strings name (`"./routes"`, `path.join(__dirname, "plugins")`,
// `` `${__dirname}/x.js` ``, a loader such as @fastify/autoload or require-all is handed one of
// these), and whether it loads a module whose name it computes (`require(file)`).

import { jsStringText, readModuleCall } from "../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../scanner.js";

export interface ModuleLoads {
  /** Module specifiers written as string literals, as written. */
  specifiers: string[];
  /** Paths named by strings: relative to the module's folder (`./x`, `../x`), or `cwd:x` to the working directory. */
  paths: string[];
  /** A `require`/`import()` of a computed name. */
  dynamic: boolean;
}

/** A tree-sitter cursor, as web-tree-sitter's `Node.walk()` gives it. */
interface Cursor {
  readonly nodeType: string;
  readonly currentNode: SyntaxNode;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  delete?(): void;
}

type Walkable = SyntaxNode & { walk?(): Cursor; raw?: Walkable };

const DIR_NAMES = new Set(["__dirname", "import.meta.dirname"]);
// `"."` alone is far likelier a separator (`split(".")`) than a folder.
const isRelative = (s: string) => s.startsWith("./") || s.startsWith("../");

export function moduleLoads(root: SyntaxNode): ModuleLoads {
  const loads: ModuleLoads = { specifiers: [], paths: [], dynamic: false };
  const start = (root as Walkable).raw ?? (root as Walkable);
  if (!start.walk) return loads;
  const cursor = start.walk();
  try {
    for (let more = true; more; ) {
      readNode(cursor, loads);
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          more = false;
          break;
        }
      }
    }
  } finally {
    cursor.delete?.();
  }
  loads.specifiers = [...new Set(loads.specifiers)];
  loads.paths = [...new Set(loads.paths)];
  return loads;
}

function readNode(cursor: Cursor, loads: ModuleLoads): void {
  const type = cursor.nodeType;
  if (type === "import_statement" || type === "export_statement") {
    const source = cursor.currentNode.childForFieldName("source");
    if (source?.type === "string") loads.specifiers.push(jsStringText(source));
    return;
  }
  if (type === "call_expression") readModuleLoad(cursor.currentNode, loads);
  if (
    type === "string" ||
    type === "template_string" ||
    type === "binary_expression" ||
    type === "call_expression"
  ) {
    const path = pathOf(cursor.currentNode);
    if (path !== undefined) loads.paths.push(path);
  }
}

/** `require("m")`/`import("m")`, or one of a name computed from something that is not a path of ours. */
function readModuleLoad(call: SyntaxNode, loads: ModuleLoads): void {
  const moduleCall = readModuleCall(call);
  if (moduleCall) {
    loads.specifiers.push(moduleCall.specifier);
    return;
  }
  const fn = call.childForFieldName("function");
  if (fn?.type !== "import" && !(fn?.type === "identifier" && fn.text === "require")) return;
  const [first] = argumentsOf(call);
  if (!first || pathOf(first) === undefined) loads.dynamic = true;
}

const argumentsOf = (call: SyntaxNode): SyntaxNode[] =>
  (call.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment");

/**
 * The path an expression names, if it is one of ours: `"./x"`, `` `./x/${y}` ``,
 * `` `${__dirname}/x` ``, `__dirname + "/x"`, `path.join(__dirname, "x")` (relative to the
 * module's folder), `path.resolve(process.cwd(), "x")` (`cwd:x`).
 */
function pathOf(n: SyntaxNode): string | undefined {
  switch (n.type) {
    case "string": {
      const text = jsStringText(n);
      return isRelative(text) ? text : undefined;
    }
    case "template_string": {
      const [first, second] = n.namedChildren;
      if (first?.type === "string_fragment") return isRelative(first.text) ? first.text : undefined;
      if (first?.type !== "template_substitution") return undefined;
      const base = first.namedChildren[0] ? baseOf(first.namedChildren[0]) : undefined;
      return base && below(base, second?.type === "string_fragment" ? [second.text] : []);
    }
    case "binary_expression": {
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      if (left?.type === "string") return pathOf(left);
      const base = left ? baseOf(left) : undefined;
      return base && below(base, right?.type === "string" ? [jsStringText(right)] : []);
    }
    case "call_expression":
      return joinedPath(n);
  }
  return undefined;
}

/** `path.join(__dirname, "a", "b")`, `resolve(process.cwd(), "a")`: the strings after the base. */
function joinedPath(call: SyntaxNode): string | undefined {
  const fn = call.childForFieldName("function");
  const name = fn?.type === "member_expression" ? fn.childForFieldName("property")?.text : fn?.text;
  if (name !== "join" && name !== "resolve") return undefined;
  const [first, ...rest] = argumentsOf(call);
  const base = first ? baseOf(first) : undefined;
  if (!base) return undefined;
  const parts: string[] = [];
  for (const a of rest) {
    if (a.type !== "string") break;
    parts.push(jsStringText(a));
  }
  return below(base, parts);
}

const below = (base: "dir" | "cwd", parts: string[]): string => {
  const rest = parts.join("/").replace(/^\/+/, "");
  return base === "cwd" ? `cwd:${rest || "."}` : `./${rest}`;
};

/** `__dirname` (the module's folder) or `process.cwd()` (the working directory). */
function baseOf(n: SyntaxNode): "dir" | "cwd" | undefined {
  if (DIR_NAMES.has(n.text)) return "dir";
  if (n.type === "call_expression" && n.childForFieldName("function")?.text === "process.cwd") return "cwd";
  return undefined;
}
