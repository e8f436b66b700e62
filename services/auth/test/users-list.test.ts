import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_ID, USER_EMAIL, USER_ID } from "../src/index.js";
import { type Harness, startAuth, USER_KEYS, UUID_V4 } from "./helpers.js";

let svc: Harness;
beforeAll(async () => {
  svc = await startAuth();
});
beforeEach(() => svc.reset());
afterAll(() => svc.close());

async function createUsers(n: number, prefix = "person"): Promise<void> {
  for (let i = 0; i < n; i++) {
    const r = await svc.call("POST", "/api/users", {
      body: { email: `${prefix}${i}@example.org`, password: "secret1", name: `${prefix} ${i}` },
    });
    expect(r.status).toBe(201);
  }
}

describe("GET /api/users", () => {
  it("lists the two seeded users, admin first, in the list envelope with defaults page 1 limit 10", async () => {
    const r = await svc.call("GET", "/api/users");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ total: 2, page: 1, limit: 10, total_pages: 1 });
    expect(r.json.items.map((u: { id: string }) => u.id)).toEqual([ADMIN_ID, USER_ID]);
    expect(r.json.items.map((u: { email: string }) => u.email)).toEqual([ADMIN_EMAIL, USER_EMAIL]);
    for (const u of r.json.items) {
      expect(Object.keys(u).sort()).toEqual(USER_KEYS);
      expect(u.id).toMatch(UUID_V4);
    }
  });

  it("computes total_pages as ceil(total / limit)", async () => {
    await createUsers(3);
    const r = await svc.call("GET", "/api/users?limit=2");
    expect(r.json).toMatchObject({ total: 5, limit: 2, total_pages: 3 });
    const one = await svc.call("GET", "/api/users?limit=1");
    expect(one.json.total_pages).toBe(5);
    expect(one.json.items).toHaveLength(1);
  });

  it("serves later pages in created_at order, then insertion order", async () => {
    await createUsers(3);
    const p2 = await svc.call("GET", "/api/users?page=2&limit=2");
    expect(p2.json.items.map((u: { name: string }) => u.name)).toEqual(["person 0", "person 1"]);
    const all = await svc.call("GET", "/api/users?limit=100");
    const created = all.json.items.map((u: { created_at: string }) => u.created_at);
    expect([...created].sort()).toEqual(created);
  });

  it("returns 200 with empty items for a page past the end", async () => {
    const r = await svc.call("GET", "/api/users?page=5&limit=10");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ items: [], total: 2, page: 5, limit: 10, total_pages: 1 });
  });

  it("accepts limit 100 and rejects 0, 101, negative, fractional and non-numeric page and limit", async () => {
    expect((await svc.call("GET", "/api/users?limit=100")).status).toBe(200);
    for (const q of [
      "limit=0",
      "limit=101",
      "limit=-1",
      "limit=2.5",
      "limit=ten",
      "page=0",
      "page=-3",
      "page=x",
      "page=",
    ]) {
      const r = await svc.call("GET", `/api/users?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
      expect(r.json.error).toMatch(q.startsWith("limit") ? /"limit"/ : /"page"/);
    }
  });

  it("rejects an unknown query parameter, naming it", async () => {
    const r = await svc.call("GET", "/api/users?limt=5");
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Query parameter "limt" is not allowed.');
  });

  it("narrows by a fragment of the admin's email, case-insensitively and trimmed", async () => {
    await createUsers(2);
    for (const term of ["admin", "ADMIN@EX", "  admin  "]) {
      const r = await svc.call("GET", `/api/users?search=${encodeURIComponent(term)}`);
      expect(r.json.total, term).toBe(1);
      expect(r.json.items[0].email).toBe(ADMIN_EMAIL);
    }
  });

  it("matches the search term against the name as well as the email", async () => {
    const r = await svc.call("GET", "/api/users?search=test%20user");
    expect(r.json.items.map((u: { id: string }) => u.id)).toEqual([USER_ID]);
  });

  it("treats an empty or blank search as no filter and a non-matching one as an empty page", async () => {
    expect((await svc.call("GET", "/api/users?search=")).json.total).toBe(2);
    expect((await svc.call("GET", "/api/users?search=%20%20")).json.total).toBe(2);
    const none = await svc.call("GET", "/api/users?search=zzz-nobody");
    expect(none.json).toEqual({ items: [], total: 0, page: 1, limit: 10, total_pages: 0 });
  });

  it("pages through search results with total counting only matches", async () => {
    await createUsers(5, "match");
    const r = await svc.call("GET", "/api/users?search=match&limit=2&page=3");
    expect(r.json).toMatchObject({ total: 5, page: 3, limit: 2, total_pages: 3 });
    expect(r.json.items.map((u: { name: string }) => u.name)).toEqual(["match 4"]);
  });
});
