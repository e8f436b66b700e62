// Builds the search index of a manifest and its suite: the documents (documents.ts,
// suite-documents.ts; an endpoint's code words from its service's sources, code-words.ts), each
// one's BM25 terms and vector, and the WordNet table restricted to the index's words (what the
// cache keeps instead of the whole table). Loaded only when the cache is stale: it brings the
// manifest's types and tree-sitter, which a search from the cache needs not.
import { readFileSync } from "node:fs";
import {
  type E2eSearchWeights,
  LexicalIndex,
  readE2eSearchWeights,
  readSynonymText,
  restrictSynonymText,
} from "../../../lib/search/index.js";
import { UsageError } from "../errors/index.js";
import { MANIFEST_VERSION, type Manifest } from "../manifest/index.js";
import { CodeMemo, codeMemoPathOf } from "./code-memo.js";
import { codeWordsOf } from "./code-words.js";
import { lexicalFields, manifestDocuments, type SearchDocument } from "./documents.js";
import { INTENT_SEED_STEMS } from "./method-intent.js";
import type { IndexContent, IndexedDocument, SearchEmbedder } from "./search-index.js";
import { suiteDocuments } from "./suite-documents.js";

export interface BuiltIndex extends IndexContent {
  /** The services' source files the endpoints' code words came from, relative to the project root. */
  codeFiles: string[];
}

function readManifest(path: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch (err) {
    throw new UsageError(
      `${path} is not a manifest (${(err as Error).message}); run \`e2e manifest\` to write it`,
    );
  }
  if (manifest?.version !== MANIFEST_VERSION || !Array.isArray(manifest.services))
    throw new UsageError(
      `${path} is not a version ${MANIFEST_VERSION} manifest; run \`e2e manifest\` to write it again`,
    );
  return manifest;
}

export async function buildIndex(
  manifestPath: string,
  root: string,
  files: string[],
  embedder: SearchEmbedder,
  /** Hand lists left out (measurement only: documents.ts DocumentRule). */
  off: ReadonlySet<string> = new Set(),
  /** The HTTP channel's embedder (EMBEDDINGS_URL): each document gets its vector too. */
  channel?: SearchEmbedder,
  /** Keep what each source file's tree gave beside the manifest (code-memo.ts), and reuse it. */
  keepCodeMemo = false,
): Promise<BuiltIndex> {
  const memoPath = codeMemoPathOf(manifestPath);
  const memo = keepCodeMemo ? CodeMemo.read(memoPath) : CodeMemo.none();
  const { documents, codeFiles } = await indexDocuments(manifestPath, root, files, off, memo);
  if (keepCodeMemo) memo.write(memoPath);
  const texts = documents.map((d) => d.embedText);
  const [vectors, channelVectors] = await Promise.all([embedder.embed(texts), channel?.embed(texts)]);
  const boosts = readE2eSearchWeights().boosts;
  return { ...indexContent(documents, boosts, vectors, channelVectors), codeFiles };
}

/** The documents of a manifest's services and of its suite, and the source files their code words came from. */
export async function indexDocuments(
  manifestPath: string,
  root: string,
  files: string[],
  off: ReadonlySet<string> = new Set(),
  memo: CodeMemo = CodeMemo.none(),
): Promise<{ documents: SearchDocument[]; codeFiles: string[] }> {
  const manifest = readManifest(manifestPath);
  const documents: SearchDocument[] = [];
  const codeFiles: string[] = [];
  for (const service of manifest.services) {
    const code = await codeWordsOf(service, root, memo, !off.has("docstrings"));
    documents.push(...manifestDocuments(service, code.words, off, code.summaries));
    codeFiles.push(...code.files);
  }
  documents.push(...(await suiteDocuments(root, files)));
  return { documents, codeFiles: [...new Set(codeFiles)].sort() };
}

/**
 * The index's content from its documents and their vectors: each one's BM25 terms under the field
 * boosts (a fit of the boosts builds it again from the same documents: bench/e2e-search), and the
 * WordNet table restricted to the index's words.
 */
export function indexContent(
  documents: readonly SearchDocument[],
  boosts: E2eSearchWeights["boosts"],
  vectors: readonly Float32Array[],
  channelVectors?: readonly Float32Array[],
): IndexContent {
  // The terms exactly as BM25 tokenizes a document's fields.
  const lexical = new LexicalIndex();
  const indexed = documents.map((d, i): IndexedDocument => {
    lexical.set(d.key, d.kind, lexicalFields(d, boosts));
    const { fields: _fields, embedText: _text, ...head } = d;
    const vector = vectors[i]!;
    const terms = lexical.termsOf(d.key);
    return channelVectors ? { head, terms, vector, channel: channelVectors[i]! } : { head, terms, vector };
  });
  // The seed verbs too: a query's verb is told by its synonyms among them (method-intent.ts).
  const vocabulary = new Set([...lexical.terms(), ...INTENT_SEED_STEMS]);
  return { documents: indexed, synonyms: restrictSynonymText(readSynonymText(), vocabulary) };
}
