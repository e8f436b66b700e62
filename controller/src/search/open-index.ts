// Opens the search index of a manifest: from the cache beside it when fresh, else built from the
// manifest and the suite (and cached). The manifest's folder's parent is the project root (the
// manifest's own convention): the suite's services/<name>/ folders are looked for there.
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { LexicalIndex, type RankWeights } from "../../../lib/search/index.js";
import { type Manifest, MANIFEST_VERSION } from "../manifest/index.js";
import { UsageError } from "../runner/index.js";
import { manifestDocuments, type SearchDocument } from "./documents.js";
import { cachePathOf, readCache, sourcesKey, writeCache } from "./index-cache.js";
import { type IndexedDocument, type QueryEmbedder, SearchIndex } from "./search-index.js";
import { suiteDocuments, suiteFiles } from "./suite-documents.js";

export interface SearchEmbedder extends QueryEmbedder {
  readonly name: string;
}

export interface OpenedIndex {
  index: SearchIndex;
  /** True when it was built now (no cache, or a stale one). */
  built: boolean;
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

async function build(manifestPath: string, root: string, files: string[], embedder: SearchEmbedder) {
  const manifest = readManifest(manifestPath);
  const documents: SearchDocument[] = manifest.services.flatMap(manifestDocuments);
  documents.push(...(await suiteDocuments(root, files)));
  // The terms exactly as BM25 tokenizes a document's fields.
  const lexical = new LexicalIndex();
  const vectors = await embedder.embed(documents.map((d) => d.embedText));
  return documents.map((d, i): IndexedDocument => {
    lexical.set(d.key, d.kind, d.fields);
    const { fields: _fields, embedText: _text, ...head } = d;
    return { head, terms: lexical.termsOf(d.key), vector: vectors[i]! };
  });
}

export async function openSearchIndex(
  manifestFile: string,
  embedder: SearchEmbedder,
  weights: RankWeights,
  options: { root?: string } = {},
): Promise<OpenedIndex> {
  const manifestPath = resolve(manifestFile);
  if (!existsSync(manifestPath))
    throw new UsageError(`no manifest at ${manifestPath}; run \`e2e manifest\` first to write it`);
  const root = options.root ? resolve(options.root) : dirname(dirname(manifestPath));
  const files = suiteFiles(root);
  const sources = sourcesKey(embedder.name, root, [relative(root, manifestPath), ...files]);
  const cachePath = cachePathOf(manifestPath);
  const cached = readCache(cachePath, sources);
  if (cached) return { index: new SearchIndex(cached, embedder, weights), built: false };
  const documents = await build(manifestPath, root, files, embedder);
  writeCache(cachePath, sources, documents);
  return { index: new SearchIndex(documents, embedder, weights), built: true };
}
