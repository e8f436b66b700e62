// Cosine similarity of the failure text to every candidate, through the Embedder port.
// Candidate vectors are cached by id and updated_at, so repeated analyses embed only changes.
import { cosineOf } from "../../../../../lib/embedding/index.js";
import type { Embedder } from "../../ports/embedder.js";
import type { IssueRecord } from "../../ports/graph-store.js";

const BATCH = 128;

function candidateText(i: IssueRecord): string {
  return [i.title, i.description, i.labels.join(" ")].filter(Boolean).join("\n");
}

export class SemanticScorer {
  private readonly cache = new Map<string, Float32Array>();

  constructor(
    private readonly embedder: Embedder,
    private readonly maxCached = 50_000,
  ) {}

  async embedQuery(text: string): Promise<Float32Array> {
    const [query] = await this.embedder.embed([text]);
    return query!;
  }

  async similarities(query: Float32Array, candidates: IssueRecord[]): Promise<Map<string, number>> {
    const vectors = await this.vectorsOf(candidates);
    const out = new Map<string, number>();
    candidates.forEach((c, k) => {
      out.set(c.id, cosineOf(query, vectors[k]!));
    });
    return out;
  }

  private async vectorsOf(candidates: IssueRecord[]): Promise<Float32Array[]> {
    const keys = candidates.map((c) => `${c.id}@${c.updated_at}`);
    const missing = candidates.map((_, k) => k).filter((k) => !this.cache.has(keys[k]!));
    for (let start = 0; start < missing.length; start += BATCH) {
      const chunk = missing.slice(start, start + BATCH);
      const vectors = await this.embedder.embed(chunk.map((k) => candidateText(candidates[k]!)));
      chunk.forEach((k, j) => {
        this.remember(keys[k]!, vectors[j]!);
      });
    }
    // A candidate evicted mid-call is embedded again rather than failing.
    return Promise.all(
      keys.map(
        async (key, k) =>
          this.cache.get(key) ?? (await this.embedder.embed([candidateText(candidates[k]!)]))[0]!,
      ),
    );
  }

  private remember(key: string, v: Float32Array): void {
    if (this.cache.size >= this.maxCached) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, v);
  }
}
