// Above the exact limit, root cause embeds only issues with another signal plus the nearest ones
// by the vector index. Checked with small limits on a real embedded store and vector index.
import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import type { DomainContext } from "../../src/domain/context.js";
import { RootCauseAnalysis } from "../../src/domain/root-cause/root-cause-analysis.js";
import { SearchService } from "../../src/domain/search/index.js";
import { BestEffortIndexer } from "../../src/domain/search-indexer.js";
import { WriteLock } from "../../src/domain/write-lock.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import { makeComponent, makeIssue } from "../conformance/graph-store.conformance.js";

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const old = new Date(NOW - 60 * 24 * 3_600_000).toISOString().slice(0, 23);

describe("root cause on a graph above the exact-similarity limit", () => {
  it("still finds an old issue whose only link to the failure is its text, and skips unrelated ones", async () => {
    const store = new EmbeddedGraphStore();
    await store.init();
    const embedder = new HashingEmbedder();
    const vectors = new EmbeddedVectorIndex();
    await vectors.init();
    const search = new SearchService(vectors, embedder);
    const comp = makeComponent({ name: "checkout" });
    await store.createComponent(comp);
    const add = async (i: IssueRecord) => {
      await store.createIssue(i);
      await search.indexIssue(i);
      return i;
    };
    const textMatch = await add(
      makeIssue({ title: "Refund webhook signature rejected", created_at: old, updated_at: old }),
    );
    for (let k = 0; k < 30; k++) {
      await add(
        makeIssue({
          title: `Dark mode colour ${k}`,
          description: "palette tweaks",
          created_at: old,
          updated_at: old,
        }),
      );
    }
    const member = await add(
      makeIssue({ title: "Cart badge", component_id: comp.id, created_at: old, updated_at: old }),
    );
    const ctx: DomainContext = {
      store,
      lock: new WriteLock(),
      visibleAtCall: true,
      indexer: new BestEffortIndexer(null, 1000, { warn() {} }),
      now: () => new Date(NOW),
    };
    const request = {
      component_id: comp.id,
      test_failure: "refund webhook signature rejected with 400",
      limit: 100,
    };
    const approx = await new RootCauseAnalysis(ctx, embedder, vectors, { exact: 5, nearest: 3 }).analyse(
      request,
    );
    const exact = await new RootCauseAnalysis(ctx, embedder, vectors).analyse(request);

    expect(approx.considered).toBe(32);
    const ids = approx.candidates.map((c) => c.id);
    expect(ids).toContain(textMatch.id);
    expect(ids).toContain(member.id);
    // The same ranking as the exact computation for everything that passes the 0.1 cut.
    expect(ids).toEqual(exact.candidates.map((c) => c.id));
    expect(approx.candidates.find((c) => c.id === textMatch.id)!.signals.semantic).toBe(0.2);
  });
});
