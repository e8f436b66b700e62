// The whole graph (SPEC §2c) as every GraphStore adapter must keep it: bulk dependencies all or
// none with one event per edge, every edge for the export, the project filter of the issue and
// component lists, issue counts for the projects view, live claims for the agents view.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  ComponentRecord,
  EventDraft,
  EventRecord,
  GraphStore,
  IssueRecord,
} from "../../src/ports/graph-store.js";

let clock = Date.parse("2026-03-01T00:00:00.000Z");
function nextTime(): string {
  clock += 1000;
  return new Date(clock).toISOString().slice(0, 23);
}

function issue(overrides: Partial<IssueRecord> = {}): IssueRecord {
  const t = nextTime();
  return {
    id: randomUUID(),
    title: "An issue",
    description: "",
    status: "OPEN",
    priority: "MEDIUM",
    component_id: null,
    labels: [],
    created_at: t,
    updated_at: t,
    closed_at: null,
    ...overrides,
  };
}

function component(project: string): ComponentRecord {
  const t = nextTime();
  return {
    id: randomUUID(),
    name: `c-${randomUUID().slice(0, 8)}`,
    description: "",
    project,
    created_at: t,
    updated_at: t,
  };
}

const added = (issue_id: string, depends_on_id: string): EventDraft => ({
  type: "dependency.added",
  at: "2026-03-01T00:00:00.000",
  actor: "agent-a",
  issue_id,
  depends_on_id,
});

const byEdge = (a: { issue_id: string; depends_on_id: string }, b: typeof a) =>
  `${a.issue_id}>${a.depends_on_id}`.localeCompare(`${b.issue_id}>${b.depends_on_id}`);

