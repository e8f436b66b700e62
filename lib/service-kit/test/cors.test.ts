// CORS_ORIGINS: preflights answered 204, Allow-* headers only for listed origins, on real sockets.
import { afterAll, describe, expect, it } from "vitest";
import { preflight as preflightTo, sendRaw } from "../../testing/raw-http.js";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { HttpError } from "../errors.js";
import { listen } from "../listen.js";

const apps: ServiceApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function start(env: NodeJS.ProcessEnv, defaultCorsOrigins?: string): Promise<string> {
  const app = await createServiceApp({
    name: "cors-test",
    version: "0.0.1",
    logger: false,
    env,
    ...(defaultCorsOrigins !== undefined ? { defaultCorsOrigins } : {}),
  });
  apps.push(app);
  app.get("/things", async () => ({ items: [] }));
  app.post("/things", async () => ({ ok: true }));
  app.get("/locked", async () => {
    throw new HttpError(401, "UNAUTHORIZED", "No.");
  });
  return listen(app, { port: 0, defaultPort: 0 });
}

const preflight = (url: string, origin: string, target = "/things") =>
  preflightTo(url, { target, origin, requestHeaders: "authorization, content-type" });

describe("CORS", () => {
  it("answers a preflight from a listed origin with 204 and the Allow-* headers", async () => {
    const url = await start({ CORS_ORIGINS: "http://localhost:5173, https://app.example.org" });
    const r = await preflight(url, "https://app.example.org");
    expect(r.status).toBe(204);
    expect(r.body).toBe("");
    expect(r.headers["access-control-allow-origin"]).toBe("https://app.example.org");
    expect(r.headers["access-control-allow-methods"]?.split(", ")).toEqual(
      expect.arrayContaining(["GET", "POST"]),
    );
    expect(r.headers["access-control-allow-headers"]).toBe("authorization, content-type");
    expect(r.headers.vary).toMatch(/Origin/);
  });

  it("answers a preflight from any other origin with 204 but no Allow-* header", async () => {
    const url = await start({ CORS_ORIGINS: "http://localhost:5173" });
    const r = await preflight(url, "http://evil.example");
    expect(r.status).toBe(204);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });

  it("adds Access-Control-Allow-Origin to answers to a listed origin, errors included", async () => {
    const url = await start({ CORS_ORIGINS: "http://localhost:5173" });
    for (const target of ["/things", "/locked", "/nowhere"]) {
      const r = await sendRaw(url, { method: "GET", target, headers: { Origin: "http://localhost:5173" } });
      expect(r.headers["access-control-allow-origin"], target).toBe("http://localhost:5173");
      expect(r.headers["access-control-expose-headers"], target).toBe("*");
    }
    const other = await sendRaw(url, {
      method: "GET",
      target: "/things",
      headers: { Origin: "http://x.example" },
    });
    expect(other.status).toBe(200);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows every origin with *", async () => {
    const url = await start({ CORS_ORIGINS: "*" });
    expect((await preflight(url, "http://anything.example")).headers["access-control-allow-origin"]).toBe(
      "*",
    );
  });

  it("uses the service's default when CORS_ORIGINS is unset, and none when it is empty", async () => {
    const open = await start({}, "*");
    expect((await preflight(open, "http://dev.example")).headers["access-control-allow-origin"]).toBe("*");
    const closed = await start({ CORS_ORIGINS: "" }, "*");
    expect(
      (await preflight(closed, "http://dev.example")).headers["access-control-allow-origin"],
    ).toBeUndefined();
    const none = await start({});
    expect(
      (await preflight(none, "http://dev.example")).headers["access-control-allow-origin"],
    ).toBeUndefined();
  });

  it("sends a preflight for a path no route serves to the JSON 404", async () => {
    const url = await start({ CORS_ORIGINS: "*" });
    const r = await preflight(url, "http://dev.example", "/nowhere");
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("NOT_FOUND");
  });

  it("refuses a CORS_ORIGINS entry that is not an origin, naming it", async () => {
    for (const bad of ["localhost:5173", "http://x.example/path", "http://x.example/"]) {
      await expect(
        createServiceApp({ name: "t", version: "0", logger: false, env: { CORS_ORIGINS: bad } }),
      ).rejects.toThrow(new RegExp(`CORS_ORIGINS entry "${bad.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"`));
    }
  });
});
