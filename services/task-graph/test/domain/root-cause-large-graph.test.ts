// Root cause selects its candidates through indexes (component, labels, lexical top, nearest by
// vector) instead of scoring every issue. Checked on a real embedded store, search service and
// vector index: the ranking equals the one that scores every issue, from far fewer issues.
import { describe, expect, it } from "vitest";
import { RootCauseAnalysis } from "../../src/domain/root-cause/root-cause-analysis.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import { makeComponent, makeIssue } from "../conformance/graph-store.conformance.js";
import { embeddedDomain } from "../helpers/domain-stack.js";

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString().slice(0, 23);

describe("root cause with candidates selected through indexes", () => {
  it("ranks like scoring every issue, text matches outside the component included, from a fraction of the issues", async () => {
    const { store, embedder, vectors, search, ctx } = await embeddedDomain(() => new Date(NOW));
    const checkout = makeComponent({ name: "checkout" });
    const catalog = makeComponent({ name: "catalog" });
    await store.createComponent(checkout);
    await store.createComponent(catalog);
    const add = async (i: IssueRecord) => {
      await store.createIssue(i);
      await search.indexIssue(i);
      return i;
    };
    const old = ago(60 * 24);
    const textMatch = await add(
      makeIssue({ title: "Refund webhook signature rejected", created_at: old, updated_at: old }),
    );
    const labelled = await add(
      makeIssue({ title: "Sandbox keys rotated", labels: ["Payments"], created_at: old, updated_at: old }),
    );
    const members: IssueRecord[] = [];
    for (let k = 0; k < 20; k++) {
      members.push(
        await add(
          makeIssue({
            title: `Cart badge ${k}`,
            component_id: checkout.id,
            created_at: ago(k),
            updated_at: ago(k),
          }),
        ),
      );
    }
    for (let k = 0; k < 300; k++) {
      const at = ago(k % 5);
      await add(
        makeIssue({
          title: `Dark mode colour ${k}`,
          description: "palette tweaks",
          component_id: catalog.id,
          created_at: at,
          updated_at: at,
        }),
      );
    }
    // A recent catalog issue next to a checkout issue but unrelated to the failure: no candidate.
    const neighbour = await add(
      makeIssue({ title: "Footer colour", created_at: ago(1), updated_at: ago(1) }),
    );
    await store.addDependency({ issue_id: members[0]!.id, depends_on_id: neighbour.id });
    const request = {
      component_id: checkout.id,
      test_failure: "refund webhook signature rejected with 400",
      labels: ["payments"],
      limit: 100,
    };
    const indexed = await new RootCauseAnalysis(ctx, embedder, vectors, search).analyse(request);
    const all = await new RootCauseAnalysis(ctx, embedder, vectors, search, { candidates: "all" }).analyse(
      request,
    );

    expect(all.considered).toBe(323);
    expect(indexed.considered).toBeLessThan(all.considered / 2);
    const ids = indexed.candidates.map((c) => c.id);
    // Evidence without context (a text match, a shared label) ranks above context without evidence.
    expect(ids.slice(0, 2).sort()).toEqual([textMatch.id, labelled.id].sort());
    for (const m of members) expect(ids).toContain(m.id);
    expect(ids).not.toContain(neighbour.id);
    expect(indexed.candidates).toEqual(all.candidates);
  });
});
