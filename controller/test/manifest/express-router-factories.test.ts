// Express apps that build their routers in functions (issue 20, point 5): a routes module handed
// the app and a prefix, factories returning several routers, paths written with a trailing
// slash. Written from Express's router guide (`express.Router()` modules mounted with
// `app.use(path, router)`), not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express routers built by functions", () => {
  it("applies a prefix handed to a routes module, takes routers from a factory's returned object and keeps trailing slashes", async () => {
    const s = await scan({
      "lib/app.js": `const express = require("express");
const settings = require("./settings");

module.exports = function createApp() {
  const base = settings.get("base") || "";
  const app = express();
  app.get(\`\${base}/\`, (req, res) => res.send("home"));
  // A path made of a value only known at run time is not a route the scan can name.
  app.post(\`\${base}/\${app.locals.loginPath}\`, (req, res) => res.send(""));
  app.get(settings.get("playground") || settings.required("playground"), (req, res) => res.send(""));
  require("./routes")(app, base);
  return app;
};
`,
      "lib/settings.js": "module.exports = { get: (key) => process.env[key] };\n",
      "lib/routes/index.js": `module.exports = function (app, prefix) {
  const versions = require("./api")(app);
  app.use(\`\${prefix}/v1\`, versions.v1);
  app.use(\`\${prefix}/v2\`, versions.v2);
  app.use(\`\${prefix}/admin\`, require("./admin")());
};
`,
      "lib/routes/api.js": `const express = require("express");

module.exports = function (app) {
  const v1 = express.Router();
  const v2 = express.Router();
  v1.get("/items", (req, res) => res.json([]));
  v1.post("/items/", (req, res) => res.json({}));
  v2.get("/items/:itemId", (req, res) => res.json({}));
  return { v1, v2 };
};
`,
      "lib/routes/admin.js": `const express = require("express");

module.exports = function () {
  const router = express.Router();
  router.delete("/cache", (req, res) => res.sendStatus(204));
  return router;
};
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /admin/cache",
      "GET /",
      "GET /v1/items",
      "GET /v2/items/{itemId}",
      "POST /v1/items/",
    ]);
  });

  it("writes several parameters of one segment, as Express's routing guide shows them, each as a path parameter", async () => {
    const s = await scan({
      "app.js": `const express = require("express");
const app = express();
app.get("/flights/:from-:to", (req, res) => res.json([]));
app.get("/plantae/:genus.:species", (req, res) => res.json({}));
app.get("/files/:name.:ext?", (req, res) => res.send(""));
app.get("/user/:userId(\\d+)/books/:bookId", (req, res) => res.json({}));
app.get("/-/user/org.couchdb.user::name", (req, res) => res.json({}));
module.exports = app;
`,
    });
    expect(ids(s)).toEqual([
      "GET /-/user/org.couchdb.user:{name}",
      "GET /files/{name}.{ext}",
      "GET /flights/{from}-{to}",
      "GET /plantae/{genus}.{species}",
      "GET /user/{userId}/books/{bookId}",
    ]);
    const flights = s.endpoints.find((e) => e.path === "/flights/{from}-{to}");
    expect(flights?.params.map((p) => [p.name, p.in])).toEqual([
      ["from", "path"],
      ["to", "path"],
    ]);
  });

  it("takes a prefix from node-config's config/default.json and a path from a property set on the app", async () => {
    const s = await scan({
      "config/default.json": '{ "http": { "prefix": "/svc", "loginPath": "signin" } }\n',
      "src/app.js": `const express = require("express");
const config = require("config");

const app = express();
app.locals.loginPath = config.get("http.loginPath");
const prefix = config.get("http.prefix");
app.post(\`\${prefix}/\${app.locals.loginPath}\`, (req, res) => res.send(""));
app.get(\`\${prefix}/status\`, (req, res) => res.json({}));
// A key the defaults do not hold stays unknown: no route is made of it.
app.get(config.get("http.missing"), (req, res) => res.send(""));
module.exports = app;
`,
    });
    expect(ids(s)).toEqual(["GET /svc/status", "POST /svc/signin"]);
  });
});
