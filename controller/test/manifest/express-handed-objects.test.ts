// Express apps handed to a module inside an object or to a method of a constructor function's
// prototype, a module whose exported setting its requirer changes, and chains through the app's
// setting methods (issue 20, point 5). Written from JavaScript's semantics (`require` returns the
// one shared `exports` object; `new F().m` is looked up on `F.prototype`) and Express's API
// (`app.METHOD(path, handler)`; `app.set`/`enable`/`disable` return the app), not copied from an
// app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const serverJs = (handOver: string) => `const express = require("express");
const api = require("./api");
const app = express();
api.prefix = "/api";
app.get("/", (req, res) => res.send("home"));
${handOver}
app.listen(3000);
`;

const apiJs = `exports.prefix = "";
exports.register = (env) => {
  const app = env.app;
  app.get(\`\${exports.prefix}/status\`, env.auth, (req, res) => res.json({}));
  app.post(\`\${exports.prefix}/commits/:sha\`, (req, res) => res.json({}));
};
`;

describe("Express apps handed inside objects", () => {
  it("follows an app handed as a property of an object literal, under the prefix its requirer set on the module", async () => {
    const s = await scan({
      "server.js": serverJs("api.register({ app: app, auth: (req, res, next) => next() });"),
      "api.js": apiJs,
    });
    expect(ids(s)).toEqual(["GET /", "GET /api/status", "POST /api/commits/{sha}"]);
  });

  it("follows an app handed inside an object literal to a plain function, destructured there", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
function configure(opts) {
  const { app, basePath = "" } = opts;
  app.get(\`\${basePath}/status\`, (req, res) => res.json({}));
}
async function start() {
  const app = express();
  configure({ app, basePath: "/wd/hub" });
  app.listen(0);
}
start();
`,
    });
    expect(ids(s)).toEqual(["GET /wd/hub/status"]);
  });

  it("follows an app held in a module-level object handed by name", async () => {
    const s = await scan({
      "server.js": serverJs("const env = { app, auth: (req, res, next) => next() };\napi.register(env);"),
      "api.js": apiJs,
    });
    expect(ids(s)).toEqual(["GET /", "GET /api/status", "POST /api/commits/{sha}"]);
  });

  it("keeps the module's own exported value when no requirer sets it, and `module.exports.x` reads the same", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const api = require("./api");
const app = express();
api.register({ app });
`,
      "api.js": `exports.prefix = "/v1";
exports.register = ({ app }) => {
  app.get(\`\${exports.prefix}/status\`, (req, res) => res.json({}));
  app.get(\`\${module.exports.prefix}/health\`, (req, res) => res.json({}));
};
`,
    });
    expect(ids(s)).toEqual(["GET /v1/health", "GET /v1/status"]);
  });

  it("follows a chain through the app's setting methods, which return the app", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
app
  .disable("x-powered-by")
  .set("trust proxy", 1)
  .use(express.json())
  .get("/health", (req, res) => res.json({}))
  .enable("etag")
  .post("/items", (req, res) => res.json({}));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /health", "POST /items"]);
  });

  it("follows an app handed to a method a constructor function's prototype holds", async () => {
    const s = await scan({
      "app.js": `const express = require("express");
const Auth = require("./auth");

module.exports = function (config) {
  const app = express();
  if (config.users) {
    const auth = new Auth(config.users);
    auth.initialize(app, { secret: config.secret });
  }
  app.get("/config.json", (req, res) => res.json({}));
  return app;
};
`,
      "auth.js": `function Auth(users) {
  this.users = users;
}

function initialize(app, options) {
  app.post("/login", (req, res) => res.redirect("/"));
  app.get("/logout", (req, res) => res.redirect("/login"));
}

Auth.prototype.initialize = initialize;
module.exports = Auth;
`,
    });
    expect(ids(s)).toEqual(["GET /config.json", "GET /logout", "POST /login"]);
  });

  it("reads prefixes from an options object handed to a routes function, also one a parameter defaults to", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const routes = require("./routes");
const build = require("./build");

const app = express();
routes(app, { prefix: "/api/v1" });

const defaults = { base: "/term", title: "Terminal" };
const start = (conf = defaults) => build(express(), conf);
start();
`,
      "routes.js": `module.exports = (app, opts) => {
  app.get(\`\${opts.prefix}/items\`, (req, res) => res.json([]));
};
`,
      "build.js": `module.exports = function build(app, { base, title }) {
  app.get(base, (req, res) => res.send(title));
  app.get(\`\${base}/ssh/:user\`, (req, res) => res.send(title));
  return app;
};
`,
    });
    expect(ids(s)).toEqual(["GET /api/v1/items", "GET /term", "GET /term/ssh/{user}"]);
  });
});
