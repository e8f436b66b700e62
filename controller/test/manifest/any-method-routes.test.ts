// Routes that answer every method (issue 20, point 5; seen in a real app's catch-all
// `app.all("/*all", notFound)`): Express's `app.all(path, …)` ("matches all HTTP verbs", Express
// API reference), koa-router's `router.all(path, …)` ("match any method") and Hono's
// `app.all(path, …)` ("any HTTP method"). Written from those documents, not copied from an app.
// The manifest lists such a route once per method a client calls it with (GET, POST, PUT,
// PATCH, DELETE); HEAD and OPTIONS are answered by the frameworks for every route anyway.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();
const every = (path: string) => ["DELETE", "GET", "PATCH", "POST", "PUT"].map((m) => `${m} ${path}`);

describe("routes for any method", () => {
  it("Express: app.all and router.all, under the router's mount path", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
const api = express.Router();
api.all("/echo", (req, res) => res.json(req.body));
app.use("/api", api);
app.get("/health", (req, res) => res.end());
app.all("/proxy/:target", function proxy(req, res) { res.end(); });
`,
    });
    expect(ids(s)).toEqual([...every("/api/echo"), "GET /health", ...every("/proxy/{target}")].sort());
  });

  it("koa-router: router.all, also with a route name first", async () => {
    const s = await scan({
      "server.js": `const Koa = require("koa");
const Router = require("@koa/router");
const app = new Koa();
const router = new Router({ prefix: "/v1" });
router.all("/ping", (ctx) => { ctx.body = "pong"; });
router.all("item", "/items/:id", (ctx) => { ctx.body = ctx.params.id; });
app.use(router.routes());
`,
    });
    expect(ids(s)).toEqual([...every("/v1/ping"), ...every("/v1/items/{id}")].sort());
  });

  it("Hono: app.all under a route prefix", async () => {
    const s = await scan({
      "index.ts": `import { Hono } from "hono";
const app = new Hono();
const hooks = new Hono();
hooks.all("/incoming", (c) => c.text("ok"));
app.route("/hooks", hooks);
export default app;
`,
    });
    expect(ids(s)).toEqual(every("/hooks/incoming"));
  });
});
