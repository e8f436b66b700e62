import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_EMAIL, ADMIN_ID, ADMIN_PASSWORD, USER_EMAIL, USER_ID, USER_PASSWORD } from "../src/index.js";
import { type Harness, startAuth, USER_KEYS } from "./helpers.js";

function claimsOf(token: string): Record<string, unknown> {
  const [header, payload] = token.split(".");
  return {
    ...JSON.parse(Buffer.from(payload!, "base64url").toString()),
    _alg: JSON.parse(Buffer.from(header!, "base64url").toString()).alg,
  };
}

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth({ JWT_SECRET: "test-secret-for-auth-tests", TOKEN_TTL_SECONDS: "120" });
});
beforeEach(() => svc.reset());
afterAll(() => svc.close());

describe("POST /api/auth/login", () => {
  it("returns a token and the user without a password for the seeded admin", async () => {
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["token", "user"]);
    expect(typeof r.json.token).toBe("string");
    expect(Object.keys(r.json.user).sort()).toEqual(USER_KEYS);
    expect(r.json.user).toMatchObject({ id: ADMIN_ID, role: "admin" });
    expect(r.text).not.toContain(ADMIN_PASSWORD);
  });

  it("issues an HS256 JWT with sub, email, role, jti, iat and exp = iat + TOKEN_TTL_SECONDS", async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    const after = Math.floor(Date.now() / 1000);
    const c = claimsOf(token);
    expect(c._alg).toBe("HS256");
    expect(c).toMatchObject({ sub: USER_ID, email: USER_EMAIL, role: "user" });
    expect(typeof c.jti).toBe("string");
    expect(c.exp).toBe((c.iat as number) + 120);
    // Issued during the call, however long the call took.
    expect(c.iat).toBeGreaterThanOrEqual(before);
    expect(c.iat).toBeLessThanOrEqual(after);
  });

  it("gives each login its own token id", async () => {
    const a = claimsOf(await svc.login(USER_EMAIL, USER_PASSWORD));
    const b = claimsOf(await svc.login(USER_EMAIL, USER_PASSWORD));
    expect(a.jti).not.toBe(b.jti);
  });

  it("matches the email case-insensitively", async () => {
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: "Admin@Example.COM", password: ADMIN_PASSWORD },
    });
    expect(r.status).toBe(200);
  });

  it("answers 401 INVALID_CREDENTIALS with the same message for an unknown email and a wrong password", async () => {
    const wrong = await svc.call("POST", "/api/auth/login", {
      body: { email: ADMIN_EMAIL, password: "wrong-pass" },
    });
    const unknown = await svc.call("POST", "/api/auth/login", {
      body: { email: "ghost@example.com", password: ADMIN_PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe("INVALID_CREDENTIALS");
  });

  it("answers 400 naming the field for a missing, empty or non-string email or password", async () => {
    const cases: [unknown, string][] = [
      [{ password: "x" }, "email"],
      [{ email: ADMIN_EMAIL }, "password"],
      [{ email: "", password: "x" }, "email"],
      [{ email: ADMIN_EMAIL, password: "" }, "password"],
      [{ email: 5, password: "x" }, "email"],
      [{ email: ADMIN_EMAIL, password: ["admin123"] }, "password"],
      [{ email: ADMIN_EMAIL, password: null }, "password"],
    ];
    for (const [body, field] of cases) {
      const r = await svc.call("POST", "/api/auth/login", { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
      expect(r.json.error).toContain(`"${field}"`);
    }
  });

  it("applies no length rules at login (a short wrong password is a 401, not a 400)", async () => {
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: "not-even-an-email", password: "x" },
    });
    expect(r.status).toBe(401);
  });

  it("answers 400 when the body is missing", async () => {
    const r = await svc.call("POST", "/api/auth/login");
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("VALIDATION_ERROR");
  });
});

