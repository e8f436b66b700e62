// List pages are serialised natively (routes/issue-page-json.ts), not by the response schema's
// serializer: these tests hold them to exactly the schema's fields, in its order, with its nulls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { ListEnvelope } from "../../src/schemas/common.js";
import { IssueSchema } from "../../src/schemas/issue.js";

let svc: StartedService;
const ENVELOPE_KEYS = Object.keys(ListEnvelope(IssueSchema).properties);
const ISSUE_KEYS = Object.keys(IssueSchema.properties);

beforeAll(async () => {
  svc = await startService();
  const comp = (await svc.post("/api/v1/components", { name: "api" })).body.id;
  const a = (await svc.post("/api/v1/issues", { title: 'Quote " and \\ and\nnewline', labels: ["x"] })).body;
  const b = (await svc.post("/api/v1/issues", { title: "Ünïcode ✓", component_id: comp })).body;
  await svc.post(`/api/v1/issues/${b.id}/dependencies`, { depends_on_id: a.id });
  await svc.patch(`/api/v1/issues/${a.id}`, { status: "CLOSED" });
  await svc
    .post("/api/v1/issues", { title: "Waiting" })
    .then((r) => svc.post(`/api/v1/issues/${r.body.id}/dependencies`, { depends_on_id: b.id }));
});
afterAll(() => svc.close());

describe("issue list pages", () => {
  for (const path of [
    "/api/v1/issues",
    "/api/v1/issues?limit=2&page=2",
    "/api/v1/issues/blocked",
    "/api/v1/issues/workable",
  ]) {
    it(`${path} answers exactly the schema's fields in the schema's order`, async () => {
      const r = await svc.get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(Object.keys(r.body)).toEqual(ENVELOPE_KEYS);
      expect(r.body.items.length).toBeGreaterThan(0);
      for (const item of r.body.items) expect(Object.keys(item)).toEqual(ISSUE_KEYS);
      // Byte for byte what a JSON serializer makes of the same value (no stray spacing or keys).
      expect(r.text).toBe(JSON.stringify(r.body));
    });
  }

  it("keeps nulls, dependency ids and escaped text as the single-issue route answers them", async () => {
    const page = (await svc.get("/api/v1/issues")).body.items;
    for (const item of page) expect((await svc.get(`/api/v1/issues/${item.id}`)).body).toEqual(item);
    const [closed, withComp] = page;
    expect(closed.title).toBe('Quote " and \\ and\nnewline');
    expect(closed.closed_at).toEqual(expect.any(String));
    expect(withComp.closed_at).toBeNull();
    expect(withComp.depends_on).toEqual([closed.id]);
    expect(page[2].component_id).toBeNull();
  });

  it("shows an issue's new fields and dependencies on the next page after a change", async () => {
    const before = (await svc.get("/api/v1/issues")).body.items;
    const waiting = before[2];
    await svc.patch(`/api/v1/issues/${waiting.id}`, { title: "Renamed", labels: ["new"], priority: "HIGH" });
    await svc.delete(`/api/v1/issues/${waiting.id}/dependencies/${before[1].id}`);
    const after = (await svc.get("/api/v1/issues")).body.items[2];
    expect(after).toMatchObject({ id: waiting.id, title: "Renamed", labels: ["new"], priority: "HIGH" });
    expect(after.depends_on).toEqual([]);
    expect(after.updated_at).toEqual(expect.any(String));
    expect((await svc.get("/api/v1/issues")).body.items[1].blocks).toEqual([]);
  });
});
