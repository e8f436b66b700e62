// The traps of the Python and JVM frameworks, one sentence each, on the scanned test apps
// (apps/<name>/, whose whole manifests framework-apps.test.ts compares).

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { Endpoint, ServiceManifest } from "../../src/manifest/types.js";

const appsDir = join(dirname(fileURLToPath(import.meta.url)), "apps");

async function scan(app: string): Promise<ServiceManifest> {
  const { service } = await scanService({
    name: app,
    root: join(appsDir, app),
    displayRoot: app,
    parser: codeGraphParser,
  });
  return service;
}

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id);
const endpoint = (s: ServiceManifest, id: string): Endpoint => {
  const found = s.endpoints.find((e) => e.id === id);
  if (!found) throw new Error(`no endpoint ${id} among ${ids(s).join(", ")}`);
  return found;
};
const field = (s: ServiceManifest, dto: string, name: string) =>
  s.dtos.find((d) => d.name === dto)?.fields.find((f) => f.name === name);

describe("FastAPI", () => {
  let s: ServiceManifest;
  beforeAll(async () => {
    s = await scan("fastapi-shop");
  });

  it("applies a prefix read from a settings object of another module, then each router's own", () => {
    expect(ids(s)).toContain("GET /api/v1/items/{item_id}/variants/{variant_id}");
    expect(ids(s).filter((id) => id.includes(" /{item_id}"))).toEqual([]);
  });

  it("gives each route registered in a loop its own path and handler", () => {
    expect([endpoint(s, "GET /ping").handler, endpoint(s, "GET /version").handler]).toEqual([
      "ping",
      "version",
    ]);
    expect(ids(s)).toContain("GET /api/v1/reviews/{review_id}");
  });

  it("puts a mounted sub-application's routes under its mount path only", () => {
    expect(ids(s)).toContain("GET /admin/stats");
    expect(ids(s)).not.toContain("GET /stats");
  });

  it("reads path, query and header parameters with constraints from the signature", () => {
    expect(endpoint(s, "GET /api/v1/users/").params).toContainEqual({
      name: "limit",
      in: "query",
      type: "integer",
      required: false,
      constraints: { minimum: 1, maximum: 100, default: 20 },
    });
    expect(endpoint(s, "GET /api/v1/users/").params).toContainEqual({
      name: "x-request-id",
      in: "header",
      type: "string",
      required: false,
    });
  });

  it("takes a pydantic parameter as the request body and response_model as the response", () => {
    const create = endpoint(s, "POST /api/v1/users/");
    expect(create.request).toBe("UserCreate");
    expect(create.responses).toEqual([{ status: 201, dto: "UserOut" }]);
    expect(field(s, "UserCreate", "email")).toMatchObject({
      required: true,
      constraints: { format: "email" },
    });
  });

  it("lists the other statuses documented with responses={...}", () => {
    expect(endpoint(s, "GET /api/v1/users/{user_id}").responses).toEqual([
      { status: 200, dto: "UserOut" },
      { status: 404, dto: "Message" },
    ]);
  });

  it("marks routes behind an auth dependency of the route, its parameters or its router", () => {
    expect(endpoint(s, "GET /api/v1/users/me").auth).toBe(true);
    expect(endpoint(s, "GET /api/v1/reviews/{review_id}").auth).toBe(true);
    expect(endpoint(s, "GET /api/v1/users/{user_id}").auth).toBeUndefined();
  });
});

