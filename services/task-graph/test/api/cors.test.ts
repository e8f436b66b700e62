// The task graph allows no cross-origin caller unless CORS_ORIGINS lists it; a preflight never
// needs the API key (browsers send none), the request itself still does.
import { afterEach, describe, expect, it } from "vitest";
import { preflight as preflightTo, sendRaw } from "../../../../lib/testing/raw-http.js";
import { type StartedService, startService } from "../../harness/start-service.js";

const KEY = "cors-test-key";
const started: StartedService[] = [];
afterEach(() => Promise.all(started.splice(0).map((s) => s.close())));

async function start(env: NodeJS.ProcessEnv): Promise<StartedService> {
  const svc = await startService({ env });
  started.push(svc);
  return svc;
}

const preflight = (url: string, origin: string) =>
  preflightTo(url, { target: "/api/v1/issues", origin, requestHeaders: "x-api-key" });

describe("task-graph CORS", () => {
  it("answers a preflight 204 without any Allow-* header by default", async () => {
    const svc = await start({});
    const r = await preflight(svc.url, "http://localhost:5173");
    expect(r.status).toBe(204);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    const list = await sendRaw(svc.url, {
      method: "GET",
      target: "/api/v1/issues",
      headers: { Origin: "http://localhost:5173" },
    });
    expect(list.status).toBe(200);
    expect(list.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows a listed origin: preflight without the key, and the 401 without the key readable", async () => {
    const origin = "https://board.example.org";
    const svc = await start({ CORS_ORIGINS: origin, TASK_GRAPH_API_KEY: KEY });
    const r = await preflight(svc.url, origin);
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-origin"]).toBe(origin);
    expect(r.headers["access-control-allow-methods"]).toContain("POST");
    expect(r.headers["access-control-allow-headers"]).toBe("x-api-key");
    const denied = await sendRaw(svc.url, {
      method: "GET",
      target: "/api/v1/issues",
      headers: { Origin: origin },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers["access-control-allow-origin"]).toBe(origin);
    const granted = await sendRaw(svc.url, {
      method: "GET",
      target: "/api/v1/issues",
      headers: { Origin: origin, "X-API-Key": KEY },
    });
    expect(granted.status).toBe(200);
    expect(granted.headers["access-control-allow-origin"]).toBe(origin);
    expect(granted.headers.vary).toMatch(/Origin/);
  });
});
