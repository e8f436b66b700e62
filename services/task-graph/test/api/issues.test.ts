import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock, TIMESTAMP_RE } from "../../harness/start-service.js";

let svc: StartedService;
const clock = new TestClock();
beforeAll(async () => {
  svc = await startService({ now: clock.now });
});
afterAll(() => svc.close());

async function newIssue(body: Record<string, unknown> = {}) {
  const r = await svc.post("/api/v1/issues", { title: "An issue", ...body });
  expect(r.status).toBe(201);
  return r.body;
}

describe("creating issues", () => {
  it("creates an issue with defaults and returns the full shape", async () => {
    clock.advance(1000);
    const r = await svc.post("/api/v1/issues", { title: "  Checkout button does nothing  " });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      title: "Checkout button does nothing",
      description: "",
      status: "OPEN",
      priority: "MEDIUM",
      component_id: null,
      labels: [],
      depends_on: [],
      blocks: [],
      created_at: expect.stringMatching(TIMESTAMP_RE),
      updated_at: expect.stringMatching(TIMESTAMP_RE),
      closed_at: null,
      assignee: null,
      claim_expires_at: null,
      code_refs: [],
    });
    expect(r.body.created_at).toBe(new Date(clock.ms).toISOString().slice(0, 23));
    expect((await svc.get(`/api/v1/issues/${r.body.id}`)).body).toEqual(r.body);
  });

  it("accepts every field of the seed", async () => {
    const comp = (await svc.post("/api/v1/components", { name: "payments" })).body;
    const issue = await newIssue({
      title: "Refund fails",
      description: "500 on POST /refunds",
      priority: "CRITICAL",
      component_id: comp.id,
      labels: ["refunds", "backend"],
    });
    expect(issue).toMatchObject({
      priority: "CRITICAL",
      component_id: comp.id,
      labels: ["refunds", "backend"],
    });
  });

  it.each([
    [{}, "title", "is required"],
    [{ title: "   " }, "title", "must not be blank"],
    [{ title: "x".repeat(201) }, "title", "at most 200"],
    [{ title: "ok", priority: "URGENT" }, "priority", ""],
    [{ title: "ok", status: "DONE" }, "status", ""],
    [{ title: "ok", description: "d".repeat(20_001) }, "description", "at most 20000"],
    [{ title: "ok", labels: ["a", "a"] }, "labels", "duplicate"],
    [{ title: "ok", labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, "labels", "at most 20"],
    [{ title: "ok", labels: ["x".repeat(51)] }, "labels[0]", "at most 50"],
    [{ title: "ok", labels: [""] }, "labels[0]", "at least 1"],
    [{ title: 5 }, "title", "must be a string"],
    [{ title: "ok", colour: "red" }, "colour", "is not allowed"],
  ])("refuses %j with 400 naming the field", async (body, field, rule) => {
    const r = await svc.post("/api/v1/issues", body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain(`"${field}"`);
    expect(r.body.error).toContain(rule);
  });

  it("accepts a 200-character title after trimming", async () => {
    const issue = await newIssue({ title: ` ${"t".repeat(200)} ` });
    expect(issue.title).toHaveLength(200);
  });

  it("answers 404 COMPONENT_NOT_FOUND for an unknown component", async () => {
    const r = await svc.post("/api/v1/issues", {
      title: "x",
      component_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("COMPONENT_NOT_FOUND");
  });
});

describe("reading, changing and deleting one issue", () => {
  it("answers 404 ISSUE_NOT_FOUND for an unknown id", async () => {
    for (const [method, body] of [["GET"], ["PATCH", { title: "x" }], ["DELETE"]] as const) {
      const r = await svc.request(method, "/api/v1/issues/nope", body);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("ISSUE_NOT_FOUND");
    }
  });

  it("patches fields, moves updated_at and keeps created_at", async () => {
    const issue = await newIssue({ labels: ["a"] });
    clock.advance(5000);
    const r = await svc.patch(`/api/v1/issues/${issue.id}`, {
      priority: "HIGH",
      labels: [],
      status: "IN_PROGRESS",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      priority: "HIGH",
      labels: [],
      status: "IN_PROGRESS",
      created_at: issue.created_at,
    });
    expect(r.body.updated_at > issue.updated_at).toBe(true);
    expect(r.body.closed_at).toBeNull();
  });

  it("refuses an empty patch and unknown fields", async () => {
    const issue = await newIssue();
    expect((await svc.patch(`/api/v1/issues/${issue.id}`, {})).body.code).toBe("VALIDATION_ERROR");
    const r = await svc.patch(`/api/v1/issues/${issue.id}`, { id: "other" });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('"id"');
  });

  it("closing stamps closed_at and reopening clears it", async () => {
    const issue = await newIssue();
    clock.advance(1000);
    const closed = await svc.patch(`/api/v1/issues/${issue.id}`, { status: "CLOSED" });
    expect(closed.body.status).toBe("CLOSED");
    expect(closed.body.closed_at).toMatch(TIMESTAMP_RE);
    clock.advance(1000);
    const renamed = await svc.patch(`/api/v1/issues/${issue.id}`, { title: "still closed" });
    expect(renamed.body.closed_at).toBe(closed.body.closed_at);
    const reopened = await svc.patch(`/api/v1/issues/${issue.id}`, { status: "OPEN" });
    expect(reopened.status).toBe(200);
    expect(reopened.body.closed_at).toBeNull();
  });

  it("creating an issue already CLOSED stamps closed_at", async () => {
    const issue = await newIssue({ status: "CLOSED" });
    expect(issue.closed_at).toBe(issue.created_at);
  });

  it("can move an issue to another component or to none, but not to an unknown one", async () => {
    const comp = (await svc.post("/api/v1/components", { name: "moves" })).body;
    const issue = await newIssue({ component_id: comp.id });
    expect(
      (await svc.patch(`/api/v1/issues/${issue.id}`, { component_id: null })).body.component_id,
    ).toBeNull();
    const r = await svc.patch(`/api/v1/issues/${issue.id}`, { component_id: "missing" });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("COMPONENT_NOT_FOUND");
  });

  it("deletes with 204, after which the issue is gone", async () => {
    const issue = await newIssue();
    const r = await svc.delete(`/api/v1/issues/${issue.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expect((await svc.get(`/api/v1/issues/${issue.id}`)).status).toBe(404);
  });
});
