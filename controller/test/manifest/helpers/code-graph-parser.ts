// lib/code-graph's grammars behind scan-service's Parser interface (parsers loaded up front,
// since parsing itself is synchronous).

import { isLanguageId, languageOf, parserFor } from "../../../../lib/code-graph/index.js";
import type { Parser } from "../../../src/manifest/scan-service.js";
import type { SyntaxNode } from "../../../src/manifest/scanner.js";

export async function codeGraphParser(): Promise<Parser> {
  const parsers = new Map(
    await Promise.all(
      (["python", "java", "kotlin"] as const).map(async (l) => [l, await parserFor(l)] as const),
    ),
  );
  return {
    languageOf,
    parse(language, text) {
      const parser = isLanguageId(language) ? parsers.get(language as "python") : undefined;
      const tree = parser?.parse(text);
      if (!tree) throw new Error(`no parser loaded for ${language}`);
      return tree.rootNode as unknown as SyntaxNode;
    },
  };
}
