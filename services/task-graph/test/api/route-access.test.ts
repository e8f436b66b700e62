// With TASK_GRAPH_API_KEY set, no spelling of a request target reaches a route's data without the
// key: every route of the app (enumerated from it, so new routes are covered) is sent over a raw
// socket as percent-encoded, absolute-form, asterisk-form, dot-segment, double-slash, case-changed
// and trailing-slash targets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, routesOf, type ServiceApp } from "../../../../lib/service-kit/index.js";
import { sweepAccess } from "../../../../lib/testing/access-sweep.js";
import { sendRaw } from "../../../../lib/testing/raw-http.js";
import { client, embeddedAdapters, type Json } from "../../harness/start-service.js";
import { buildTaskGraphApp } from "../../src/app.js";

const KEY = "route-access-test-key";
// The board's page and assets carry no data: the page asks for the key and sends it itself.
const OPEN = new Set([
  "/health",
  "/docs/json",
  "/board",
  "/board/assets/board.js",
  "/board/assets/board.css",
]);
let app: ServiceApp;
let url: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTaskGraphApp({
    adapters: embeddedAdapters(),
    env: { TASK_GRAPH_API_KEY: KEY },
    logger: false,
  });
  url = await listen(app, { port: 0, host: "127.0.0.1", defaultPort: 0 });
  const api = client(url, { "x-api-key": KEY });
  const component = await api.request("POST", "/api/v1/components", { name: "core", project: "p" });
  const prerequisite = await api.request("POST", "/api/v1/issues", { title: "prerequisite" });
  const issue = await api.request("POST", "/api/v1/issues", {
    title: "dependent",
    component_id: component.body.id,
  });
  await api.request("POST", `/api/v1/issues/${issue.body.id}/dependencies`, {
    depends_on_id: prerequisite.body.id,
  });
  ids.component = component.body.id;
  ids.issue = issue.body.id;
  ids.prerequisite = prerequisite.body.id;
});
afterAll(() => app?.close());

function fill(template: string): string {
  return template
    .replace(/^\/api\/v1\/components\/:id/, `/api/v1/components/${ids.component}`)
    .replace(":depends_on_id", ids.prerequisite!)
    .replace(":id", ids.issue!);
}

async function snapshot(): Promise<Json> {
  const api = client(url, { authorization: `Bearer ${KEY}` });
  const read = async (path: string) => (await api.get(path)).body;
  return {
    issues: await read("/api/v1/issues?limit=100"),
    components: await read("/api/v1/components?limit=100"),
    dependencies: await read(`/api/v1/issues/${ids.issue}/dependencies`),
  };
}

describe("API key checks on the matched route", () => {
  it("enumerates the app's routes, all under /api/v1 or /mcp except /health and /docs/json", () => {
    const routes = routesOf(app);
    expect(routes).toContainEqual(["POST", "/api/v1/issues"]);
    expect(routes).toContainEqual(["DELETE", "/api/v1/issues/:id"]);
    expect(routes).toContainEqual(["POST", "/mcp"]);
    for (const [, template] of routes) {
      if (!OPEN.has(template)) expect(template).toMatch(/^\/api\/v1\/|^\/mcp$/);
    }
  });

  it("answers no route's data and performs no write without the key, however the target is spelled", async () => {
    const before = await snapshot();
    const routes = routesOf(app).filter(([, template]) => !OPEN.has(template));
    // No key, and a wrong one (the other wrong forms are in api-key.test.ts).
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer wrong" }];
    for (const without of attempts) {
      const violations = await sweepAccess({
        baseUrl: url,
        routes,
        fill,
        without,
        with: { "X-API-Key": KEY },
        deniedStatus: 401,
      });
      expect(violations, JSON.stringify(without)).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets the key through on the encoded and absolute-form targets that reach a route", async () => {
    for (const target of ["/%61pi/v1/issues", `http://localhost/api/v1/components`, "*api/v1/components"]) {
      const denied = await sendRaw(url, { method: "GET", target });
      expect(denied.status, target).toBe(401);
      const granted = await sendRaw(url, { method: "GET", target, headers: { "X-API-Key": KEY } });
      expect(granted.status, target).toBe(200);
      expect(granted.json.items.length).toBeGreaterThan(0);
    }
  });

  it("refuses a create on the percent-encoded path without the key and creates nothing", async () => {
    const body = JSON.stringify({ title: "sneaked in" });
    const r = await sendRaw(url, {
      method: "POST",
      target: "/%61pi/v1/issues",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: expect.stringContaining("X-API-Key"), code: "UNAUTHORIZED" });
    const list = await client(url, { "x-api-key": KEY }).get("/api/v1/issues?q=sneaked");
    expect(list.body.total).toBe(0);
  });

  it("refuses an MCP tool call on every spelling of /mcp without the key, and runs it with the key", async () => {
    const call = (title: string) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_issue", arguments: { title } },
      });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    for (const target of ["/%6dcp", "http://localhost/mcp", "/mcp?x=/health"]) {
      const denied = await sendRaw(url, { method: "POST", target, headers, body: call("sneaked via mcp") });
      expect(denied.status, target).toBe(401);
      expect(denied.json.code, target).toBe("UNAUTHORIZED");
    }
    const list = client(url, { "x-api-key": KEY });
    expect((await list.get("/api/v1/issues?q=sneaked")).body.total).toBe(0);
    const granted = await sendRaw(url, {
      method: "POST",
      target: "/%6dcp",
      headers: { ...headers, "X-API-Key": KEY },
      body: call("made over mcp"),
    });
    expect(granted.status).toBe(200);
    expect(granted.json.result.structuredContent.title).toBe("made over mcp");
    expect((await list.get("/api/v1/issues?q=made%20over%20mcp")).body.total).toBe(1);
  });

  it("keeps /health and /docs/json open on a raw socket", async () => {
    expect((await sendRaw(url, { method: "GET", target: "/health" })).status).toBe(200);
    expect((await sendRaw(url, { method: "GET", target: "/docs/json" })).json.openapi).toMatch(/^3\./);
  });
});
