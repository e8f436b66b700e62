import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_EMAIL, ADMIN_ID, USER_ID } from "../src/index.js";
import { type Harness, startAuth, TIMESTAMP, USER_KEYS, UUID_V4 } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth();
});
beforeEach(() => svc.reset());
afterAll(() => svc.close());

const valid = { email: "new.person@example.org", password: "s3cret!", name: "New Person" };

describe("POST /api/users", () => {
  it("creates a user with a UUID v4, role user by default, timestamps, and no password", async () => {
    const r = await svc.call("POST", "/api/users", { body: valid });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(USER_KEYS);
    expect(r.json).toMatchObject({ email: valid.email, name: valid.name, role: "user" });
    expect(r.json.id).toMatch(UUID_V4);
    expect(r.json.created_at).toMatch(TIMESTAMP);
    expect(r.json.updated_at).toBe(r.json.created_at);
    expect(r.text).not.toContain(valid.password);
    const list = await svc.call("GET", "/api/users");
    expect(list.json.total).toBe(3);
  });

  it("creates an admin when role admin is given", async () => {
    const r = await svc.call("POST", "/api/users", { body: { ...valid, role: "admin" } });
    expect(r.json.role).toBe("admin");
  });

  it("lets a created user log in with the same email and password", async () => {
    await svc.call("POST", "/api/users", { body: valid });
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: valid.email, password: valid.password },
    });
    expect(r.status).toBe(200);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ["missing email", { password: "secret1", name: "A" }, /"email" is required/],
    ["missing password", { email: "a@b.org", name: "A" }, /"password" is required/],
    ["missing name", { email: "a@b.org", password: "secret1" }, /"name" is required/],
    ["bad email", { ...valid, email: "nope" }, /"email" must be a valid email address/],
    ["email over 254 chars", { ...valid, email: `${"a".repeat(250)}@b.org` }, /"email"/],
    ["short password", { ...valid, password: "12345" }, /"password" must be at least 6 characters/],
    ["long password", { ...valid, password: "x".repeat(129) }, /"password" must be at most 128 characters/],
    ["blank name", { ...valid, name: "   " }, /"name" must not be blank/],
    ["empty name", { ...valid, name: "" }, /"name"/],
    ["name over 100 chars", { ...valid, name: "n".repeat(101) }, /"name" must be at most 100 characters/],
    ["unknown role", { ...valid, role: "root" }, /"role" must be one of: "admin", "user"/],
    ["non-string name", { ...valid, name: 42 }, /"name" must be a string/],
    ["read-only id", { ...valid, id: "6f1c2c1a-1111-4111-8111-111111111111" }, /"id" is not allowed/],
    [
      "read-only created_at",
      { ...valid, created_at: "2020-01-01T00:00:00.000" },
      /"created_at" is not allowed/,
    ],
    ["unknown field", { ...valid, nickname: "x" }, /"nickname" is not allowed/],
  ];
  for (const [what, body, message] of invalid) {
    it(`rejects ${what} with 400 VALIDATION_ERROR naming the field`, async () => {
      const r = await svc.call("POST", "/api/users", { body });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
      expect(r.json.error).toMatch(message);
      expect((await svc.call("GET", "/api/users")).json.total).toBe(2);
    });
  }

  it("accepts name and password at their limits (100 chars, 6 and 128 chars)", async () => {
    const r1 = await svc.call("POST", "/api/users", {
      body: { ...valid, name: "n".repeat(100), password: "123456" },
    });
    expect(r1.status).toBe(201);
    const r2 = await svc.call("POST", "/api/users", {
      body: { email: "b@example.org", name: "B", password: "p".repeat(128) },
    });
    expect(r2.status).toBe(201);
  });

  it("refuses a duplicate email case-insensitively with 409 EMAIL_TAKEN", async () => {
    const r = await svc.call("POST", "/api/users", { body: { ...valid, email: ADMIN_EMAIL.toUpperCase() } });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe("EMAIL_TAKEN");
    expect(r.json.error).toContain(ADMIN_EMAIL.toUpperCase());
  });

  it("stores the address as given and matches it case-insensitively at login", async () => {
    const r = await svc.call("POST", "/api/users", { body: { ...valid, email: "Mixed.Case@Example.org" } });
    expect(r.json.email).toBe("Mixed.Case@Example.org");
    const login = await svc.call("POST", "/api/auth/login", {
      body: { email: "mixed.case@example.ORG", password: valid.password },
    });
    expect(login.status).toBe(200);
    expect(login.json.user.email).toBe("Mixed.Case@Example.org");
  });
});

