// Root cause selects its candidates through indexes (component, labels, lexical top, nearest by
// vector) instead of scoring every issue. Checked on a real embedded store, search service and
// vector index: the ranking equals the one that scores every issue, from far fewer issues.
import { describe, expect, it } from "vitest";
import { embeddedDomain } from "../../harness/domain-stack.js";
import { RootCauseAnalysis } from "../../src/domain/root-cause/root-cause-analysis.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import { makeComponent, makeIssue } from "../conformance/graph-store.conformance.js";

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

  it("keeps the exact ranking for small limits, many shared labels and text matches 1 to 3 hops out", async () => {
    const { store, embedder, vectors, search, ctx } = await embeddedDomain(() => new Date(NOW));
    // A fixed pseudo-random graph (LCG), so a failure names the same case every run.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const components = [0, 1, 2].map((k) => makeComponent({ name: `area-${k}` }));
    // A small component: labelled issues of other components outrank its own, hops decide among them.
    const tiny = makeComponent({ name: "tiny" });
    for (const c of [...components, tiny]) await store.createComponent(c);
    // Twelve subjects × five symptoms: each word is in few enough issues for the lexical top 100.
    const subjects = ["invoice", "session", "webhook", "thumbnail", "export", "badge"];
    const more = ["coupon", "avatar", "sitemap", "ledger", "quota", "locale"];
    const symptoms = ["rounding", "timeout", "retry", "cache", "encoding"];
    const topics = [...subjects, ...more].flatMap((s) => symptoms.map((y) => `${s} ${y}`));
    const issues: IssueRecord[] = [];
    for (let k = 0; k < 360; k++) {
      const at = ago(Math.floor(next() * 24 * 12));
      const issue = makeIssue({
        title: `${pick(topics)} ${k}`,
        description: next() < 0.5 ? `seen with ${pick(topics)}` : "",
        component_id: next() < 0.8 ? pick(components).id : null,
        labels: next() < 0.6 ? [pick(["flaky", "Perf", "bug"])] : [],
        created_at: at,
        updated_at: at,
      });
      await store.createIssue(issue);
      await search.indexIssue(issue);
      issues.push(issue);
    }
    for (let k = 0; k < 4; k++) {
      const at = ago(k * 30);
      const issue = makeIssue({
        title: `tiny part ${k}`,
        component_id: tiny.id,
        created_at: at,
        updated_at: at,
      });
      await store.createIssue(issue);
      await search.indexIssue(issue);
      issues.push(issue);
    }
    for (let k = 0; k < 500; k++) {
      const a = 1 + Math.floor(next() * (issues.length - 1));
      const b = Math.floor(next() * a);
      await store.addDependency({ issue_id: issues[a]!.id, depends_on_id: issues[b]!.id }).catch(() => {});
    }
    const indexed = new RootCauseAnalysis(ctx, embedder, vectors, search);
    const all = new RootCauseAnalysis(ctx, embedder, vectors, search, { candidates: "all" });
    let compared = 0;
    // Every third round, after the analyses of the one before: old issues change (recency, labels,
    // component), so the index's ordered lists must follow the writes.
    const touch = async (round: number) => {
      for (const issue of issues.filter((_, k) => k % 13 === round % 13)) {
        // A new updated_at per round: a write always moves it (and the similarity cache is keyed by it).
        const now = ago(1 / (round + 1));
        const changed = {
          ...issue,
          updated_at: now,
          labels: round % 2 ? ["flaky"] : [],
          component_id: [...components, tiny][round % 4]!.id,
        };
        await store.updateIssue(changed);
        await search.indexIssue(changed);
      }
    };
    let round = 0;
    for (const component of [...components, tiny]) {
      for (const labels of [[], ["FLAKY"], ["perf", "bug"]]) {
        for (const [topic, limit] of [
          ["webhook retry fails with 502", 5],
          ["ledger quota grows", 10],
          ["nothing in common", 3],
        ] as const) {
          if (++round % 3 === 0) await touch(round);
          const request = { component_id: component.id, test_failure: topic, labels, limit };
          const ours = await indexed.analyse(request);
          expect(ours.candidates, JSON.stringify(request)).toEqual((await all.analyse(request)).candidates);
          expect(ours.candidates.length).toBeGreaterThan(0);
          compared++;
        }
      }
    }
    expect(compared).toBe(36);
  });
});
