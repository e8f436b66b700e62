import { describe, expect, it } from "vitest";
import type { RecordedExchange } from "../../src/http/recorded-exchange.js";
import { REDACTED, Redactor } from "../../src/report/redact.js";

const config = {
  security: { test_tokens: { admin: "tok-admin-5f1c9e", reader: "tok-reader-77aa01" } },
  api_gateway: {
    auth: {
      type: "api_key" as const,
      bearer_token: "gw-bearer-0d3e2b",
      api_key_header: "X-Gateway-Credential",
      api_key_value: "gw-key-9a8b7c",
    },
  },
  databases: { main: { password: "db-pass-31337" } },
  test_data: { user: { password: "Test-Password-1" } },
  services: {
    auth: {
      headers: { "X-Client-Secret": "hdr-secret-4242", Accept: "application/json" },
      env: {
        JWT_SECRET: "jwt-secret-8080",
        PORT: "8765",
        TOKEN_TTL_SECONDS: "3600",
        AUTH_TOKEN_REQUIRED: "true",
      },
      depends_on: { redis: { env: { REDIS_PASSWORD: "redis-pw-5151" } } },
    },
  },
};

// Only the parts fromConfig reads; the full ResolvedConfig is the config loader's business.
const redactor = Redactor.fromConfig(config as unknown as Parameters<typeof Redactor.fromConfig>[0]);

