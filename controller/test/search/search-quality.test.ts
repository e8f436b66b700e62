// Holds the floor of `e2e search`'s quality (bench/e2e-search: 567 plain-language queries over
// the framework fixtures' manifests and this repository's services, judged by reading): the
// hybrid ranking finds the expected endpoint in its top 3 at least as often as the floor below,
// and clearly more often than plain BM25 over the same documents. `npm run bench:e2e-search`
// prints the figures and every miss.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../../bench/e2e-search/evaluate.js";

/**
 * Measured top-3 accuracy (89.6 %, 508 of 567, on 2026-11-24 after 223 more blind queries joined
 * the holdout this session, with its rules: collocations, action verbs, service names, path
 * stopwords, aggregates, statuses, apostrophes), less two queries of margin
 * (bench/results/e2e-search.md). The target is 90 %: not met, and this floor only keeps
 * what is measured from slipping.
 */
const TOP3_FLOOR = 0.89;

describe("e2e search quality", () => {
  it("puts an expected endpoint in the top 3 for most plain-language queries, more often than BM25", async () => {
    const e = await evaluate();
    expect(e.queries).toBeGreaterThanOrEqual(30);
    const misses = e.outcomes.filter((o) => o.ours === 0 || o.ours > 3).map((o) => `${o.id} ${o.query}`);
    expect(e.oursTop3, `missed: ${misses.join("; ")}`).toBeGreaterThanOrEqual(TOP3_FLOOR);
    expect(e.oursTop3).toBeGreaterThanOrEqual(e.bm25Top3 + 0.1);
    expect(e.oursMrr).toBeGreaterThan(e.bm25Mrr);
  }, 120_000);
});
