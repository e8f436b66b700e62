import { Type } from "@fastify/type-provider-typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { HttpError } from "../errors.js";
import { listen } from "../listen.js";

let app: ServiceApp;
let url: string;

const Thing = Type.Object(
  {
    email: Type.String({ format: "email" }),
    name: Type.String({ minLength: 1, pattern: "\\S", "x-message": "must not be blank" }),
    count: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

beforeAll(async () => {
  app = await createServiceApp({ name: "kit-test", version: "0.0.1", logger: false });
  app.post("/things", { schema: { body: Thing, response: { 201: Thing } } }, async (req, reply) =>
    reply.code(201).send(req.body),
  );
  app.get(
    "/things",
    {
      schema: {
        querystring: Type.Object(
          { page: Type.Integer({ minimum: 1, default: 1 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => ({ page: req.query.page }),
  );
  app.get("/things/:id", async () => ({ ok: true }));
  app.delete("/things/:id", async () => ({ ok: true }));
  app.get("/boom", async () => {
    throw new Error("secret internal detail");
  });
  app.get("/teapot", async () => {
    throw new HttpError(418, "TEAPOT", "I am a teapot.", { brewing: true });
  });
  url = await listen(app, { port: 0, defaultPort: 0 });
});

afterAll(async () => {
  await app.close();
});

async function call(method: string, path: string, body?: string, type = "application/json") {
  const res = await fetch(url + path, {
    method,
    ...(body !== undefined ? { body, headers: { "content-type": type } } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

describe("the service-kit Fastify factory", () => {
  it("listens on an ephemeral port when asked for port 0 and returns a loopback URL", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.endsWith(":0")).toBe(false);
  });

  it("answers an unknown route with 404 NOT_FOUND as JSON", async () => {
    const r = await call("GET", "/nope");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(r.json).toMatchObject({ code: "NOT_FOUND" });
    expect(typeof r.json.error).toBe("string");
  });

  it("answers a known path with the wrong method with 405 and an Allow header", async () => {
    const r = await call("PUT", "/things/42");
    expect(r.status).toBe(405);
    expect(r.json.code).toBe("METHOD_NOT_ALLOWED");
    expect(r.headers.get("allow")).toBe("DELETE, GET, HEAD");
  });

  it("answers a percent-encoded spelling of a known path with the wrong method with 405, as the router decodes it", async () => {
    const r = await call("PUT", "/%74hings/%34%32");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("DELETE, GET, HEAD");
  });

  it("answers an encoded slash with 404: the router keeps %2F as part of a segment", async () => {
    const r = await call("PUT", "/things%2F42");
    expect(r.status).toBe(404);
  });

  it("answers a trailing-slash variant of a known path with 404, not 405", async () => {
    const r = await call("GET", "/teapot/");
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("NOT_FOUND");
  });

  it("refuses a text/plain body with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const r = await call("POST", "/things", "hello", "text/plain");
    expect(r.status).toBe(415);
    expect(r.json.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses malformed JSON with 400 INVALID_JSON", async () => {
    const r = await call("POST", "/things", '{"email": ');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("INVALID_JSON");
  });

  it("refuses a body over 64 KiB with 413 PAYLOAD_TOO_LARGE", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "a@b.co", name: "x".repeat(70_000) }));
    expect(r.status).toBe(413);
    expect(r.json.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("names the offending field when a format check fails", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "not-an-email", name: "x" }));
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("VALIDATION_ERROR");
    expect(r.json.error).toBe('Field "email" must be a valid email address.');
    expect(r.json.details).toMatchObject({ field: "email", location: "body", rule: "format" });
  });

  it("uses the schema's x-message wording when one is given", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "a@b.co", name: "   " }));
    expect(r.json.error).toBe('Field "name" must not be blank.');
  });

  it("names a missing required field", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "a@b.co" }));
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Field "name" is required.');
  });

  it("rejects unknown fields instead of silently dropping them", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "a@b.co", name: "x", id: "1" }));
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Field "id" is not allowed.');
  });

  it("does not coerce a JSON string into a number", async () => {
    const r = await call("POST", "/things", JSON.stringify({ email: "a@b.co", name: "x", count: "5" }));
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Field "count" must be an integer.');
  });

  it("rejects a body that is not an object", async () => {
    const r = await call("POST", "/things", "[1,2]");
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("The request body must be a JSON object.");
  });

  it("accepts decimal query numbers and rejects anything else, naming the parameter", async () => {
    expect((await call("GET", "/things?page=3")).json).toEqual({ page: 3 });
    expect((await call("GET", "/things")).json).toEqual({ page: 1 });
    for (const bad of ["abc", "1.5", "0x10", "", " 2", "1e1"]) {
      const r = await call("GET", `/things?page=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.json.error).toMatch(/^Query parameter "page" must be/);
    }
    const zero = await call("GET", "/things?page=0");
    expect(zero.json.error).toBe('Query parameter "page" must be at least 1.');
  });

  it("hides unexpected errors behind a generic 500 INTERNAL_ERROR without a stack", async () => {
    const r = await call("GET", "/boom");
    expect(r.status).toBe(500);
    expect(r.json).toEqual({ error: "An internal error occurred.", code: "INTERNAL_ERROR" });
    expect(r.text).not.toContain("secret internal detail");
  });

  it("sends a thrown HttpError with its status, code and details", async () => {
    const r = await call("GET", "/teapot");
    expect(r.status).toBe(418);
    expect(r.json).toEqual({ error: "I am a teapot.", code: "TEAPOT", details: { brewing: true } });
  });

  it("answers a malformed URL with a JSON 400", async () => {
    const r = await call("GET", "/things/%E0%A4%A");
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("BAD_REQUEST");
  });

  it("answers malformed HTTP and oversized headers with JSON, not Node's plain text", async () => {
    const { connect } = await import("node:net");
    const raw = async (request: string): Promise<string> => {
      const { port } = new URL(url);
      const socket = connect(Number(port), "127.0.0.1");
      let out = "";
      socket.on("data", (d) => {
        out += d.toString();
      });
      await new Promise((r) => socket.once("close", r).write(request));
      return out;
    };
    const bad = await raw("GARBAGE\r\n\r\n");
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(bad.split("\r\n\r\n")[1]!).code).toBe("BAD_REQUEST");
    const big = await raw(`GET /things HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(big.split("\r\n\r\n")[1]!).code).toBe("HEADERS_TOO_LARGE");
  });

  it("serves an OpenAPI 3 document generated from the route schemas at /docs/json", async () => {
    const r = await call("GET", "/docs/json");
    expect(r.status).toBe(200);
    expect(r.json.openapi).toMatch(/^3\./);
    expect(
      r.json.paths["/things"].post.requestBody.content["application/json"].schema.properties.email,
    ).toBeDefined();
    expect(r.json.paths["/docs/json"]).toBeUndefined();
  });
});