describe("GET /api/users/{id}", () => {
  it("returns the seeded admin by its fixed id", async () => {
    const r = await svc.call("GET", `/api/users/${ADMIN_ID}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: ADMIN_ID, email: ADMIN_EMAIL, name: "Admin User", role: "admin" });
    expect(Object.keys(r.json).sort()).toEqual(USER_KEYS);
  });

  it("answers 404 USER_NOT_FOUND for an unknown id", async () => {
    const r = await svc.call("GET", "/api/users/6f1c2c1a-1111-4111-8111-111111111111");
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("USER_NOT_FOUND");
  });
});

describe("PUT /api/users/{id}", () => {
  it("updates only the given fields and moves updated_at forward", async () => {
    const before = (await svc.call("GET", `/api/users/${USER_ID}`)).json;
    const r = await svc.call("PUT", `/api/users/${USER_ID}`, { body: { name: "Renamed" } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: USER_ID, name: "Renamed", email: before.email, role: "user" });
    expect(r.json.created_at).toBe(before.created_at);
    expect(r.json.updated_at > before.updated_at).toBe(true);
  });

  it("strictly increases updated_at across back-to-back updates within the same millisecond", async () => {
    let last = (await svc.call("GET", `/api/users/${USER_ID}`)).json.updated_at;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        svc.call("PUT", `/api/users/${USER_ID}`, { body: { name: `n${i}` } }),
      ),
    );
    const stamps = results.map((r) => r.json.updated_at as string).sort();
    for (const s of stamps) {
      expect(s > last).toBe(true);
      last = s;
    }
  });

  it("changes email and role, and the new email logs in while the old one no longer does", async () => {
    const r = await svc.call("PUT", `/api/users/${USER_ID}`, {
      body: { email: "moved@example.org", role: "admin" },
    });
    expect(r.json).toMatchObject({ email: "moved@example.org", role: "admin" });
    expect(
      (
        await svc.call("POST", "/api/auth/login", {
          body: { email: "moved@example.org", password: "user123" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await svc.call("POST", "/api/auth/login", {
          body: { email: "user@example.com", password: "user123" },
        })
      ).status,
    ).toBe(401);
  });

  it("allows keeping one's own email in another case but refuses another user's email with 409", async () => {
    expect(
      (await svc.call("PUT", `/api/users/${USER_ID}`, { body: { email: "USER@example.com" } })).status,
    ).toBe(200);
    const r = await svc.call("PUT", `/api/users/${USER_ID}`, { body: { email: "Admin@Example.com" } });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe("EMAIL_TAKEN");
  });

  it("refuses an empty body, password, id and unknown fields with 400", async () => {
    for (const body of [
      {},
      { password: "newpass1" },
      { id: ADMIN_ID },
      { nickname: "x" },
      { name: "" },
      { role: "god" },
    ]) {
      const r = await svc.call("PUT", `/api/users/${USER_ID}`, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
    }
    const empty = await svc.call("PUT", `/api/users/${USER_ID}`, { body: {} });
    expect(empty.json.error).toMatch(/at least one of name, email, role/);
  });

  it("answers 404 for an unknown id before looking at the body", async () => {
    const r = await svc.call("PUT", "/api/users/nope", { body: { nickname: "invalid too" } });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("USER_NOT_FOUND");
  });
});

describe("DELETE /api/users/{id}", () => {
  it("answers 204 with an empty body and the user is gone", async () => {
    const r = await svc.call("DELETE", `/api/users/${USER_ID}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expect((await svc.call("GET", `/api/users/${USER_ID}`)).status).toBe(404);
    expect((await svc.call("GET", "/api/users")).json.total).toBe(1);
  });

  it("answers 404 USER_NOT_FOUND for an unknown id", async () => {
    await svc.call("DELETE", `/api/users/${USER_ID}`);
    const r = await svc.call("DELETE", `/api/users/${USER_ID}`);
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("USER_NOT_FOUND");
  });

  it("revokes the deleted user's tokens", async () => {
    const token = await svc.login("user@example.com", "user123");
    expect((await svc.call("GET", "/api/auth/me", { token })).status).toBe(200);
    await svc.call("DELETE", `/api/users/${USER_ID}`);
    const me = await svc.call("GET", "/api/auth/me", { token });
    expect(me.status).toBe(401);
    expect(me.json.code).toBe("UNAUTHORIZED");
  });

  it("frees the email for a new account", async () => {
    await svc.call("DELETE", `/api/users/${USER_ID}`);
    const r = await svc.call("POST", "/api/users", {
      body: { email: "user@example.com", password: "other1", name: "Again" },
    });
    expect(r.status).toBe(201);
  });
});

describe("reset()", () => {
  it("restores exactly the two seeded users with the same ids and fresh timestamps", async () => {
    const before = (await svc.call("GET", `/api/users/${ADMIN_ID}`)).json;
    await svc.call("POST", "/api/users", { body: valid });
    await svc.call("DELETE", `/api/users/${USER_ID}`);
    await svc.call("PUT", `/api/users/${ADMIN_ID}`, { body: { name: "Changed" } });
    // The reset happens a minute later (the wall clock is moved, not waited for).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    try {
      await svc.reset();
    } finally {
      vi.useRealTimers();
    }
    const list = await svc.call("GET", "/api/users");
    expect(list.json.items.map((u: { id: string }) => u.id)).toEqual([ADMIN_ID, USER_ID]);
    expect(list.json.items[0].name).toBe("Admin User");
    expect(list.json.items[0].created_at > before.created_at).toBe(true);
  });

  it("revokes every token", async () => {
    const token = await svc.login(ADMIN_EMAIL, "admin123");
    await svc.reset();
    expect((await svc.call("GET", "/api/auth/me", { token })).status).toBe(401);
  });
});