describe("POST /api/auth/register", () => {
  const body = { email: "fresh@example.org", password: "fresh-pass", name: "Fresh Person" };

  it("creates a user with role user and returns 201 with a working token", async () => {
    const r = await svc.call("POST", "/api/auth/register", { body });
    expect(r.status).toBe(201);
    expect(r.json.user).toMatchObject({ email: body.email, name: body.name, role: "user" });
    expect(Object.keys(r.json.user).sort()).toEqual(USER_KEYS);
    const me = await svc.call("GET", "/api/auth/me", { token: r.json.token });
    expect(me.json.id).toBe(r.json.user.id);
  });

  it("lets the registered user log in with the same email and password", async () => {
    await svc.call("POST", "/api/auth/register", { body });
    const r = await svc.call("POST", "/api/auth/login", {
      body: { email: body.email, password: body.password },
    });
    expect(r.status).toBe(200);
  });

  it("refuses a role field so nobody registers as admin", async () => {
    const r = await svc.call("POST", "/api/auth/register", { body: { ...body, role: "admin" } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Field "role" is not allowed.');
    expect((await svc.call("GET", "/api/users")).json.total).toBe(2);
  });

  it("refuses a taken email, case-insensitively, with 409 EMAIL_TAKEN", async () => {
    const r = await svc.call("POST", "/api/auth/register", { body: { ...body, email: "USER@EXAMPLE.COM" } });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe("EMAIL_TAKEN");
  });

  it("applies the create rules to email, password and name", async () => {
    for (const bad of [
      { ...body, email: "x" },
      { ...body, password: "123" },
      { ...body, name: " " },
    ]) {
      expect((await svc.call("POST", "/api/auth/register", { body: bad })).status).toBe(400);
    }
  });

  it("creates only one account when the same email registers twice at once", async () => {
    const [a, b] = await Promise.all([
      svc.call("POST", "/api/auth/register", { body }),
      svc.call("POST", "/api/auth/register", { body: { ...body, email: body.email.toUpperCase() } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await svc.call("GET", "/api/users")).json.total).toBe(3);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("returns the current user object itself for a valid bearer token", async () => {
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    const r = await svc.call("GET", "/api/auth/me", { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual((await svc.call("GET", `/api/users/${USER_ID}`)).json);
  });

  it("reflects later changes to the user", async () => {
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    await svc.call("PUT", `/api/users/${USER_ID}`, { body: { name: "New Name" } });
    expect((await svc.call("GET", "/api/auth/me", { token })).json.name).toBe("New Name");
  });

  it("answers 401 UNAUTHORIZED without a token, with a garbage token and with a token signed by another secret", async () => {
    const other = await startAuth({ JWT_SECRET: "a-different-secret" });
    try {
      const foreign = await other.login(USER_EMAIL, USER_PASSWORD);
      const variants: Record<string, string>[] = [
        {},
        { authorization: "Bearer not.a.jwt" },
        { authorization: "Basic abc" },
        { authorization: `Bearer ${foreign}` },
      ];
      for (const headers of variants) {
        const r = await svc.call("GET", "/api/auth/me", { headers });
        expect(r.status, JSON.stringify(headers)).toBe(401);
        expect(r.json.code).toBe("UNAUTHORIZED");
      }
    } finally {
      await other.close();
    }
  });

  it("refuses an unsigned (alg none) token carrying a real jti", async () => {
    const token = await svc.login(USER_EMAIL, USER_PASSWORD);
    const [, payload] = token.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect((await svc.call("GET", "/api/auth/me", { token: none })).status).toBe(401);
  });

  it("logs out with 204, after which the token is refused but other tokens still work", async () => {
    const t1 = await svc.login(USER_EMAIL, USER_PASSWORD);
    const t2 = await svc.login(USER_EMAIL, USER_PASSWORD);
    const out = await svc.call("POST", "/api/auth/logout", { token: t1 });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    expect((await svc.call("GET", "/api/auth/me", { token: t1 })).status).toBe(401);
    expect((await svc.call("POST", "/api/auth/logout", { token: t1 })).status).toBe(401);
    expect((await svc.call("GET", "/api/auth/me", { token: t2 })).status).toBe(200);
  });

  it("answers logout without a token with 401", async () => {
    const r = await svc.call("POST", "/api/auth/logout");
    expect(r.status).toBe(401);
    expect(r.json.code).toBe("UNAUTHORIZED");
  });
});

describe("token lifetime", () => {
  it("accepts a token until its exp and refuses it once TOKEN_TTL_SECONDS have passed", async () => {
    // The wall clock is moved instead of waited for (timers stay real): the test neither sleeps
    // nor depends on how long a request takes on a busy machine.
    const short = await startAuth({ TOKEN_TTL_SECONDS: "90" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const token = await short.login(USER_EMAIL, USER_PASSWORD);
      const expiresAtMs = (claimsOf(token).exp as number) * 1000;
      vi.setSystemTime(expiresAtMs - 1);
      expect((await short.call("GET", "/api/auth/me", { token })).status).toBe(200);
      vi.setSystemTime(expiresAtMs + 1);
      const expired = await short.call("GET", "/api/auth/me", { token });
      expect(expired.status).toBe(401);
      expect(expired.json.error).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it("refuses to start with a TOKEN_TTL_SECONDS that is not a positive integer, naming it", async () => {
    await expect(startAuth({ TOKEN_TTL_SECONDS: "soon" })).rejects.toThrow(/TOKEN_TTL_SECONDS "soon"/);
    await expect(startAuth({ AUTH_REQUIRED: "maybe" })).rejects.toThrow(/AUTH_REQUIRED "maybe"/);
  });
});
