// Rails' routing DSL as data: each call of a routes file (`config/routes.rb`, `config/routes/*.rb`)
// with its positional arguments, keyword options, `'path' => 'controller#action'` pairs and the
// calls of its block, read from tree-sitter-ruby. JSON-serialisable: cached per file hash.

import type { SyntaxNode } from "../../scanner.js";

export type RbVal =
  | { k: "sym"; v: string }
  | { k: "str"; v: string }
  | { k: "arr"; items: RbVal[] }
  | { k: "const"; v: string }
  | { k: "bool"; v: boolean }
  | { k: "other"; text: string };

export interface RbCall {
  name: string;
  args: RbVal[];
  /** `only: [:index]`, `:to => "a#b"`: options by their symbol name. */
  kw: Record<string, RbVal>;
  /** `"path" => "controller#action"`, `Engine => "/at"`: pairs whose key is not a symbol. */
  pairs: [RbVal, RbVal][];
  block?: RbCall[];
  line: number;
}

export interface RoutesFile {
  calls: RbCall[];
}

const named = (n: SyntaxNode | null) => (n ? n.namedChildren.filter((c) => c.type !== "comment") : []);

/** A routes file's calls; the top-level `Rails.application.routes.draw do … end` is unwrapped. */
export function extractRoutes(root: SyntaxNode): RoutesFile {
  const calls = readCalls(root);
  const draw = calls.find((c) => c.name === "draw" && c.block);
  return { calls: draw?.block ?? calls };
}

/** Block variables of an unrolled `%w(a b).each do |action|` loop, by name. */
type Env = Record<string, string>;

function readCalls(container: SyntaxNode, env: Env = {}): RbCall[] {
  const out: RbCall[] = [];
  for (const n of named(container)) {
    const unrolled = n.type === "call" ? unrollEach(n, env) : undefined;
    if (unrolled) out.push(...unrolled);
    else if (n.type === "call" || n.type === "identifier") {
      const call = readCall(n, env);
      if (call) out.push(call);
    } else if (n.type === "body_statement" || n.type === "begin" || n.type === "parenthesized_statements") {
      out.push(...readCalls(n, env));
    } else if (n.type === "if" || n.type === "unless") {
      // `if Rails.env.development?` blocks: their routes exist in some environment; kept.
      for (const c of named(n)) if (c.type === "then" || c.type === "else") out.push(...readCalls(c, env));
    }
  }
  return out;
}

/**
 * `%w(browse show).each do |action| get "x/#{action}", action: action end`: the block's calls
 * once per item of the literal list, the variable replaced by the item (as Ruby runs it).
 */
function unrollEach(n: SyntaxNode, env: Env): RbCall[] | undefined {
  if (n.childForFieldName("method")?.text !== "each") return undefined;
  const list = readVal(n.childForFieldName("receiver") ?? n, env);
  const block = n.childForFieldName("block");
  const params = named(block?.childForFieldName("parameters") ?? null);
  if (list.k !== "arr" || !block || params.length !== 1 || params[0]?.type !== "identifier") return undefined;
  const items = list.items.filter(
    (i): i is { k: "str" | "sym"; v: string } => i.k === "str" || i.k === "sym",
  );
  if (items.length !== list.items.length) return undefined;
  const name = params[0].text;
  return items.flatMap((item) => readCalls(block, { ...env, [name]: item.v }));
}

function readCall(n: SyntaxNode, env: Env): RbCall | undefined {
  if (n.type === "identifier")
    return { name: n.text, args: [], kw: {}, pairs: [], line: n.startPosition.row + 1 };
  const method = n.childForFieldName("method");
  if (!method) return undefined;
  const call: RbCall = { name: method.text, args: [], kw: {}, pairs: [], line: n.startPosition.row + 1 };
  for (const a of named(n.childForFieldName("arguments"))) {
    if (a.type === "pair") {
      const key = a.childForFieldName("key");
      const value = a.childForFieldName("value");
      if (!key || !value) continue;
      const k = readVal(key, env);
      if (key.type === "hash_key_symbol") call.kw[key.text] = readVal(value, env);
      else if (k.k === "sym") call.kw[k.v] = readVal(value, env);
      else call.pairs.push([k, readVal(value, env)]);
    } else if (a.type === "hash") {
      for (const p of named(a).filter((c) => c.type === "pair")) {
        const key = p.childForFieldName("key");
        const value = p.childForFieldName("value");
        if (key && value)
          call.kw[key.type === "hash_key_symbol" ? key.text : symName(readVal(key, env))] = readVal(
            value,
            env,
          );
      }
    } else call.args.push(readVal(a, env));
  }
  const block = n.childForFieldName("block");
  if (block) call.block = readCalls(block, env);
  return call;
}

const symName = (v: RbVal) => (v.k === "sym" || v.k === "str" ? v.v : "");

function readVal(n: SyntaxNode, env: Env = {}): RbVal {
  switch (n.type) {
    case "simple_symbol":
      return { k: "sym", v: n.text.slice(1) };
    case "identifier":
      return n.text in env ? { k: "str", v: env[n.text]! } : { k: "other", text: n.text };
    case "delimited_symbol":
    case "string": {
      const parts = named(n).map((p) => (p.type === "interpolation" ? interpolated(p, env) : p.text));
      if (parts.some((p) => p === undefined)) return { k: "other", text: n.text };
      return { k: n.type === "string" ? "str" : "sym", v: parts.join("") };
    }
    case "bare_symbol":
      return { k: "sym", v: n.text };
    case "bare_string":
      return { k: "str", v: n.text };
    case "array":
    case "symbol_array":
    case "string_array":
      return { k: "arr", items: named(n).map((c) => readVal(c, env)) };
    case "constant":
    case "scope_resolution":
      return { k: "const", v: n.text };
    case "true":
    case "false":
      return { k: "bool", v: n.type === "true" };
    default:
      return { k: "other", text: n.text.slice(0, 80) };
  }
}

/** `#{action}` of a loop variable: its value; any other interpolation is unknown. */
function interpolated(p: SyntaxNode, env: Env): string | undefined {
  const inner = named(p);
  return inner.length === 1 && inner[0]?.type === "identifier" ? env[inner[0].text] : undefined;
}
