// RATE_LIMIT_PER_MINUTE (SPEC §2c) over a real socket: 429 RATE_LIMITED with Retry-After once a
// client has spent its minute, decided on the route that matched; /health and /docs stay open.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

const PER_MINUTE = 4;
const KEY = "rate-limit-test-key";

describe("rate limit without an API key: per client address", () => {
  let svc: StartedService;
  beforeAll(async () => {
    svc = await startService({ env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
  });
  afterAll(() => svc.close());

  it("answers the first requests of the minute, then 429 RATE_LIMITED with Retry-After", async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await svc.get("/api/v1/issues")).status).toBe(200);
    const refused = await svc.request("POST", "/api/v1/issues", { title: "over the limit" });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(refused.body.details).toEqual({ limit_per_minute: PER_MINUTE, retry_after_s: expect.any(Number) });
    // A token comes back every 60 / PER_MINUTE = 15 s.
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60 / PER_MINUTE);
  });

  it("keeps a refused write invisible", async () => {
    const refused = await svc.request("POST", "/api/v1/issues", { title: "never stored" });
    expect(refused.status).toBe(429);
    const titles = (await svc.adapters.graph.allIssues()).map((i) => i.title);
    expect(titles).not.toContain("never stored");
    expect(titles).not.toContain("over the limit");
  });

  it("counts other spellings of a limited route, and /mcp, against the same client", async () => {
    for (const path of ["/api/v1/issues?limit=1", "/api/v1/issues/", "//api/v1/issues", "/api/v1/%69ssues"]) {
      const reply = await rawGet(svc.url, path);
      expect([429, 404], path).toContain(reply.status);
    }
    const mcp = await svc.request("POST", "/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(mcp.status).toBe(429);
  });

  it("leaves /health and /docs open, and documents 429 on limited routes only", async () => {
    for (let i = 0; i < PER_MINUTE * 2; i++) expect((await svc.get("/health")).status).toBe(200);
    const doc = (await svc.get("/docs/json")).body;
    expect(doc.paths["/api/v1/issues"].get.responses["429"].description).toMatch(/RATE_LIMITED/);
    expect(doc.paths["/health"].get.responses["429"]).toBeUndefined();
  });
});

describe("rate limit with an API key: the key's holders share its minute", () => {
  let svc: StartedService;
  beforeAll(async () => {
    svc = await startService({
      env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), TASK_GRAPH_API_KEY: KEY },
    });
  });
  afterAll(() => svc.close());

  it("refuses made-up keys (401) without spending the key's minute, then limits the key", async () => {
    for (let i = 0; i < PER_MINUTE * 2; i++) {
      expect((await svc.get("/api/v1/issues", { "x-api-key": `guess-${i}` })).status).toBe(401);
    }
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await svc.get("/api/v1/issues", { authorization: `Bearer ${KEY}` })).status).toBe(200);
    }
    const refused = await svc.get("/api/v1/issues", { "x-api-key": KEY });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
  });
});

/** A GET sent byte for byte as given (fetch would normalise the path). */
function rawGet(base: string, path: string): Promise<{ status: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}\r\nconnection: close\r\n\r\n`);
    });
    let head = "";
    socket.on("data", (d) => {
      head += d.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0) }));
  });
}
