// Root-cause signals checked one by one against SPEC §2 with a controlled clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { candidateText } from "../../src/domain/root-cause/semantic.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import { type StartedService, startService, TestClock } from "../helpers/start-service.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock();
const T = clock.ms;
let svc: StartedService;
let comp: string;
let other: string;

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  comp = (await svc.post("/api/v1/components", { name: "checkout" })).body.id;
  other = (await svc.post("/api/v1/components", { name: "catalog" })).body.id;
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

const embedder = new HashingEmbedder();
function cosine(failure: string, issue: IssueRecord): number {
  const a = embedder.embedSync(failure);
  const b = embedder.embedSync(candidateText(issue));
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
/** SPEC: up to 0.2; here 0.2 x cosine relative to the best match among all issues (floor 0.2). */
async function expectedSemantic(failure: string, id: string): Promise<number> {
  const all = await svc.adapters.graph.allIssues();
  const best = Math.max(...all.map((i) => cosine(failure, i)));
  const own = cosine(failure, all.find((i) => i.id === id)!);
  return 0.2 * Math.min(1, Math.max(0, own) / Math.max(best, 0.2));
}

describe("root-cause signals", () => {
  it("scores component, recency, labels and graph exactly, semantic as 0.2 × cosine relative to the best match, and explains each", async () => {
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
    expect(c.signals.semantic).toBeCloseTo(await expectedSemantic(failure, member.id), 4);
    expect(c.signals.semantic).toBeGreaterThan(0);
    expect(c.signals.semantic).toBeLessThanOrEqual(0.2);
    expect(c.confidence).toBe(1); // 0.3 + 0.3 + 0.2 + 0.2 + semantic, capped
    expect(c.reasons).toHaveLength(5);
    for (const [k, signal] of ["component", "recency", "labels", "semantic", "graph"].entries()) {
      expect(c.reasons[k]).toMatch(new RegExp(`^${signal} \\+`));
    }
  });

  it.each([
    [23 * HOUR, 0.3],
    [24 * HOUR, 0.2],
    [6 * DAY, 0.2],
    [7 * DAY, 0],
    [30 * DAY, 0],
  ])("gives a candidate changed %d ms ago a recency of %d", async (age, recency) => {
    const issue = await issueAged(age, { title: `aged ${age}`, component_id: other });
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
    const issue = await issueAged(20 * DAY, { title: "old but just closed", component_id: other });
    clock.ms = T - HOUR;
    await svc.patch(`/api/v1/issues/${issue.id}`, { status: "CLOSED" });
    const body = await rootCause({ test_failure: "zzz", limit: 100 });
    const c = body.candidates.find((x: { id: string }) => x.id === issue.id);
    expect(c.signals.recency).toBe(0.3);
    expect(c.reasons[1]).toContain("closed");
  });

  it("gives graph proximity by undirected dependency hops from the component's issues", async () => {
    const old = 30 * DAY;
    const anchor = await issueAged(old, { title: "anchor", component_id: comp });
    const hop1 = await issueAged(old, { title: "hop one" });
    const hop2 = await issueAged(old, { title: "hop two" });
    const hop3 = await issueAged(old, { title: "hop three" });
    const hop4 = await issueAged(old, { title: "hop four" });
    // anchor depends on hop1; hop2 depends on hop1 (reached against the edge); hop3 → hop2; hop4 → hop3
    await svc.post(`/api/v1/issues/${anchor.id}/dependencies`, { depends_on_id: hop1.id });
    await svc.post(`/api/v1/issues/${hop2.id}/dependencies`, { depends_on_id: hop1.id });
    await svc.post(`/api/v1/issues/${hop3.id}/dependencies`, { depends_on_id: hop2.id });
    await svc.post(`/api/v1/issues/${hop4.id}/dependencies`, { depends_on_id: hop3.id });
    const body = await rootCause({ test_failure: "zzz", limit: 100 });
    const graphOf = (id: string) => body.candidates.find((x: { id: string }) => x.id === id)?.signals.graph;
    expect(graphOf(hop1.id)).toBe(0.2);
    expect(graphOf(hop2.id)).toBe(0.1);
    expect(graphOf(hop3.id)).toBe(0.1);
    // four hops: no graph signal; with no other signal it falls under 0.1 and is dropped
    expect(graphOf(hop4.id) ?? 0).toBe(0);
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
