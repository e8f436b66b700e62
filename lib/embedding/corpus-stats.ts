// Optional document frequencies for IDF. Without them the embedder uses a fixed prior (see
// hashing-embedder.ts), which keeps vectors stable as the corpus grows: an index never has to be
// re-embedded because a word became more common. Callers with a fixed corpus (the controller's
// `e2e search` over a code base) can supply real statistics for sharper weights.
import { tokenize } from "./tokenize.js";

export interface CorpusStats {
  readonly documentCount: number;
  documentFrequency(token: string): number;
}

/** Counts, for each token, how many added documents contain it. */
export class CorpusStatistics implements CorpusStats {
  #documents = 0;
  readonly #df = new Map<string, number>();

  get documentCount(): number {
    return this.#documents;
  }

  add(text: string): void {
    this.#documents++;
    for (const token of new Set(tokenize(text))) this.#df.set(token, (this.#df.get(token) ?? 0) + 1);
  }

  documentFrequency(token: string): number {
    return this.#df.get(token) ?? 0;
  }
}
