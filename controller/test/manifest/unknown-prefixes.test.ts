// A prefix the scan cannot know is never replaced by a guess: Express serves a router only at the
// path `app.use(path, router)` gives it ("express.Router", Express's routing guide), Koa's router
// at its `prefix` option or `router.prefix(path)` (@koa/router's API), Hono a sub-app at
// `app.route(path, sub)` and under `basePath(path)` (Hono's API docs). When that path is a value
// the scan cannot fold (an environment variable without a default, a run-time setting, either
// branch of a condition it does not evaluate), the routes below it are left out, as an
// unfoldable route path is (docs/manifest.md), not listed at the root or under one branch.
// Not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const pkg = JSON.stringify({ name: "svc", main: "server.js" });

describe("Unknown prefixes are left out, never guessed", () => {
  it("leaves out an Express router mounted at a path read from the environment", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const express = require("express");
const app = express();
const router = express.Router();
router.get("/users", (req, res) => res.json([]));
app.use(process.env.BASE_PATH, router);
app.get("/health", (req, res) => res.end("ok"));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });

  it("still reads an environment variable's written default as the prefix", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const express = require("express");
const app = express();
const router = express.Router();
router.get("/users", (req, res) => res.json([]));
app.use(process.env.BASE_PATH || "/api", router);
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /api/users"]);
  });

  it("leaves out a router mounted under either branch of a condition it does not evaluate", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const express = require("express");
const app = express();
const router = express.Router();
router.get("/users", (req, res) => res.json([]));
app.use(app.get("env") === "production" ? "/api" : "/dev-api", router);
app.get(process.env.LEGACY ? "/v1/ping" : "/ping", (req, res) => res.end("pong"));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual([]);
  });

  it("reads a condition whose branches give the same path, and `x ? x : default`", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const express = require("express");
const app = express();
const router = express.Router();
router.get("/users", (req, res) => res.json([]));
const base = process.env.BASE;
app.use(base ? base : "/api", router);
app.get(app.get("env") === "production" ? "/ping" : "/ping", (req, res) => res.end("pong"));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /api/users", "GET /ping"]);
  });

  it("leaves out the routes of an Express route chain whose path is unknown", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const express = require("express");
const app = express();
app.route(process.env.ITEMS_PATH).get((req, res) => res.json([])).post((req, res) => res.end());
app.route("/known").get((req, res) => res.json([]));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /known"]);
  });

  it("leaves out a Koa router whose prefix option or prefix() call is unknown", async () => {
    const s = await scan({
      "package.json": pkg,
      "server.js": `const Koa = require("koa");
const Router = require("@koa/router");
const app = new Koa();
const api = new Router({ prefix: process.env.API_PREFIX });
api.get("/items", (ctx) => { ctx.body = []; });
const admin = new Router();
admin.prefix(process.env.ADMIN_PREFIX);
admin.get("/stats", (ctx) => { ctx.body = {}; });
const open = new Router({ prefix: "/open" });
open.get("/ping", (ctx) => { ctx.body = "pong"; });
app.use(api.routes()).use(admin.routes()).use(open.routes());
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /open/ping"]);
  });

  it("leaves out a Hono sub-app routed at an unknown path and an app under an unknown basePath", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "svc", type: "module", main: "server.js" }),
      "server.js": `import { Hono } from "hono";
const books = new Hono();
books.get("/", (c) => c.json([]));
const app = new Hono();
app.route(process.env.BOOKS_PATH, books);
const v2 = new Hono().basePath(process.env.V2_BASE);
v2.get("/status", (c) => c.text("ok"));
app.route("/", v2);
app.get("/health", (c) => c.text("ok"));
export default app;
`,
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });

  it("lists a Hono app made with basePath under the path it is routed at, not at its base alone", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "svc", type: "module", main: "server.js" }),
      "server.js": `import { Hono } from "hono";
const app = new Hono();
const v2 = new Hono().basePath("/v2");
v2.get("/status", (c) => c.text("ok"));
app.route("/x", v2);
const api = app.basePath("/api");
api.get("/ping", (c) => c.text("pong"));
export default app;
`,
    });
    expect(ids(s)).toEqual(["GET /api/ping", "GET /x/v2/status"]);
  });
});
