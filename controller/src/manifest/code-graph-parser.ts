// The scan's parser: lib/code-graph's tree-sitter grammars.

import { isLanguageId, languageOf, parse } from "../../../lib/code-graph/index.js";
import type { Parser } from "./scan-service.js";

export const codeGraphParser: Parser = {
  languageOf,
  async parse(language, text) {
    if (!isLanguageId(language)) throw new Error(`no grammar for language ${language}`);
    return parse(text, language);
  },
};
