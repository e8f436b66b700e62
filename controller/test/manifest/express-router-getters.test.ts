// Express routers held by class instances and handed out through an accessor
// (`get router() { return this._router; }`), then mounted with `app.use(path, api.router)` or
// `router.use(path, this.child.router)`. Written from JavaScript's semantics (reading a `get`
// accessor runs its body with `this` the instance; ECMAScript's class definitions) and Express's
// API (`express.Router()`, `router.METHOD(path, handler)`, `app.use(path, router)`), not copied
// from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const project = {
  "package.json": JSON.stringify({ name: "shop", main: "src/server.js" }),
  "src/items.js": `const express = require("express");
class Items {
  constructor() {
    this._router = express.Router();
    this._router.get("/", (req, res) => res.json([]));
    this._router.get("/:id", (req, res) => res.json({}));
  }
  get router() {
    // The instance's router, for the parent to mount.
    return this._router;
  }
}
module.exports = Items;
`,
  "src/api.js": `const express = require("express");
const Items = require("./items");
class Api {
  constructor() {
    this._router = express.Router();
    this._items = new Items();
    this._router.use("/items", this._items.router);
    this._router.post("/reset", (req, res) => res.sendStatus(204));
  }
  get router() {
    return this._router;
  }
}
module.exports = Api;
`,
  "src/server.js": `const express = require("express");
const Api = require("./api");
const app = express();
const api = new Api();
app.use("/api", api.router);
app.listen(3000);
`,
};

describe("Express routers read through a class's get accessor", () => {
  it("mounts the router an accessor returns at the path it is used at, nested", async () => {
    expect(ids(await scan(project))).toEqual(["GET /api/items", "GET /api/items/{id}", "POST /api/reset"]);
  });
});
