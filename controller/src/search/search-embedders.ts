// Which embedders `e2e search` uses, from the environment (lib/embedding's selectEmbedder, the
// task graph's own choice). With EMBEDDINGS_URL the endpoint is one more channel, not a
// replacement: the shipped word vectors stay the base (the first stage's cosine, feedback and
// what min_score is held against, with the weights lib/search sets for them), and the endpoint's
// cosine is one more feature of the re-ranker, whose weights were fitted with that channel
// (lib/search e2eRerankerPath("http"); refit with `npm run fit:e2e-search` and your endpoint).
// Without it, the local embedder alone (LOCAL_EMBEDDER: word vectors, or hashing).
import {
  HttpEmbedder,
  selectEmbedder,
  WordVectorEmbedder,
  type WordVectors,
} from "../../../lib/embedding/index.js";
import { type RankWeights, rankWeights, readE2eSearchWeights } from "../../../lib/search/index.js";
import type { SearchEmbedder } from "./search-index.js";

export interface SearchEmbedders {
  /** The local embedder every document and query is embedded with. */
  base: SearchEmbedder;
  /** The embeddings endpoint (EMBEDDINGS_URL), when one is set. */
  channel?: SearchEmbedder;
  /** The first stage's weights for the base embedder. */
  weights: RankWeights;
  /** The committed word-vector table the base embedder reads, for soft matching to share (SearchIndexOptions.wordVectors). */
  wordVectors?: () => WordVectors;
}

/**
 * The hybrid's shares with the word vectors: the fitted table's (lib/search e2e-search-weights.ts,
 * fitted with them); another local embedder (hashing) keeps lib/search's, which no fit saw.
 */
function wordVectorWeights(): RankWeights {
  const { vectorWeight, softWeight } = readE2eSearchWeights().hybrid;
  return { vectorWeight, softWeight };
}

/** The embedders the environment names; a value it does not accept throws lib/embedding's EmbedderConfigError. */
export function searchEmbedders(env: NodeJS.ProcessEnv): SearchEmbedders {
  const chosen = selectEmbedder(env);
  if (chosen instanceof HttpEmbedder) {
    const base = new WordVectorEmbedder();
    return { base, channel: chosen, weights: wordVectorWeights(), wordVectors: () => base.vectors };
  }
  if (chosen instanceof WordVectorEmbedder)
    return { base: chosen, weights: wordVectorWeights(), wordVectors: () => chosen.vectors };
  return { base: chosen, weights: rankWeights(false) };
}
