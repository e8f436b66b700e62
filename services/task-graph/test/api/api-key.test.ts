import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

const KEY = "s3cret-key-for-tests";
let svc: StartedService;
beforeAll(async () => {
  svc = await startService({ env: { TASK_GRAPH_API_KEY: KEY } });
});
afterAll(() => svc.close());

describe("optional API key", () => {
  it("refuses /api/v1 without a key or with a wrong one (401 UNAUTHORIZED)", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { "x-api-key": "wrong" },
      { authorization: KEY },
    ];
    for (const headers of attempts) {
      const r = await svc.get("/api/v1/issues", headers);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
      expect(r.text).not.toContain(KEY);
    }
    const post = await svc.request("POST", "/api/v1/issues", { title: "x" });
    expect(post.status).toBe(401);
  });

  it("accepts the key as a Bearer token or as X-API-Key", async () => {
    expect((await svc.get("/api/v1/issues", { authorization: `Bearer ${KEY}` })).status).toBe(200);
    expect((await svc.get("/api/v1/issues", { "x-api-key": KEY })).status).toBe(200);
    const created = await svc.request("POST", "/api/v1/issues", { title: "with key" }, { "x-api-key": KEY });
    expect(created.status).toBe(201);
  });

  it("documents both ways of sending the key on every /api/v1 operation and /mcp, and none on /health", async () => {
    const doc = (await svc.get("/docs/json")).body;
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
      apiKeyHeader: expect.objectContaining({ type: "apiKey", in: "header", name: "X-API-Key" }),
    });
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>);
    expect(operations.length).toBeGreaterThan(5);
    for (const [path, methods] of operations) {
      for (const [method, op] of Object.entries(methods)) {
        // An open operation says so with an empty list (redocly's security-defined rule).
        const guarded = path.startsWith("/api/v1/") || path === "/mcp";
        const expected = guarded ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : [];
        expect(op.security, `${method} ${path}`).toEqual(expected);
      }
    }
  });

  it("leaves /health and /docs open", async () => {
    expect((await svc.get("/health")).status).toBe(200);
    const docs = await svc.get("/docs/json");
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
  });
});

describe("without TASK_GRAPH_API_KEY", () => {
  it("needs no key", async () => {
    const open = await startService();
    try {
      expect((await open.get("/api/v1/issues")).status).toBe(200);
      const doc = (await open.get("/docs/json")).body;
      expect(doc.paths["/api/v1/issues"].get.security).toEqual([]);
    } finally {
      await open.close();
    }
  });
});
