import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_ID, USER_PASSWORD } from "../src/index.js";
import { type Harness, startAuth } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth({ AUTH_REQUIRED: "true" });
});
beforeEach(() => svc.reset());
afterAll(() => svc.close());

const newUser = { email: "x@example.org", password: "secret1", name: "X" };

describe("AUTH_REQUIRED=true", () => {
  it("refuses every user endpoint without a token with 401 UNAUTHORIZED", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/users"],
      ["GET", `/api/users/${USER_ID}`],
      ["POST", "/api/users", newUser],
      ["PUT", `/api/users/${USER_ID}`, { name: "Y" }],
      ["DELETE", `/api/users/${USER_ID}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await svc.call(method, path, body === undefined ? {} : { body });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.json.code).toBe("UNAUTHORIZED");
    }
  });

  it("lets any logged-in user read", async () => {
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    expect((await svc.call("GET", "/api/users", { token })).status).toBe(200);
    expect((await svc.call("GET", `/api/users/${USER_ID}`, { token })).status).toBe(200);
  });

  it("refuses writes by a non-admin with 403 FORBIDDEN and changes nothing", async () => {
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    for (const [method, path, body] of [
      ["POST", "/api/users", newUser],
      ["PUT", `/api/users/${USER_ID}`, { role: "admin" }],
      ["DELETE", `/api/users/${USER_ID}`, undefined],
    ] as const) {
      const r = await svc.call(method, path, body === undefined ? { token } : { token, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.code).toBe("FORBIDDEN");
    }
    const admin = await svc.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await svc.call("GET", "/api/users", { token: admin });
    expect(list.json.total).toBe(2);
    expect(list.json.items[1].role).toBe("user");
  });

  it("lets an admin create, update and delete", async () => {
    const token = await svc.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await svc.call("POST", "/api/users", { token, body: newUser });
    expect(created.status).toBe(201);
    expect(
      (await svc.call("PUT", `/api/users/${created.json.id}`, { token, body: { name: "Z" } })).status,
    ).toBe(200);
    expect((await svc.call("DELETE", `/api/users/${created.json.id}`, { token })).status).toBe(204);
  });

  it("keeps health, login and register open", async () => {
    expect((await svc.call("GET", "/health")).status).toBe(200);
    expect((await svc.call("POST", "/api/auth/register", { body: newUser })).status).toBe(201);
  });
});

describe("AUTH_REQUIRED unset (the seed's behaviour)", () => {
  it("serves the user endpoints without credentials", async () => {
    const open = await startAuth();
    try {
      expect((await open.call("GET", "/api/users")).status).toBe(200);
      expect((await open.call("POST", "/api/users", { body: newUser })).status).toBe(201);
    } finally {
      await open.close();
    }
  });
});
