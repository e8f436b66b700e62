import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

async function issue(title = "issue", extra: Record<string, unknown> = {}): Promise<string> {
  return (await svc.post("/api/v1/issues", { title, ...extra })).body.id;
}
const depend = (id: string, on: string) =>
  svc.post(`/api/v1/issues/${id}/dependencies`, { depends_on_id: on });

describe("dependencies", () => {
  it("adds a dependency with 201, again with 200, and shows it on both issues", async () => {
    const [a, b] = [await issue("a"), await issue("b")];
    const first = await depend(a, b);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ issue_id: a, depends_on_id: b });
    const again = await depend(a, b);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ issue_id: a, depends_on_id: b });
    expect((await svc.get(`/api/v1/issues/${a}/dependencies`)).body).toEqual({ depends_on: [b], blocks: [] });
    expect((await svc.get(`/api/v1/issues/${b}/dependencies`)).body).toEqual({ depends_on: [], blocks: [a] });
    const view = (await svc.get(`/api/v1/issues/${a}`)).body;
    expect(view.depends_on).toEqual([b]);
    expect((await svc.get(`/api/v1/issues/${b}`)).body.blocks).toEqual([a]);
  });

  it("refuses a self dependency with 400 naming depends_on_id", async () => {
    const a = await issue();
    const r = await depend(a, a);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain('"depends_on_id"');
  });

  it("refuses a dependency that would close a cycle and names the cycle", async () => {
    const [a, b, c] = [await issue("a"), await issue("b"), await issue("c")];
    await depend(a, b);
    await depend(b, c);
    const r = await depend(c, a);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("CIRCULAR_DEPENDENCY");
    // c → a (the new edge) → b → c closes the loop.
    expect(r.body.details.cycle).toEqual([c, a, b, c]);
    expect((await svc.get(`/api/v1/issues/${c}/dependencies`)).body.depends_on).toEqual([]);
    const two = await depend(b, a);
    expect(two.body.details.cycle).toEqual([b, a, b]);
  });

  it("answers 404 for unknown issues on either side and a missing body field with 400", async () => {
    const a = await issue();
    expect((await depend("missing", a)).body.code).toBe("ISSUE_NOT_FOUND");
    const r = await depend(a, "missing");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("ISSUE_NOT_FOUND");
    const bad = await svc.post(`/api/v1/issues/${a}/dependencies`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('"depends_on_id"');
    expect((await svc.get("/api/v1/issues/missing/dependencies")).status).toBe(404);
  });

  it("removes a dependency with 204, and answers 404 when there is none", async () => {
    const [a, b] = [await issue(), await issue()];
    await depend(a, b);
    expect((await svc.delete(`/api/v1/issues/${a}/dependencies/${b}`)).status).toBe(204);
    const again = await svc.delete(`/api/v1/issues/${a}/dependencies/${b}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("DEPENDENCY_NOT_FOUND");
  });

  it("deleting an issue with force=true removes its edges from the other issues", async () => {
    const [a, b] = [await issue(), await issue()];
    await depend(a, b);
    expect((await svc.delete(`/api/v1/issues/${b}?force=true`)).status).toBe(204);
    expect((await svc.get(`/api/v1/issues/${a}`)).body.depends_on).toEqual([]);
  });
});

describe("closing needs closed prerequisites", () => {
  it("refuses to close while a prerequisite is open (409 OPEN_DEPENDENCIES listing it), then allows it", async () => {
    const [a, b, c] = [await issue("a"), await issue("b"), await issue("c", { status: "CLOSED" })];
    await depend(a, b);
    await depend(a, c);
    const r = await svc.patch(`/api/v1/issues/${a}`, { status: "CLOSED" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("OPEN_DEPENDENCIES");
    expect(r.body.details.open_dependencies.map((d: { id: string }) => d.id)).toEqual([b]);
    expect(r.body.error).toContain(b);
    expect((await svc.get(`/api/v1/issues/${a}`)).body.status).toBe("OPEN");
    await svc.patch(`/api/v1/issues/${b}`, { status: "CLOSED" });
    expect((await svc.patch(`/api/v1/issues/${a}`, { status: "CLOSED" })).status).toBe(200);
    // Reopening a prerequisite of a closed issue would give it an open prerequisite.
    const reopen = await svc.patch(`/api/v1/issues/${b}`, { status: "OPEN" });
    expect(reopen.status).toBe(409);
    expect(reopen.body.code).toBe("HAS_CLOSED_DEPENDENTS");
    expect(reopen.body.details.closed_dependents.map((d: { id: string }) => d.id)).toEqual([a]);
    expect((await svc.get(`/api/v1/issues/${b}`)).body.status).toBe("CLOSED");
  });
});

describe("blocked and workable issues", () => {
  it("lists issues with an open prerequisite as blocked and the others as workable", async () => {
    const fresh = await startService();
    try {
      const id = async (title: string, status?: string) =>
        (await fresh.post("/api/v1/issues", { title, ...(status ? { status } : {}) })).body.id as string;
      const done = await id("done", "CLOSED");
      const open = await id("open prerequisite");
      const waits = await id("waits on open");
      const ready = await id("ready: prerequisite closed");
      const closedWithOpen = await id("closed dependent");
      await fresh.post(`/api/v1/issues/${waits}/dependencies`, { depends_on_id: open });
      await fresh.post(`/api/v1/issues/${ready}/dependencies`, { depends_on_id: done });
      await fresh.post(`/api/v1/issues/${closedWithOpen}/dependencies`, { depends_on_id: done });
      await fresh.patch(`/api/v1/issues/${closedWithOpen}`, { status: "CLOSED" });
      await fresh.post(`/api/v1/issues/${closedWithOpen}/dependencies`, { depends_on_id: open });

      const blocked = await fresh.get("/api/v1/issues/blocked");
      expect(blocked.status).toBe(200);
      expect(blocked.body.items.map((i: { title: string }) => i.title)).toEqual(["waits on open"]);
      expect(blocked.body).toMatchObject({ total: 1, page: 1, limit: 20, total_pages: 1 });
      const workable = await fresh.get("/api/v1/issues/workable");
      expect(workable.body.items.map((i: { title: string }) => i.title)).toEqual([
        "open prerequisite",
        "ready: prerequisite closed",
      ]);
      expect((await fresh.get("/api/v1/issues/workable?limit=1&page=2")).body.items).toHaveLength(1);
      expect((await fresh.get("/api/v1/issues/blocked?limit=0")).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
