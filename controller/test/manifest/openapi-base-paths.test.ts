// An OpenAPI document's paths are relative to its server: "All API paths are relative to the
// server URL" (OpenAPI 3, Server Object; a relative URL is resolved against where the document
// is served, and a server's `{variables}` take their `default`; a Path Item's own `servers`
// override the document's), and Swagger 2.0's `basePath` prefixes every path. Read at the root,
// a package's `/course` served under `/signalk/v2/api/vessels/self/navigation` was a route that
// does not exist. When the servers disagree on the path, it is not known: those operations are
// not listed (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const app = `const express = require("express");
const app = express();
app.get("/health", (req, res) => res.send("ok"));
app.listen(3000);
`;

const doc = (head: string) => `${head}
info: { title: api, version: "1" }
paths:
  /course:
    get:
      responses: { "200": { description: ok } }
`;

describe("an OpenAPI document's server path", () => {
  it("puts its paths under a relative server URL", async () => {
    const s = await scan({
      "server.js": app,
      "openapi.yaml": doc("openapi: 3.0.0\nservers:\n  - url: /signalk/v2/api/vessels/self/navigation"),
    });
    expect(ids(s)).toEqual(["GET /health", "GET /signalk/v2/api/vessels/self/navigation/course"]);
  });

  it("takes the path of an absolute server URL, its variables at their defaults", async () => {
    const s = await scan({
      "server.js": app,
      "openapi.yaml": doc(`openapi: 3.0.3
servers:
  - url: "{scheme}://api.example.com/{version}"
    variables:
      scheme: { default: https }
      version: { default: v2 }`),
    });
    expect(ids(s)).toEqual(["GET /health", "GET /v2/course"]);
  });

  it("prefixes Swagger 2.0's basePath, and matches the route the code registers there", async () => {
    const s = await scan({
      "server.js": `${app}app.get("/api/course", (req, res) => res.json({}));\n`,
      "swagger.yaml": doc("swagger: '2.0'\nbasePath: /api"),
    });
    expect(ids(s)).toEqual(["GET /api/course", "GET /health"]);
    expect(s.endpoints.find((e) => e.id === "GET /api/course")?.source).toBe("code+openapi");
  });

  it("keeps paths at the root when the server URL has no path", async () => {
    const s = await scan({
      "server.js": app,
      "openapi.yaml": doc("openapi: 3.0.0\nservers:\n  - url: http://localhost:8080/"),
    });
    expect(ids(s)).toEqual(["GET /course", "GET /health"]);
  });

  it("lists nothing of a document whose servers disagree on the path", async () => {
    const s = await scan({
      "server.js": app,
      "openapi.yaml": doc("openapi: 3.0.0\nservers:\n  - url: /v1\n  - url: /v2"),
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });
});

describe("an OpenAPI path that names an instance of a route the code registers", () => {
  it("is that route, not another endpoint", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
app.get("/api/resources/:type", (req, res) => res.json([]));
app.put("/api/course/activeRoute/:action", (req, res) => res.end());
app.listen(3000);
`,
      "openapi.yaml": `openapi: 3.0.0
info: { title: api, version: "1" }
servers: [{ url: /api }]
paths:
  /resources/charts:
    get: { responses: { "200": { description: ok } } }
  /resources/notes:
    get: { responses: { "200": { description: ok } } }
  /course/activeRoute/nextPoint:
    put: { responses: { "200": { description: ok } } }
  /course/activeRoute/{action}/extra:
    put: { responses: { "200": { description: ok } } }
`,
    });
    expect(ids(s)).toEqual([
      "GET /api/resources/{type}",
      "PUT /api/course/activeRoute/{action}",
      "PUT /api/course/activeRoute/{action}/extra",
    ]);
  });
});

describe("an OpenAPI path whose parameters the code names otherwise", () => {
  it("is the code's route, completed from the document", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
app.get("/resources/:type/:resourceId", (req, res) => res.json({}));
app.listen(3000);
`,
      "openapi.yaml": `openapi: 3.0.0
info: { title: api, version: "1" }
paths:
  /resources/{kind}/{id}:
    get:
      summary: One resource
      responses: { "200": { description: ok } }
  /resources/charts/{id}:
    get: { responses: { "200": { description: ok } } }
`,
    });
    expect(ids(s)).toEqual(["GET /resources/{type}/{resourceId}"]);
    expect(s.endpoints[0]?.summary).toBe("One resource");
  });
});
