// The contract every language's extractor fulfils.
import type { ImportFact, ReferenceFact, SymbolFact } from "../facts.js";
import type { Node, Query } from "../parser.js";

export interface Extraction {
  symbols: SymbolFact[];
  imports: ImportFact[];
  references: ReferenceFact[];
  packageName?: string;
}

export interface Extractor {
  /** Tree-sitter query text: `@ref` names used, `@qual` their qualifier, `@skip` declaring names. */
  referencePattern: string;
  extract(root: Node, source: string, references: Query): Extraction;
}
