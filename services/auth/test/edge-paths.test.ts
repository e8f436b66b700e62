import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startAuth } from "./helpers.js";

let open: Harness;
let guarded: Harness;
beforeAll(async () => {
  open = await startAuth();
  guarded = await startAuth({ AUTH_REQUIRED: "true" });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

describe("/api/users/ with an empty id", () => {
  it("is the unknown route (404 NOT_FOUND) for GET, PUT and DELETE, not USER_NOT_FOUND", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const r = await open.call(method, "/api/users/", method === "PUT" ? { body: { name: "x" } } : {});
      expect({ method, status: r.status, body: r.json }).toEqual({
        method,
        status: 404,
        body: { error: `No route matches ${method} /api/users/.`, code: "NOT_FOUND" },
      });
    }
  });

  it("is the unknown route before any token check when AUTH_REQUIRED=true", async () => {
    const r = await guarded.call("GET", "/api/users/");
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("NOT_FOUND");
  });
});

describe("?page= and ?limit= beyond exact integers", () => {
  it("accepts the largest exact integer as a page (a page past the end: 200, no items)", async () => {
    const r = await open.call("GET", `/api/users?page=${Number.MAX_SAFE_INTEGER}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ items: [], total: 2, page: Number.MAX_SAFE_INTEGER });
  });

  it("refuses a page above 2^53 - 1 naming the limit, not as 'must be an integer'", async () => {
    const r = await open.call("GET", "/api/users?page=9007199254740993");
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'Query parameter "page" must be at most 9007199254740991 (2^53 - 1).',
      code: "VALIDATION_ERROR",
      details: { field: "page", location: "querystring", rule: "maximum" },
    });
  });

  it("still says 'must be an integer' for text that is not a plain decimal integer", async () => {
    const r = await open.call("GET", "/api/users?page=1.5");
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Query parameter "page" must be an integer.');
  });
});
