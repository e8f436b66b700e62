// Routes that answer every method (issue 20, point 5; seen in a real app's catch-all
// `app.all("/*all", notFound)`): Express's `app.all(path, …)` ("matches all HTTP verbs", Express
// API reference), koa-router's `router.all(path, …)` ("match any method"), Hono's
// `app.all(path, …)` ("any HTTP method") and NestJS's `@All()` (Controllers: "`@All()` defines an
// endpoint that handles all of them"; its Express and Fastify adapters register it with the
// server's own `all`). Written from those documents, not copied from an app.
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

  it("NestJS: @All() in source and as tsc compiles it, with Nest 11's named wildcard", async () => {
    const s = await scan({
      "src/proxy.controller.ts": `import { All, Controller, Get, Req } from "@nestjs/common";
@Controller("proxy")
export class ProxyController {
  @All(":target")
  forward(@Req() req: unknown) { return req; }
  @Get("status")
  status() { return "ok"; }
}
`,
      "src/app.module.ts": `import { Module } from "@nestjs/common";
import { ProxyController } from "./proxy.controller";
import { UploadController } from "../lib/upload.controller";
@Module({ controllers: [ProxyController, UploadController] })
export class AppModule {}
`,
      "lib/upload.controller.js": `"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) { return target; };
Object.defineProperty(exports, "__esModule", { value: true });
exports.UploadController = void 0;
const common_1 = require("@nestjs/common");
let UploadController = class UploadController {
    handle() { }
    handleOne() { }
};
exports.UploadController = UploadController;
__decorate([
    (0, common_1.All)()
], UploadController.prototype, "handle", null);
__decorate([
    (0, common_1.All)('*path')
], UploadController.prototype, "handleOne", null);
exports.UploadController = UploadController = __decorate([
    (0, common_1.Controller)('upload')
], UploadController);
`,
    });
    expect(ids(s)).toEqual(
      [
        ...every("/proxy/{target}"),
        "GET /proxy/status",
        ...every("/upload"),
        ...every("/upload/{path}"),
      ].sort(),
    );
  });
});
