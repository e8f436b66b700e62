// Express apps handed to a module inside an object, a module whose exported setting its
// requirer changes, and chains through the app's setting methods (issue 20, point 5). Written
// from CommonJS's module semantics (`require` returns the one shared `exports` object) and
// Express's API (`app.METHOD(path, handler)`; `app.set`/`enable`/`disable` return the app), not
// copied from an app.

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
});
