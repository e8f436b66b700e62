// POST /api/v1/rag/search through the shared service factory, called from outside with inject.
import { afterEach, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { createServiceApp, type ServiceApp } from "../../../../lib/service-kit/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { RedisVectorIndex } from "../../src/adapters/redis-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import type { VectorIndex } from "../../src/ports/vector-index.js";
import { ragRoutes } from "../../src/routes/rag.js";
import { COMPONENTS, ISSUES } from "./fixtures.js";

let app: ServiceApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(vectors: VectorIndex = new EmbeddedVectorIndex(), seed = true): Promise<ServiceApp> {
  const search = new SearchService(vectors, new HashingEmbedder());
  if (seed) await search.indexAll(ISSUES, COMPONENTS);
  app = await createServiceApp({ name: "task-graph-test", version: "0.0.0", logger: false });
  await app.register(ragRoutes, { prefix: "/api/v1", search });
  await app.ready();
  return app;
}

const post = (server: ServiceApp, payload: unknown) =>
  server.inject({ method: "POST", url: "/api/v1/rag/search", payload: payload as object });

describe("POST /api/v1/rag/search", () => {
  it("answers 200 with the query and ranked {type, id, title, snippet, score, status} results", async () => {
    const res = await post(await start(), { query: "login fails with 401" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.query).toBe("login fails with 401");
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(10);
    expect(body.results[0]).toEqual({
      type: "issue",
      id: "i1",
      title: "Login fails with 401 after token refresh",
      snippet: "Users are logged out when the JWT refresh returns 401 Unauthorized.",
      score: expect.any(Number),
      status: "OPEN",
    });
    expect(body.degraded).toBe(false);
  });

  it("filters by issue status and leaves out items that have none", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    await search.indexAll(
      [
        { ...ISSUES[0]!, id: "open", status: "OPEN" },
        { ...ISSUES[0]!, id: "closed", status: "CLOSED", closed_at: "2026-11-21T11:00:00.000" },
        { ...ISSUES[0]!, id: "doing", status: "IN_PROGRESS" },
      ],
      COMPONENTS,
    );
    app = await createServiceApp({ name: "task-graph-test", version: "0.0.0", logger: false });
    await app.register(ragRoutes, { prefix: "/api/v1", search });
    const ids = async (payload: object) =>
      (await post(app!, { query: "login token refresh 401", ...payload }))
        .json()
        .results.map((r: { id: string; status?: string }) => `${r.id}:${r.status}`);
    expect((await ids({})).sort()).toEqual([
      "c1:undefined",
      "closed:CLOSED",
      "doing:IN_PROGRESS",
      "open:OPEN",
    ]);
    expect(await ids({ status: ["CLOSED"] })).toEqual(["closed:CLOSED"]);
    expect((await ids({ status: ["OPEN", "IN_PROGRESS"] })).sort()).toEqual([
      "doing:IN_PROGRESS",
      "open:OPEN",
    ]);
  });

  it("finds an item by its id, first, with score 1", async () => {
    const body = (await post(await start(), { query: " i3 " })).json();
    expect(body.results[0]).toMatchObject({ type: "issue", id: "i3", score: 1, status: "OPEN" });
    const component = (await post(app!, { query: "c2" })).json();
    expect(component.results[0]).toMatchObject({ type: "component", id: "c2", score: 1 });
  });

  it("finds nothing for a nonsense query, and min_score moves the cut", async () => {
    const server = await start();
    expect((await post(server, { query: "qwxz blorf" })).json().results).toEqual([]);
    const strict = (await post(server, { query: "login", min_score: 0.99 })).json();
    expect(strict.results).toEqual([]);
    const loose = (await post(server, { query: "login", min_score: 0 })).json();
    expect(loose.results.length).toBeGreaterThan(0);
  });

  it("honours limit and types", async () => {
    const server = await start();
    const limited = (await post(server, { query: "login authentication token error", limit: 2 })).json();
    expect(limited.results).toHaveLength(2);
    const components = (await post(server, { query: "login", types: ["component"] })).json();
    expect(components.results.map((r: { type: string }) => r.type)).toEqual(["component"]);
  });

  it("returns an empty result list when nothing is indexed", async () => {
    const res = await post(await start(new EmbeddedVectorIndex(), false), { query: "anything" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ query: "anything", results: [], degraded: false });
  });

  it.each([
    [{}, "query"],
    [{ query: "" }, "query"],
    [{ query: "   " }, "query"],
    [{ query: "x".repeat(1001) }, "query"],
    [{ query: 42 }, "query"],
    [{ query: "x", limit: 0 }, "limit"],
    [{ query: "x", limit: 101 }, "limit"],
    [{ query: "x", limit: "5" }, "limit"],
    [{ query: "x", types: ["bogus"] }, "types"],
    [{ query: "x", types: [] }, "types"],
    [{ query: "x", extra: true }, "extra"],
    [{ query: "x", status: ["DONE"] }, "status"],
    [{ query: "x", status: [] }, "status"],
    [{ query: "x", min_score: 1.5 }, "min_score"],
    [{ query: "x", min_score: "0.2" }, "min_score"],
  ])("rejects %j with 400 VALIDATION_ERROR naming %s", async (payload, field) => {
    const res = await post(await start(), payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.error).toContain(field);
  });

  it("answers from the lexical index with degraded: true, quickly, when the vector backend does not answer", async () => {
    const down = new RedisVectorIndex({
      url: "redis://127.0.0.1:1",
      connectTimeoutMs: 300,
      commandTimeoutMs: 300,
    });
    const search = new SearchService(down, new HashingEmbedder());
    await search.indexAll(ISSUES, COMPONENTS, { vectors: false });
    app = await createServiceApp({ name: "task-graph-test", version: "0.0.0", logger: false });
    await app.register(ragRoutes, { prefix: "/api/v1", search });
    const started = Date.now();
    const res = await post(app, { query: "login fails with 401" });
    expect(res.statusCode).toBe(200);
    expect(res.json().degraded).toBe(true);
    expect(res.json().results[0]).toMatchObject({ id: "i1", status: "OPEN" });
    expect(Date.now() - started).toBeLessThan(2000);
    await down.close();
  });
});
