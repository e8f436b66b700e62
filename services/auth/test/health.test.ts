import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startAuth, TIMESTAMP } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth();
});
afterAll(() => svc.close());

describe("GET /health", () => {
  it("returns exactly the seed's health record with a current UTC timestamp", async () => {
    const before = Date.now();
    const r = await svc.call("GET", "/health");
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["service", "status", "timestamp", "version"]);
    expect(r.json).toMatchObject({ status: "healthy", service: "mock-api", version: "1.0.0" });
    expect(r.json.timestamp).toMatch(TIMESTAMP);
    const t = Date.parse(`${r.json.timestamp}Z`);
    expect(t).toBeGreaterThanOrEqual(before - 5);
    expect(t).toBeLessThanOrEqual(Date.now() + 5);
  });

  it("answers a wrong method on /health with 405 naming GET in Allow", async () => {
    const r = await svc.call("POST", "/health", { body: {} });
    expect(r.status).toBe(405);
    expect(r.json.code).toBe("METHOD_NOT_ALLOWED");
    expect(r.headers.get("allow")).toContain("GET");
  });
});
