// With AUTH_REQUIRED=true, no spelling of a request target reaches user data without a token, or
// changes users without an admin token: every route of the app (enumerated from it, so new routes
// are covered) is sent over a raw socket as percent-encoded, absolute-form, asterisk-form,
// dot-segment, double-slash, case-changed and trailing-slash targets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, routesOf } from "../../../lib/service-kit/index.js";
import { sweepAccess } from "../../../lib/testing/access-sweep.js";
import { sendRaw } from "../../../lib/testing/raw-http.js";
import { type AuthApp, buildAuthApp } from "../src/app.js";
import { resolveAuthConfig } from "../src/config.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_ID, USER_PASSWORD } from "../src/index.js";

// Routes anyone may call; every other route needs a token.
const OPEN = new Set(["/health", "/docs/json", "/api/auth/login", "/api/auth/register"]);
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
let built: AuthApp;
let url: string;
let adminToken: string;
let userToken: string;

async function login(email: string, password: string): Promise<string> {
  const r = await sendRaw(url, {
    method: "POST",
    target: "/api/auth/login",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return r.json.token;
}

beforeAll(async () => {
  built = await buildAuthApp({ config: resolveAuthConfig({ AUTH_REQUIRED: "true" }), logger: false });
  url = await listen(built.app, { port: 0, host: "127.0.0.1", defaultPort: 0 });
  adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  userToken = await login(USER_EMAIL, USER_PASSWORD);
});
afterAll(() => built?.app.close());

const fill = (template: string) => template.replace(":id", USER_ID);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function users(): Promise<unknown> {
  return (await sendRaw(url, { method: "GET", target: "/api/users?limit=100", headers: bearer(adminToken) }))
    .json;
}

describe("token and role checks on the matched route (AUTH_REQUIRED=true)", () => {
  it("enumerates the app's routes, the user endpoints among them", () => {
    const templates = routesOf(built.app).map(([method, template]) => `${method} ${template}`);
    expect(templates).toEqual(
      expect.arrayContaining(["GET /api/users", "DELETE /api/users/:id", "GET /api/auth/me"]),
    );
  });

  it("answers no user data and changes nothing without a token, however the target is spelled", async () => {
    const before = await users();
    const routes = routesOf(built.app).filter(([, template]) => !OPEN.has(template));
    for (const without of [{}, bearer("not.a.token")]) {
      const violations = await sweepAccess({
        baseUrl: url,
        routes,
        fill,
        without,
        with: bearer(adminToken),
        deniedStatus: 401,
      });
      expect(violations, JSON.stringify(without)).toEqual([]);
    }
    expect(await users()).toEqual(before);
  });

  it("changes no user with a non-admin token, however the target is spelled", async () => {
    const before = await users();
    const writes = routesOf(built.app).filter(
      ([method, template]) => WRITES.has(method) && template.startsWith("/api/users"),
    );
    expect(writes.length).toBeGreaterThanOrEqual(3);
    const violations = await sweepAccess({
      baseUrl: url,
      routes: writes,
      fill,
      without: bearer(userToken),
      with: bearer(adminToken),
      deniedStatus: 403,
    });
    expect(violations).toEqual([]);
    expect(await users()).toEqual(before);
  });

  it("lets a token through on the encoded and absolute-form targets that reach a route", async () => {
    for (const target of [
      "/%61pi/users",
      "http://localhost/api/users",
      "*api/users",
      `/api/%75sers/${USER_ID}`,
    ]) {
      expect((await sendRaw(url, { method: "GET", target })).status, target).toBe(401);
      const granted = await sendRaw(url, { method: "GET", target, headers: bearer(userToken) });
      expect(granted.status, target).toBe(200);
    }
  });
});