describe("Flask", () => {
  let s: ServiceManifest;
  beforeAll(async () => {
    s = await scan("flask-library");
  });

  it("lets the url_prefix given at registration replace the blueprint's own, and nests blueprints", () => {
    expect(ids(s)).toContain("GET /api/authors/");
    expect(ids(s).some((id) => id.includes("/writers") || id.includes("/v0"))).toBe(false);
    expect(ids(s)).toContain("GET /api/books/{book_id}");
  });

  it("gives a MethodView the methods and login decorators of its base class", () => {
    const remove = endpoint(s, "DELETE /api/authors/{author_id}");
    expect(remove).toMatchObject({ handler: "AuthorAPI.delete", auth: true });
    expect(remove.params).toEqual([
      { name: "author_id", in: "path", type: "string", required: true, constraints: { format: "uuid" } },
    ]);
  });

  it("splits one view serving GET and POST by its request.method branches", () => {
    expect(endpoint(s, "POST /api/books/")).toMatchObject({
      request: "BookSchema",
      responses: [{ status: 201, dto: "BookSchema" }],
      params: [],
    });
    expect(endpoint(s, "GET /api/books/").params.map((p) => p.name)).toEqual(["page", "genre"]);
  });

  it("serves a plain View's declared methods through dispatch_request", () => {
    expect(endpoint(s, "POST /admin/export")).toMatchObject({
      handler: "ExportView.dispatch_request",
      responses: [{ status: 202 }],
    });
    expect(endpoint(s, "GET /admin/export").params).toEqual([
      { name: "format", in: "query", type: "string", required: false, constraints: { default: "csv" } },
    ]);
  });

  it("mounts Flask-RESTful resources under the blueprint's and the Api's prefixes", () => {
    expect(ids(s).filter((id) => id.includes("/api/loans/"))).toEqual([
      "GET /api/loans/v2/",
      "POST /api/loans/v2/",
      "GET /api/loans/v2/all",
      "POST /api/loans/v2/all",
      "DELETE /api/loans/v2/{loan_id}",
      "GET /api/loans/v2/{loan_id}",
    ]);
    expect(endpoint(s, "DELETE /api/loans/v2/{loan_id}")).toMatchObject({
      handler: "Loan.delete",
      auth: true,
    });
  });

  it("mounts flask-restx resources declared with a class decorator under the namespace's mount path", () => {
    expect(ids(s).filter((id) => id.includes(" /v3/"))).toEqual([
      "GET /v3/book-reviews/",
      "POST /v3/book-reviews/",
      "GET /v3/book-reviews/by-id/{review_id}",
      "GET /v3/book-reviews/{review_id}",
      "GET /v3/ratings/summary",
    ]);
  });

  it("expands routes added in a loop over a constant", () => {
    expect(ids(s)).toEqual(
      expect.arrayContaining(["GET /admin/reports/loans", "GET /admin/reports/overdue"]),
    );
  });
});

describe("Python imports", () => {
  it("follows a package importing itself, star imports and import cycles without looping", async () => {
    const s = await scan("flask-package-cycles");
    expect(ids(s)).toEqual(["GET /things/by-star", "DELETE /things/{name}", "GET /things/{name}"]);
  });
});

describe("Django REST framework", () => {
  let s: ServiceManifest;
  beforeAll(async () => {
    s = await scan("drf-blog");
  });

  it("follows include() chains from ROOT_URLCONF and expands a router's viewsets", () => {
    expect(ids(s)).toEqual(
      expect.arrayContaining([
        "GET /api/v1/posts/",
        "POST /api/v1/posts/",
        "GET /api/v1/posts/{slug}/",
        "PUT /api/v1/posts/{slug}/",
        "PATCH /api/v1/posts/{slug}/",
        "DELETE /api/v1/posts/{slug}/",
        "POST /api/v1/posts/{slug}/publish/",
        "GET /api/v1/posts/recent-posts/",
      ]),
    );
  });

  it("offers only the actions a viewset's mixins provide, also for viewsets registered in a loop", () => {
    expect(ids(s).filter((id) => id.includes("/tags/"))).toEqual(["GET /api/v1/tags/", "POST /api/v1/tags/"]);
    expect(ids(s).filter((id) => id.includes("/categories/"))).toEqual([
      "GET /api/v1/categories/",
      "GET /api/v1/categories/{pk}/",
    ]);
  });

  it("adds a router's urls appended with += and honours trailing_slash=False", () => {
    expect(ids(s).filter((id) => id.includes("/reactions"))).toEqual([
      "DELETE /api/v1/reactions/{pk}",
      "GET /api/v1/reactions/{pk}",
    ]);
  });

  it("turns re_path named groups and path converters into parameters", () => {
    expect(endpoint(s, "GET /api/v1/tag-detail/{slug}/").handler).toBe("TagDetailView.get");
    expect(endpoint(s, "GET /api/v1/comments/{pk}/").params).toEqual([
      { name: "pk", in: "path", type: "integer", required: true },
    ]);
  });

  it("reads ModelSerializer fields from the Django model, with read-only fields optional", () => {
    expect(field(s, "PostSerializer", "title")).toEqual({
      name: "title",
      type: "string",
      required: true,
      constraints: { maxLength: 200 },
    });
    expect(field(s, "PostSerializer", "status")).toMatchObject({
      required: false,
      constraints: { enum: ["draft", "published"], default: "draft" },
    });
    expect(field(s, "PostSerializer", "published_at")).toMatchObject({
      type: "string | null",
      required: false,
      constraints: { readOnly: true },
    });
  });

  it("applies the settings' default permission classes where a view names none", () => {
    expect(endpoint(s, "POST /api/v1/tags/").auth).toBe(true);
    expect(endpoint(s, "GET /api/v1/tags/").auth).toBeUndefined();
    expect(endpoint(s, "POST /health/").auth).toBeUndefined();
  });

  it("inherits permission classes from a base viewset", () => {
    expect(endpoint(s, "DELETE /api/v1/posts/{slug}/").auth).toBe(true);
    expect(endpoint(s, "GET /api/v1/comments/{pk}/").auth).toBeUndefined();
    expect(endpoint(s, "PUT /api/v1/comments/{pk}/").auth).toBe(true);
  });
});