export function describeWholeGraphConformance(name: string, factory: () => Promise<GraphStore>): void {
  describe(`GraphStore conformance, the whole graph: ${name}`, () => {
    let store: GraphStore;
    let heard: EventRecord[];

    beforeEach(async () => {
      store = await factory();
      await store.init();
      heard = [];
      store.onEvent((e) => heard.push(e));
    });
    afterEach(async () => {
      await store.close();
    });

    async function issues(n: number, overrides: Partial<IssueRecord> = {}): Promise<IssueRecord[]> {
      const made = Array.from({ length: n }, () => issue(overrides));
      for (const i of made) await store.createIssue(i);
      return made;
    }

    describe("bulk dependencies", () => {
      it("adds every edge with its own event, numbered in order, heard after the write resolves", async () => {
        const [a, b, c] = await issues(3);
        const edges = [b!, c!].map((p) => ({ issue_id: a!.id, depends_on_id: p.id }));
        const pending = store.addDependencies(edges, [added(a!.id, b!.id), added(a!.id, c!.id)]);
        await pending;
        expect((await store.dependenciesOf(a!.id)).depends_on.sort()).toEqual([b!.id, c!.id].sort());
        expect(heard.map((e) => [e.id, e.type, e.depends_on_id])).toEqual([
          [1, "dependency.added", b!.id],
          [2, "dependency.added", c!.id],
        ]);
        expect((await store.readEvents(0, 10)).events).toEqual(heard);
        expect((await store.issueActivity(c!.id, 0, 10)).items.map((e) => e.id)).toEqual([2]);
      });

      it("stores nothing and records no event when an issue of one edge does not exist", async () => {
        const [a, b] = await issues(2);
        const edges = [
          { issue_id: a!.id, depends_on_id: b!.id },
          { issue_id: a!.id, depends_on_id: randomUUID() },
        ];
        await expect(
          store.addDependencies(
            edges,
            edges.map((e) => added(e.issue_id, e.depends_on_id)),
          ),
        ).rejects.toThrow();
        expect(await store.dependenciesOf(a!.id)).toEqual({ depends_on: [], blocks: [] });
        expect(await store.dependenciesOf(b!.id)).toEqual({ depends_on: [], blocks: [] });
        expect((await store.readEvents(0, 10)).last).toBe(0);
        expect(heard).toEqual([]);
        expect(await store.allDependencies()).toEqual([]);
      });

      it("keeps the blocked and workable lists in step with the edges it adds", async () => {
        const [a, b] = await issues(2);
        const [done] = await issues(1, { status: "CLOSED", closed_at: nextTime() });
        await store.addDependencies([
          { issue_id: a!.id, depends_on_id: b!.id },
          { issue_id: b!.id, depends_on_id: done!.id },
        ]);
        const ids = async (readiness: "blocked" | "workable") =>
          (await store.listIssues({ readiness, offset: 0, limit: 10 })).items.map((i) => i.id);
        expect(await ids("blocked")).toEqual([a!.id]);
        expect(await ids("workable")).toEqual([b!.id]);
      });
    });

    it("answers every edge, and an edge goes with its issue", async () => {
      const [a, b, c] = await issues(3);
      await store.addDependency({ issue_id: a!.id, depends_on_id: b!.id });
      await store.addDependency({ issue_id: b!.id, depends_on_id: c!.id });
      await store.addDependency({ issue_id: a!.id, depends_on_id: c!.id });
      expect((await store.allDependencies()).sort(byEdge)).toEqual(
        [
          { issue_id: a!.id, depends_on_id: b!.id },
          { issue_id: b!.id, depends_on_id: c!.id },
          { issue_id: a!.id, depends_on_id: c!.id },
        ].sort(byEdge),
      );
      await store.deleteIssue(b!.id);
      expect(await store.allDependencies()).toEqual([{ issue_id: a!.id, depends_on_id: c!.id }]);
    });

    describe("projects", () => {
      it("filters issues by the project of their component, alone and with other filters", async () => {
        const shop = component("shop");
        const other = component("other");
        for (const c of [shop, other]) await store.createComponent(c);
        const [s1, s2] = await issues(2, { component_id: shop.id });
        await issues(1, { component_id: other.id });
        await issues(1);
        const [s3] = await issues(1, { component_id: shop.id, priority: "HIGH" });
        const list = async (extra: object) =>
          store.listIssues({ project: "shop", offset: 0, limit: 10, ...extra });
        expect((await list({})).items.map((i) => i.id)).toEqual([s1!.id, s2!.id, s3!.id]);
        expect((await list({})).total).toBe(3);
        expect((await list({ priority: ["HIGH"] })).items.map((i) => i.id)).toEqual([s3!.id]);
        expect((await list({ offset: 1, limit: 1 })).items.map((i) => i.id)).toEqual([s2!.id]);
        expect((await list({ readiness: "workable", sort: "-created_at" })).items.map((i) => i.id)).toEqual([
          s3!.id,
          s2!.id,
          s1!.id,
        ]);
        expect((await store.listIssues({ project: "none", offset: 0, limit: 10 })).total).toBe(0);
      });

      it("lists the components of one project with paging and their total", async () => {
        const made = [component("shop"), component("other"), component("shop"), component("shop")];
        for (const c of made) await store.createComponent(c);
        expect(await store.listComponents(1, 1, "shop")).toEqual({ items: [made[2]], total: 3 });
        expect((await store.listComponents(0, 10, "other")).items).toEqual([made[1]]);
        expect(await store.listComponents(0, 10, "none")).toEqual({ items: [], total: 0 });
        expect((await store.listComponents(0, 10)).total).toBe(4);
      });

      it("counts issues by component and status, issues without a component under null", async () => {
        const shop = component("shop");
        await store.createComponent(shop);
        await issues(2, { component_id: shop.id });
        await issues(1, { component_id: shop.id, status: "CLOSED", closed_at: nextTime() });
        await issues(1, { status: "IN_PROGRESS" });
        const counts = (await store.issueCounts()).sort((a, b) =>
          `${a.component_id}${a.status}`.localeCompare(`${b.component_id}${b.status}`),
        );
        expect(counts).toEqual(
          [
            { component_id: shop.id, status: "CLOSED", count: 1 },
            { component_id: shop.id, status: "OPEN", count: 2 },
            { component_id: null, status: "IN_PROGRESS", count: 1 },
          ].sort((a, b) => `${a.component_id}${a.status}`.localeCompare(`${b.component_id}${b.status}`)),
        );
      });
    });

    it("answers the issues holding a live claim, in creation order, not those whose lease ran out", async () => {
      const [a, b, c] = await issues(3);
      const now = "2026-03-01T01:00:00.000";
      await store.claimIssue({ id: c!.id, agent: "x", expires_at: "2026-03-01T02:00:00.000", now });
      await store.claimIssue({ id: a!.id, agent: "y", expires_at: "2026-03-01T01:30:00.000", now });
      await store.claimIssue({ id: b!.id, agent: "z", expires_at: "2026-03-01T01:00:01.000", now });
      const later = "2026-03-01T01:10:00.000";
      expect((await store.claimedIssues(later)).map((i) => [i.id, i.assignee])).toEqual([
        [a!.id, "y"],
        [c!.id, "x"],
      ]);
      await store.releaseClaim({ id: a!.id, now: later });
      expect((await store.claimedIssues(later)).map((i) => i.id)).toEqual([c!.id]);
    });
  });
}
