// The nine first-stage weights of `e2e search`: how much each kind of document field counts in
// BM25 (the BM25F boosts), how much the API vocabulary's words count in a query, and the hybrid
// score's shares and cut (min_score) that pick the re-ranker's candidates. They are FITTED, not set
// by hand: `npm run fit:e2e-search-weights` (bench/e2e-search/fit-weights.ts) chooses them on the
// judged queries (inside each leave-one-app-out fold for every figure it reports) and writes the
// table this file reads, data/e2e-search-weights.json (copied into dist/ with the other data files).
import { readFileSync } from "node:fs";
import { dataFile } from "../embedding/index.js";

export interface E2eSearchWeights {
  /** BM25F boosts of a document's fields: names (path, handler, DTO name), words (parameters, DTO names), hints. */
  boosts: { name: number; words: number; hint: number };
  /**
   * The API vocabulary's terms: a group word beside the user's (`group`), a group word standing in
   * for a user's word no item holds (`standsIn`, < 1: 1 would count as one more word asked for),
   * the word a phrase stands for (`phrase`).
   */
  vocabulary: { group: number; standsIn: number; phrase: number };
  /** lib/search hybridScore's cosine and soft-matching shares, and the cut under which a candidate is dropped. */
  hybrid: { vectorWeight: number; softWeight: number; minScore: number };
}

/** Where the fitted table is (committed). */
export const e2eSearchWeightsPath = () => dataFile(import.meta.url, "search", "e2e-search-weights.json");

const KEYS = {
  boosts: ["name", "words", "hint"],
  vocabulary: ["group", "standsIn", "phrase"],
  hybrid: ["vectorWeight", "softWeight", "minScore"],
} as const;

/** The table's weights, each checked to be a number ≥ 0 (standsIn below 1); an error names the file, the key and the fix. */
export function parseE2eSearchWeights(json: unknown, source: string): E2eSearchWeights {
  const root = (json as { weights?: Record<string, Record<string, unknown>> })?.weights;
  const out: Record<string, Record<string, number>> = {};
  for (const [group, keys] of Object.entries(KEYS)) {
    out[group] = {};
    for (const key of keys) {
      const value = root?.[group]?.[key];
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
        throw new Error(
          `${source}: weights.${group}.${key} must be a number ≥ 0, got ${JSON.stringify(value)}; fit it again (npm run fit:e2e-search-weights)`,
        );
      out[group][key] = value;
    }
  }
  const weights = out as unknown as E2eSearchWeights;
  if (weights.vocabulary.standsIn >= 1)
    throw new Error(
      `${source}: weights.vocabulary.standsIn must be below 1 (1 counts as a word the user asked for)`,
    );
  return weights;
}

let shipped: E2eSearchWeights | undefined;

/** The committed table's weights, read once. */
export function readE2eSearchWeights(path = e2eSearchWeightsPath()): E2eSearchWeights {
  if (path !== e2eSearchWeightsPath())
    return parseE2eSearchWeights(JSON.parse(readFileSync(path, "utf8")), path);
  shipped ??= parseE2eSearchWeights(JSON.parse(readFileSync(path, "utf8")), path);
  return shipped;
}
