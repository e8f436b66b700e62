// Each app under apps/ is a small realistic API of one framework (several files, nested
// prefixes, the framework's traps); its expected.json is the manifest a person wrote down by
// reading the app. The scan must find exactly that.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { REPO_ROOT } from "../helpers/project.js";

const APPS = join(import.meta.dirname, "apps");

async function scan(app: string): Promise<ServiceManifest> {
  return (await scanService({ name: app, root: join(APPS, app), displayRoot: ".", parser: codeGraphParser }))
    .service;
}
const expected = (app: string): ServiceManifest =>
  JSON.parse(readFileSync(join(APPS, app, "expected.json"), "utf8"));
const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id);

describe("scanning a realistic app of each framework", () => {
  for (const app of readdirSync(APPS)) {
    it(`gives the ${app} app's expected manifest`, async () => {
      const found = await scan(app);
      // Routes first, so a failure says which route is missing or extra before any detail.
      expect(ids(found)).toEqual(ids(expected(app)));
      expect(found).toEqual(expected(app));
    });
  }
});

describe("the manifest format", () => {
  it("accepts every expected manifest under docs/manifest.schema.json, and refuses a path that is not full", () => {
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, "docs/manifest.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const services = readdirSync(APPS).map(expected);
    const doc = { version: 1, generated_at: "2026-11-24T12:00:00.000", services };
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(doc);
    broken.services[0]!.endpoints[0]!.path = "users/{id}";
    expect(validate(broken)).toBe(false);
  });
});

