// One WASM tree-sitter runtime per process, one loaded grammar and one parser per language, made
// on first use. Trees live in WASM memory: call `tree.delete()` when done, or use `withTree`.
import { Language, type Node, Parser, Query, type Tree } from "web-tree-sitter";
import { grammarPath, type LanguageId, runtimePath } from "./languages.js";

let runtime: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

function initRuntime(): Promise<void> {
  // Told where its .wasm is, so the runtime also loads from a bundle that moved this module.
  runtime ??= Parser.init({ locateFile: () => runtimePath() });
  return runtime;
}

/** The grammar of a language (loaded once, then cached). */
export function loadLanguage(language: LanguageId): Promise<Language> {
  let grammar = grammars.get(language);
  if (!grammar) {
    grammar = initRuntime().then(() => Language.load(grammarPath(language)));
    grammars.set(language, grammar);
  }
  return grammar;
}

/** A parser for the language, reused across calls (parsing is synchronous, so sharing is safe). */
export async function parserFor(language: LanguageId): Promise<Parser> {
  const existing = parsers.get(language);
  if (existing) return existing;
  const grammar = await loadLanguage(language);
  const parser = parsers.get(language) ?? new Parser();
  parser.setLanguage(grammar);
  parsers.set(language, parser);
  return parser;
}

/** Parses source into a tree-sitter syntax tree. The caller owns the tree (`tree.delete()`). */
export async function parse(source: string, language: LanguageId): Promise<Tree> {
  return parseWith(await parserFor(language), source, language);
}

function parseWith(parser: Parser, source: string, language: LanguageId): Tree {
  const tree = parser.parse(source);
  if (!tree)
    throw new Error(`tree-sitter returned no tree for a ${language} source of ${source.length} chars`);
  return tree;
}

/**
 * Parses, hands the tree to `use`, and frees it afterwards (also when `use` throws). A synchronous
 * `use` runs in the same tick as the parse and the free: when many files are extracted at once,
 * each tree is gone before the next is made. (Awaiting between them let every tree of a batch
 * live at once, and WASM memory, once grown, is never given back: 240 MB after 314k lines.)
 */
export async function withTree<T>(
  source: string,
  language: LanguageId,
  use: (tree: Tree) => T | Promise<T>,
): Promise<T> {
  const tree = parseWith(await parserFor(language), source, language);
  let result: T | Promise<T>;
  try {
    result = use(tree);
  } catch (err) {
    tree.delete();
    throw err;
  }
  if (!(result instanceof Promise)) {
    tree.delete();
    return result;
  }
  try {
    return await result;
  } finally {
    tree.delete();
  }
}

/** Compiles a tree-sitter query (`.scm` pattern text) for a language; throws on a bad pattern. */
export async function compileQuery(language: LanguageId, pattern: string): Promise<Query> {
  return new Query(await loadLanguage(language), pattern);
}

export type { Language, Node, Parser, Query, Tree };
