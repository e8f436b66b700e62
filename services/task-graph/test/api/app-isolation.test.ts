// Two task-graph apps in one process share nothing: no issues, no search index, no deadlines,
// no list-page caches. (Module-level mutable state would let one leak into the other; the app
// owns every such thing: src/app.ts builds them per call.)
import { afterEach, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { faultyGraphStore } from "../helpers/faulty-graph-store.js";

const started: StartedService[] = [];
async function start(...args: Parameters<typeof startService>): Promise<StartedService> {
  const svc = await startService(...args);
  started.push(svc);
  return svc;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

describe("two apps in one process", () => {
  it("do not see each other's writes: issues, lists, dependencies and search", async () => {
    const [a, b] = [await start(), await start()];
    const issue = (await a.post("/api/v1/issues", { title: "Refund webhook retries forever" })).body;
    const prerequisite = (await a.post("/api/v1/issues", { title: "Queue consumer" })).body;
    await a.post(`/api/v1/issues/${issue.id}/dependencies`, { depends_on_id: prerequisite.id });

    expect((await a.get(`/api/v1/issues/${issue.id}`)).status).toBe(200);
    expect((await b.get(`/api/v1/issues/${issue.id}`)).status).toBe(404);
    expect((await a.get("/api/v1/issues")).body.total).toBe(2);
    expect((await b.get("/api/v1/issues")).body.total).toBe(0);
    expect((await b.get("/api/v1/issues/blocked")).body.total).toBe(0);

    const search = { query: "refund webhook retries", min_score: 0 };
    const foundInA = (await a.post("/api/v1/rag/search", search)).body.results;
    expect(foundInA.map((r: { id: string }) => r.id)).toContain(issue.id);
    expect((await b.post("/api/v1/rag/search", search)).body.results).toEqual([]);
  });

  it("answer the same list page each from its own records, also after one of them changes", async () => {
    const [a, b] = [await start(), await start()];
    await a.post("/api/v1/issues", { title: "only in a" });
    await b.post("/api/v1/issues", { title: "only in b" });
    // Each app's page serializer keeps JSON per stored record: the two pages stay apart.
    for (let round = 0; round < 2; round++) {
      expect((await a.get("/api/v1/issues")).body.items.map((i: { title: string }) => i.title)).toEqual([
        "only in a",
      ]);
      expect((await b.get("/api/v1/issues")).body.items.map((i: { title: string }) => i.title)).toEqual([
        "only in b",
      ]);
    }
  });

  it("keep their own backend deadlines: one app's hanging store is 503 by its deadline while the other answers, and closing it leaves the other working", async () => {
    const faulty = faultyGraphStore();
    const a = await start({
      env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "300" },
      adapters: { graph: faulty.store },
    });
    const b = await start();
    faulty.set("hang");
    const [fromA, fromB] = await Promise.all([
      a.post("/api/v1/issues", { title: "stuck" }),
      b.post("/api/v1/issues", { title: "fine" }),
    ]);
    expect(fromA.status).toBe(503);
    expect(fromA.body).toMatchObject({ code: "BACKEND_UNAVAILABLE", details: { backend: "graph store" } });
    expect(fromB.status).toBe(201);

    faulty.set("none");
    await started.shift()!.close();
    expect((await b.get(`/api/v1/issues/${fromB.body.id}`)).status).toBe(200);
    expect((await b.post("/api/v1/issues", { title: "still fine" })).status).toBe(201);
  });
});
