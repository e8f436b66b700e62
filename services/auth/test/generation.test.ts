import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERATION_HEADER } from "../src/index.js";
import { type Harness, startAuth } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth();
});
afterAll(() => svc.close());

const generation = async (method: string, path: string, opts: Parameters<Harness["call"]>[2] = {}) =>
  (await svc.call(method, path, opts)).headers.get(GENERATION_HEADER);

describe("X-Mock-Generation", () => {
  it("is on every response: health, lists, validation errors, 401, 404, 405, 413, 415, malformed JSON, an undecodable URL", async () => {
    const before = await generation("GET", "/health");
    expect(before).toMatch(/^\d+$/);
    const answers = await Promise.all([
      svc.call("GET", "/api/users"),
      svc.call("POST", "/api/users", { body: { email: "nope" } }),
      svc.call("GET", "/api/auth/me"),
      svc.call("GET", "/no/such/route"),
      svc.call("PATCH", "/health"),
      svc.call("POST", "/api/users", { raw: JSON.stringify({ name: "x".repeat(70 * 1024) }) }),
      svc.call("POST", "/api/users", { raw: "email=a", contentType: "text/plain" }),
      svc.call("POST", "/api/users", { raw: "{not json" }),
      svc.call("GET", "/api/users/%zz"),
      svc.call("GET", "/docs/json"),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 400, 401, 404, 405, 413, 415, 400, 400, 200]);
    for (const r of answers) expect(r.headers.get(GENERATION_HEADER)).toBe(before);
  });

  it("moves by one on each reset, and the first response carrying it already sees the reset data", async () => {
    const before = Number(await generation("GET", "/health"));
    const created = await svc.call("POST", "/api/users", {
      body: { email: "gen@example.org", password: "secret1", name: "Gen" },
    });
    expect(created.headers.get(GENERATION_HEADER)).toBe(String(before));
    await svc.reset();
    const list = await svc.call("GET", "/api/users");
    expect(list.headers.get(GENERATION_HEADER)).toBe(String(before + 1));
    expect(list.json.total).toBe(2);
    await svc.reset();
    expect(await generation("GET", "/health")).toBe(String(before + 2));
  });
});
