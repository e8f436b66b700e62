// Routes registered from an object used as a table: a loop over `Object.keys`, `Object.entries`
// or `for…in` of an object literal (spread together from several modules), the HTTP method a
// computed member (`app[method](path, …)`). Written from ECMAScript's definitions (`Object.keys`
// lists an object's own string keys in the order written, `Object.entries` its `[key, value]`
// pairs, `for…in` visits the same keys; `{ ...a, ...b }` copies a's properties then b's) and
// Express's API (`app.METHOD(path, handler)`), not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express: routes from loops over an object's keys or entries", () => {
  it("registers one route per entry of a table spread from several modules", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "driver", main: "src/server.js" }),
      "src/routes/sessions.js": `exports.SESSION_ROUTES = {
  "/session": { POST: { command: "createSession" } },
  "/session/:sessionId": { GET: { command: "getSession" }, DELETE: { command: "deleteSession" } },
};
`,
      "src/routes/status.js": `exports.STATUS_ROUTES = { "/status": { GET: { command: "getStatus" } } };
`,
      "src/routes/index.js": `const { SESSION_ROUTES } = require("./sessions");
const { STATUS_ROUTES } = require("./status");
exports.METHOD_MAP = { ...SESSION_ROUTES, ...STATUS_ROUTES };
`,
      "src/server.js": `const express = require("express");
const { METHOD_MAP } = require("./routes");
const app = express();
for (const [path, methods] of Object.entries(METHOD_MAP)) {
  for (const [method, spec] of Object.entries(methods)) {
    app[method.toLowerCase()](path, (req, res) => res.json({ command: spec.command }));
  }
}
app.listen(4723);
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /session/{sessionId}",
      "GET /session/{sessionId}",
      "GET /status",
      "POST /session",
    ]);
  });

  it("reads Object.keys(…).forEach and for…in over an object literal", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
const pages = { "/about": "about", "/contact": "contact" };
Object.keys(pages).forEach((path) => app.get(path, (req, res) => res.render(pages[path])));
const legacy = { "/old-about": 1 };
for (const path in legacy) app.delete(path, (req, res) => res.end());
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["DELETE /old-about", "GET /about", "GET /contact"]);
  });
});
