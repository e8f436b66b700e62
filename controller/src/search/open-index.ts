// Opens the search index of a manifest: from the cache beside it when fresh, else built from the
// manifest and the suite (build-index.ts, loaded only then) and cached. The manifest's folder's
// parent is the project root (the manifest's own convention): the suite's services/<name>/
// folders are looked for there. With an HTTP channel (EMBEDDINGS_URL; SearchIndexOptions.channel)
// each document holds its vector too, and the cache is keyed by both embedders' names.
import { existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { type RankWeights, readE2eSearchWeights } from "../../../lib/search/index.js";
import { UsageError } from "../errors/index.js";
import type { DocumentRule } from "./documents.js";
import { cachePathOf, readCache, sourcesKey, writeCache } from "./index-cache.js";
import { type SearchEmbedder, SearchIndex, type SearchIndexOptions } from "./search-index.js";
import { suiteFiles } from "./suite-files.js";

const DOCUMENT_RULES = new Set<string>(["method-words", "paging"] satisfies DocumentRule[]);

export interface OpenedIndex {
  index: SearchIndex;
  /** True when it was built now (no cache, or a stale one). */
  built: boolean;
}

export async function openSearchIndex(
  manifestFile: string,
  embedder: SearchEmbedder,
  weights: RankWeights,
  options: { root?: string; index?: SearchIndexOptions } = {},
): Promise<OpenedIndex> {
  const manifestPath = resolve(manifestFile);
  if (!existsSync(manifestPath))
    throw new UsageError(`no manifest at ${manifestPath}; run \`e2e manifest\` first to write it`);
  const root = options.root ? resolve(options.root) : dirname(dirname(manifestPath));
  const files = suiteFiles(root);
  const channel = options.index?.channel;
  const embedders = channel ? `${embedder.name}+${channel.name}` : embedder.name;
  // The terms hold the fitted field boosts: a refit of them makes the cache stale.
  const { name, words, hint } = readE2eSearchWeights().boosts;
  const key = `${embedders}\nboosts ${name} ${words} ${hint}`;
  const sources = sourcesKey(key, root, [relative(root, manifestPath), ...files]);
  const cachePath = cachePathOf(manifestPath);
  // An ablation of a document rule builds its own index and keeps no cache.
  const ablated = [...(options.index?.off ?? [])].some((r) => DOCUMENT_RULES.has(r));
  const cached = ablated ? undefined : readCache(cachePath, sources, root);
  if (cached) return { index: new SearchIndex(cached, embedder, weights, options.index), built: false };
  const { buildIndex } = await import("./build-index.js");
  const built = await buildIndex(manifestPath, root, files, embedder, options.index?.off, channel, !ablated);
  if (!ablated) writeCache(cachePath, sources, root, built);
  return { index: new SearchIndex(built, embedder, weights, options.index), built: true };
}