describe("Redactor", () => {
  it("redacts Authorization, Proxy-Authorization, cookies and the gateway's api key header by name", () => {
    const out = redactor.headers({
      Authorization: "Bearer abc",
      "proxy-authorization": "Basic xyz",
      "x-gateway-credential": "whatever",
      "X-API-Key": "k",
      Cookie: "sid=1",
      "set-cookie": "sid=2",
      "content-type": "application/json",
    });
    expect(out).toEqual({
      Authorization: REDACTED,
      "proxy-authorization": REDACTED,
      "x-gateway-credential": REDACTED,
      "X-API-Key": REDACTED,
      Cookie: REDACTED,
      "set-cookie": REDACTED,
      "content-type": "application/json",
    });
  });

  it("redacts fields named like password, passwd, token, secret, api_key, apikey, authorization at any depth", () => {
    const body = {
      email: "a@example.com",
      Password: "hunter2",
      nested: {
        passwd: "x",
        accessToken: "y",
        client_secret: "z",
        list: [{ apiKey: "k1" }, { API_KEY: "k2" }],
      },
      headers: { AUTHORIZATION: "Basic q" },
      keep: [1, true, null, "plain"],
    };
    expect(redactor.value(body)).toEqual({
      email: "a@example.com",
      Password: REDACTED,
      nested: {
        passwd: REDACTED,
        accessToken: REDACTED,
        client_secret: REDACTED,
        list: [{ apiKey: REDACTED }, { API_KEY: REDACTED }],
      },
      headers: { AUTHORIZATION: REDACTED },
      keep: [1, true, null, "plain"],
    });
  });

  it("redacts a field named like a secret whole, even when its value is an object", () => {
    expect(redactor.value({ token: { value: "t", exp: 1 } })).toEqual({ token: REDACTED });
  });

  it("replaces test token, gateway and database password values wherever they appear inside strings", () => {
    const text =
      "login with tok-admin-5f1c9e then tok-reader-77aa01; gw gw-bearer-0d3e2b/gw-key-9a8b7c db-pass-31337";
    expect(redactor.text(text)).toBe(
      `login with ${REDACTED} then ${REDACTED}; gw ${REDACTED}/${REDACTED} ${REDACTED}`,
    );
    expect(redactor.value({ note: ["said tok-admin-5f1c9e!"] })).toEqual({ note: [`said ${REDACTED}!`] });
  });

  it("also knows the test-user password and secret-named service headers and env values from the config", () => {
    expect(redactor.text("login Test-Password-1 hdr-secret-4242 jwt-secret-8080 redis-pw-5151")).toBe(
      `login ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED}`,
    );
    // Values under harmless names stay readable.
    expect(redactor.text("port 8765 accepts application/json")).toBe("port 8765 accepts application/json");
    // A TTL under a token-like name is not a secret: "3600" and "true" stay.
    expect(redactor.text("ttl 3600 required true")).toBe("ttl 3600 required true");
  });

  it("redacts JWT-shaped strings, secret query parameters and passwords in URLs", () => {
    const jwt =
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    expect(redactor.text(`got ${jwt} back`)).toBe(`got ${REDACTED} back`);
    expect(redactor.text("http://127.0.0.1:8765/api/users?page=2&access_token=abc&api-key=def#x")).toBe(
      `http://127.0.0.1:8765/api/users?page=2&access_token=${REDACTED}&api-key=${REDACTED}#x`,
    );
    expect(redactor.text("redis://user:s3cret@127.0.0.1:6379/0")).toBe(
      `redis://user:${REDACTED}@127.0.0.1:6379/0`,
    );
  });

  it("redacts name: value pairs and auth schemes inside free text such as log lines", () => {
    expect(redactor.text("sent Authorization: Bearer abc.def-ghi to /api")).toBe(
      `sent Authorization: Bearer ${REDACTED} to /api`,
    );
    expect(redactor.text('body {"email":"a@b.c","password":"hunter2"} and x-api-key=k1')).toBe(
      `body {"email":"a@b.c","password":"${REDACTED}"} and x-api-key=${REDACTED}`,
    );
    expect(redactor.text("retrying with basic dXNlcjpwYXNz")).toBe("retrying with basic dXNlcjpwYXNz");
    expect(redactor.text("header: Basic dXNlcjpwYXNz=")).toBe(`header: Basic ${REDACTED}`);
    expect(redactor.text("Expected token to be valid; secret santa")).toBe(
      "Expected token to be valid; secret santa",
    );
  });

  it("leaves innocent data alone and does not mutate its input", () => {
    const body = { id: "u1", items: [{ name: "Admin User", role: "admin" }], total: 1 };
    const copy = structuredClone(body);
    expect(redactor.value(body)).toEqual(copy);
    expect(body).toEqual(copy);
    expect(redactor.text("no secrets here: a=b&c=d")).toBe("no secrets here: a=b&c=d");
  });

  it("redacts a whole recorded exchange: URL, both header sets, both bodies and the error", () => {
    const exchange: RecordedExchange = {
      method: "POST",
      url: "http://127.0.0.1:8765/api/auth/login?token=tok-admin-5f1c9e",
      requestHeaders: { authorization: "Bearer tok-admin-5f1c9e", "x-trace": "tok-reader-77aa01" },
      requestBody: { email: "admin@example.com", password: "admin123" },
      status: 200,
      responseHeaders: { "set-cookie": "a=b", "content-type": "application/json" },
      responseBody: { token: "eyJ...", user: { id: "1", email: "admin@example.com" } },
      error: "socket hang up after tok-admin-5f1c9e",
      startedAt: "2026-11-22T00:00:00.000",
      durationMs: 3,
      attempts: 1,
    };
    const out = redactor.exchange(exchange);
    expect(out.url).toBe(`http://127.0.0.1:8765/api/auth/login?token=${REDACTED}`);
    expect(out.requestHeaders).toEqual({ authorization: REDACTED, "x-trace": REDACTED });
    expect(out.requestBody).toEqual({ email: "admin@example.com", password: REDACTED });
    expect(out.responseHeaders).toEqual({ "set-cookie": REDACTED, "content-type": "application/json" });
    expect(out.responseBody).toEqual({ token: REDACTED, user: { id: "1", email: "admin@example.com" } });
    expect(out.error).toBe(`socket hang up after ${REDACTED}`);
    expect(JSON.stringify(out)).not.toContain("tok-admin-5f1c9e");
    expect(exchange.requestBody).toEqual({ email: "admin@example.com", password: "admin123" });
  });

  it("redacts failure messages, expected/actual values and stacks", () => {
    const out = redactor.failure({
      name: "AssertionError",
      message: "expected tok-admin-5f1c9e to be rejected",
      expected: { password: "p" },
      actual: "tok-reader-77aa01",
      stack: "AssertionError: tok-admin-5f1c9e\n    at run (01_login.ts:3:1)",
    });
    expect(out.message).toBe(`expected ${REDACTED} to be rejected`);
    expect(out.expected).toEqual({ password: REDACTED });
    expect(out.actual).toBe(REDACTED);
    expect(out.stack).toContain(`AssertionError: ${REDACTED}`);
  });

  it("replaces the longer of two overlapping secrets whole and treats regex characters literally", () => {
    const r = new Redactor({ secrets: ["abc", "abc.def+", ""] });
    expect(r.text("x abc.def+ y abcXdef")).toBe(`x ${REDACTED} y ${REDACTED}Xdef`);
  });

  it("survives cycles and non-plain values", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    expect(redactor.value(a)).toEqual({ name: "a", self: "[Circular]" });
    expect(redactor.value(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01T00:00:00.000Z");
    expect(redactor.value(undefined)).toBeUndefined();
  });
});
