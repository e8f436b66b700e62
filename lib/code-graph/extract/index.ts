// Per-file extraction: parse once, walk the declarations, run the language's reference query.
import type { FileFacts } from "../facts.js";
import type { LanguageId } from "../languages.js";
import { compileQuery, type Query, withTree } from "../parser.js";
import type { Extractor } from "./extractor.js";
import { goExtractor } from "./go.js";
import { javaExtractor } from "./java.js";
import { kotlinExtractor } from "./kotlin.js";
import { pythonExtractor } from "./python.js";
import { typescriptExtractor } from "./typescript.js";

const EXTRACTORS: Partial<Record<LanguageId, Extractor>> = {
  typescript: typescriptExtractor("typescript"),
  tsx: typescriptExtractor("tsx"),
  javascript: typescriptExtractor("javascript"),
  python: pythonExtractor,
  java: javaExtractor,
  go: goExtractor,
  kotlin: kotlinExtractor,
};

const queries = new Map<LanguageId, Promise<Query>>();

function referenceQuery(language: LanguageId, extractor: Extractor): Promise<Query> {
  let query = queries.get(language);
  if (!query) {
    query = compileQuery(language, extractor.referencePattern);
    queries.set(language, query);
  }
  return query;
}

export function countLines(source: string): number {
  if (source.length === 0) return 0;
  let lines = 1;
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lines++;
  return source.endsWith("\n") ? lines - 1 : lines;
}

/** What one file declares, imports and references, before cross-file resolution. */
export async function extractFacts(source: string, language: LanguageId): Promise<FileFacts> {
  const extractor = EXTRACTORS[language];
  const lines = countLines(source);
  if (!extractor) return { language, lines, symbols: [], imports: [], references: [], hasErrors: false };
  const query = await referenceQuery(language, extractor);
  return withTree(source, language, (tree) => {
    const extraction = extractor.extract(tree.rootNode, source, query);
    return { language, lines, hasErrors: tree.rootNode.hasError, ...extraction };
  });
}
