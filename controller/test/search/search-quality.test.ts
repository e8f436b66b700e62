// Holds `e2e search`'s quality (bench/e2e-search: 650 plain-language queries over the framework
// fixtures' manifests and this repository's services, judged by reading): the hybrid ranking
// finds an expected endpoint in its top 3 for at least 90 % of them (the target), and
// clearly more often than plain BM25 over the same documents. `npm run bench:e2e-search` prints
// the figures and every miss.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../../bench/e2e-search/evaluate.js";

/**
 * The target: 90 % top-3. Measured 90.5 % (588 of 650) on 2026-11-24, and 91.6 % on the
 * 119 blind queries no change was shaped on (H557..H736); bench/results/e2e-search.md, final check.
 */
const TOP3_FLOOR = 0.9;

// Held on the corpus the answers were judged on (bench/e2e-search/judged-endpoints.json); on the
// live one, with the endpoints added since (events, activity, notes), it measured 89.7 % on
// 2026-11-27: an open regression of the ranking (issue 21), printed by `npm run bench:e2e-search`.

describe("e2e search quality", () => {
  it("puts an expected endpoint in the top 3 for at least 90 % of plain-language queries, more often than BM25", async () => {
    const e = await evaluate("judged");
    expect(e.queries).toBeGreaterThanOrEqual(30);
    const misses = e.outcomes.filter((o) => o.ours === 0 || o.ours > 3).map((o) => `${o.id} ${o.query}`);
    expect(e.oursTop3, `missed: ${misses.join("; ")}`).toBeGreaterThanOrEqual(TOP3_FLOOR);
    expect(e.oursTop3).toBeGreaterThanOrEqual(e.bm25Top3 + 0.1);
    expect(e.oursMrr).toBeGreaterThan(e.bm25Mrr);
  }, 120_000);
});
