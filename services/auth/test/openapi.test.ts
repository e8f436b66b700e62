import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startAuth } from "./helpers.js";

let svc: Harness;
// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
let doc: any;
beforeAll(async () => {
  svc = await startAuth();
  doc = (await svc.call("GET", "/docs/json")).json;
});
afterAll(() => svc.close());

const ROUTES: [string, string, number, boolean][] = [
  // path, method, success status, has request body
  ["/health", "get", 200, false],
  ["/api/users", "get", 200, false],
  ["/api/users", "post", 201, true],
  ["/api/users/{id}", "get", 200, false],
  ["/api/users/{id}", "put", 200, true],
  ["/api/users/{id}", "delete", 204, false],
  ["/api/auth/login", "post", 200, true],
  ["/api/auth/register", "post", 201, true],
  ["/api/auth/me", "get", 200, false],
  ["/api/auth/logout", "post", 204, false],
];

describe("GET /docs/json", () => {
  it("is an OpenAPI 3 document for mock-api 1.0.0", () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: "mock-api", version: "1.0.0" });
  });

  it("lists every route and nothing else", () => {
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops as object)
        .filter((m) => m !== "parameters")
        .map((m) => `${m} ${p}`),
    );
    expect(listed.sort()).toEqual(ROUTES.map(([p, m]) => `${m} ${p}`).sort());
  });

  for (const [path, method, status, hasBody] of ROUTES) {
    it(`documents ${method.toUpperCase()} ${path} with its ${hasBody ? "request body and " : ""}responses`, () => {
      const op = doc.paths[path][method];
      expect(op.responses[String(status)]).toBeDefined();
      if (status !== 204)
        expect(op.responses[String(status)].content["application/json"].schema).toBeDefined();
      if (hasBody) expect(op.requestBody.content["application/json"].schema.properties).toBeDefined();
      if (path.includes("{id}")) expect(op.parameters.map((p: { name: string }) => p.name)).toContain("id");
      const errorCodes = Object.keys(op.responses).filter((s) => s.startsWith("4"));
      if (path !== "/health") expect(errorCodes.length).toBeGreaterThan(0);
    });
  }

  it("documents the user schema without a password and the list query parameters", () => {
    const user = doc.paths["/api/users/{id}"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(user.properties).sort()).toEqual([
      "created_at",
      "email",
      "id",
      "name",
      "role",
      "updated_at",
    ]);
    const params = doc.paths["/api/users"].get.parameters.map(
      (p: { name: string; in: string }) => `${p.in}:${p.name}`,
    );
    expect(params.sort()).toEqual(["query:limit", "query:page", "query:search"]);
  });
});
