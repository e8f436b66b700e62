import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_ID } from "../src/index.js";
import { type Harness, startAuth } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth();
});
afterAll(() => svc.close());

function expectJsonError(
  r: { headers: Headers; json: { error?: unknown; code?: unknown } },
  code: string,
): void {
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  expect(r.json.code).toBe(code);
  expect(typeof r.json.error).toBe("string");
}

describe("errors common to every endpoint", () => {
  it("answers an unknown route with 404 NOT_FOUND in JSON", async () => {
    const r = await svc.call("GET", "/api/nothing-here");
    expect(r.status).toBe(404);
    expectJsonError(r, "NOT_FOUND");
  });

  it("answers a wrong method with 405 METHOD_NOT_ALLOWED and Allow", async () => {
    const r = await svc.call("PATCH", `/api/users/${USER_ID}`, { body: { name: "x" } });
    expect(r.status).toBe(405);
    expectJsonError(r, "METHOD_NOT_ALLOWED");
    expect(r.headers.get("allow")).toBe("DELETE, GET, HEAD, PUT");
    const list = await svc.call("DELETE", "/api/users");
    expect(list.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers a non-JSON body with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const r = await svc.call("POST", "/api/users", { raw: "email=a", contentType });
      expect(r.status, contentType).toBe(415);
      expectJsonError(r, "UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("answers malformed JSON with 400 INVALID_JSON", async () => {
    for (const raw of ["{", '{"email":}', "nul", '{"a":1}}']) {
      const r = await svc.call("POST", "/api/auth/login", { raw });
      expect(r.status, raw).toBe(400);
      expectJsonError(r, "INVALID_JSON");
    }
  });

  it("refuses a prototype-poisoning body", async () => {
    const r = await svc.call("POST", "/api/users", {
      raw: '{"__proto__":{"role":"admin"},"email":"a@b.org"}',
    });
    expect(r.status).toBe(400);
    expect(["INVALID_JSON", "VALIDATION_ERROR"]).toContain(r.json.code);
  });

  it("answers a body over 64 KiB with 413 PAYLOAD_TOO_LARGE", async () => {
    const r = await svc.call("POST", "/api/users", {
      body: { email: "a@b.org", password: "secret1", name: "n".repeat(66_000) },
    });
    expect(r.status).toBe(413);
    expectJsonError(r, "PAYLOAD_TOO_LARGE");
  });

  it("accepts JSON with a charset parameter", async () => {
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: "user@example.com", password: "user123" },
      contentType: "application/json; charset=utf-8",
    });
    expect(r.status).toBe(200);
  });
});
