// Root-cause signals checked one by one against SPEC §2 with a controlled clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock } from "../../harness/start-service.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock();
const T = clock.ms;
let svc: StartedService;
let comp: string;

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  comp = (await svc.post("/api/v1/components", { name: "checkout" })).body.id;
});
afterAll(() => svc.close());

/** Creates an issue as if it was last changed `ageMs` before T. */
async function issueAged(ageMs: number, body: Record<string, unknown>) {
  clock.ms = T - ageMs;
  const r = await svc.post("/api/v1/issues", body);
  clock.ms = T;
  expect(r.status).toBe(201);
  return r.body;
}

async function rootCause(body: Record<string, unknown>) {
  clock.ms = T;
  const r = await svc.post("/api/v1/analyze/root-cause", { component_id: comp, ...body });
  expect(r.status).toBe(200);
  return r.body;
}

describe("root-cause signals", () => {
  it("scores component, recency, labels and graph exactly, the best text match with the full semantic 0.2, and explains each", async () => {
    const member = await issueAged(2 * HOUR, {
      title: "Cart total rounds wrong",
      description: "rounding in cart",
      component_id: comp,
      labels: ["money"],
    });
    const failure = "expected cart total 10.00 but got 9.99";
    const body = await rootCause({ test_failure: failure, labels: ["money", "ui"], limit: 100 });
    const c = body.candidates.find((x: { id: string }) => x.id === member.id);
    expect(c).toBeDefined();
    expect(c.type).toBe("issue");
    expect(c.title).toBe("Cart total rounds wrong");
    expect(c.signals.component).toBe(0.3);
    expect(c.signals.recency).toBe(0.3);
    expect(c.signals.labels).toBe(0.2);
    expect(c.signals.graph).toBe(0.2); // one of the component's own issues: 0 hops
    expect(c.signals.semantic).toBe(0.2); // the closest text of all issues
    expect(c.confidence).toBe(1); // evidence 0.4 + the whole context 0.8, capped
    expect(c.reasons).toHaveLength(6);
    for (const [k, signal] of ["component", "recency", "labels", "semantic", "graph"].entries()) {
      expect(c.reasons[k]).toMatch(new RegExp(`^${signal} \\+`));
    }
    expect(c.reasons[5]).toMatch(/^context ×1: the failure itself points at this issue/);
  });

  it.each([
    [23 * HOUR, 0.3],
    [24 * HOUR, 0.2],
    [6 * DAY, 0.2],
    [7 * DAY, 0],
    [30 * DAY, 0],
  ])("gives a candidate changed %d ms ago a recency of %d", async (age, recency) => {
    const issue = await issueAged(age, { title: `aged ${age}`, component_id: comp });
    const body = await rootCause({ test_failure: "zzz qqq", limit: 100 });
    const c = body.candidates.find((x: { id: string }) => x.id === issue.id);
    if (recency === 0) {
      // Nothing else links it to the failure: under 0.1 it is dropped (or only semantic remains).
      expect(c === undefined || c.signals.recency === 0).toBe(true);
    } else {
      expect(c.signals.recency).toBe(recency);
    }
  });

  it("counts a close as a change for recency", async () => {
    const issue = await issueAged(20 * DAY, { title: "old but just closed", component_id: comp });
    clock.ms = T - HOUR;
    await svc.patch(`/api/v1/issues/${issue.id}`, { status: "CLOSED" });
    const body = await rootCause({ test_failure: "zzz", limit: 100 });
    const c = body.candidates.find((x: { id: string }) => x.id === issue.id);
    expect(c.signals.recency).toBe(0.3);
    expect(c.reasons[1]).toContain("closed");
  });

  it("gives graph proximity by undirected dependency hops from the component's issues", async () => {
    const old = 30 * DAY;
    // A shared label is evidence, so these issues outside the component are candidates.
    const labels = ["hops"];
    const anchor = await issueAged(old, { title: "anchor", component_id: comp });
    const hop1 = await issueAged(old, { title: "hop one", labels });
    const hop2 = await issueAged(old, { title: "hop two", labels });
    const hop3 = await issueAged(old, { title: "hop three", labels });
    const hop4 = await issueAged(old, { title: "hop four", labels });
    // anchor depends on hop1; hop2 depends on hop1 (reached against the edge); hop3 → hop2; hop4 → hop3
    await svc.post(`/api/v1/issues/${anchor.id}/dependencies`, { depends_on_id: hop1.id });
    await svc.post(`/api/v1/issues/${hop2.id}/dependencies`, { depends_on_id: hop1.id });
    await svc.post(`/api/v1/issues/${hop3.id}/dependencies`, { depends_on_id: hop2.id });
    await svc.post(`/api/v1/issues/${hop4.id}/dependencies`, { depends_on_id: hop3.id });
    const body = await rootCause({ test_failure: "zzz", labels, limit: 100 });
    const graphOf = (id: string) => body.candidates.find((x: { id: string }) => x.id === id)?.signals.graph;
    expect(graphOf(hop1.id)).toBe(0.2);
    expect(graphOf(hop2.id)).toBe(0.1);
    expect(graphOf(hop3.id)).toBe(0.1);
    // four hops: no graph signal
    expect(graphOf(hop4.id)).toBe(0);
  });

  it("keeps a recent issue of the failing component with no evidence under 0.25, below an old issue whose text matches", async () => {
    const fresh = await startService({ now: clock.now });
    try {
      const c = (await fresh.post("/api/v1/components", { name: "payments" })).body.id;
      const create = async (age: number, body: Record<string, unknown>) => {
        clock.ms = T - age;
        const r = await fresh.post("/api/v1/issues", body);
        clock.ms = T;
        return r.body.id as string;
      };
      const cause = await create(40 * DAY, {
        title: "Refund webhook signature rejected after key rotation",
        description: "verifySignature uses the cached secret",
      });
      const decoy = await create(HOUR, { title: "Update footer copyright year", component_id: c });
      const r = await fresh.post("/api/v1/analyze/root-cause", {
        component_id: c,
        test_failure: "refund webhook rejected: verifySignature returned false",
        limit: 10,
      });
      expect(r.status).toBe(200);
      const byId = new Map(r.body.candidates.map((x: { id: string }) => [x.id, x]));
      expect(r.body.candidates[0].id, JSON.stringify(r.body, null, 1)).toBe(cause);
      const d = byId.get(decoy) as { confidence: number; signals: Record<string, number>; reasons: string[] };
      expect(d.signals).toMatchObject({ component: 0.3, recency: 0.3, graph: 0.2, labels: 0, semantic: 0 });
      expect(d.confidence).toBeLessThan(0.25);
      expect(d.reasons[5]).toMatch(/^context ×0.2: nothing in the failure points at this issue/);
    } finally {
      await fresh.close();
    }
  });

  it("never lists an issue outside the component that the failure says nothing about, however recent or near", async () => {
    const fresh = await startService({ now: clock.now });
    try {
      const c = (await fresh.post("/api/v1/components", { name: "inventory" })).body.id;
      const member = (await fresh.post("/api/v1/issues", { title: "Stock sync", component_id: c })).body.id;
      const neighbour = (await fresh.post("/api/v1/issues", { title: "Footer colour" })).body.id;
      await fresh.post(`/api/v1/issues/${member}/dependencies`, { depends_on_id: neighbour });
      const r = await fresh.post("/api/v1/analyze/root-cause", {
        component_id: c,
        test_failure: "qwxz blorf",
      });
      expect(r.status).toBe(200);
      expect(
        r.body.candidates.map((x: { id: string }) => x.id),
        JSON.stringify(r.body, null, 1),
      ).toEqual([member]);
    } finally {
      await fresh.close();
    }
  });

  it("drops candidates under 0.1 and sorts by confidence, then most recent change", async () => {
    const fresh = await startService({ now: clock.now });
    try {
      const c = (await fresh.post("/api/v1/components", { name: "sorting" })).body.id;
      const make = async (age: number, body: Record<string, unknown>) => {
        clock.ms = T - age;
        const r = await fresh.post("/api/v1/issues", body);
        clock.ms = T;
        return r.body.id as string;
      };
      const olderSameScore = await make(3 * DAY, { title: "aaa", component_id: c });
      const newerSameScore = await make(2 * DAY, { title: "bbb", component_id: c });
      const top = await make(HOUR, { title: "ccc", component_id: c });
      await make(60 * DAY, { title: "unrelated and old" });
      const r = await fresh.post("/api/v1/analyze/root-cause", {
        component_id: c,
        test_failure: "xyzzy plugh",
      });
      expect(r.status).toBe(200);
      const ids = r.body.candidates.map((x: { id: string }) => x.id);
      expect(ids).toEqual([top, newerSameScore, olderSameScore]);
      for (const cand of r.body.candidates) expect(cand.confidence).toBeGreaterThanOrEqual(0.1);
      const limited = await fresh.post("/api/v1/analyze/root-cause", {
        component_id: c,
        test_failure: "x",
        limit: 1,
      });
      expect(limited.body.candidates).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("answers 404 for an unknown component and 400 naming a bad field", async () => {
    const r = await svc.post("/api/v1/analyze/root-cause", { test_failure: "boom", component_id: "nope" });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("COMPONENT_NOT_FOUND");
    for (const [body, field] of [
      [{ component_id: comp }, "test_failure"],
      [{ component_id: comp, test_failure: "  " }, "test_failure"],
      [{ test_failure: "x" }, "component_id"],
      [{ component_id: comp, test_failure: "x", limit: 0 }, "limit"],
      [{ component_id: comp, test_failure: "x", labels: "ui" }, "labels"],
      [{ component_id: comp, test_failure: "x", extra: 1 }, "extra"],
    ] as const) {
      const bad = await svc.post("/api/v1/analyze/root-cause", body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
      expect(bad.body.error).toContain(`"${field}"`);
    }
  });
});
