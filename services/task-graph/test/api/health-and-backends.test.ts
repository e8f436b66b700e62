// /health and what happens when a backend is down or hangs: 503, never a hang or a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../../lib/net/free-port.js";
import { type StartedService, startService, TIMESTAMP_RE } from "../../harness/start-service.js";
import { RedisVectorIndex } from "../../src/adapters/redis-vector/index.js";
import { type Fault, faultyGraphStore } from "../helpers/faulty-graph-store.js";

describe("health", () => {
  it("answers 200 healthy with both backends named and up", async () => {
    const svc = await startService();
    try {
      const r = await svc.get("/health");
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        status: "healthy",
        service: "task-graph",
        version: expect.any(String),
        timestamp: expect.stringMatching(TIMESTAMP_RE),
        graph: { backend: "embedded", status: "up" },
        vectors: { backend: "embedded", status: "up" },
        code: { status: "empty", repositories: 0, files: 0, symbols: 0 },
      });
    } finally {
      await svc.close();
    }
  });
});

describe("a graph store that is down or hangs", () => {
  let svc: StartedService;
  let setFault: (f: Fault) => void;
  let issueId: string;
  beforeAll(async () => {
    const faulty = faultyGraphStore();
    setFault = faulty.set;
    svc = await startService({
      adapters: { graph: faulty.store },
      env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "300", TASK_GRAPH_HEALTH_TIMEOUT_MS: "300" },
    });
    issueId = (await svc.post("/api/v1/issues", { title: "exists" })).body.id;
  });
  afterAll(() => svc.close());

  const calls: [string, string, unknown?][] = [
    ["GET", "/api/v1/issues"],
    ["POST", "/api/v1/issues", { title: "new" }],
    ["GET", "/api/v1/issues/ID"],
    ["PATCH", "/api/v1/issues/ID", { title: "x" }],
    ["DELETE", "/api/v1/issues/ID"],
    ["GET", "/api/v1/issues/blocked"],
    ["GET", "/api/v1/issues/workable"],
    ["POST", "/api/v1/issues/ID/dependencies", { depends_on_id: "other" }],
    ["GET", "/api/v1/issues/ID/dependencies"],
    ["POST", "/api/v1/components", { name: "c" }],
    ["GET", "/api/v1/components"],
    ["GET", "/api/v1/analyze/impact/ID"],
    ["POST", "/api/v1/analyze/root-cause", { test_failure: "x", component_id: "c" }],
  ];

  for (const fault of ["down", "hang"] as const) {
    it(`answers 503 BACKEND_UNAVAILABLE on every endpoint when the store is ${fault}`, async () => {
      setFault(fault);
      try {
        for (const [method, path, body] of calls) {
          const started = Date.now();
          const r = await svc.request(method, path.replace("ID", issueId), body);
          expect({ method, path, status: r.status, code: r.body?.code }).toEqual({
            method,
            path,
            status: 503,
            code: "BACKEND_UNAVAILABLE",
          });
          // Answered by the configured 300 ms deadline, not the 5 s default (room for a busy machine).
          expect(Date.now() - started).toBeLessThan(4500);
        }
        const health = await svc.get("/health");
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({
          status: "degraded",
          graph: { backend: "embedded", status: "down" },
        });
      } finally {
        setFault("none");
      }
      // Back up: the service recovers without a restart.
      expect((await svc.get("/health")).status).toBe(200);
      expect((await svc.get(`/api/v1/issues/${issueId}`)).status).toBe(200);
    });
  }
});

describe("a vector backend that cannot be reached", () => {
  it("starts degraded: health 503, writes still succeed, search answers from the lexical index with degraded: true", async () => {
    // A loopback port that was free a moment ago: nothing listens there.
    const port = await freeLoopbackPort();
    const vectors = new RedisVectorIndex({
      url: `redis://127.0.0.1:${port}`,
      key: "test:vectors",
      commandTimeoutMs: 300,
      connectTimeoutMs: 300,
    });
    const svc = await startService({ adapters: { vectors }, env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "1000" } });
    try {
      const health = await svc.get("/health");
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        status: "degraded",
        graph: { status: "up" },
        vectors: { backend: "redis", status: "down" },
      });
      const created = await svc.post("/api/v1/issues", { title: "still works" });
      expect(created.status).toBe(201);
      const search = await svc.post("/api/v1/rag/search", { query: "works" });
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({
        degraded: true,
        results: [{ id: created.body.id, status: "OPEN" }],
      });
    } finally {
      await svc.close();
    }
  });
});
