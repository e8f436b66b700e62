// A function handed the app passes its parameter on: a class's constructor calls one of its own
// methods with the app it was given (`constructor(app) { this.initRoutes(app); }`, methods being
// on the prototype before the constructor runs: ECMA-262 class definitions), or a function hands
// its parameter to another. Express's routing guide registers routes on whatever app object a
// function is given. Seen in TypeScript's CommonJS output of a class per module (issue 20).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("an app handed on from a parameter", () => {
  it("reaches the method a constructor calls with it", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
class ResourcesApi {
  constructor(app) {
    this.initResourceRoutes(app);
  }
  initResourceRoutes(server) {
    server.get("/resources", (req, res) => res.json([]));
  }
}
const app = express();
new ResourcesApi(app);
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /resources"]);
  });

  it("reaches it across tsc's CommonJS modules, the path an exported constant", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "boat", main: "dist/index.js" }),
      "dist/index.js": `"use strict";
const express_1 = require("express");
const resources_1 = require("./api/resources");
const app = (0, express_1.default)();
new resources_1.ResourcesApi(app);
app.listen(3000);
`,
      "dist/api/resources/index.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ResourcesApi = exports.RESOURCES_API_PATH = void 0;
exports.RESOURCES_API_PATH = \`/signalk/v2/api/resources\`;
class ResourcesApi {
    constructor(app) {
        this.app = app;
        this.initResourceRoutes(app);
    }
    initResourceRoutes(server) {
        server.get(\`\${exports.RESOURCES_API_PATH}/:resourceType\`, (req, res) => res.json({}));
    }
}
exports.ResourcesApi = ResourcesApi;
`,
    });
    expect(ids(s)).toEqual(["GET /signalk/v2/api/resources/{resourceType}"]);
  });

  it("reaches a function another function hands its parameter to", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
function health(router) {
  router.get("/health", (req, res) => res.send("ok"));
}
function mountAll(app) {
  health(app);
}
const app = express();
mountAll(app);
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });
});
