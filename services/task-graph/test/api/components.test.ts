import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TIMESTAMP_RE } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe("components", () => {
  it("creates a component with a trimmed name in the default project", async () => {
    const r = await svc.post("/api/v1/components", { name: " Billing ", description: "Invoices" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      name: "Billing",
      description: "Invoices",
      project: "default",
      created_at: expect.stringMatching(TIMESTAMP_RE),
      updated_at: expect.stringMatching(TIMESTAMP_RE),
      paths: [],
    });
    expect((await svc.get(`/api/v1/components/${r.body.id}`)).body).toEqual(r.body);
  });

  it("refuses a second component with the same name in the same project (409), allows it in another", async () => {
    await svc.post("/api/v1/components", { name: "search", project: "web" });
    const dup = await svc.post("/api/v1/components", { name: "search ", project: "web" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_COMPONENT");
    expect(dup.body.error).toContain("search");
    expect((await svc.post("/api/v1/components", { name: "search", project: "mobile" })).status).toBe(201);
  });

  it("refuses a rename onto a taken name, allows keeping its own name", async () => {
    const a = (await svc.post("/api/v1/components", { name: "alpha" })).body;
    await svc.post("/api/v1/components", { name: "beta" });
    expect((await svc.patch(`/api/v1/components/${a.id}`, { name: "beta" })).status).toBe(409);
    const same = await svc.patch(`/api/v1/components/${a.id}`, { name: "alpha", description: "first" });
    expect(same.status).toBe(200);
    expect(same.body.description).toBe("first");
  });

  it.each([
    [{}, "name"],
    [{ name: "  " }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: "ok", project: "" }, "project"],
    [{ name: "ok", owner: "me" }, "owner"],
  ])("refuses %j with 400 naming the field", async (body, field) => {
    const r = await svc.post("/api/v1/components", body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain(`"${field}"`);
  });

  it("lists components in the list envelope", async () => {
    const r = await svc.get("/api/v1/components?limit=2");
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(2);
    expect(r.body).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(r.body.total_pages).toBe(Math.ceil(r.body.total / 2));
  });

  it("refuses to delete a component that still has issues (409 COMPONENT_IN_USE), then deletes it", async () => {
    const c = (await svc.post("/api/v1/components", { name: "in-use" })).body;
    const issue = (await svc.post("/api/v1/issues", { title: "uses it", component_id: c.id })).body;
    const refused = await svc.delete(`/api/v1/components/${c.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("COMPONENT_IN_USE");
    expect(refused.body.details).toMatchObject({ issue_count: 1 });
    await svc.delete(`/api/v1/issues/${issue.id}`);
    expect((await svc.delete(`/api/v1/components/${c.id}`)).status).toBe(204);
    const gone = await svc.get(`/api/v1/components/${c.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("COMPONENT_NOT_FOUND");
    expect((await svc.delete(`/api/v1/components/${c.id}`)).status).toBe(404);
  });
});
