// A module-level variable declared without a value and assigned later, at the top level or inside
// a function (`let app; … function init() { app = express(); app.get(…) }`), the app then
// handed to other modules through a getter. Written from JavaScript's semantics (an assignment
// to a name no inner scope declares rebinds the module's variable, which every function of the
// module and every later read then sees; MDN, "Assignment" and "var"), not copied from an app
// (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express: an app held in a module variable assigned later", () => {
  it("reads the app a function assigns to the module's variable, and what it mounts", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "wiki", main: "lib/app.js" }),
      "lib/app.js": `var express = require("express");
var app;
exports.getInstance = function () {
  return app;
};
exports.initialize = function (config) {
  app = express();
  function requireLogin(req, res, next) { next(); }
  app.all("/pages/*", requireLogin);
  app.get("/health", function (req, res) { res.end("ok"); });
  app.use("/wiki", require("../routes/wiki"));
  return app;
};
`,
      "routes/wiki.js": `var router = require("express").Router();
router.get("/:page", function (req, res) { res.end(); });
module.exports = router;
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /pages/*",
      "GET /health",
      "GET /pages/*",
      "GET /wiki/{page}",
      "PATCH /pages/*",
      "POST /pages/*",
      "PUT /pages/*",
    ]);
  });

  it("reads an app a top-level statement assigns after a bare declaration", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
let server;
server = express();
server.get("/ping", (req, res) => res.end("pong"));
server.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /ping"]);
  });

  it("keeps a function's own variable of the same name apart from the module's", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
let app;
function helper() {
  let app;
  app = { get() {} };
  app.get("/not-a-route");
}
app = express();
app.get("/real", (req, res) => res.end());
helper();
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /real"]);
  });

  it("does not guess between two different values assigned to the module's variable", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
let app;
function startAdmin() {
  app = express();
}
function startPublic() {
  app = express.Router();
}
function routes() {
  app.get("/which", (req, res) => res.end());
}
const main = express();
main.get("/known", (req, res) => res.end());
main.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /known"]);
  });
});
