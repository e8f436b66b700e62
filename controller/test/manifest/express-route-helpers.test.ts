// A project helper that registers one route per call, with the path it is handed
// (`function page(path, view) { app.get(path, …) }` called as `page("/", "index")`,
// `page("/about", "about")`): JavaScript runs the helper's body once per call with its parameter
// bound to that call's argument, so each call adds its own route. And Express 5's optional
// groups (path-to-regexp 8's README: "braces define parts of the path that are optional",
// `/users{/:id}/delete`; Express's migration guide: `/:file{.:ext}`), written as if present, as
// Express 4's optional `:id?` is written `{id}`. Written from those documents, not copied from
// an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("routes a helper registers once per call", () => {
  it("lists one route per call, each with the path that call hands the helper", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
function start() {
  const app = express();
  function page(urlPath, view, getData) {
    app.get(urlPath, (req, res) => res.render(view, getData(req)));
  }
  page("/", "index", () => ({}));
  page("/styles/:id/", "viewer", (req) => ({ id: req.params.id }));
  page(\`/styles/:id/wmts.xml\`, "wmts", (req) => ({ id: req.params.id }));
  app.get("/health", (req, res) => res.send("OK"));
  return app.listen(3000);
}
start();
`,
    });
    expect(ids(s)).toEqual(["GET /", "GET /health", "GET /styles/{id}/", "GET /styles/{id}/wmts.xml"]);
  });

  it("keeps one route when every call hands the same path", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
function register(path, handler) {
  app.post(path, handler);
}
register("/hooks", (req, res) => res.sendStatus(204));
register("/hooks", (req, res) => res.sendStatus(202));
`,
    });
    expect(ids(s)).toEqual(["POST /hooks"]);
  });
});

describe("routes added in an arrow function's expression body", () => {
  it("reads the call an arrow function's body is, as a block's (`(app) => app.get(…)`)", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
require("./routes")(app);
const ping = (a) => a.get("/ping", (req, res) => res.send("pong"));
ping(app);
const register = (path, handler) => app.post(path, handler);
register("/hooks", (req, res) => res.sendStatus(204));
`,
      "routes.js": `module.exports = (app) => app.get("/items/:id", (req, res) => res.json({}));
`,
    });
    expect(ids(s)).toEqual(["GET /items/{id}", "GET /ping", "POST /hooks"]);
  });
});

describe("Express 5 optional groups", () => {
  it("writes a group's parameters as the path's, braces dropped", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
app.get("/users{/:id}/delete", (req, res) => res.end());
app.get("/:file{.:ext}", (req, res) => res.end());
app.get("/:id{/:p1}/:z{@:scale}{.:format}", (req, res) => res.end());
app.get("/files/{*rest}", (req, res) => res.end());
`,
    });
    expect(ids(s)).toEqual([
      "GET /files/{rest}",
      "GET /users/{id}/delete",
      "GET /{file}.{ext}",
      "GET /{id}/{p1}/{z}@{scale}.{format}",
    ]);
  });
});