describe("Spring (Java)", () => {
  let s: ServiceManifest;
  beforeAll(async () => {
    s = await scan("spring-java-petstore");
  });

  it("prefixes every route with context-path and servlet path, and resolves constants and property placeholders", () => {
    expect(ids(s)).toEqual(
      expect.arrayContaining(["GET /petstore/api/v1/pets/search", "POST /petstore/api/visits/{petId}"]),
    );
  });

  it("inherits mappings from an abstract base controller, binding its type parameter", () => {
    expect(endpoint(s, "GET /petstore/api/v1/pets")).toMatchObject({
      handler: "PetController.findAll",
      file: "src/main/java/com/example/petstore/web/CrudController.java",
      responses: [{ status: 200, dto: "PetResponse[]" }],
    });
    expect(endpoint(s, "DELETE /petstore/api/v1/pets/{id}").responses).toEqual([{ status: 204 }]);
  });

  it("binds a Pageable from the page, size and sort query parameters", () => {
    expect(endpoint(s, "GET /petstore/api/visits").params.map((p) => p.name)).toEqual([
      "petId",
      "page",
      "size",
      "sort",
    ]);
  });

  it("inherits mappings and parameter annotations from an interface", () => {
    expect(endpoint(s, "GET /petstore/api/v1/owners/{ownerId}").params).toEqual([
      { name: "ownerId", in: "path", type: "integer", required: true },
    ]);
    expect(endpoint(s, "POST /petstore/api/v1/owners").request).toBe("OwnerDto");
  });

  it("reads Bean Validation and Jackson annotations of records and classes", () => {
    expect(field(s, "PetRequest", "name")).toEqual({
      name: "name",
      type: "string",
      required: true,
      constraints: { minLength: 1, maxLength: 50 },
    });
    expect(field(s, "PetResponse", "birth_date")).toBeDefined();
    expect(field(s, "PetResponse", "internalNotes")).toBeUndefined();
    expect(s.types).toContainEqual(
      expect.objectContaining({ name: "PetType", values: ["CAT", "DOG", "BIRD"] }),
    );
  });
});

describe("Spring (Kotlin)", () => {
  let s: ServiceManifest;
  beforeAll(async () => {
    s = await scan("spring-kotlin-orders");
  });

  it("builds paths from a property placeholder plus an object's const val", () => {
    expect(ids(s)).toEqual(
      expect.arrayContaining(["GET /shop/api/orders", "PATCH /shop/api/orders/{orderId}/status"]),
    );
  });

  it("makes nullable and defaulted constructor properties optional and the others required", () => {
    expect(field(s, "CreateOrderRequest", "customerId")).toMatchObject({
      required: true,
      constraints: { minLength: 1 },
    });
    expect(field(s, "CreateOrderRequest", "note")).toMatchObject({ type: "string | null", required: false });
    expect(field(s, "CreateOrderRequest", "express")).toMatchObject({ required: false });
  });

  it("inherits routes from an abstract class and the class-level @Secured", () => {
    expect(endpoint(s, "GET /shop/api/v2/customers/{id}")).toMatchObject({
      handler: "CustomerController.byId",
      auth: true,
    });
  });
});
