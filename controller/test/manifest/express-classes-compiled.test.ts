// Express as npm packages ship it (issue 20, point 5): compiled by Babel or TypeScript to
// CommonJS, and routers written as classes. Each tree is written from the pattern as the
// compilers emit it and as Express's router guide composes routers, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express compiled to CommonJS", () => {
  it("follows Babel's interop helpers, `(0, fn)()` calls and `exports.x = void 0` placeholders across files", async () => {
    const s = await scan({
      "lib/app.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.default = void 0;
var _express = _interopRequireDefault(require("express"));
var _users = require("./users");
function _interopRequireDefault(e) { return e && e.__esModule ? e : { default: e }; }
const app = (0, _express.default)();
app.use("/api", _users.usersRouter);
app.get("/health", (req, res) => res.send("ok"));
var _default = exports.default = app;
`,
      "lib/users.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.usersRouter = exports.default = void 0;
var _express = _interopRequireDefault(require("express"));
function _interopRequireDefault(e) { return e && e.__esModule ? e : { default: e }; }
const usersRouter = exports.usersRouter = _express.default.Router();
usersRouter.get("/users/:id", (req, res) => res.json({}));
var _default = exports.default = usersRouter;
`,
    });
    expect(ids(s)).toEqual(["GET /api/users/{id}", "GET /health"]);
  });

  it("follows TypeScript's `__importDefault` and `__importStar` output", async () => {
    const s = await scan({
      "server/index.js": `"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const express_1 = __importDefault(require("express"));
const orders = __importStar(require("./orders"));
const app = (0, express_1.default)();
app.use("/orders", orders.default);
`,
      "server/orders.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const express_1 = require("express");
const router = (0, express_1.Router)();
router.post("/", (req, res) => res.status(201).json({}));
router.delete("/:orderId", (req, res) => res.sendStatus(204));
exports.default = router;
`,
    });
    expect(ids(s)).toEqual(["DELETE /orders/{orderId}", "POST /orders"]);
  });
});

describe("Express routers written as classes", () => {
  it("reads a controller class's router and path fields and mounts `new Controller().router`", async () => {
    const s = await scan({
      "src/app.ts": `import express from "express";
import { BooksController } from "./books.controller";
import { AuthorsController } from "./authors.controller";

const app = express();
const authors = new AuthorsController("/authors");
app.use("/api", new BooksController().router);
app.use("/api", authors.router);
export default app;
`,
      "src/books.controller.ts": `import { Router, type Request, type Response } from "express";

export class BooksController {
  public path = "/books";
  public router = Router();

  constructor() {
    this.initializeRoutes();
  }

  private initializeRoutes() {
    this.router.get(this.path, this.list);
    this.router.get(\`\${this.path}/:id\`, this.get);
  }

  list = (req: Request, res: Response) => res.json([]);
  get = (req: Request, res: Response) => res.json({});
}
`,
      "src/authors.controller.ts": `import * as express from "express";

export class AuthorsController {
  router: express.Router;
  constructor(private readonly base: string) {
    this.router = express.Router();
    this.router.post("/authors", (req, res) => res.status(201).json({}));
  }
}
`,
    });
    expect(ids(s)).toEqual(["GET /api/books", "GET /api/books/{id}", "POST /api/authors"]);
  });

  it("lists the routes a router class over Express registers verb first, also through a function handed an instance", async () => {
    const s = await scan({
      "lib/base-router.js": `const express = require("express");

class BaseRouter {
  constructor(routes = []) {
    this.routes = routes;
    this.prefix = "/v1";
    this.mountRoutes();
  }
  mountRoutes() {}
  route(method, path, ...handlers) {
    this.routes.push({ method, path, handlers });
  }
  expressRouter() {
    const router = express.Router();
    for (const r of this.routes) router[r.method.toLowerCase()](r.path, ...r.handlers);
    return router;
  }
}
module.exports = BaseRouter;
`,
      "lib/items-router.js": `const BaseRouter = require("./base-router");

class ItemsRouter extends BaseRouter {
  mountRoutes() {
    this.route("GET", "/items", (req) => ({ response: [] }));
    this.route("PUT", \`\${this.prefix}/items/:itemId\`, (req) => ({ response: {} }));
  }
}
module.exports = ItemsRouter;
`,
      "lib/health.js": `function mountOnto(router) {
  router.route("GET", "/health", () => ({ response: "ok" }));
}
module.exports = { mountOnto };
`,
      "lib/server.js": `const express = require("express");
const BaseRouter = require("./base-router");
const ItemsRouter = require("./items-router");
const health = require("./health");

function build() {
  const app = express();
  const main = new BaseRouter(new ItemsRouter().routes);
  health.mountOnto(main);
  app.use(main.expressRouter());
  return app;
}
module.exports = build;
`,
      "lib/cache.js": `// A class with a verb-first method that has nothing to do with Express.
class Cache {
  route(kind, key, value) { return [kind, key, value]; }
  warm() { this.route("GET", "/not-a-route", 1); }
}
module.exports = Cache;
`,
    });
    expect(ids(s)).toEqual(["GET /health", "GET /items", "PUT /v1/items/{itemId}"]);
  });
});

describe("An Express server written as a class", () => {
  it("follows the instance's app and routers into its methods and into functions it hands them to", async () => {
    const s = await scan({
      "src/server.js": `const express = require("express");
const registerHealth = require("./health");

class Server {
  constructor() {
    this.app = express();
    this.api = express.Router();
    this.prefix = "/api";
    this.mountApi(this.api);
    registerHealth(this.app);
    this.app.use(this.prefix, this.api);
  }

  mountApi(router) {
    router.get("/users", this.listUsers);
    router.post("/users", (req, res) => res.status(201).json({}));
  }

  listUsers(req, res) {
    res.json([]);
  }
}
module.exports = Server;
`,
      "src/health.js": `module.exports = (app) => {
  app.get("/health", (req, res) => res.send("ok"));
};
`,
    });
    expect(ids(s)).toEqual(["GET /api/users", "GET /health", "POST /api/users"]);
  });
});
