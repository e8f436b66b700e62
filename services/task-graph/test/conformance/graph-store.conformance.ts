// The behaviour every GraphStore adapter must show. Each adapter's test file calls
// describeGraphStoreConformance with a factory returning a fresh, empty, not yet initialised
// store; the suite calls init() before and close() after every test.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ComponentRecord, GraphStore, IssueRecord } from "../../src/ports/graph-store.js";
import { describeCodeGraphStoreConformance } from "./code-graph-store.conformance.js";
import { describeEventStoreConformance } from "./event-store.conformance.js";
import { describeWholeGraphConformance } from "./whole-graph.conformance.js";

let clock = Date.parse("2026-01-01T00:00:00.000Z");
/** Strictly increasing timestamps in the service's format. */
function nextTime(): string {
  clock += 1000;
  return new Date(clock).toISOString().slice(0, 23);
}

export function makeIssue(overrides: Partial<IssueRecord> = {}): IssueRecord {
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

export function makeComponent(overrides: Partial<ComponentRecord> = {}): ComponentRecord {
  const t = nextTime();
  return {
    id: randomUUID(),
    name: `component-${randomUUID().slice(0, 8)}`,
    description: "",
    project: "default",
    created_at: t,
    updated_at: t,
    ...overrides,
  };
}

export function describeGraphStoreConformance(name: string, factory: () => Promise<GraphStore>): void {
  describeCodeGraphStoreConformance(name, factory);
  describeEventStoreConformance(name, factory);
  describeWholeGraphConformance(name, factory);
  describe(`GraphStore conformance: ${name}`, () => {
    let store: GraphStore;

    beforeEach(async () => {
      store = await factory();
      await store.init();
    });
    afterEach(async () => {
      await store.close();
    });

    async function chain(n: number): Promise<IssueRecord[]> {
      const issues = Array.from({ length: n }, (_, i) => makeIssue({ title: `chain ${i}` }));
      for (const i of issues) await store.createIssue(i);
      // issues[k] depends on issues[k + 1]
      for (let k = 0; k + 1 < n; k++) {
        await store.addDependency({ issue_id: issues[k]!.id, depends_on_id: issues[k + 1]!.id });
      }
      return issues;
    }

    it("names its backend and answers a ping", async () => {
      expect(typeof store.backend).toBe("string");
      expect(store.backend.length).toBeGreaterThan(0);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe("issues", () => {
      it("stores an issue and returns it unchanged", async () => {
        const issue = makeIssue({ title: "Login fails", labels: ["auth", "ui"], priority: "HIGH" });
        await store.createIssue(issue);
        expect(await store.getIssue(issue.id)).toEqual(issue);
      });

      it("returns null for an unknown issue", async () => {
        expect(await store.getIssue(randomUUID())).toBeNull();
      });

      it("replaces an issue on update and reports whether it existed", async () => {
        const issue = makeIssue();
        await store.createIssue(issue);
        const changed = { ...issue, status: "CLOSED" as const, closed_at: nextTime(), labels: ["x"] };
        expect(await store.updateIssue(changed)).toBe(true);
        expect(await store.getIssue(issue.id)).toEqual(changed);
        expect(await store.updateIssue(makeIssue())).toBe(false);
      });

      it("keeps its own copy: changing the object passed in does not change the stored issue", async () => {
        const issue = makeIssue({ labels: ["a"] });
        const copy = structuredClone(issue);
        await store.createIssue(issue);
        try {
          issue.title = "changed";
          issue.labels.push("b");
        } catch {
          // a store may freeze what it was given; either way the stored value must not change
        }
        expect(await store.getIssue(copy.id)).toEqual(copy);
      });

      it("deletes an issue with every edge touching it and reports whether it existed", async () => {
        const [a, b, c] = await chain(3);
        expect(await store.deleteIssue(b!.id)).toBe(true);
        expect(await store.getIssue(b!.id)).toBeNull();
        expect(await store.dependenciesOf(a!.id)).toEqual({ depends_on: [], blocks: [] });
        expect(await store.dependenciesOf(c!.id)).toEqual({ depends_on: [], blocks: [] });
        expect(await store.deleteIssue(b!.id)).toBe(false);
      });

      it("gets several issues at once in the order asked, skipping unknown ids", async () => {
        const a = makeIssue();
        const b = makeIssue();
        await store.createIssue(a);
        await store.createIssue(b);
        const got = await store.getIssues([b.id, randomUUID(), a.id]);
        expect(got.map((i) => i.id)).toEqual([b.id, a.id]);
      });

      it("returns every issue", async () => {
        const made = [makeIssue(), makeIssue(), makeIssue()];
        for (const i of made) await store.createIssue(i);
        const all = await store.allIssues();
        expect(all.map((i) => i.id).sort()).toEqual(made.map((i) => i.id).sort());
      });

      it("counts the issues of a component", async () => {
        const comp = makeComponent();
        await store.createComponent(comp);
        await store.createIssue(makeIssue({ component_id: comp.id }));
        await store.createIssue(makeIssue({ component_id: comp.id }));
        await store.createIssue(makeIssue());
        expect(await store.countIssuesByComponent(comp.id)).toBe(2);
        expect(await store.countIssuesByComponent(randomUUID())).toBe(0);
      });
    });

    describe("listing issues", () => {
      let made: IssueRecord[];
      let comp: ComponentRecord;
      beforeEach(async () => {
        comp = makeComponent();
        await store.createComponent(comp);
        made = [
          makeIssue({
            title: "Crash on login",
            priority: "CRITICAL",
            labels: ["auth"],
            component_id: comp.id,
          }),
          makeIssue({
            title: "Slow search",
            description: "The LOGIN page too",
            priority: "LOW",
            status: "CLOSED",
          }),
          makeIssue({ title: "Typo", priority: "MEDIUM", labels: ["ui", "auth"], status: "IN_PROGRESS" }),
          makeIssue({ title: "Timeout", priority: "HIGH", status: "BLOCKED", component_id: comp.id }),
          makeIssue({ title: "Dark mode", priority: "LOW" }),
        ];
        for (const i of made) await store.createIssue(i);
      });
      const ids = (items: IssueRecord[]) => items.map((i) => i.title);

      it("lists in creation order by default with the total", async () => {
        const page = await store.listIssues({ offset: 0, limit: 20 });
        expect(ids(page.items)).toEqual(ids(made));
        expect(page.total).toBe(5);
      });

      it("pages with offset and limit, and returns an empty page past the end", async () => {
        const p2 = await store.listIssues({ offset: 2, limit: 2 });
        expect(ids(p2.items)).toEqual(["Typo", "Timeout"]);
        expect(p2.total).toBe(5);
        const past = await store.listIssues({ offset: 10, limit: 2 });
        expect(past.items).toEqual([]);
        expect(past.total).toBe(5);
      });

      it("filters by status and priority lists", async () => {
        const open = await store.listIssues({ status: ["OPEN", "BLOCKED"], offset: 0, limit: 20 });
        expect(ids(open.items)).toEqual(["Crash on login", "Timeout", "Dark mode"]);
        const low = await store.listIssues({ priority: ["LOW"], status: ["OPEN"], offset: 0, limit: 20 });
        expect(ids(low.items)).toEqual(["Dark mode"]);
        expect(low.total).toBe(1);
      });

      it("filters by component, label and case-insensitive text in title or description", async () => {
        expect(ids((await store.listIssues({ component_id: comp.id, offset: 0, limit: 20 })).items)).toEqual([
          "Crash on login",
          "Timeout",
        ]);
        expect(ids((await store.listIssues({ label: "auth", offset: 0, limit: 20 })).items)).toEqual([
          "Crash on login",
          "Typo",
        ]);
        expect(ids((await store.listIssues({ q: "login", offset: 0, limit: 20 })).items)).toEqual([
          "Crash on login",
          "Slow search",
        ]);
      });

      it("sorts by priority, updated_at and created_at, ascending or descending", async () => {
        const byPriority = await store.listIssues({ sort: "-priority", offset: 0, limit: 20 });
        expect(ids(byPriority.items)).toEqual([
          "Crash on login",
          "Timeout",
          "Typo",
          "Slow search",
          "Dark mode",
        ]);
        const asc = await store.listIssues({ sort: "priority", offset: 0, limit: 20 });
        expect(ids(asc.items)).toEqual(["Slow search", "Dark mode", "Typo", "Timeout", "Crash on login"]);
        const newest = await store.listIssues({ sort: "-created_at", offset: 0, limit: 2 });
        expect(ids(newest.items)).toEqual(["Dark mode", "Timeout"]);
        await store.updateIssue({ ...made[0]!, updated_at: nextTime() });
        const touched = await store.listIssues({ sort: "-updated_at", offset: 0, limit: 1 });
        expect(ids(touched.items)).toEqual(["Crash on login"]);
        const untouched = await store.listIssues({ sort: "updated_at", offset: 0, limit: 1 });
        expect(ids(untouched.items)).toEqual(["Slow search"]);
      });
    });

    describe("components", () => {
      it("stores, finds by project and name, updates and deletes a component", async () => {
        const c = makeComponent({ name: "billing", project: "shop" });
        await store.createComponent(c);
        expect(await store.getComponent(c.id)).toEqual(c);
        expect(await store.findComponentByName("shop", "billing")).toEqual(c);
        expect(await store.findComponentByName("other", "billing")).toBeNull();
        const renamed = { ...c, name: "payments", updated_at: nextTime() };
        expect(await store.updateComponent(renamed)).toBe(true);
        expect(await store.findComponentByName("shop", "billing")).toBeNull();
        expect(await store.getComponent(c.id)).toEqual(renamed);
        expect(await store.deleteComponent(c.id)).toBe(true);
        expect(await store.getComponent(c.id)).toBeNull();
        expect(await store.deleteComponent(c.id)).toBe(false);
        expect(await store.updateComponent(renamed)).toBe(false);
      });

      it("lists components in creation order with paging", async () => {
        const made = [makeComponent(), makeComponent(), makeComponent()];
        for (const c of made) await store.createComponent(c);
        const page = await store.listComponents(1, 1);
        expect(page).toEqual({ items: [made[1]], total: 3 });
        expect((await store.listComponents(5, 10)).items).toEqual([]);
      });
    });

    describe("dependencies", () => {
      it("adds an edge once, reports a repeated add, and shows it from both ends", async () => {
        const a = makeIssue();
        const b = makeIssue();
        await store.createIssue(a);
        await store.createIssue(b);
        expect(await store.addDependency({ issue_id: a.id, depends_on_id: b.id })).toBe(true);
        expect(await store.addDependency({ issue_id: a.id, depends_on_id: b.id })).toBe(false);
        expect(await store.dependenciesOf(a.id)).toEqual({ depends_on: [b.id], blocks: [] });
        expect(await store.dependenciesOf(b.id)).toEqual({ depends_on: [], blocks: [a.id] });
      });

      it("answers dependenciesOfMany like dependenciesOf for each id, when the adapter offers it", async () => {
        const [a, b, c] = await chain(3);
        if (!store.dependenciesOfMany) return;
        const many = await store.dependenciesOfMany([a!.id, b!.id, c!.id]);
        for (const i of [a!, b!, c!]) expect(many.get(i.id)).toEqual(await store.dependenciesOf(i.id));
      });

      it("removes an edge and reports when there was none", async () => {
        const [a, b] = await chain(2);
        expect(await store.removeDependency({ issue_id: a!.id, depends_on_id: b!.id })).toBe(true);
        expect(await store.removeDependency({ issue_id: a!.id, depends_on_id: b!.id })).toBe(false);
        expect(await store.dependenciesOf(a!.id)).toEqual({ depends_on: [], blocks: [] });
      });

      it("finds the shortest dependency path, or null when there is none", async () => {
        const [a, b, c, d] = await chain(4);
        // a shortcut a → c makes a → c → d shorter than a → b → c → d
        await store.addDependency({ issue_id: a!.id, depends_on_id: c!.id });
        expect(await store.findPath(a!.id, d!.id)).toEqual([a!.id, c!.id, d!.id]);
        expect(await store.findPath(b!.id, d!.id)).toEqual([b!.id, c!.id, d!.id]);
        expect(await store.findPath(d!.id, a!.id)).toBeNull();
        expect(await store.findPath(a!.id, d!.id, 1)).toBeNull();
        expect(await store.findPath(a!.id, d!.id, 2)).toEqual([a!.id, c!.id, d!.id]);
      });
    });

    describe("walks", () => {
      it("walks dependents breadth-first, each node once at its smallest depth, with its path", async () => {
        // diamond: b and c depend on a; d depends on b and c; e depends on d
        const [a, b, c, d, e] = Array.from({ length: 5 }, () => makeIssue());
        for (const i of [a, b, c, d, e]) await store.createIssue(i!);
        const dep = (x: IssueRecord, y: IssueRecord) =>
          store.addDependency({ issue_id: x.id, depends_on_id: y.id });
        await dep(b!, a!);
        await dep(c!, a!);
        await dep(d!, b!);
        await dep(d!, c!);
        await dep(e!, d!);
        const r = await store.walk(a!.id, "dependents", 10);
        expect(r.truncated).toBe(false);
        const byId = new Map(r.steps.map((s) => [s.id, s]));
        expect(r.steps).toHaveLength(4);
        expect(byId.get(b!.id)).toEqual({ id: b!.id, depth: 1, path: [a!.id, b!.id] });
        expect(byId.get(c!.id)?.depth).toBe(1);
        expect(byId.get(d!.id)?.depth).toBe(2);
        expect([
          [a!.id, b!.id, d!.id],
          [a!.id, c!.id, d!.id],
        ]).toContainEqual(byId.get(d!.id)?.path);
        expect(byId.get(e!.id)?.depth).toBe(3);
        expect(byId.get(e!.id)?.path).toHaveLength(4);
        expect(r.steps.map((s) => s.depth)).toEqual([...r.steps.map((s) => s.depth)].sort((x, y) => x - y));
      });

      it("walks prerequisites the other way", async () => {
        const [a, b, c] = await chain(3);
        const r = await store.walk(a!.id, "prerequisites", 5);
        expect(r.steps).toEqual([
          { id: b!.id, depth: 1, path: [a!.id, b!.id] },
          { id: c!.id, depth: 2, path: [a!.id, b!.id, c!.id] },
        ]);
        expect((await store.walk(c!.id, "prerequisites", 5)).steps).toEqual([]);
      });

      it("stops at max depth and says so only when edges remained", async () => {
        const issues = await chain(4);
        const last = issues[3]!;
        const cut = await store.walk(last.id, "dependents", 2);
        expect(cut.steps.map((s) => s.depth)).toEqual([1, 2]);
        expect(cut.truncated).toBe(true);
        const exact = await store.walk(last.id, "dependents", 3);
        expect(exact.steps).toHaveLength(3);
        expect(exact.truncated).toBe(false);
      });

      it("returns an empty walk for an issue without edges", async () => {
        const lone = makeIssue();
        await store.createIssue(lone);
        expect(await store.walk(lone.id, "dependents", 10)).toEqual({ steps: [], truncated: false });
      });
    });

    describe("claims", () => {
      const at = (offsetMs: number) =>
        new Date(Date.parse("2026-06-01T00:00:00.000Z") + offsetMs).toISOString().slice(0, 23);
      const claim = (id: string, agent: string, nowMs = 0, leaseMs = 60_000) =>
        store.claimIssue({ id, agent, now: at(nowMs), expires_at: at(nowMs + leaseMs) });

      it("claims a free issue, storing assignee and claim_expires_at", async () => {
        const issue = makeIssue();
        await store.createIssue(issue);
        const r = await claim(issue.id, "a1");
        expect(r).toMatchObject({
          outcome: "claimed",
          issue: { id: issue.id, assignee: "a1", claim_expires_at: at(60_000) },
        });
        expect(await store.getIssue(issue.id)).toMatchObject({
          assignee: "a1",
          claim_expires_at: at(60_000),
        });
      });

      it("lets exactly one of 50 concurrent claims win and reports the holder to the others", async () => {
        const issue = makeIssue();
        await store.createIssue(issue);
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => claim(issue.id, `agent-${i}`)),
        );
        const won = results.filter((r) => r.outcome === "claimed");
        expect(won).toHaveLength(1);
        const holder = won[0]!.outcome === "missing" ? "" : won[0]!.issue.assignee;
        for (const r of results.filter((x) => x.outcome !== "claimed")) {
          expect(r).toMatchObject({ outcome: "held", issue: { assignee: holder } });
        }
        expect((await store.getIssue(issue.id))?.assignee).toBe(holder);
      });

      it("renews for the holder, refuses others while the lease runs, and frees it once run out", async () => {
        const issue = makeIssue();
        await store.createIssue(issue);
        await claim(issue.id, "holder", 0, 60_000);
        expect((await claim(issue.id, "holder", 30_000, 60_000)).outcome).toBe("claimed");
        expect((await store.getIssue(issue.id))?.claim_expires_at).toBe(at(90_000));
        expect((await claim(issue.id, "other", 89_999)).outcome).toBe("held");
        expect((await claim(issue.id, "other", 90_000)).outcome).toBe("claimed");
      });

      it("refuses a closed issue and answers missing for an unknown one", async () => {
        const closed = makeIssue({ status: "CLOSED", closed_at: nextTime() });
        await store.createIssue(closed);
        expect((await claim(closed.id, "a")).outcome).toBe("closed");
        expect((await claim(randomUUID(), "a")).outcome).toBe("missing");
      });

      it("releases any claim, or with an agent only that agent's (or a run-out) claim", async () => {
        const issue = makeIssue();
        await store.createIssue(issue);
        await claim(issue.id, "owner");
        expect((await store.releaseClaim({ id: issue.id, agent: "intruder", now: at(1) })).outcome).toBe(
          "held",
        );
        expect((await store.releaseClaim({ id: issue.id, agent: "intruder", now: at(60_000) })).outcome).toBe(
          "released",
        );
        await claim(issue.id, "owner", 70_000);
        expect((await store.releaseClaim({ id: issue.id, now: at(70_001) })).outcome).toBe("released");
        expect((await store.getIssue(issue.id))?.assignee ?? null).toBeNull();
        expect((await store.releaseClaim({ id: randomUUID(), now: at(0) })).outcome).toBe("missing");
      });

      it("lists only issues without a live claim when asked for unclaimed ones", async () => {
        const [a, b, c] = [makeIssue({ title: "a" }), makeIssue({ title: "b" }), makeIssue({ title: "c" })];
        for (const i of [a, b, c]) await store.createIssue(i);
        await claim(b.id, "busy", 0, 60_000);
        const page = await store.listIssues({ unclaimed_at: at(1), offset: 0, limit: 20 });
        expect(page.items.map((i) => i.title)).toEqual(["a", "c"]);
        expect(page.total).toBe(2);
        expect((await store.listIssues({ unclaimed_at: at(60_000), offset: 0, limit: 20 })).total).toBe(3);
      });
    });

    describe("readiness (blocked and workable)", () => {
      const titles = (page: { items: IssueRecord[] }) => page.items.map((i) => i.title);
      const list = (readiness: "blocked" | "workable", extra: Record<string, unknown> = {}) =>
        store.listIssues({ readiness, offset: 0, limit: 20, ...extra });

      it("keeps blocked and workable sets through status changes, edges and deletes", async () => {
        const gate = makeIssue({ title: "gate" });
        const waiting = makeIssue({ title: "waiting" });
        const manual = makeIssue({ title: "manual", status: "BLOCKED" });
        const done = makeIssue({ title: "done", status: "CLOSED", closed_at: nextTime() });
        for (const i of [gate, waiting, manual, done]) await store.createIssue(i);
        await store.addDependency({ issue_id: waiting.id, depends_on_id: gate.id });
        expect(titles(await list("blocked"))).toEqual(["waiting", "manual"]);
        expect(titles(await list("workable"))).toEqual(["gate"]);
        await store.updateIssue({ ...gate, status: "CLOSED", closed_at: nextTime() });
        expect(titles(await list("blocked"))).toEqual(["manual"]);
        expect(titles(await list("workable"))).toEqual(["waiting"]);
        await store.updateIssue({ ...gate, status: "OPEN" });
        expect(titles(await list("blocked"))).toEqual(["waiting", "manual"]);
        await store.removeDependency({ issue_id: waiting.id, depends_on_id: gate.id });
        expect(titles(await list("workable"))).toEqual(["gate", "waiting"]);
        await store.addDependency({ issue_id: waiting.id, depends_on_id: gate.id });
        await store.deleteIssue(gate.id);
        expect(titles(await list("workable"))).toEqual(["waiting"]);
        expect((await list("blocked")).total).toBe(1);
      });

      it("applies the list's filters, sort and paging within a set", async () => {
        const issues = [
          makeIssue({ title: "low", priority: "LOW", labels: ["Backend"] }),
          makeIssue({ title: "critical", priority: "CRITICAL" }),
          makeIssue({ title: "high", priority: "HIGH", labels: ["backend"] }),
        ];
        for (const i of issues) await store.createIssue(i);
        expect(titles(await list("workable", { sort: "-priority" }))).toEqual(["critical", "high", "low"]);
        expect(titles(await list("workable", { label: "BACKEND" }))).toEqual(["low", "high"]);
        const page = await list("workable", { offset: 1, limit: 1 });
        expect(titles(page)).toEqual(["critical"]);
        expect(page.total).toBe(3);
      });
    });
  });
}
