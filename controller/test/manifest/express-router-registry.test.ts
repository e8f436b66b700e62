// A server class that collects routers in a list its methods push onto
// (`addRouter(router) { this._routers.push(router); }`), called with `{ path, router }` objects
// from elsewhere, and mounts them in a loop when it starts
// (`this._routers.forEach((r) => this._express.use(r.path, r.router))`). Written from
// JavaScript's semantics (`Array.prototype.push` appends; `forEach` calls its callback once per
// element; `this` in a method is the instance) and Express's API (`app.use(path, router)`), not
// copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const project = {
  "package.json": JSON.stringify({ name: "registry", main: "src/main.js" }),
  "src/server.js": `const express = require("express");
class Server {
  constructor() {
    this._routers = [];
  }
  addRouter(router) {
    this._routers.push(router);
  }
  start() {
    this._express = express();
    this._routers.forEach((router) => {
      this._express.use(router.path, router.router);
    });
    this._express.listen(3000);
  }
}
module.exports = Server;
`,
  "src/main.js": `const express = require("express");
const Server = require("./server");
const users = express.Router();
users.get("/", (req, res) => res.json([]));
users.delete("/:id", (req, res) => res.sendStatus(204));
const docs = express.Router();
docs.get("/openapi.json", (req, res) => res.json({}));
const server = new Server();
server.addRouter({ path: "/api/users", router: users });
server.addRouter({ path: "/docs", router: docs });
server.start();
`,
};

describe("Express routers a class collects with push and mounts in a loop", () => {
  it("mounts each router pushed onto the list at the path pushed with it", async () => {
    expect(ids(await scan(project))).toEqual([
      "DELETE /api/users/{id}",
      "GET /api/users",
      "GET /docs/openapi.json",
    ]);
  });
});
