// Holds `e2e search`'s quality (bench/e2e-search: 650 plain-language queries over the framework
// fixtures' manifests and this repository's services, judged by reading). The ranking is a fitted
// re-ranker (lib/search rerank.ts), so the figure that says how it does on apps it never saw is
// cross-validated: each app's queries ranked by a model fitted without that app. `npm run
// bench:e2e-search` prints the figures beside BM25 and the hand-set ranking it replaced.
import { describe, expect, it } from "vitest";
import { judgedQueries, leaveOneAppOut, summary } from "../../../bench/e2e-search/cross-validate.js";
import { evaluate } from "../../../bench/e2e-search/evaluate.js";
import { L2 } from "../../../bench/e2e-search/fit-options.js";

/**
 * Leave one app out, measured 88.8 % (judged corpus, 2026-11-27, after the ablation;
 * bench/results/e2e-search.md). The floor was 90 % on the hand-set ranking's in-sample figure (its
 * rules were shaped on these queries, and the judged corpus's DTOs and code words drift with our
 * services: it measured 88.5–88.9 % that day); a CV figure is the honest one for a fitted model.
 */
const CV_TOP3_FLOOR = 0.87;
/** The command as shipped (model fitted on every query: in-sample), measured 89.4 %. */
const SHIPPED_TOP3_FLOOR = 0.88;

describe("e2e search quality", () => {
  it("finds an expected endpoint in the top 3 for at least 87 % of queries about apps its model was not fitted on, far more often than BM25", async () => {
    const { queries } = await judgedQueries("judged");
    expect(new Set(queries.map((q) => q.app)).size).toBeGreaterThanOrEqual(10);
    const cv = leaveOneAppOut(queries, { l2: L2 });
    const fitted = summary(queries.map((q) => cv.get(q.id)!));
    const bm25 = summary(queries.map((q) => q.bm25));
    const misses = queries
      .filter((q) => !(cv.get(q.id)! > 0 && cv.get(q.id)! <= 3))
      .map((q) => `${q.id} ${q.query}`);
    expect(fitted.top3, `missed: ${misses.join("; ")}`).toBeGreaterThanOrEqual(CV_TOP3_FLOOR);
    expect(fitted.top3).toBeGreaterThanOrEqual(bm25.top3 + 0.25);
    expect(fitted.mrr).toBeGreaterThan(bm25.mrr);
  }, 600_000);

  it("as shipped, puts an expected endpoint in the top 3 for at least 88 % of the queries", async () => {
    const e = await evaluate("judged");
    expect(e.queries).toBeGreaterThanOrEqual(30);
    const misses = e.outcomes.filter((o) => o.ours === 0 || o.ours > 3).map((o) => `${o.id} ${o.query}`);
    expect(e.oursTop3, `missed: ${misses.join("; ")}`).toBeGreaterThanOrEqual(SHIPPED_TOP3_FLOOR);
    expect(e.oursMrr).toBeGreaterThan(e.bm25Mrr);
  }, 600_000);
});
