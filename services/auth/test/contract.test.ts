// Contract test: a realistic session through every operation of the served document, errors
// included, each answer validated against that document by a third-party validator
// (openapi-backend + Ajv); then requests at every documented limit, which must be accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  atLimits,
  queryAtLimits,
  requestBodySchema,
  stringOfLength,
} from "../../../lib/testing/at-limits.js";
import { ContractClient, ContractRecorder } from "../../../lib/testing/openapi-contract.js";
import { ADMIN_EMAIL, ADMIN_ID, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD } from "../src/index.js";
import { type Harness, startAuth } from "./helpers.js";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function documented(svc: Harness): Promise<{ api: ContractClient; recorder: ContractRecorder }> {
  const doc = (await svc.call("GET", "/docs/json")).json;
  const recorder = await ContractRecorder.create(doc);
  return { api: new ContractClient(svc.url, recorder), recorder };
}

describe("the auth service against its own OpenAPI document (AUTH_REQUIRED off)", () => {
  let svc: Harness;
  let api: ContractClient;
  let recorder: ContractRecorder;
  let doc: ContractRecorder["document"];

  beforeAll(async () => {
    svc = await startAuth();
    ({ api, recorder } = await documented(svc));
    doc = recorder.document;
  });
  afterAll(() => svc.close());

  it("answers a realistic session, errors included, only as documented", async () => {
    expect((await api.send("GET", "/health")).status).toBe(200);
    expect((await api.send("POST", "/health")).status).toBe(405);

    expect((await api.send("GET", "/api/users")).json.total).toBe(2);
    expect((await api.send("GET", "/api/users?page=2&limit=1&search=example")).json.items).toHaveLength(1);
    expect((await api.send("GET", "/api/users?page=0")).status).toBe(400);
    expect((await api.send("GET", "/api/users?colour=red")).status).toBe(400);
    expect((await api.send("PATCH", "/api/users")).status).toBe(405);

    const ada = { email: "ada@example.com", password: "analytical", name: "Ada" };
    const created = await api.send("POST", "/api/users", { body: { ...ada, role: "admin" } });
    expect(created.status).toBe(201);
    const adaId = created.json.id as string;
    expect(
      (await api.send("POST", "/api/users", { body: { ...ada, email: "ADA@example.com" } })).status,
    ).toBe(409);
    expect((await api.send("POST", "/api/users", { body: { ...ada, id: adaId } })).status).toBe(400);
    expect((await api.send("POST", "/api/users", { raw: "{not json" })).status).toBe(400);
    expect((await api.send("POST", "/api/users", { raw: "name=x", contentType: "text/plain" })).status).toBe(
      415,
    );
    const huge = { ...ada, name: "n".repeat(70 * 1024) };
    expect((await api.send("POST", "/api/users", { body: huge })).status).toBe(413);

    expect((await api.send("GET", `/api/users/${adaId}`)).json.email).toBe(ada.email);
    expect((await api.send("GET", `/api/users/${MISSING_ID}`)).status).toBe(404);
    const big = await api.send("GET", `/api/users/${adaId}`, {
      headers: { "x-padding": "p".repeat(20_000) },
    });
    expect(big.status).toBe(431);

    expect((await api.send("PUT", `/api/users/${adaId}`, { body: { name: "Ada L." } })).json.name).toBe(
      "Ada L.",
    );
    expect((await api.send("PUT", `/api/users/${adaId}`, { body: {} })).status).toBe(400);
    expect((await api.send("PUT", `/api/users/${adaId}`, { body: { email: USER_EMAIL } })).status).toBe(409);
    expect((await api.send("PUT", `/api/users/${MISSING_ID}`, { body: { name: "x" } })).status).toBe(404);
    expect(
      (await api.send("PUT", `/api/users/${adaId}`, { raw: "x", contentType: "text/plain" })).status,
    ).toBe(415);

    const reg = await api.send("POST", "/api/auth/register", {
      body: { email: "grace@example.com", password: "cobol-1959", name: "Grace" },
    });
    expect(reg.status).toBe(201);
    const registerAgain = { email: "grace@example.com", password: "cobol-1959", name: "G" };
    expect((await api.send("POST", "/api/auth/register", { body: registerAgain })).status).toBe(409);
    const asAdmin = { ...registerAgain, email: "eve@example.com", role: "admin" };
    expect((await api.send("POST", "/api/auth/register", { body: asAdmin })).status).toBe(400);

    const login = await api.send("POST", "/api/auth/login", {
      body: { email: USER_EMAIL, password: USER_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    const wrong = { email: USER_EMAIL, password: "not-it" };
    expect((await api.send("POST", "/api/auth/login", { body: wrong })).status).toBe(401);
    expect((await api.send("POST", "/api/auth/login", { body: { email: USER_EMAIL } })).status).toBe(400);

    const bearer = { authorization: `Bearer ${token}` };
    expect((await api.send("GET", "/api/auth/me", { headers: bearer })).json.email).toBe(USER_EMAIL);
    expect((await api.send("GET", "/api/auth/me")).status).toBe(401);
    expect((await api.send("POST", "/api/auth/logout", { headers: bearer })).status).toBe(204);
    expect((await api.send("POST", "/api/auth/logout", { headers: bearer })).status).toBe(401);
    expect((await api.send("GET", "/api/auth/me", { headers: bearer })).status).toBe(401);

    expect((await api.send("DELETE", `/api/users/${adaId}`)).status).toBe(204);
    expect((await api.send("DELETE", `/api/users/${adaId}`)).status).toBe(404);

    expect(recorder.coverageGaps()).toEqual([]);
  });

  it("accepts a body with every field at its documented limit on each operation that takes one", async () => {
    const create = atLimits(requestBodySchema(doc, "/api/users", "post"), "create") as Record<string, string>;
    const created = await api.sendAllowed("POST", "/api/users", create);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: create.email, name: create.name });
    expect(create.email).toHaveLength(254);
    expect(create.password).toHaveLength(128);

    const register = atLimits(requestBodySchema(doc, "/api/auth/register", "post"), "register") as Record<
      string,
      string
    >;
    expect((await api.sendAllowed("POST", "/api/auth/register", register)).status).toBe(201);

    const update = atLimits(requestBodySchema(doc, "/api/users/{id}", "put"), "update");
    const updated = await api.sendAllowed("PUT", `/api/users/${created.json.id}`, update);
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject(update as object);

    const credentials = { email: register.email, password: register.password };
    const login = atLimits(requestBodySchema(doc, "/api/auth/login", "post"), "login", credentials);
    expect((await api.sendAllowed("POST", "/api/auth/login", login)).status).toBe(200);
  });

  it("accepts every list query parameter at its documented limit", async () => {
    const query = queryAtLimits(doc, "/api/users", "get");
    const last = await api.sendAllowed("GET", `/api/users?${query}`);
    expect(last.status).toBe(200);
    expect(last.json).toMatchObject({ page: Number.MAX_SAFE_INTEGER, limit: 100, items: [] });
    const full = await api.sendAllowed(
      "GET",
      `/api/users?${queryAtLimits(doc, "/api/users", "get", { page: "1", search: "" })}`,
    );
    expect(full.json.items.length).toBeGreaterThanOrEqual(2);
  });

  it("looks up a user id as long as the documented limit instead of refusing it", async () => {
    const longest = stringOfLength(doc.paths["/api/users/{id}"].get.parameters[0].schema.maxLength, "id-");
    const r = await api.sendAllowed("GET", `/api/users/${longest}`);
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("USER_NOT_FOUND");
  });
});

describe("the auth service against its own OpenAPI document (AUTH_REQUIRED=true)", () => {
  let svc: Harness;
  let api: ContractClient;
  let recorder: ContractRecorder;

  beforeAll(async () => {
    svc = await startAuth({ AUTH_REQUIRED: "true" });
    ({ api, recorder } = await documented(svc));
  });
  afterAll(() => svc.close());

  it("documents and answers the token and role checks of the user routes", async () => {
    const login = async (email: string, password: string) =>
      ({
        authorization: `Bearer ${(await api.send("POST", "/api/auth/login", { body: { email, password } })).json.token}`,
      }) as Record<string, string>;
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await login(USER_EMAIL, USER_PASSWORD);
    const body = { email: "lin@example.com", password: "secret-1", name: "Lin" };

    expect((await api.send("GET", "/api/users")).status).toBe(401);
    expect((await api.send("GET", "/api/users", { headers: user })).status).toBe(200);
    expect((await api.send("GET", `/api/users/${ADMIN_ID}`)).status).toBe(401);
    expect((await api.send("GET", `/api/users/${ADMIN_ID}`, { headers: user })).status).toBe(200);
    expect((await api.send("POST", "/api/users", { body })).status).toBe(401);
    expect((await api.send("POST", "/api/users", { body, headers: user })).status).toBe(403);
    const created = await api.send("POST", "/api/users", { body, headers: admin });
    expect(created.status).toBe(201);
    const path = `/api/users/${created.json.id}`;
    expect((await api.send("PUT", path, { body: { name: "L" }, headers: user })).status).toBe(403);
    expect((await api.send("PUT", path, { body: { name: "L" } })).status).toBe(401);
    expect((await api.send("PUT", path, { body: { name: "L" }, headers: admin })).status).toBe(200);
    expect((await api.send("DELETE", path)).status).toBe(401);
    expect((await api.send("DELETE", path, { headers: user })).status).toBe(403);
    expect((await api.send("DELETE", path, { headers: admin })).status).toBe(204);
    for (const id of ["listUsers", "getUser", "createUser", "updateUser", "deleteUser"]) {
      expect(recorder.seen.get(id)).toContain(401);
    }
  });
});
