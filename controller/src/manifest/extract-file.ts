// The extract step of one file: parsed once, then each wanted facts key extracted by the first
// scanner that reads it. Runs in the scanning thread or in a worker (scan-worker.ts).

import { memoTree } from "./memo-node.js";
import type { FrameworkScanner, SyntaxNode } from "./scanner.js";

/** How files become trees: lib/code-graph in production. */
export interface Parser {
  /** The language id of a path, or undefined for a file that is not source code. */
  languageOf(path: string): string | undefined;
  parse(language: string, text: string): Promise<{ rootNode: SyntaxNode; delete(): void }>;
}

export const keyOf = (s: FrameworkScanner) => s.factsKey ?? `${s.name}@${s.version}`;

export interface FileToExtract {
  path: string;
  language: string;
  text: string;
  hash: string;
}

/** Facts key → what its scanner extracted (null: nothing in this file). */
export async function extractFile(
  parser: Parser,
  scanners: readonly FrameworkScanner[],
  file: FileToExtract,
  keys: readonly string[],
): Promise<Record<string, unknown>> {
  const facts: Record<string, unknown> = {};
  const wanted: FrameworkScanner[] = [];
  for (const scanner of scanners) {
    const key = keyOf(scanner);
    if (key in facts || !keys.includes(key) || !scanner.languages.includes(file.language)) continue;
    // A scanner that reads only some files of its language (Rails: config/routes.rb) has
    // nothing in the others: no tree needed for it.
    if (scanner.reads && !scanner.reads(file.path)) facts[key] = null;
    else {
      facts[key] = null;
      wanted.push(scanner);
    }
  }
  if (wanted.length === 0) return facts;
  const tree = await parser.parse(file.language, file.text);
  const root = memoTree(tree.rootNode);
  try {
    for (const scanner of wanted) facts[keyOf(scanner)] = scanner.extract({ ...file, root }) ?? null;
    return facts;
  } finally {
    tree.delete();
  }
}
