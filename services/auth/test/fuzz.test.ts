/**
 * Random and malformed bodies, query strings, ids and headers against every endpoint.
 * Reproduce a failure with FUZZ_SEED=<seed printed below>.
 */
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFuzzer,
  FUZZ_CONTENT_TYPES,
  fuzzSeed,
  HOSTILE_STRINGS,
  MALFORMED_QUERY_VALUES,
} from "../../../lib/testing/fuzz.js";
import { ADMIN_ID, USER_ID } from "../src/index.js";
import { type Harness, startAuth } from "./helpers.js";

const SEED = fuzzSeed();
const PER_ENDPOINT = 500;

const { rand, pick, randomBody, randomQuery, randomId } = createFuzzer(SEED, {
  fields: [
    "email",
    "password",
    "name",
    "role",
    "id",
    "created_at",
    "updated_at",
    "token",
    "__proto__",
    "constructor",
    "x",
  ],
  strings: [
    "admin",
    "user",
    "admin@example.com",
    "USER@EXAMPLE.COM",
    "not-an-email",
    "a@b",
    "ünïcödé@例え.jp",
    ...HOSTILE_STRINGS,
  ],
  numbers: [0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER],
  contentTypes: FUZZ_CONTENT_TYPES,
  queryKeys: ["page", "limit", "search", "sort", "x", "page", "limit", ""],
  queryValues: [...MALFORMED_QUERY_VALUES, "admin"],
});

function randomAuth(): string | undefined {
  return pick([
    undefined,
    "Bearer",
    "Bearer abc",
    "Bearer a.b.c",
    "Basic Zm9vOmJhcg==",
    "Bearer eyJhbGciOiJub25lIn0.e30.",
    "bearer  x",
  ]);
}

interface Endpoint {
  method: string;
  path: () => string;
  hasBody: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: () => `/health${randomQuery()}`, hasBody: false },
  { method: "GET", path: () => `/api/users${randomQuery()}`, hasBody: false },
  { method: "POST", path: () => "/api/users", hasBody: true },
  { method: "GET", path: () => `/api/users/${pick([randomId(), ADMIN_ID, USER_ID])}`, hasBody: false },
  // PUT may hit a seeded user; a random body that happens to be valid then changes it (tracked below).
  { method: "PUT", path: () => `/api/users/${pick([randomId(), ADMIN_ID, USER_ID])}`, hasBody: true },
  { method: "DELETE", path: () => `/api/users/${randomId()}`, hasBody: false },
  { method: "POST", path: () => "/api/auth/login", hasBody: true },
  { method: "POST", path: () => "/api/auth/register", hasBody: true },
  { method: "GET", path: () => "/api/auth/me", hasBody: false },
  { method: "POST", path: () => "/api/auth/logout", hasBody: true },
];

let svc: Harness;
beforeAll(async () => {
  console.log(`fuzz seed: ${SEED} (reproduce with FUZZ_SEED=${SEED})`);
  svc = await startAuth();
});
afterAll(() => svc.close());

async function snapshot(): Promise<string> {
  const r = await svc.call("GET", "/api/users?limit=100");
  return JSON.stringify(r.json.items);
}

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  for (const ep of ENDPOINTS) {
    it(`${ep.method} ${ep
      .path()
      .split("?")[0]!
      .replace(
        /\/api\/users\/.*/,
        "/api/users/{id}",
      )}: never 5xx, JSON errors, rejected requests change nothing`, async () => {
      let before = await snapshot();
      for (let i = 0; i < PER_ENDPOINT; i++) {
        const path = ep.path();
        const body = ep.hasBody || rand() < 0.1 ? randomBody() : { raw: undefined, contentType: undefined };
        const headers: Record<string, string> = {};
        if (body.contentType && body.raw !== undefined) headers["content-type"] = body.contentType;
        const auth = randomAuth();
        if (auth) headers.authorization = auth;
        // undici's request (unlike fetch) lets GET and DELETE carry a body too.
        const res = await request(svc.url + path, {
          method: ep.method as "GET",
          headers,
          ...(body.raw !== undefined ? { body: body.raw } : {}),
        });
        const text = await res.body.text();
        const status = res.statusCode;
        const contentType = String(res.headers["content-type"] ?? "");
        const where = `${ep.method} ${path} body=${JSON.stringify(typeof body.raw === "string" ? body.raw : "<bytes>")} [seed ${SEED}, #${i}]`;
        expect(status, where).toBeLessThan(500);
        if (status >= 400) {
          expect(contentType, where).toMatch(/^application\/json/);
          const json = JSON.parse(text);
          expect(typeof json.error, where).toBe("string");
          expect(json.code, where).toMatch(/^[A-Z_]+$/);
          const after = await snapshot();
          expect(after, `user set changed by rejected ${where}`).toBe(before);
        } else {
          before = await snapshot();
        }
      }
      await svc.reset();
    });
  }
});
