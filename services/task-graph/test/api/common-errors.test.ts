// SPEC "Common" as the task graph shows it: JSON errors for every failure mode, OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe("errors common to every endpoint", () => {
  it("answers an unknown route with 404 NOT_FOUND in JSON", async () => {
    const r = await svc.get("/api/v1/nothing-here");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body.code).toBe("NOT_FOUND");
  });

  it("answers a known path with a wrong method with 405 and Allow", async () => {
    const r = await svc.request("PUT", "/api/v1/issues");
    expect(r.status).toBe(405);
    expect(r.body.code).toBe("METHOD_NOT_ALLOWED");
    expect(r.headers.get("allow")).toContain("GET");
    expect(r.headers.get("allow")).toContain("POST");
  });

  it("answers malformed JSON with 400 INVALID_JSON, a non-JSON body with 415, a huge one with 413", async () => {
    const bad = await svc.request("POST", "/api/v1/issues", '{"title": ');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_JSON");
    const text = await svc.request("POST", "/api/v1/issues", "title=x", { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    // The task graph's limit is 256 KiB (SPEC "Common"): one byte over it is refused.
    const huge = await svc.post("/api/v1/issues", { title: "x", description: "d".repeat(256 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("never answers with a body that is not {error, code}", async () => {
    const r = await svc.post("/api/v1/issues", []);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(expect.arrayContaining(["code", "error"]));
    expect(r.body.code).toMatch(/^[A-Z][A-Z_]*$/);
  });

  it("documents every task-graph route in the OpenAPI document", async () => {
    const doc = (await svc.get("/docs/json")).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/health",
      "/api/v1/issues",
      "/api/v1/issues/{id}",
      "/api/v1/issues/blocked",
      "/api/v1/issues/workable",
      "/api/v1/issues/{id}/dependencies",
      "/api/v1/issues/{id}/dependencies/{depends_on_id}",
      "/api/v1/components",
      "/api/v1/components/{id}",
      "/api/v1/analyze/impact/{id}",
      "/api/v1/analyze/root-cause",
      "/api/v1/rag/search",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
