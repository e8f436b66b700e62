import { Type } from "@fastify/type-provider-typebox";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { listen } from "../listen.js";

let app: ServiceApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("schema compilation at start-up", () => {
  it("boots without compiling route schemas: a schema Ajv refuses only fails the request that needs it", async () => {
    app = await createServiceApp({ name: "lazy-test", version: "0.0.1", logger: false });
    // An unknown keyword is a compile error under Ajv's strict mode.
    const broken = { type: "object", "x-not-a-keyword-anyone-declared": true };
    app.post("/broken", { schema: { body: broken } }, async () => ({ ok: true }));
    app.get("/fine", async () => ({ ok: true }));
    const url = await listen(app, { port: 0, defaultPort: 0 });

    expect((await fetch(`${url}/fine`)).status).toBe(200);
    const failed = await post(`${url}/broken`, {});
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe("INTERNAL_ERROR");
  });

  it("validates each request with its own errors once compiled lazily (invalid, valid, invalid again)", async () => {
    app = await createServiceApp({ name: "lazy-test", version: "0.0.1", logger: false });
    const Body = Type.Object({ count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
    app.post("/count", { schema: { body: Body } }, async (request) => ({ got: request.body.count }));
    const url = await listen(app, { port: 0, defaultPort: 0 });

    const first = await post(`${url}/count`, { count: -1 });
    expect(first.status).toBe(400);
    expect(first.body.error).toMatch(/"count"/);
    expect(await post(`${url}/count`, { count: 3 })).toEqual({ status: 200, body: { got: 3 } });
    const third = await post(`${url}/count`, { extra: 1, count: 1 });
    expect(third.status).toBe(400);
    expect(third.body.error).toMatch(/"extra"/);
  });

  it("serializes responses through the route's response schema, compiled on first use", async () => {
    app = await createServiceApp({ name: "lazy-test", version: "0.0.1", logger: false });
    const Out = Type.Object({ name: Type.String() });
    app.get("/user", { schema: { response: { 200: Out } } }, async () => ({
      name: "Ada",
      password: "hidden",
    }));
    const url = await listen(app, { port: 0, defaultPort: 0 });

    for (let i = 0; i < 2; i++) {
      expect(await (await fetch(`${url}/user`)).json()).toEqual({ name: "Ada" });
    }
  });
});
