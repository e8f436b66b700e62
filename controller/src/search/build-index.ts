// Builds the search index of a manifest and its suite: the documents (documents.ts,
// suite-documents.ts), each one's BM25 terms and vector, and the WordNet table restricted to
// the index's words (what the cache keeps instead of the whole table). Loaded only when the cache
// is stale: it brings the manifest's types and tree-sitter, which a search from the cache needs not.
import { readFileSync } from "node:fs";
import { LexicalIndex, readSynonymText, restrictSynonymText } from "../../../lib/search/index.js";
import { type Manifest, MANIFEST_VERSION } from "../manifest/index.js";
import { manifestDocuments, type SearchDocument } from "./documents.js";
import type { IndexedDocument, SearchEmbedder } from "./search-index.js";
import { INTENT_SEED_STEMS } from "./method-intent.js";
import { suiteDocuments } from "./suite-documents.js";
import { SearchUsageError } from "./usage-error.js";

export interface BuiltIndex {
  documents: IndexedDocument[];
  /** lib/search's WordNet table, only the words these documents hold. */
  synonyms: string;
}

function readManifest(path: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch (err) {
    throw new SearchUsageError(
      `${path} is not a manifest (${(err as Error).message}); run \`e2e manifest\` to write it`,
    );
  }
  if (manifest?.version !== MANIFEST_VERSION || !Array.isArray(manifest.services))
    throw new SearchUsageError(
      `${path} is not a version ${MANIFEST_VERSION} manifest; run \`e2e manifest\` to write it again`,
    );
  return manifest;
}

export async function buildIndex(
  manifestPath: string,
  root: string,
  files: string[],
  embedder: SearchEmbedder,
): Promise<BuiltIndex> {
  const manifest = readManifest(manifestPath);
  const documents: SearchDocument[] = manifest.services.flatMap(manifestDocuments);
  documents.push(...(await suiteDocuments(root, files)));
  // The terms exactly as BM25 tokenizes a document's fields.
  const lexical = new LexicalIndex();
  const vectors = await embedder.embed(documents.map((d) => d.embedText));
  const indexed = documents.map((d, i): IndexedDocument => {
    lexical.set(d.key, d.kind, d.fields);
    const { fields: _fields, embedText: _text, ...head } = d;
    return { head, terms: lexical.termsOf(d.key), vector: vectors[i]! };
  });
  // The seed verbs too: a query's verb is told by its synonyms among them (method-intent.ts).
  const vocabulary = new Set([...lexical.terms(), ...INTENT_SEED_STEMS]);
  return { documents: indexed, synonyms: restrictSynonymText(readSynonymText(), vocabulary) };
}