describe("the traps each framework sets", () => {
  it("applies Express prefixes from a settings object, a router factory and a mount across three files", async () => {
    const s = await scan("express");
    expect(ids(s)).toContain("POST /api/v1/orders/{orderId}/cancel");
    expect(s.endpoints.find((e) => e.id === "GET /api/v1/orders")?.auth).toBe(true);
  });

  it("follows CommonJS require and exports.x in a JavaScript Express app, and guards the routers mounted after passport.authenticate", async () => {
    const s = await scan("express-js");
    expect(ids(s)).toEqual([
      "GET /inventory/items",
      "GET /inventory/items/{sku}",
      "POST /inventory/items/{sku}/adjust",
      "GET /inventory/warehouses/eu",
      "GET /inventory/warehouses/us",
    ]);
    expect(s.endpoints.every((e) => e.auth === true)).toBe(true);
    expect(s.endpoints[0]!.handler).toBe("controller.list");
  });

  it("lists the query, header and body fields a handler reads when no schema declares them", async () => {
    const params = async (app: string, id: string) =>
      (await scan(app)).endpoints.find((e) => e.id === id)?.params.map((p) => `${p.in} ${p.name}`);
    expect(await params("express", "GET /api/v1/users")).toEqual([
      "query page",
      "query limit",
      "query search",
      "header x-tenant",
    ]);
    expect(await params("koa", "POST /v1/workspaces/{workspaceId}/notes")).toEqual([
      "path workspaceId",
      "body title",
      "body visibility",
    ]);
    expect(await params("hono", "GET /api/events/{eventId}/attendees")).toEqual([
      "path eventId",
      "query status",
    ]);
  });

  it("names the DTOs and query of an Express handler typed Request<Params, ResBody, ReqBody, Query> and Response<T>", async () => {
    const s = await scan("express");
    expect(s.endpoints.find((e) => e.id === "GET /api/v1/users/{id}")?.responses).toEqual([
      { dto: "UserView" },
    ]);
    const orders = s.endpoints.find((e) => e.id === "GET /api/v1/orders");
    expect(orders?.responses).toEqual([{ dto: "OrderSummary[]" }]);
    expect(orders?.params.map((p) => `${p.in} ${p.name} ${p.type}`)).toEqual([
      'query status "open" | "shipped"',
      "query since string",
    ]);
    expect(s.types.map((t) => t.name)).toEqual(["Role"]);
  });

  it("lists one Express route per element of the list a loop registers them from", async () => {
    expect(ids(await scan("express")).filter((id) => id.includes("/admin/"))).toEqual([
      "POST /api/v1/admin/flags/{flag}/disable",
      "POST /api/v1/admin/flags/{flag}/enable",
      "GET /api/v1/admin/orders/export",
      "GET /api/v1/admin/users/export",
    ]);
  });

  it("merges an OpenAPI file of the tree and marks where each endpoint was found", async () => {
    const s = await scan("express");
    const source = (id: string) => s.endpoints.find((e) => e.id === id)?.source;
    expect(source("GET /api/v1/users")).toBe("code+openapi");
    expect(source("GET /api/v1/reports/sales")).toBe("openapi");
    expect(source("POST /api/v1/users")).toBe("code");
    expect(s.openapi).toEqual(["openapi.yaml"]);
  });

  it("does not apply a register prefix to a fastify-plugin wrapped plugin, and reads TypeBox helpers", async () => {
    const s = await scan("fastify");
    expect(ids(s)).toContain("GET /health");
    const list = s.endpoints.find((e) => e.id === "GET /api/v2/books");
    expect(list?.responses).toEqual([{ status: 200, dto: "ListBooksResponse200" }]);
    expect(s.dtos.find((d) => d.name === "ListBooksResponse200")?.fields[0]).toMatchObject({
      name: "items",
      type: "Book[]",
    });
  });

  it("serves NestJS routes declared on a generic base class under each subclass's prefix and version", async () => {
    const s = await scan("nestjs");
    const findAll = s.endpoints.find((e) => e.id === "GET /api/v1/cats");
    expect(findAll).toMatchObject({
      handler: "CatsController.findAll",
      file: "src/common/crud.controller.ts",
      auth: true,
    });
    expect(findAll?.responses).toEqual([{ status: 200, dto: "Cat[]" }]);
    expect(ids(s)).toContain("POST /api/v2/auth/login");
  });

  it("puts a NestJS controller under the path RouterModule gives its module", async () => {
    const s = await scan("nestjs");
    expect(s.endpoints.find((e) => e.handler === "StatsController.daily")?.id).toBe(
      "GET /api/v1/admin/stats/daily",
    );
  });

  it("reads a NestJS @HttpCode written with the HttpStatus enum, as a login that answers 200 does", async () => {
    const s = await scan("nestjs-conduit");
    const status = (id: string) => s.endpoints.find((e) => e.id === id)?.responses[0]?.status;
    expect(status("POST /api/users/login")).toBe(200); // @HttpCode(HttpStatus.OK)
    expect(status("DELETE /api/articles/{slug}/comments/{id}")).toBe(204); // HttpStatus.NO_CONTENT
    expect(status("POST /api/users")).toBe(201); // no @HttpCode: Nest's default for POST
  });

  it("joins a NestJS controller prefix that holds a parameter, route paths from a constants file, and @Public under a guarded class", async () => {
    const s = await scan("nestjs-conduit");
    const find = (id: string) => s.endpoints.find((e) => e.id === id);
    expect(
      find("DELETE /api/articles/{slug}/comments/{id}")?.params.map((p) => `${p.name} ${p.type}`),
    ).toEqual(["slug string", "id integer"]);
    expect(find("POST /api/articles/{slug}/favorite")?.handler).toBe("ArticleController.favorite");
    expect(find("GET /api/articles/{slug}/comments")?.auth).toBe(false);
    expect(find("POST /api/articles/{slug}/comments")?.auth).toBe(true);
    // `@Body("user")`: RealWorld wraps bodies, so the DTO is the body's "user" field.
    expect(find("POST /api/users")?.params).toEqual([
      { name: "user", in: "body", type: "CreateUserDto", required: true },
    ]);
  });

  it("joins Koa router prefixes from options, prefix() and nested use()", async () => {
    expect(ids(await scan("koa"))).toContain("GET /v1/workspaces/{workspaceId}/notes/{noteId}");
  });

  it("applies Hono's basePath and route() mounts and reads zod validators", async () => {
    const s = await scan("hono");
    expect(s.endpoints.find((e) => e.id === "POST /api/events")).toMatchObject({
      request: "CreateEvent",
      auth: true,
    });
  });
});
