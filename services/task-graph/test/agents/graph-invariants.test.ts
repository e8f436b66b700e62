// SPEC §2 graph invariants over real HTTP: a closed issue never has an open prerequisite, and an
// issue others depend on is deleted only with force=true.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

async function issue(title: string, status?: string): Promise<string> {
  const r = await svc.post("/api/v1/issues", { title, ...(status ? { status } : {}) });
  expect(r.status).toBe(201);
  return r.body.id;
}
const depend = (a: string, b: string) => svc.post(`/api/v1/issues/${a}/dependencies`, { depends_on_id: b });

describe("a closed issue never has an open prerequisite", () => {
  it("refuses an open prerequisite for a closed issue with 409 ISSUE_CLOSED and adds no edge", async () => {
    const closed = await issue("shipped", "CLOSED");
    const open = await issue("still open");
    const r = await depend(closed, open);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("ISSUE_CLOSED");
    expect(r.body.error).toContain(closed);
    expect(r.body.details).toMatchObject({
      issue_id: closed,
      depends_on_id: open,
      depends_on_status: "OPEN",
    });
    expect((await svc.get(`/api/v1/issues/${closed}`)).body.depends_on).toEqual([]);
    expect((await svc.get(`/api/v1/issues/${open}`)).body.blocks).toEqual([]);
  });

  it("lets a closed issue depend on another closed issue", async () => {
    const [a, b] = [await issue("a", "CLOSED"), await issue("b", "CLOSED")];
    expect((await depend(a, b)).status).toBe(201);
  });

  it("refuses to reopen a prerequisite of a closed issue (409 HAS_CLOSED_DEPENDENTS) until the dependent reopens", async () => {
    const [dependent, prerequisite] = [await issue("dependent"), await issue("prerequisite")];
    await depend(dependent, prerequisite);
    await svc.patch(`/api/v1/issues/${prerequisite}`, { status: "CLOSED" });
    await svc.patch(`/api/v1/issues/${dependent}`, { status: "CLOSED" });
    const r = await svc.patch(`/api/v1/issues/${prerequisite}`, { status: "IN_PROGRESS" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("HAS_CLOSED_DEPENDENTS");
    expect(r.body.details.closed_dependents).toEqual([
      { id: dependent, title: "dependent", status: "CLOSED" },
    ]);
    expect((await svc.get(`/api/v1/issues/${prerequisite}`)).body.status).toBe("CLOSED");
    expect((await svc.patch(`/api/v1/issues/${dependent}`, { status: "OPEN" })).status).toBe(200);
    expect((await svc.patch(`/api/v1/issues/${prerequisite}`, { status: "OPEN" })).status).toBe(200);
  });
});

describe("deleting an issue others depend on", () => {
  it("answers 409 HAS_DEPENDENTS listing every dependent, and keeps the issue and its edges", async () => {
    const target = await issue("shared library upgrade");
    const [x, y] = [await issue("feature x"), await issue("feature y")];
    await depend(x, target);
    await depend(y, target);
    const r = await svc.delete(`/api/v1/issues/${target}`);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("HAS_DEPENDENTS");
    expect(r.body.error).toContain(x);
    expect(r.body.error).toContain(y);
    expect(r.body.details.dependents).toEqual(
      expect.arrayContaining([
        { id: x, title: "feature x", status: "OPEN" },
        { id: y, title: "feature y", status: "OPEN" },
      ]),
    );
    expect(r.body.details.dependents).toHaveLength(2);
    expect((await svc.get(`/api/v1/issues/${target}`)).body.blocks.sort()).toEqual([x, y].sort());
  });

  it("deletes it with force=true, and its edges with it", async () => {
    const target = await issue("obsolete");
    const x = await issue("depends on obsolete");
    await depend(x, target);
    expect((await svc.delete(`/api/v1/issues/${target}?force=true`)).status).toBe(204);
    expect((await svc.get(`/api/v1/issues/${target}`)).status).toBe(404);
    expect((await svc.get(`/api/v1/issues/${x}`)).body.depends_on).toEqual([]);
  });

  it("deletes an issue that only has prerequisites of its own without force", async () => {
    const [x, prerequisite] = [await issue("x"), await issue("prerequisite")];
    await depend(x, prerequisite);
    expect((await svc.delete(`/api/v1/issues/${x}`)).status).toBe(204);
    expect((await svc.get(`/api/v1/issues/${prerequisite}`)).body.blocks).toEqual([]);
  });

  it("refuses a force value that is not a boolean with 400 naming force", async () => {
    const x = await issue("x");
    const r = await svc.delete(`/api/v1/issues/${x}?force=yes`);
    expect(r.status).toBe(400);
    expect(r.body.error).toContain("force");
  });
});
