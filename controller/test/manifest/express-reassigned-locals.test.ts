// A local name assigned after its declaration (issue 20, point 5): `let api = null; … api =
// createApi(); app.use("/x", api)`. Written from JavaScript's semantics (an assignment rebinds
// the name for the reads after it; a read before it sees the value before it), not copied from
// an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const apiJs = `const express = require("express");
module.exports = function createApi() {
  const router = express.Router();
  router.get("/sessions", (req, res) => res.json([]));
  return router;
};
`;

describe("Express: locals assigned after their declaration", () => {
  it("mounts the router a `let` holds after it is assigned, in the same block", async () => {
    const s = await scan({
      "api.js": apiJs,
      "setup.js": `const express = require("express");
module.exports = function setup(app) {
  let api = null;
  try {
    const createApi = require("./api");
    api = createApi();
    app.use("/control", api);
  } catch (error) {
    console.warn(error.message);
  }
};
`,
      "server.js": `const express = require("express");
const setup = require("./setup");
const app = express();
setup(app);
app.get("/health", (req, res) => res.end());
`,
    });
    expect(ids(s)).toEqual(["GET /control/sessions", "GET /health"]);
  });

  it("keeps the value a read saw before the assignment", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
function routes(app) {
  let prefix = "/v1";
  app.get(prefix + "/items", (req, res) => res.json([]));
  prefix = "/v2";
  app.get(prefix + "/items", (req, res) => res.json([]));
}
routes(app);
`,
    });
    expect(ids(s)).toEqual(["GET /v1/items", "GET /v2/items"]);
  });
});
